"""SUPERHOT gallery and test samples, taken from real engine games.

Each sample is a seeded game advanced by the engine's AI (every seat) to an interesting moment; the
first seed in range(SEEDS) where the moment comes wins, so the samples are the same on every run.
Only the Double trouble sample scripts one step (the AI never plays that card): when the engine
offers it, the active player plays it, then the AI goes on. Built once, on first use, and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from engines.core import Seat
from engines.superhot.ai import SuperhotAI
from engines.superhot.engine import Superhot
from engines.superhot.piles import is_bullet
from engines.superhot.state import SuperhotState
from renderers.kit.views import View

SEEDS = 200
STEPS = 2000
"""A game that has not reached its moment after this many decisions is given up."""

Wanted = Callable[[Superhot, SuperhotState], bool]
Script = Callable[[Superhot, SuperhotState, SuperhotAI], bool]


@dataclass(frozen=True)
class Moment:
    """A game to play (mode, seat names, options) and the moment to stop at; `seat` picks whose
    hand the sample shows (default: the active player); `script`, when given, plays on from the
    moment and says whether the result is still worth showing."""

    mode: str
    names: tuple[str, ...]
    wanted: Wanted
    options: Mapping[str, str] = field(default_factory=dict)
    seat: Callable[[SuperhotState], int] | None = None
    script: Script | None = None


def _active(state: SuperhotState) -> int:
    return state.players[state.active].seat


def _bullets_in_line(state: SuperhotState) -> int:
    return sum(1 for slot in state.line if slot is not None and is_bullet(slot.card))


def _knocked_out(state: SuperhotState) -> bool:
    return any(slot is not None and slot.down for slot in state.line)


def _goal_moved(state: SuperhotState) -> bool:
    """Whether a goal of this level is done or under way (and the game goes on)."""
    return not state.over and any(goal.done or goal.progress for goal in state.goals)


def _offers(engine: Superhot, state: SuperhotState, key: str, option: str) -> bool:
    decision = engine.decisions(state)[0]
    return decision.key == key and decision.option(option) is not None


def _double_trouble(engine: Superhot, state: SuperhotState, ai: SuperhotAI) -> bool:
    """Play Double trouble on the first card offered, then let the AI choose an obstacle for it."""
    seat = _active(state)
    engine.apply(state, seat, "use", ["dt"])
    decision = engine.decisions(state)[0]
    copied = next((option.id for option in decision.options if option.id != "cancel"), "cancel")
    engine.apply(state, seat, decision.key, [copied])
    decision = engine.decisions(state)[0]
    if decision.key == "use" and state.turn.echoes:
        choice = ai.choose(engine, state, decision)
        if choice != ["done"]:
            engine.apply(state, seat, decision.key, choice)
    return bool(state.turn.echoes) and not state.over


MOMENTS: dict[str, Moment] = {
    "solo_midgame": Moment(
        "solo",
        ("Ana",),
        lambda _, s: s.level == 2 and len(s.turn.used) >= 2 and s.phase == "use" and _goal_moved(s),
    ),
    "coop_aid_target": Moment(
        "coop",
        ("Ana", "Bartholomew the Unready"),
        lambda _, s: (
            s.aid is not None and s.target is not None and s.phase == "cards" and bool(s.target.picks)
        ),
    ),
    "versus_system_turn": Moment(
        "versus",
        ("Ana", "Mira"),
        lambda _, s: s.phase == "system" and s.system_turn is not None and _knocked_out(s),
        {"bullet_storm": "on"},
        seat=lambda s: s.players[0].seat,
    ),
    "seven_line_infinite": Moment(
        "solo",
        ("Ana",),
        lambda _, s: s.level >= 2 and _knocked_out(s) and _bullets_in_line(s) >= 2 and not s.over,
        {"seven_line": "on", "infinite": "on", "bullet_storm": "on"},
    ),
    "twovone_double_trouble": Moment(
        "twovone",
        ("Ana", "Bo", "Mira"),
        lambda engine, s: s.phase == "use" and _offers(engine, s, "use", "dt"),
        {"bat": "1"},
        script=_double_trouble,
    ),
    "revenge_run_two": Moment(
        "versus",
        ("Ana", "Mira"),
        lambda _, s: len(s.campaigns) == 1 and not s.over and s.phase == "use" and bool(s.turn.used),
        {"revenge": "on"},
    ),
    "finished_won": Moment(
        "coop", ("Ana", "Bo"), lambda _, s: s.over and s.campaigns[-1].won, seat=lambda s: 0
    ),
    "finished_lost": Moment(
        "solo",
        ("Ana",),
        lambda _, s: s.over and not s.campaigns[-1].won and s.campaigns[-1].levels >= 1,
        {"times_up": "on", "bat": "2"},
        seat=lambda s: 0,
    ),
}


def _play(engine: Superhot, ai: SuperhotAI, moment: Moment, seed: int) -> SuperhotState | None:
    """The game of this seed at the moment (after the script, if any), or None if it never comes."""
    seats = [Seat(index, name, True) for index, name in enumerate(moment.names)]
    state = engine.new_game(seats, moment.mode, moment.options, seed)
    for _ in range(STEPS):
        if moment.wanted(engine, state):
            if moment.script is None or moment.script(engine, state, ai):
                return state
            return None
        if state.over:
            return None
        decision = engine.decisions(state)[0]
        engine.apply(state, decision.seat, decision.key, ai.choose(engine, state, decision))
    return None


def sample(name: str) -> tuple[View, View] | None:
    """One sample: (public view, seat view) at the first seed where its moment comes."""
    engine = Superhot()
    ai = engine.ai_policy(0)
    moment = MOMENTS[name]
    for seed in range(SEEDS):
        state = _play(engine, ai, moment, seed)
        if state is not None:
            seat = (moment.seat or _active)(state)
            return dict(engine.view(state, None)), dict(engine.view(state, seat))
    return None


@cache
def _samples() -> dict[str, tuple[View, View]]:
    built = {name: sample(name) for name in MOMENTS}
    return {name: views for name, views in built.items() if views is not None}


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the cached views)."""
    return dict(_samples())
