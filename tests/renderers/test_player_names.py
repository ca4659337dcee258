"""Images say players' names as the game logs do (engines.core.words): a player called "You" is
quoted, possessives take 's ("“You”'s turn", "James's hand"), never "You's turn"."""

from __future__ import annotations

import re
from typing import Any

import pytest

import renderers

UNQUOTED_YOU = re.compile(r"(?<!\u201c)\bYou's\b|\bYou (?:goes|keeps|is|has)\b")


def renamed(value: Any, names: dict[str, str]) -> Any:
    """The view with every seat's name replaced (every string equal to a seat's name)."""
    if isinstance(value, dict):
        return {key: renamed(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed(item, names) for item in value]
    return names.get(value, value) if isinstance(value, str) else value


def seat_names(view: Any) -> list[str]:
    found: list[str] = []
    for key in ("seats", "players"):
        for seat in view.get(key) or ():
            if isinstance(seat, dict) and isinstance(seat.get("name"), str) and seat["name"]:
                found.append(seat["name"])
    return found


@pytest.mark.parametrize("game", sorted(renderers.BUILT_IN))
def test_every_games_images_name_players_with_the_one_grammar(game: str) -> None:
    renderer = renderers.REGISTRY[game]
    said: list[str] = []
    for public, seat in renderer.samples().values():
        for new in ("You", "James"):
            names = {old: new for old in seat_names(public) + seat_names(seat)}
            said += [renderer.table_alt(renamed(public, names)), renderer.hand_alt(renamed(seat, names))]
    text = "\n".join(said)
    assert "\u201cYou\u201d" in text, "the alt texts name the players"
    assert not UNQUOTED_YOU.search(text), UNQUOTED_YOU.search(text)
    assert "James'" not in text.replace("James's", ""), "one possessive rule: James's"
