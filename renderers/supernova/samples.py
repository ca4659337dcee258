"""Super Nova Smash! gallery and test samples, taken from real engine games on a fake clock.

Each sample is a seeded game: every seat is the engine's AI, the clock moves on in small steps,
due changes are ticked at `next_deadline`, and every open decision is answered as the AI likes. The
game stops at the first moment the sample wants; the first seed in range(SEEDS) where it comes wins,
so the samples are the same on every run. Built once, on first use, and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from engines.core import Seat
from engines.supernova.engine import Supernova
from engines.supernova.state import NovaState
from renderers.kit.views import View

SEEDS = 40
STEPS = 6000
STEP = 0.4
"""Seconds the fake clock moves on between AI answers (the bot waits about 1 s per AI action)."""

NAMES = ("Ana", "Bo", "Cyrus the Bold", "Dee", "Eli", "Fay", "Gus", "Hanna-Maria")
Wanted = Callable[[NovaState], bool]


@dataclass(frozen=True)
class Moment:
    """A game (seats, options) and the moment to stop at; `seat` picks whose console to show."""

    seats: int
    wanted: Wanted
    options: Mapping[str, str] = field(default_factory=dict)
    seat: Callable[[NovaState], int] = lambda state: 0


def _go_and_hold(state: NovaState) -> bool:
    piles = [any(state.players[o].go for o in pile.owners) for pile in state.piles]
    return any(piles) and not all(piles)


def _face_down(state: NovaState) -> bool:
    return any(card.down for pile in state.piles for card in pile.cards)


def _top_down(state: NovaState) -> bool:
    return any(pile.cards and pile.cards[-1].down for pile in state.piles)


def _shock(kind: str) -> Wanted:
    return lambda s: (
        s.phase == "shockwave" and s.shock_kind == kind and len(s.finished) >= 1 and _unsolved(s) >= 0
    )


def _unsolved(state: NovaState) -> int:
    """A seat still solving its puzzle (for the console), else -1."""
    return next((seat for seat in state.active() if state.players[seat].puzzle is not None), -1)


def _tokens(state: NovaState) -> bool:
    return sum(len(player.tokens) for player in state.players) >= 2


def _holder(state: NovaState) -> int:
    return max(range(len(state.players)), key=lambda seat: len(state.players[seat].tokens))


def _playing(state: NovaState) -> bool:
    return state.phase == "play" and _go_and_hold(state) and state.turns >= 3


SHORT = {"board": "short"}
SHOCKS = {"shockwaves": "often"}

MOMENTS: dict[str, Moment] = {
    "launch_countdown": Moment(
        4, lambda s: s.phase == "launch" and s.round >= 2 and s.until is not None, SHORT
    ),
    "midplay_payback": Moment(4, lambda s: _playing(s) and _top_down(s) and s.round >= 2, SHORT),
    "duel_two_piles_each": Moment(2, lambda s: _playing(s) and _face_down(s), SHORT),
    "quick_draw": Moment(3, lambda s: s.phase == "quickdraw"),
    "shockwave_order": Moment(4, _shock("order"), SHOCKS, seat=_unsolved),
    "shockwave_odd": Moment(4, _shock("odd"), SHOCKS, seat=_unsolved),
    "shockwave_sum": Moment(4, _shock("sum"), SHOCKS, seat=_unsolved),
    "showdown": Moment(4, lambda s: s.showdown and s.phase in ("play", "free") and len(s.gone) == 2, SHORT),
    "scoring_power_ups": Moment(4, lambda s: s.phase == "scoring" and _tokens(s), SHORT, seat=_holder),
    "damage_assessment": Moment(4, lambda s: s.phase == "damage" and _tokens(s), SHORT, seat=_holder),
    "six_players_shared": Moment(6, lambda s: _playing(s) and _face_down(s), SHORT),
    "eight_players": Moment(8, lambda s: _playing(s) and s.round >= 2, SHORT),
    "finished": Moment(5, lambda s: s.phase == "over", SHORT),
}


def _play(engine: Supernova, moment: Moment, seed: int) -> NovaState | None:
    """The game of this seed at the moment, or None if it never comes."""
    seats = [Seat(index, NAMES[index], True) for index in range(moment.seats)]
    state = engine.new_game(seats, "race", moment.options, seed)
    policies = [engine.ai_policy(seed * 10 + index) for index in range(moment.seats)]
    now = 0.0
    for _ in range(STEPS):
        deadline = engine.next_deadline(state)
        if deadline is None:
            return state if moment.wanted(state) else None
        if deadline <= now:
            engine.tick(state, now)
            if moment.wanted(state):
                return state
        for decision in engine.decisions(state):
            fresh = next(
                (d for d in engine.decisions(state) if (d.seat, d.key) == (decision.seat, decision.key)), None
            )
            if fresh is None:
                continue
            choice = policies[fresh.seat].choose(engine, state, fresh)
            if choice:
                engine.apply(state, fresh.seat, fresh.key, choice, now)
                if moment.wanted(state):
                    return state
        now += STEP
    return None


def sample(name: str) -> tuple[View, View] | None:
    """One sample: (public view, seat view) at the first seed where its moment comes."""
    engine = Supernova()
    moment = MOMENTS[name]
    for seed in range(SEEDS):
        state = _play(engine, moment, seed)
        if state is not None:
            seat = max(0, moment.seat(state))
            return dict(engine.view(state, None)), dict(engine.view(state, seat))
    return None


@cache
def _samples() -> dict[str, tuple[View, View]]:
    built = {name: sample(name) for name in MOMENTS}
    return {name: views for name, views in built.items() if views is not None}


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the cached views)."""
    return dict(_samples())
