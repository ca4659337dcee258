"""Seeded random and AI playouts of every mode and variant (DESIGN.md section 6): decisions fit
Discord, illegal answers are refused, secrets stay secret, cards are conserved, replays match."""

from __future__ import annotations

import pytest

from engines.core.playout import check_engine
from engines.smashmasters.cards import CARDS
from engines.smashmasters.engine import SmashMasters
from tests.engines.smashmasters.kit import all_cards, secrets

MIXED = ",".join(
    [
        *CARDS.character_stack("mm")[:3],
        *CARDS.character_stack("ga")[3:],
        *CARDS.of_kind("mm", "super")[:3],
        *CARDS.of_kind("ga", "super")[3:],
        *CARDS.of_kind("kc", "story"),
        *CARDS.of_kind("ld", "smash"),
        *CARDS.of_kind("kc", "teamup"),
    ]
)
VARIANTS = [
    {},
    {"characters": "9"},
    {"speed": "on"},
    {"characters": "9", "speed": "on"},
    {"deck0": MIXED, "deck1": MIXED, "decks": "random"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=["plain", "nine", "speed", "nine-speed", "custom"])
def test_every_mode_and_variant_plays_out_cleanly(options: dict[str, str]) -> None:
    """Brawl with 2, 3 and 4 seats and Big brawl with 5 and 6, random and AI players each."""
    engine = SmashMasters()
    per_mode = {mode.id: options for mode in engine.meta.modes}
    seeds = range(2) if not options else range(1)
    report = check_engine(engine, seeds=seeds, options=per_mode, secrets=secrets, card_count=all_cards)
    assert report.games == report.finished == len(seeds) * 5 * 2
