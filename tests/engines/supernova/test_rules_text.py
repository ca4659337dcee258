"""The /rules pages fit Discord and are wired into the game's metadata."""

from __future__ import annotations

from engines.core import Engine
from engines.supernova.engine import Supernova
from engines.supernova.rules_text import RULES


def test_rules_pages_fit_discord_and_are_wired() -> None:
    engine = Supernova()
    assert isinstance(engine, Engine)
    assert engine.meta.rules_pages == RULES and len(RULES) == 5
    assert all(f"`{option.id}=" in RULES[-1] for option in engine.meta.options), "every option explained"
    assert all(len(page) <= 1800 for page in RULES)
    assert "Why 2 s" in RULES[1] and "1.5 s" in RULES[1], "the lag allowance is explained with its numbers"
    assert engine.meta.realtime and engine.meta.id == "supernova"
    assert {option.id for option in engine.meta.options} >= {"launch", "go", "grace", "decks", "board"}
