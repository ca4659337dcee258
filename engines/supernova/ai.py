"""The heuristic Super Nova Smash! player, with three difficulties.

It plays a fitting card when its screen (or a solved shockwave) lets it, dumping zeros on rivals
and keeping its own piles away from zero; it solves shockwaves with a difficulty-dependent error
rate and spends power-ups on itself or against the leader. Reaction delays are the bot's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import Decision, Rng
from engines.supernova import clock, plays, shockwave
from engines.supernova.cards import fits, token_kind
from engines.supernova.state import NovaState


@dataclass(frozen=True)
class Skill:
    """How often the AI presses a wrong shockwave button, and slips with a random play."""

    shock_error: float
    slip: float


REACTION = {"easy": (1.8, 3.0), "normal": (1.0, 1.8), "hard": (0.5, 1.0)}
"""Seconds an AI player takes to react to a new situation, by difficulty (the bot waits them out)."""

SKILLS = {
    "easy": Skill(shock_error=0.25, slip=0.05),
    "normal": Skill(shock_error=0.1, slip=0.01),
    "hard": Skill(shock_error=0.02, slip=0.0),
}


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
        ids = [option.id for option in decision.options]
        seat = decision.seat
        if decision.key == "play":
            return self._play(state, seat, ids)
        if decision.key == "shock":
            puzzle = state.players[seat].puzzle
            assert puzzle is not None
            right = f"s.{shockwave.solution(puzzle)}"
            wrong = [option for option in ids if option != right]
            return [self._rng.choice(wrong) if self._rng.random() < self.skill.shock_error else right]
        if decision.key == "any":
            mine = seat in state.piles[state.named].owners
            return [max(ids, key=lambda option: _card_score(int(option[1:]), mine))]
        if decision.key == "power":
            useful = [token for token in ids if _target(state, seat, token) is not None]
            return [useful[0] if useful else "done"]
        target = _target(state, seat, state.players[seat].pending)
        return ["back" if target is None else f"t{target}"]

    def _play(self, state: NovaState, seat: int, ids: list[str]) -> list[str]:
        if self._rng.random() < self.skill.slip:
            return [self._rng.choice(ids)]
        hand = state.players[seat].hand
        scored = []
        for option in ids:
            value, pile = (int(part) for part in option[1:].split("."))
            if clock.open_now(state, seat, pile) and fits(value, state.piles[pile].top):
                mine = seat in state.piles[pile].owners
                scored.append((_card_score(value, mine), option))
        if not scored:
            return []
        score, best = max(scored)
        if (
            score >= 0
            or not any(hand)
            or not any(_has_harmless_play(state, o) for o in state.active() if o != seat)
        ):
            return [best]  # a zero on its own pile rather than a table where nobody will move
        return []


def _has_harmless_play(state: NovaState, seat: int) -> bool:
    """Whether the seat holds a card that fits some pile that can open, other than a 0 on its own."""
    return any(
        fits(value, state.piles[pile].top) and not (value == 0 and seat in state.piles[pile].owners)
        for value in set(state.players[seat].hand)
        for pile in plays.open_piles(state)
    )


def _card_score(value: int, mine: bool) -> int:
    """Zeros belong on rivals' piles; on its own piles, it avoids tops next to zero."""
    if value == 0:
        return -10 if mine else 10
    if mine:
        return 0 if value in (1, 5) else 3
    return 2


def _target(state: NovaState, seat: int, token: str) -> int | None:
    """Who to aim a power-up at, or None when it would not help."""
    me = state.players[seat]
    rivals = [s for s in range(len(state.players)) if s != seat]
    leader = max(rivals, key=lambda s: state.players[s].position)
    kind = token_kind(token)
    if kind == "booster":
        return seat
    if kind == "tractor":
        return leader if state.players[leader].position > me.position else None
    if kind == "blaster":
        return leader
    return seat if me.damage > 0 else None
