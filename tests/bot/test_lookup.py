"""Games and modes as people type them (bot.lookup)."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.lookup import find_game, find_mode
from engines import REGISTRY


@pytest.mark.parametrize(
    ("typed", "game"),
    [
        ("superhot", "superhot"),
        ("SUPERHOT", "superhot"),
        ("SUPERHOT The Card Game", "superhot"),
        ("Super Nova", "supernova"),
        ("super-nova smash!", "supernova"),
        ("smash masters", "smashmasters"),
        ("Super Powered Smash Masters", "smashmasters"),
        ("nova", "supernova"),
    ],
)
def test_games_are_found_by_id_title_or_a_unique_part(typed: str, game: str) -> None:
    assert find_game(REGISTRY, typed) == game


@pytest.mark.parametrize("typed", ["smash", "chess", "", "su"])
def test_unknown_or_ambiguous_names_list_the_games(typed: str) -> None:
    with pytest.raises(UserError, match="There is no game called") as refused:
        find_game(REGISTRY, typed)
    assert all(f"`{game}`" in str(refused.value) for game in REGISTRY)


def test_modes_are_found_by_id_or_label_in_any_case() -> None:
    meta = REGISTRY["superhot"].meta
    assert [find_mode(meta, t) for t in ("SOLO", "Co-op", "coop", "2 vs 1", "Versus")] == [
        "solo", "coop", "coop", "twovone", "versus",
    ]  # fmt: skip
    with pytest.raises(UserError, match="has no mode 'duel'") as refused:
        find_mode(meta, "duel")
    assert "`solo` (Solo)" in str(refused.value)
