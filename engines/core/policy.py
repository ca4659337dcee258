"""Policies that are not a game's own AI."""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine
from engines.core.rng import Rng
from engines.core.types import Decision


class RandomPolicy:
    """Picks a legal-looking answer uniformly at random; used for fuzzing and as a fallback AI."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, engine: Engine[Any], state: Any, decision: Decision) -> list[str]:
        """A random number of distinct options within the decision's bounds."""
        ids = [option.id for option in decision.options]
        low = max(decision.min_choices, 0)
        high = min(decision.max_choices, len(ids))
        count = self._rng.randint(low, high) if high >= low else low
        self._rng.shuffle(ids)
        return ids[:count]


def policy_for(engine: Engine[Any], seed: int = 0) -> Any:
    """The engine's own heuristic AI (an optional `ai_policy()` method), else RandomPolicy."""
    factory = getattr(engine, "ai_policy", None)
    if callable(factory):
        return factory(seed)
    return RandomPolicy(seed)
