"""Seeded random and AI playouts of every SUPERHOT mode and challenge (DESIGN section 6)."""

from __future__ import annotations

import pytest

from engines.core.playout import check_engine
from engines.superhot.engine import Superhot
from tests.engines.superhot.kit import all_cards, secrets

CHALLENGES = [
    {},
    {"bullet_storm": "on", "seven_line": "on"},
    {"times_up": "on", "bat": "2"},
    {"infinite": "on", "bat": "1"},
    {"revenge": "on"},
]


@pytest.mark.parametrize("options", CHALLENGES, ids=lambda o: ",".join(o) or "plain")
def test_every_mode_plays_out_cleanly(options: dict[str, str]) -> None:
    engine = Superhot()
    per_mode = {mode.id: options for mode in engine.meta.modes}
    report = check_engine(engine, seeds=range(4), options=per_mode, secrets=secrets, card_count=all_cards)
    assert report.games == 4 * 2 * len(engine.meta.modes)
