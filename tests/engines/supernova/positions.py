"""Hand-built Super Nova Smash! positions on a fake clock, for the rule scenario tests.

`game()` deals a table and launches it at time 0 (`LAUNCHED` is when play starts); the other
helpers set exact hands, piles and screens, and press buttons at an injected `now`. Cards a
helper takes off the table are set aside, so the next round still deals a full deck.
"""

from __future__ import annotations

from engines.core import Decision, Event, Seat
from engines.supernova import clock
from engines.supernova.ai import SupernovaAI
from engines.supernova.engine import Supernova
from engines.supernova.state import Laid, NovaState

ENGINE = Supernova()
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
LAUNCHED = 5.0  # the default launch countdown, started by the first tick at time 0


def game(seats: int = 3, seed: int = 1, **options: str) -> NovaState:
    """A dealt table, launched: play has started at LAUNCHED (shockwaves off unless asked)."""
    options.setdefault("shockwaves", "off")
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(seats)], "race", options, seed)
    ENGINE.tick(state, 0.0)
    ENGINE.tick(state, state.until or 0.0)
    return state


def hand(state: NovaState, seat: int, *values: int, draw: tuple[int, ...] = ()) -> None:
    """Give a seat exactly these cards (and this Draw Pile, drawn from its end)."""
    state.aside += state.players[seat].hand + state.players[seat].draw
    state.players[seat].hand = sorted(values)
    state.players[seat].draw = list(draw)


def pile(state: NovaState, index: int, *values: int, down: int = 0) -> None:
    """Set a pile's cards (bottom first); `down` more face-down cards go on top."""
    state.aside += [card.value for card in state.piles[index].cards]
    state.piles[index].cards = [Laid(value) for value in values] + [Laid(1, True) for _ in range(down)]


def screens(state: NovaState, *go: int, now: float = LAUNCHED, until: float = 100.0) -> None:
    """Set which screens say GO! from `now` until `until`."""
    clock.set_screens(state, set(go), now)
    state.phase, state.until = "play", until


def play(state: NovaState, seat: int, value: int, pile_index: int, now: float = LAUNCHED + 1) -> list[Event]:
    """Press "a `value` on pile `pile_index`"."""
    return ENGINE.apply(state, seat, "play", [f"p{value}.{pile_index}"], now)


def press(state: NovaState, seat: int, key: str, option: str, now: float = LAUNCHED + 1) -> list[Event]:
    """Press any button."""
    return ENGINE.apply(state, seat, key, [option], now)


def decision(state: NovaState, seat: int, key: str) -> Decision:
    """The seat's open decision with this key."""
    found = [d for d in ENGINE.decisions(state) if d.seat == seat and d.key == key]
    assert found, f"seat {seat} has no {key!r} decision in phase {state.phase}"
    return found[0]


def options(state: NovaState, seat: int, key: str) -> list[str]:
    """The option ids of that decision."""
    return [option.id for option in decision(state, seat, key).options]


def tops(state: NovaState) -> list[int]:
    """Every pile's top value."""
    return [p.top for p in state.piles]


def said(state: NovaState, text: str) -> bool:
    """Whether a log line contains this text."""
    return any(text in line for line in state.log)


def drive(state: NovaState, difficulty: str = "easy", step: float = 0.25, limit: int = 20_000) -> list[str]:
    """Let the AI play every seat on a fake clock until the game ends; returns every log line.

    Each step the clock moves on by `step`; due changes are ticked first, then every seat with an
    open decision answers it (an AI that passes on a play simply waits)."""
    policies = [SupernovaAI(difficulty, seed) for seed in range(len(state.players))]
    lines: list[str] = []
    now = 0.0
    for _ in range(limit):
        if ENGINE.outcome(state) is not None:
            return lines
        deadline = ENGINE.next_deadline(state)
        if deadline is not None and deadline <= now:
            lines += [event.text for event in ENGINE.tick(state, now)]
        for open_decision in ENGINE.decisions(state):
            current = {(d.seat, d.key) for d in ENGINE.decisions(state)}
            if (open_decision.seat, open_decision.key) not in current:
                continue
            fresh = decision(state, open_decision.seat, open_decision.key)
            choice = policies[fresh.seat].choose(ENGINE, state, fresh)
            if choice:
                lines += [e.text for e in ENGINE.apply(state, fresh.seat, fresh.key, choice, now)]
        now += step
    raise AssertionError("the game did not finish")
