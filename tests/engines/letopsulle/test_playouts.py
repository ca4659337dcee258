"""Seeded random and AI playouts (DESIGN.md section 6) of both modes at every seat count, with the
default options and once per table option: decisions fit Discord, bad answers are refused, hands
stay secret, cards are conserved, replays are identical."""

from __future__ import annotations

import pytest

from engines.core.playout import check_engine
from tests.engines.letopsulle.kit import ENGINE, all_cards, secrets

GAMES = (5 + 1) * 2 * 2  # multiplayer 2-6 seats and solitaire, 2 seeds, random and AI seats


def test_every_mode_and_seat_count_plays_out_cleanly() -> None:
    """The printed game: villains played by their owners (coin flips in solitaire)."""
    report = check_engine(ENGINE, seeds=range(2), secrets=secrets, card_count=all_cards)
    assert report.games == report.finished == GAMES


@pytest.mark.parametrize(
    "option",
    [
        {"villains": "ai"},
        {"tag_teams": "on"},
        {"long_game": "on"},
        {"two_active": "on"},
        {"catch_up": "on"},
        {"solo_villains": "2"},
        {"smart_villains": "on"},
        {"long_game": "on", "long_refill": "on"},
    ],
    ids=lambda option: ",".join("=".join(pair) for pair in option.items()),
)
def test_every_option_plays_out_cleanly(option: dict[str, str]) -> None:
    """Each table option and house rule in multiplayer and in solitaire (O2-O5, O8-O11), one seed
    each (the printed game plays two)."""
    options = {"multiplayer": option, "solitaire": option}
    report = check_engine(ENGINE, seeds=range(1), options=options, secrets=secrets, card_count=all_cards)
    assert report.games == report.finished == GAMES // 2
