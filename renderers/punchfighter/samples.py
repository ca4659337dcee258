"""Super Punch Fighter gallery and test samples, taken from real seeded engine games.

Each sample is a seeded game (renderers.kit.samples) whose every seat is the engine's AI: the open
question is answered as the AI likes until the moment the sample wants. The seat view shown is the
one the game waits for (its hand panel tells it what is asked), else the first seat.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.punchfighter.ai import PunchAI
from engines.punchfighter.engine import PunchFighter
from engines.punchfighter.state import PunchState
from renderers.kit.samples import Moment, SampleBook
from renderers.kit.views import View

SEEDS = 30
STEPS = 4000
NAMES = ("Ana", "Bo", "Cyrus the Bold", "Dee", "Eli", "Fay")
Wanted = Callable[[PunchState], bool]
ENGINE = PunchFighter()


def _at(mode: str, seats: int, wanted: Wanted) -> Moment[PunchState]:
    return Moment(mode, NAMES[:seats], wanted, {"ai": "hard"})


def _asks(state: PunchState, *keys: str) -> bool:
    return state.ask is not None and state.ask.key.partition(".")[0] in keys


def _stars(state: PunchState) -> int:
    return sum(player.stars for player in state.players)


def _pushed(state: PunchState) -> bool:
    return any(button.pushed for player in state.players for button in player.pad)


def _knocked_out(state: PunchState) -> bool:
    return any(player.at is None for player in state.players)


def _minions_on(state: PunchState) -> int:
    return sum(1 for minion in state.minions if minion.at is not None)


def _claimed(state: PunchState) -> bool:
    return any(player.claimed for player in state.players)


MOMENTS: dict[str, Moment[PunchState]] = {
    "standard_move": _at(
        "standard", 3, lambda s: _asks(s, "move") and s.rounds >= 3 and _stars(s) >= 2 and _pushed(s)
    ),
    "choosing_fighters": _at("standard", 4, lambda s: s.phase == "choose" and len(s.picking) == 2),
    "defending": _at("standard", 4, lambda s: _asks(s, "defend") and s.rounds >= 2 and _stars(s) >= 1),
    "chain_open": _at("standard", 3, lambda s: len(s.chain) >= 2 and _asks(s, "chain", "target")),
    "knocked_out_revive": _at("standard", 5, lambda s: _asks(s, "revive") and s.rounds >= 2),
    "six_players": _at(
        "standard", 6, lambda s: s.rounds >= 3 and _knocked_out(s) and _claimed(s) and _asks(s, "main")
    ),
    "shove_landing": _at("standard", 4, lambda s: _asks(s, "shove") and s.rounds >= 2),
    "rush_solo": _at("rush_solo", 1, lambda s: _minions_on(s) >= 3 and s.rounds >= 3 and _asks(s, "main")),
    "rush_versus": _at(
        "rush_versus", 2, lambda s: _minions_on(s) >= 2 and s.rounds >= 2 and _asks(s, "move")
    ),
    "game_over": _at("standard", 4, lambda s: s.phase == "over"),
}


def _play(moment: Moment[PunchState], seed: int) -> PunchState | None:
    """The game of this seed at the moment, or None if it never comes."""
    state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
    policies = [PunchAI("hard", seed * 10 + index) for index in range(len(moment.names))]
    for _ in range(STEPS):
        if moment.wanted(state):
            return state
        decisions = ENGINE.decisions(state)
        if not decisions:
            return None
        decision = decisions[0]
        ENGINE.apply(
            state, decision.seat, decision.key, policies[decision.seat].choose(ENGINE, state, decision)
        )
    return None


def _seat(state: PunchState) -> int:
    return state.ask.seat if state.ask is not None else 0


BOOK = SampleBook(ENGINE, MOMENTS, _play, seeds=SEEDS, seat=_seat)


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds (a fresh dict of the views, built once)."""
    return BOOK.samples()
