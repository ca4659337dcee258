"""The heuristic Super Nova Smash! player, with three difficulties.

It decides only from what its seat may see: its view (`engine.view(state, seat)`: the public
table, its own hand, power-ups and puzzle) and its own decision, whose play options are marked
with what fits now (`Option.tone`). It plays a fitting card when its screen (or a solved
shockwave) lets it, dumping zeros on rivals and keeping its own piles away from zero; it takes a
zero on its own pile only when a whole turn went by with nobody playing. It solves shockwaves with
a difficulty-dependent error rate and spends power-ups on itself or against the leader.
Reaction delays are the bot's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import Decision, Rng
from engines.supernova import shockwave
from engines.supernova.cards import token_kind
from engines.supernova.state import NovaState

REACTION = {"easy": (1.8, 3.0), "normal": (1.0, 1.8), "hard": (0.6, 1.1)}
"""Seconds an AI player takes to react to a new situation, by difficulty (the bot waits them out)."""


@dataclass(frozen=True)
class Skill:
    """How often the AI presses a wrong shockwave button, and slips with a random play."""

    shock_error: float
    slip: float


SKILLS = {
    "easy": Skill(shock_error=0.25, slip=0.05),
    "normal": Skill(shock_error=0.1, slip=0.01),
    "hard": Skill(shock_error=0.02, slip=0.0),
}
View = Mapping[str, Any]


class SupernovaAI:
    """Answers every Super Nova Smash! decision."""

    def __init__(self, difficulty: str | None = None, seed: int = 0) -> None:
        """`difficulty` None plays at the table's `ai` option."""
        self._fixed = SKILLS[difficulty] if difficulty else None
        self.skill = self._fixed or SKILLS["normal"]
        self._rng = Rng(seed)

    def choose(self, engine: Any, state: NovaState, decision: Decision) -> list[str]:
        """Option ids answering the decision ([] = no play right now), at the table's difficulty."""
        self.skill = self._fixed or SKILLS[state.options.get("ai", "normal")]
        view: View = engine.view(state, decision.seat)
        ids = [option.id for option in decision.options]
        if decision.key == "play":
            return self._play(view, decision)
        if decision.key == "shock":
            puzzle = view["puzzle"]
            right = f"s.{shockwave.read_answer(puzzle['kind'], puzzle['shown'], puzzle['progress'])}"
            wrong = [option for option in ids if option != right]
            return [self._rng.choice(wrong) if self._rng.random() < self.skill.shock_error else right]
        if decision.key == "any":
            named = next(pile for pile in view["piles"] if pile["named"])
            mine = view["you"] in named["owners"]
            return [max(ids, key=lambda option: _card_score(int(option[1:]), mine))]
        if decision.key == "power":
            useful = [token for token in ids if _target(view, token) is not None]
            return [useful[0] if useful else "done"]
        target = _target(view, view["pending"])
        return ["back" if target is None else f"t{target}"]

    def _play(self, view: View, decision: Decision) -> list[str]:
        if self._rng.random() < self.skill.slip:
            return [self._rng.choice([option.id for option in decision.options])]
        me, piles = view["you"], view["piles"]
        scored = []
        for option in decision.options:
            if option.tone in ("good", "risky"):  # it lands now
                value, pile = (int(part) for part in option.id[1:].split("."))
                scored.append((_card_score(value, me in piles[pile]["owners"]), option.id))
        if not scored:
            return []
        score, best = max(scored)
        if score >= 0 or not any(view["hand"]) or view["quiet_turns"] >= 1:
            return [best]  # a zero on its own pile rather than a table where nobody moves
        return []


def _card_score(value: int, mine: bool) -> int:
    """Zeros belong on rivals' piles; on its own piles, it avoids tops next to zero."""
    if value == 0:
        return -10 if mine else 10
    if mine:
        return 0 if value in (1, 5) else 3
    return 2


def _target(view: View, token: str) -> int | None:
    """Who to aim a power-up at, or None when it would not help."""
    me: int = view["you"]
    seats = view["seats"]
    rivals = [s for s in range(len(seats)) if s != me]
    leader = max(rivals, key=lambda s: seats[s]["position"])
    kind = token_kind(token)
    if kind == "booster":
        return me
    if kind == "tractor":
        return leader if seats[leader]["position"] > seats[me]["position"] else None
    if kind == "blaster":
        return leader
    return me if (seats[me]["damage"] or 0) > 0 else None
