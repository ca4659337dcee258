"""Seeded random and AI playouts (DESIGN.md section 6) of every mode and seat count: decisions fit
Discord, bad answers are refused, hands stay secret, cards are conserved, replays are identical."""

from __future__ import annotations

from engines.core.playout import check_engine
from tests.engines.punchfighter.kit import ENGINE, all_cards, secrets


def test_every_mode_and_seat_count_plays_out_cleanly() -> None:
    """Standard with 3 to 6 players, Minion Rush solo, co-op and competitive; random and AI seats."""
    report = check_engine(ENGINE, seeds=range(2), secrets=secrets, card_count=all_cards)
    assert report.games == report.finished == (4 + 3) * 2 * 2
