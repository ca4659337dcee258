"""SUPERHOT gallery and test samples, taken from real engine games (renderers.kit.samples).

Each sample is a seeded game advanced by the engine's AI (every seat) to an interesting moment.
Only the Double trouble sample scripts one step, so that the copies are on show: when the engine
offers it, the active player plays it, then the AI goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.superhot.engine import Superhot
from engines.superhot.piles import is_bullet
from engines.superhot.state import SuperhotState
from renderers.kit.samples import Moment, SampleBook
from renderers.kit.views import View

SEEDS = 200
STEPS = 2000
"""A game that has not reached its moment after this many decisions is given up."""

ENGINE = Superhot()
AI = ENGINE.ai_policy(0)
Script = Callable[[SuperhotState], bool]


@dataclass(frozen=True)
class Scripted(Moment[SuperhotState]):
    """A moment that may play on with a `script`, which says whether the result is still worth showing."""

    script: Script | None = None


def _active(state: SuperhotState) -> int:
    return state.players[state.active].seat


def _bullets_in_line(state: SuperhotState) -> int:
    return sum(1 for slot in state.line if slot is not None and is_bullet(slot.card))


def _bullet_next(state: SuperhotState) -> bool:
    """Whether a bullet is the visible top of the Obstacles Deck (drawn in greys) and the game goes on."""
    return not state.over and bool(state.deck) and is_bullet(state.deck[0])


def _knocked_out(state: SuperhotState) -> bool:
    return any(slot is not None and slot.down for slot in state.line)


def _goal_moved(state: SuperhotState) -> bool:
    """Whether a goal of this level is done or under way (and the game goes on)."""
    return not state.over and any(goal.done or goal.progress for goal in state.goals)


def _offers(state: SuperhotState, key: str, option: str) -> bool:
    decision = ENGINE.decisions(state)[0]
    return decision.key == key and decision.option(option) is not None


def _double_trouble(state: SuperhotState) -> bool:
    """Play Double trouble on the first card offered, then let the AI choose an obstacle for it."""
    seat = _active(state)
    ENGINE.apply(state, seat, "use", ["dt"])
    decision = ENGINE.decisions(state)[0]
    copied = next((option.id for option in decision.options if option.id != "cancel"), "cancel")
    ENGINE.apply(state, seat, decision.key, [copied])
    decision = ENGINE.decisions(state)[0]
    if decision.key == "use" and state.turn.echoes:
        choice = AI.choose(ENGINE, state, decision)
        if choice != ["done"]:
            ENGINE.apply(state, seat, decision.key, choice)
    return bool(state.turn.echoes) and not state.over


MOMENTS: dict[str, Scripted] = {
    "solo_midgame": Scripted(
        "solo",
        ("Ana",),
        lambda s: s.level == 2 and len(s.turn.used) >= 2 and s.phase == "use" and _goal_moved(s),
    ),
    "coop_aid_target": Scripted(
        "coop",
        ("Ana", "Bartholomew the Unready"),
        lambda s: s.aid is not None and s.target is not None and s.phase == "cards" and bool(s.target.picks),
    ),
    "versus_system_turn": Scripted(
        "versus",
        ("Ana", "Mira"),
        lambda s: s.phase == "system" and s.system_turn is not None and _knocked_out(s),
        {"bullet_storm": "on"},
        seat=lambda s: s.players[0].seat,
    ),
    "seven_line_infinite": Scripted(
        "solo",
        ("Ana",),
        lambda s: s.level >= 2 and _knocked_out(s) and _bullets_in_line(s) >= 2 and _bullet_next(s),
        {"seven_line": "on", "infinite": "on", "bullet_storm": "on"},
    ),
    "twovone_double_trouble": Scripted(
        "twovone",
        ("Ana", "Bo", "Mira"),
        lambda s: s.phase == "use" and _offers(s, "use", "dt"),
        {"bat": "1"},
        script=_double_trouble,
    ),
    "revenge_run_two": Scripted(
        "versus",
        ("Ana", "Mira"),
        lambda s: len(s.campaigns) == 1 and not s.over and s.phase == "use" and bool(s.turn.used),
        {"revenge": "on"},
    ),
    "finished_won": Scripted(
        "coop", ("Ana", "Bo"), lambda s: s.over and s.campaigns[-1].won, seat=lambda s: 0
    ),
    "finished_lost": Scripted(
        "solo",
        ("Ana",),
        lambda s: s.over and not s.campaigns[-1].won and s.campaigns[-1].levels >= 1,
        {"times_up": "on", "bat": "2"},
        seat=lambda s: 0,
    ),
}


def _play(moment: Scripted, seed: int) -> SuperhotState | None:
    """The game of this seed at the moment (after the script, if any), or None if it never comes."""
    state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
    for _ in range(STEPS):
        if moment.wanted(state):
            return state if moment.script is None or moment.script(state) else None
        if state.over:
            return None
        decision = ENGINE.decisions(state)[0]
        ENGINE.apply(state, decision.seat, decision.key, AI.choose(ENGINE, state, decision))
    return None


BOOK = SampleBook(ENGINE, MOMENTS, _play, seeds=SEEDS, seat=_active)


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the views, built once)."""
    return BOOK.samples()
