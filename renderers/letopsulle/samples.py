"""Letopsulle gallery and test samples, taken from real seeded engine games.

Each sample is a seeded game (renderers.kit.samples) whose every seat is the engine's AI, played
until the moment the sample wants. The seat view shown is the one the game waits for (its hand
tells it what is asked), else the seat whose turn it is. Two crowded corners no real game reaches
(six players with eight villains each; a defending tag team with Intelligence's peek) are
hand-made states drawn through the engine's own view (`handmade`)."""

from __future__ import annotations

from collections.abc import Callable

from engines.letopsulle.engine import Letopsulle
from engines.letopsulle.state import LetoState
from renderers.kit.samples import Moment, SampleBook
from renderers.kit.views import View
from renderers.letopsulle import handmade

SEEDS = 30
STEPS = 3000
NAMES = ("Ana", "Bo", "Cyrus the Bold", "Dee", "Eli", "Fay")
Wanted = Callable[[LetoState], bool]
ENGINE = Letopsulle()


def _at(mode: str, seats: int, wanted: Wanted, **options: str) -> Moment[LetoState]:
    return Moment(mode, NAMES[:seats], wanted, {"ai": "normal", **options})


def _peeking(state: LetoState) -> int:
    """The first seat Intelligence showed cards to."""
    return next((seat for seat, team in enumerate(state.teams) if team.peek), 0)


def _claimed(state: LetoState) -> int:
    return sum(len(team.claimed) for team in state.teams)


def _villains(state: LetoState) -> int:
    return sum(len(team.villains) for team in state.teams)


def _defending(state: LetoState) -> bool:
    return any(slot.guard is not None for team in state.teams for slot in team.active)


def _hero_ask(state: LetoState) -> bool:
    return state.phase == "hero" and state.ask is not None and state.ask.seat == state.turn


def _mid_game(state: LetoState) -> bool:
    return state.round >= 5 and _claimed(state) >= 2 and _villains(state) >= 3 and bool(state.last_battle)


def _two_active(state: LetoState) -> bool:
    return any(len(team.active) == 2 for team in state.teams) and _defending(state)


MOMENTS: dict[str, Moment[LetoState]] = {
    "two_players": _at("multiplayer", 2, lambda s: _mid_game(s) and s.plot != "" and _hero_ask(s)),
    "six_players": _at(
        "multiplayer",
        6,
        lambda s: s.round >= 4 and _claimed(s) >= 3 and s.plot != "" and any(t.knocked_out for t in s.teams),
    ),
    "solitaire": _at(
        "solitaire", 1, lambda s: s.round >= 4 and _claimed(s) >= 1 and s.plot != "" and _hero_ask(s)
    ),
    "villain_turn": _at(
        "multiplayer",
        3,
        lambda s: s.phase == "villain" and any(t.waiting for t in s.teams) and bool(s.last_battle),
    ),
    "peek": Moment(
        "multiplayer",
        NAMES[:3],
        lambda s: any(t.peek for t in s.teams) and s.round >= 3,
        {"ai": "normal"},
        _peeking,
    ),
    "two_active": _at("multiplayer", 3, lambda s: s.round >= 3 and _two_active(s), two_active="on"),
    "game_over": _at("multiplayer", 4, lambda s: s.phase == "over"),
}


def _play(moment: Moment[LetoState], seed: int) -> LetoState | None:
    """The game of this seed at the moment, or None if it never comes."""
    state = ENGINE.new_game(moment.seats(), moment.mode, moment.options, seed)
    policy = ENGINE.ai_policy(seed)
    for _ in range(STEPS):
        if moment.wanted(state):
            return state
        decisions = ENGINE.decisions(state)
        if not decisions:
            return None
        decision = decisions[0]
        ENGINE.apply(state, decision.seat, decision.key, policy.choose(ENGINE, state, decision))
    return None


def _seat(state: LetoState) -> int:
    if state.ask is not None and state.ask.seat < state.seats():
        return state.ask.seat
    return state.turn


BOOK = SampleBook(ENGINE, MOMENTS, _play, seeds=SEEDS, seat=_seat)


def samples() -> dict[str, tuple[View, View]]:
    """Every sample whose moment came within SEEDS seeds, then the hand-made ones (built once)."""
    return {**BOOK.samples(), **handmade.samples()}
