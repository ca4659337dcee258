"""Super Nova Smash! gallery and test samples, taken from real engine games on a fake clock.

Each sample is a seeded game (renderers.kit.samples): every seat is the engine's AI, the clock
moves on in small steps, due changes are ticked at `next_deadline`, and every open decision is
answered as the AI likes, until the moment the sample wants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engines.supernova.engine import Supernova
from engines.supernova.state import NovaState
from renderers.kit.samples import Moment, SampleBook
from renderers.kit.views import View

SEEDS = 40
STEPS = 6000
STEP = 0.4
"""Seconds the fake clock moves on between AI answers (the bot waits about 1 s per AI action)."""

NAMES = ("Ana", "Bo", "Cyrus the Bold", "Dee", "Eli", "Fay", "Gus", "Hanna-Maria")
Wanted = Callable[[NovaState], bool]
ENGINE = Supernova()


def _at(
    seats: int,
    wanted: Wanted,
    options: Mapping[str, str] | None = None,
    seat: Callable[[NovaState], int] | None = None,
) -> Moment[NovaState]:
    """A race of this many seats, stopped when `wanted`."""
    return Moment("race", NAMES[:seats], wanted, options or {}, seat)


def _go_and_hold(state: NovaState) -> bool:
    piles = [any(state.players[o].go for o in pile.owners) for pile in state.piles]
    return any(piles) and not all(piles)


def _face_down(state: NovaState) -> bool:
    return any(card.down for pile in state.piles for card in pile.cards)


def _top_down(state: NovaState) -> bool:
    return any(pile.cards and pile.cards[-1].down for pile in state.piles)


def _shock(kind: str) -> Wanted:
    return lambda s: (
        s.phase == "shockwave" and s.shock_kind == kind and len(s.finished) >= 1 and _unsolved(s) is not None
    )


def _unsolved(state: NovaState) -> int | None:
    """A seat still solving its puzzle (for the console)."""
    return next((seat for seat in state.active() if state.players[seat].puzzle is not None), None)


def _solver(state: NovaState) -> int:
    return _unsolved(state) or 0


def _tokens(state: NovaState) -> bool:
    return sum(len(player.tokens) for player in state.players) >= 2


def _holder(state: NovaState) -> int:
    return max(range(len(state.players)), key=lambda seat: len(state.players[seat].tokens))


def _playing(state: NovaState) -> bool:
    return state.phase == "play" and _go_and_hold(state) and state.turns >= 3


SHORT = {"board": "short"}
SHOCKS = {"shockwaves": "often"}

MOMENTS: dict[str, Moment[NovaState]] = {
    "launch_countdown": _at(4, lambda s: s.phase == "launch" and s.round >= 2 and s.until is not None, SHORT),
    "midplay_payback": _at(4, lambda s: _playing(s) and _top_down(s) and s.round >= 2, SHORT),
    "duel_two_piles_each": _at(2, lambda s: _playing(s) and _face_down(s), SHORT),
    "quick_draw": _at(3, lambda s: s.phase == "quickdraw"),
    "shockwave_order": _at(4, _shock("order"), SHOCKS, seat=_solver),
    "shockwave_odd": _at(4, _shock("odd"), SHOCKS, seat=_solver),
    "shockwave_sum": _at(4, _shock("sum"), SHOCKS, seat=_solver),
    "showdown": _at(4, lambda s: s.showdown and s.phase in ("play", "free") and len(s.gone) == 2, SHORT),
    "scoring_power_ups": _at(4, lambda s: s.phase == "scoring" and _tokens(s), SHORT, seat=_holder),
    "damage_assessment": _at(4, lambda s: s.phase == "damage" and _tokens(s), SHORT, seat=_holder),
    "six_players_shared": _at(6, lambda s: _playing(s) and _face_down(s), SHORT),
    "eight_players": _at(8, lambda s: _playing(s) and s.round >= 2, SHORT),
    "finished": _at(5, lambda s: s.phase == "over", SHORT),
}


def _play(moment: Moment[NovaState], seed: int) -> NovaState | None:
    """The game of this seed at the moment, or None if it never comes."""
    state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
    policies = [ENGINE.ai_policy(seed * 10 + index) for index in range(len(moment.names))]
    now = 0.0
    for _ in range(STEPS):
        deadline = ENGINE.next_deadline(state)
        if deadline is None:
            return state if moment.wanted(state) else None
        if deadline <= now:
            ENGINE.tick(state, now)
            if moment.wanted(state):
                return state
        for decision in ENGINE.decisions(state):
            fresh = next(
                (d for d in ENGINE.decisions(state) if (d.seat, d.key) == (decision.seat, decision.key)), None
            )
            if fresh is None:
                continue
            choice = policies[fresh.seat].choose(ENGINE, state, fresh)
            if choice:
                ENGINE.apply(state, fresh.seat, fresh.key, choice, now)
                if moment.wanted(state):
                    return state
        now += STEP
    return None


BOOK = SampleBook(ENGINE, MOMENTS, _play, seeds=SEEDS, seat=lambda state: 0)


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the views, built once)."""
    return BOOK.samples()
