"""Quick draws, shockwaves and showdowns (rulebook "Rules": Getting Stuck/Quick draw, Shockwaves,
Showdowns)."""

from __future__ import annotations

import pytest

from engines.core import Rng, Seat
from engines.supernova import clock, flow, shockwave
from engines.supernova.state import NovaState
from tests.engines.supernova.positions import (
    ENGINE,
    NAMES,
    decision,
    game,
    hand,
    options,
    pile,
    play,
    press,
    said,
    screens,
    tops,
)


def stuck_table(draws: tuple[tuple[int, ...], ...]) -> NovaState:
    """Three players whose hands fit no pile (every top a 0, every hand all 3s)."""
    state = game(3)
    for index in range(3):
        pile(state, index, 0)
        hand(state, index, 3, 3, 3, 3, 3, draw=draws[index])
    screens(state, 0)
    return state


def test_quick_draw_when_nobody_can_play() -> None:
    """Getting Stuck: play pauses, everyone draws (past five) until somebody can play, and play
    resumes after a countdown."""
    state = stuck_table(((1, 3), (3, 3), (3,)))
    play(state, 0, 3, 1, now=10.0)  # a wrong value: payback, refill, and the table is stuck
    assert state.phase == "quickdraw" and said(state, "Quick draw! Everyone drew 1 card")
    pause = {(d.key, d.prompt) for d in ENGINE.decisions(state)}
    assert pause == {("play", "Play a card. Your screen: HOLD! (quick draw)")}  # a card now is a payback
    assert [len(p.hand) for p in state.players] == [6, 6, 6] and 1 in state.players[0].hand
    assert ENGINE.next_deadline(state) == 10.0 + clock.RESUME
    ENGINE.tick(state, 10.0 + clock.RESUME)
    assert state.phase == "play"


def test_nobody_can_draw_either_means_a_free_play_moment() -> None:
    """Ruling 13: with no cards left to draw, the app names a pile and each player still in may drop
    any one card on it."""
    state = stuck_table(((), (), ()))
    flow.settle(state, Rng(1), 10.0)
    assert state.phase == "free" and state.named >= 0
    named = state.named
    assert options(state, 1, "any") == ["a3"]
    press(state, 1, "any", "a3", now=11.0)
    assert state.piles[named].top == 3
    assert "any" not in {d.key for d in ENGINE.decisions(state) if d.seat == 1}
    press(state, 0, "any", "a3", now=11.5)
    press(state, 2, "any", "a3", now=12.0)
    assert state.phase in ("play", "quickdraw", "free")  # everybody played: the moment is over


def shock(kind: str, seats: int = 3) -> NovaState:
    """A shockwave of this kind, started at 10.0."""
    state = game(seats)
    flow.start_shock(state, Rng(5), 10.0)
    for seat in state.active():
        state.players[seat].puzzle = shockwave.make(kind, Rng(seat + 10))
    state.shock_kind = kind
    return state


def solve(state: NovaState, seat: int, now: float = 11.0) -> None:
    """Press the right buttons until the seat's puzzle is solved."""
    while (puzzle := state.players[seat].puzzle) is not None:
        press(state, seat, "shock", f"s.{shockwave.solution(puzzle)}", now)


@pytest.mark.parametrize("kind", shockwave.KINDS)
def test_each_shockwave_kind_is_raced_with_buttons(kind: str) -> None:
    """Shockwaves: a mini-game on every console; finishers may play on any pile until it ends."""
    state = shock(kind)
    assert state.phase == "shockwave" and not any(p.go for p in state.players)
    ask = decision(state, 0, "shock")
    assert 4 <= len(ask.options) <= 6 and ask.deadline == 10.0 + clock.timing(state).shock_time
    solve(state, 0)
    assert state.finished == [0] and said(state, "beat the shockwave (#1)")
    pile(state, 2, 2)
    hand(state, 0, 3, 3, 3, 3, 3)
    hand(state, 1, 3, 3, 3, 3, 3)
    play(state, 0, 3, 2, now=11.5)  # Cy's pile, no GO! needed
    assert tops(state)[2] == 3 and not state.piles[2].cards[-1].down
    play(state, 1, 3, 0, now=11.6)  # Bob has not finished: out of turn
    assert state.piles[1].cards[-1].down
    solve(state, 1)
    solve(state, 2)
    assert state.phase == "play" and said(state, "The shockwave is over.")


