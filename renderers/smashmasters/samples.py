"""Smash Masters gallery and test samples, taken from real engine games (renderers.kit.samples).

Each sample is a seeded game played by the engine's heuristic AI in every seat, stopped at an
interesting moment. The hand shown is the seat deciding at that moment (or a chosen seat).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engines.smashmasters.cards import CARDS
from engines.smashmasters.engine import SmashMasters
from engines.smashmasters.state import SmashState
from renderers.kit.samples import Moment, SampleBook
from renderers.kit.views import View

SEEDS = 60
STEPS = 1500
"""A game that has not reached its moment after this many decisions is given up."""

Wanted = Callable[[SmashState], bool]

NAMES = ("Ana", "Bartholomew the Unready", "Cy", "Dee", "Eko", "Fitz")
ENGINE = SmashMasters()


def _at(
    mode: str,
    players: int,
    wanted: Wanted,
    options: Mapping[str, str] | None = None,
    seat: Callable[[SmashState], int] | None = None,
) -> Moment[SmashState]:
    """A game of this mode and size, stopped when `wanted`."""
    return Moment(mode, NAMES[:players], wanted, options or {}, seat)


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


def _super_holder(state: SmashState) -> int | None:
    """A seat holding four Super cards or more (a yellow hand), if any."""
    return next((p.seat for p in state.players if sum(c in CARDS.supers for c in p.hand) >= 4), None)


def _drafting(state: SmashState) -> bool:
    return not any(p.team for p in state.players)


MOMENTS: dict[str, Moment[SmashState]] = {
    "team_choosing": _at(
        "brawl",
        4,
        lambda s: _drafting(s) and sorted(len(p.picks) for p in s.players) == [0, 0, 1, 3],
        seat=lambda s: next(p.seat for p in s.players if len(p.picks) == 1),
    ),
    "midgame_stunned_empty": _at(
        "brawl",
        3,
        lambda s: s.turns >= 6 and s.battle is None and _stunned(s) >= 2 and _empty(s) >= 1,
    ),
    "counter_chain": _at("brawl", 2, lambda s: _chain(s) >= 5 and s.turns >= 3),
    "teamup_defeating": _at("brawl", 3, lambda s: _teamup_leads(s) and _chain(s) >= 3),
    "four_players": _at(
        "brawl",
        4,
        lambda s: (
            s.turns >= 10 and bool(s.last_story) and _stunned(s) >= 1 and _marked(s) and s.battle is None
        ),
    ),
    "six_players": _at("big", 6, lambda s: s.turns >= 12 and _chain(s) >= 2 and _stunned(s) >= 2),
    "extra_space": _at(
        "brawl", 4, lambda s: any(len(p.team) >= 4 for p in s.players) and _stunned(s) >= 2 and not s.over
    ),
    "speed_variant": _at("brawl", 3, lambda s: s.turns >= 4 and _stunned(s) >= 1, {"speed": "on"}),
    "finished": _at("brawl", 4, lambda s: s.over, seat=lambda s: 0),
    "hand_of_supers": _at(
        "brawl",
        2,
        lambda s: s.battle is None and _super_holder(s) is not None,
        seat=lambda s: _super_holder(s) or 0,
    ),
}


def _play(moment: Moment[SmashState], seed: int) -> SmashState | None:
    """The game of this seed at the moment, or None if it never comes."""
    state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
    ai = ENGINE.ai_policy(seed)
    for _ in range(STEPS):
        if moment.wanted(state):
            return state
        if state.over:
            return None
        decision = ENGINE.decisions(state)[0]
        ENGINE.apply(state, decision.seat, decision.key, ai.choose(ENGINE, state, decision))
    return None


def _deciding(state: SmashState) -> int:
    found = ENGINE.decisions(state)
    return found[0].seat if found else 0


BOOK = SampleBook(ENGINE, MOMENTS, _play, seeds=SEEDS, seat=_deciding)


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the views, built once)."""
    return BOOK.samples()
