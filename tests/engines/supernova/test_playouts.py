"""Seeded random and AI playouts (DESIGN.md section 6) for 2 to 8 seats: decisions fit Discord,
bad answers are refused, hands stay secret, cards are conserved, replays are byte-identical."""

from __future__ import annotations

import pytest

from engines.core.playout import check_engine
from engines.supernova.engine import Supernova
from tests.engines.supernova.kit import all_cards, secrets

VARIANTS = [{}, {"decks": "2", "board": "short", "shockwaves": "often"}]


@pytest.mark.parametrize("options", VARIANTS, ids=["plain", "two-decks"])
def test_every_seat_count_plays_out_cleanly(options: dict[str, str]) -> None:
    """2 players (two piles each), 3-5 (one each), 6-8 (shared piles), random and AI players."""
    engine = Supernova()
    report = check_engine(
        engine, seeds=range(1), options={"race": options}, secrets=secrets, card_count=all_cards
    )
    assert report.games == report.finished == 7 * 2
