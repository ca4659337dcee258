"""Smash Masters gallery and test samples, taken from real engine games.

Each sample is a seeded game played by the engine's heuristic AI in every seat, stopped at an
interesting moment: the first seed in range(SEEDS) where the moment comes wins, so the samples are
the same on every run. The hand shown is the seat deciding at that moment (or a chosen seat).
Built once, on first use, and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from engines.core import Seat
from engines.smashmasters.engine import SmashMasters
from engines.smashmasters.state import SmashState
from renderers.kit.views import View

SEEDS = 60
STEPS = 1500
"""A game that has not reached its moment after this many decisions is given up."""

Wanted = Callable[[SmashState], bool]

NAMES = ("Ana", "Bartholomew the Unready", "Cy", "Dee", "Eko", "Fitz")


@dataclass(frozen=True)
class Moment:
    """A game to play (mode, number of seats, options) and the moment to stop at; `seat` picks
    whose hand the sample shows (default: the first seat deciding)."""

    mode: str
    players: int
    wanted: Wanted
    options: Mapping[str, str] = field(default_factory=dict)
    seat: Callable[[SmashState], int] | None = None


def _stunned(state: SmashState) -> int:
    return sum(1 for p in state.players for s in p.team if s.char and s.stunned)


def _empty(state: SmashState) -> int:
    return sum(1 for p in state.players for s in p.team if not s.char)


def _marked(state: SmashState) -> bool:
    """Some character is waking up, turned around or holds a "safe from" token."""
    return any(s.waking or s.turned is not None or s.tokens for p in state.players for s in p.team if s.char)


def _chain(state: SmashState) -> int:
    return len(state.battle.blows) if state.battle is not None else 0


def _teamup_leads(state: SmashState) -> bool:
    battle = state.battle
    return battle is not None and len(battle.blows) >= 2 and battle.blows[-1].strength == "teamup"


def _drafting(state: SmashState) -> bool:
    return not any(p.team for p in state.players)


MOMENTS: dict[str, Moment] = {
    "team_choosing": Moment(
        "brawl",
        4,
        lambda s: _drafting(s) and sorted(len(p.picks) for p in s.players) == [0, 0, 1, 3],
        seat=lambda s: next(p.seat for p in s.players if len(p.picks) == 1),
    ),
    "midgame_stunned_empty": Moment(
        "brawl",
        3,
        lambda s: s.turns >= 6 and s.battle is None and _stunned(s) >= 2 and _empty(s) >= 1,
    ),
    "counter_chain": Moment("brawl", 2, lambda s: _chain(s) >= 5 and s.turns >= 3),
    "teamup_defeating": Moment("brawl", 3, lambda s: _teamup_leads(s) and _chain(s) >= 3),
    "four_players": Moment(
        "brawl",
        4,
        lambda s: (
            s.turns >= 10 and bool(s.last_story) and _stunned(s) >= 1 and _marked(s) and s.battle is None
        ),
    ),
    "six_players": Moment("big", 6, lambda s: s.turns >= 12 and _chain(s) >= 2 and _stunned(s) >= 2),
    "extra_space": Moment(
        "brawl", 4, lambda s: any(len(p.team) >= 4 for p in s.players) and _stunned(s) >= 2 and not s.over
    ),
    "speed_variant": Moment("brawl", 3, lambda s: s.turns >= 4 and _stunned(s) >= 1, {"speed": "on"}),
    "finished": Moment("brawl", 4, lambda s: s.over, seat=lambda s: 0),
}


def _play(engine: SmashMasters, moment: Moment, seed: int) -> SmashState | None:
    """The game of this seed at the moment, or None if it never comes."""
    seats = [Seat(index, NAMES[index], True) for index in range(moment.players)]
    state = engine.new_game(seats, moment.mode, moment.options, seed)
    ai = engine.ai_policy(seed)
    for _ in range(STEPS):
        if moment.wanted(state):
            return state
        if state.over:
            return None
        decision = engine.decisions(state)[0]
        engine.apply(state, decision.seat, decision.key, ai.choose(engine, state, decision))
    return None


def _deciding(engine: SmashMasters, state: SmashState) -> int:
    found = engine.decisions(state)
    return found[0].seat if found else 0


def sample(name: str) -> tuple[View, View] | None:
    """One sample: (public view, seat view) at the first seed where its moment comes."""
    engine = SmashMasters()
    moment = MOMENTS[name]
    for seed in range(SEEDS):
        state = _play(engine, moment, seed)
        if state is not None:
            seat = moment.seat(state) if moment.seat else _deciding(engine, state)
            return dict(engine.view(state, None)), dict(engine.view(state, seat))
    return None


@cache
def _samples() -> dict[str, tuple[View, View]]:
    built = {name: sample(name) for name in MOMENTS}
    return {name: views for name, views in built.items() if views is not None}


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the cached views)."""
    return dict(_samples())