def test_wrong_presses_cost_time_only() -> None:
    """Ruling 16: a wrong button restarts the order, or deals a fresh puzzle."""
    state = shock("order")
    puzzle = state.players[0].puzzle
    assert puzzle is not None
    press(state, 0, "shock", f"s.{puzzle.answer[0]}")
    assert puzzle.progress == 1 and "done: " in decision(state, 0, "shock").prompt
    wrong = next(b for b in puzzle.buttons if b != puzzle.answer[1])
    press(state, 0, "shock", f"s.{wrong}")
    assert puzzle.progress == 0 and state.finished == []
    other = shock("sum")
    before = other.players[0].puzzle
    assert before is not None
    press(other, 0, "shock", f"s.{next(b for b in before.buttons if b != before.answer[0])}")
    assert other.players[0].puzzle is not None and other.finished == []


def test_the_time_limit_ends_a_shockwave() -> None:
    state = shock("odd")
    solve(state, 2)
    ENGINE.tick(state, 10.0 + clock.timing(state).shock_time)
    assert state.phase == "play" and all(p.puzzle is None for p in state.players)


def test_puzzles_differ_per_player_but_are_alike() -> None:
    """Ruling 15: same kind for everyone, own puzzle and own button order."""
    state = game(4)
    flow.start_shock(state, Rng(9), 10.0)
    puzzles = [p.puzzle for p in state.players]
    assert len({p.kind for p in puzzles if p}) == 1
    assert len({tuple(p.buttons) for p in puzzles if p}) > 1


def test_showdown_when_two_players_are_left() -> None:
    """Showdowns: with two left, turns speed up and between turns each may drop any single card
    on the pile the app names."""
    state = game(3)
    pile(state, 0, 1)
    screens(state, 2)
    hand(state, 2, 2)
    play(state, 2, 2, 0, now=8.0)
    assert state.gone == [2] and state.showdown and said(state, "Showdown!")
    ENGINE.tick(state, 100.0)  # the turn ends: a free-play moment
    assert state.phase == "free" and state.named in (0, 1)
    assert {d.key for d in ENGINE.decisions(state) if d.seat == 0} == {"play", "any"}
    assert 2 not in {d.seat for d in ENGINE.decisions(state)}
    card = state.players[0].hand[0]
    press(state, 0, "any", f"a{card}", now=101.0)
    assert state.piles[state.named].top == card
    turn_starts = state.until or 0.0
    ENGINE.tick(state, turn_starts)
    assert state.phase in ("play", "shockwave")
    if state.phase == "play":
        assert (state.until or 0) - turn_starts <= 7 * 1.3 * clock.SHOWDOWN_SPEED + 0.01


class Drawn(Rng):
    """A PRNG whose `random()` always draws the same number (its other draws stay seeded)."""

    def __init__(self, draw: float) -> None:
        super().__init__(1)
        self.draw = draw

    def random(self) -> float:
        return self.draw


@pytest.mark.parametrize("setting", ["rare", "normal", "often"])
def test_a_showdown_doubles_the_chance_of_a_shockwave(setting: str) -> None:
    """Showdowns, ruling 18: shockwaves become more common: twice the table's chance."""
    state = game(3, shockwaves=setting)
    chance = clock.SHOCK_CHANCE[setting]
    assert state.turns > 0 and not state.showdown
    assert clock.shock_due(state, Drawn(chance - 0.01)) and not clock.shock_due(state, Drawn(chance))
    state.showdown = True
    assert clock.shock_due(state, Drawn(2 * chance - 0.01)) and not clock.shock_due(state, Drawn(2 * chance))


def test_no_shockwave_on_a_rounds_first_turn_nor_twice_in_a_row() -> None:
    """Ruling 18: the launch always opens a GO!/HOLD! turn, and a shockwave is always followed by
    a normal turn, even when every draw says shockwave."""
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(3)], "race", {"shockwaves": "often"}, 1)
    always = Drawn(0.0)
    flow.tick(state, always, 0.0)
    assert state.turns == 0 and not clock.shock_due(state, always), "no turn has ended yet"
    flow.tick(state, always, state.until or 0.0)  # the launch countdown ends
    assert state.phase == "play" and state.turns == 1
    flow.tick(state, always, state.until or 0.0)  # the first turn ends: a shockwave
    assert state.phase == "shockwave"
    flow.tick(state, always, state.until or 0.0)  # it times out: never a second one at once
    assert state.phase == "play" and said(state, "The shockwave is over.")


def test_a_duel_is_a_showdown_from_its_launch() -> None:
    """Showdowns (ruling 19): with two players left, and a duel has two from the start, turns are
    faster and a free-play moment follows every turn."""
    state = game(2)
    assert state.showdown and said(state, "Showdown! Ann vs Bob")
    first_turn = (state.until or 0.0) - 5.0
    assert first_turn <= 7 * 1.3 * clock.SHOWDOWN_SPEED + 0.01
    ENGINE.tick(state, state.until or 0.0)
    assert state.phase == "free" and {d.key for d in ENGINE.decisions(state)} == {"play", "any"}
