"""Going out, scoring, damage assessment and power-ups (rulebook "Going out", "Scoring",
"Damage Assessment", "Power-Ups")."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.supernova import clock
from engines.supernova.state import NovaState
from tests.engines.supernova.positions import (
    ENGINE,
    decision,
    game,
    hand,
    options,
    pile,
    play,
    press,
    said,
    screens,
)


def last_cards(tokens: tuple[list[str], ...] = ([], [], [])) -> NovaState:
    """Three players with one card left each, all on GO!, holding these power-ups."""
    state = game(3)
    for seat in range(3):
        pile(state, seat, 2)
        hand(state, seat, 3)
        state.players[seat].tokens = list(tokens[seat])
    screens(state, 0, 1, 2)
    return state


def go_out(state: NovaState, *order: int) -> None:
    """These seats play their last card on their own pile, in this order, a second apart."""
    for step, seat in enumerate(order):
        play(state, seat, 3, seat, now=10.0 + step)


def test_going_out_order_moves_five_four_three() -> None:
    """Going out + Scoring: 1st 5 spaces, 2nd 4, 3rd 3; the last one still in goes out last."""
    state = last_cards()
    state.players[1].position = 2
    go_out(state, 1, 2)
    assert said(state, "Cy went out #2") and said(state, "Ann went out #3")
    assert [p.position for p in state.players] == [3, 7, 4]
    assert said(state, "Bob went out #1")
    assert state.phase == "launch" and state.round == 2  # nobody had a power-up: next round


def test_fourth_place_moves_two_and_later_places_one() -> None:
    """Scoring: 4th place moves 2 spaces, 5th and later 1 (six players: 5, 4, 3, 2, 1, 1)."""
    state = game(6)
    for index in range(3):
        pile(state, index, 2)
    for seat in range(6):
        hand(state, seat, 3)
    screens(state, *range(6))
    order = (4, 1, 5, 0, 2)
    for step, seat in enumerate(order):
        play(state, seat, 3, seat // 2, now=10.0 + step)
        pile(state, seat // 2, 2)  # the next player's 3 fits too
    assert [state.players[seat].position for seat in (*order, 3)] == [5, 4, 3, 2, 1, 1]
    assert said(state, "went out #4: 2 spaces") and said(state, "went out #6: 1 space ")


def test_a_repairbot_never_takes_damage_below_zero() -> None:
    """Power-Ups: a RepairBot subtracts damage, but damage stops at 0."""
    state = last_cards(([], [], ["repair2"]))
    pile(state, 2, 0, 2)  # Cy: 1 damage
    go_out(state, 1, 2)
    assert state.phase == "damage" and state.players[2].damage == 1
    press(state, 2, "power", "repair2", now=14.0)
    press(state, 2, "target", "t2", now=14.5)
    assert state.players[2].damage == 0 and said(state, "RepairBot 2 on Cy: damage 0")


def test_scoring_power_ups_booster_and_tractor_beam() -> None:
    """Power-Ups: a Booster moves a player forward; a Tractor Beam pulls another player towards
    you; both only while scoring, with Done and a time limit."""
    state = last_cards((["booster2", "tractor3", "blaster1"], [], []))
    go_out(state, 1, 2)  # Ann 3, Bob 5, Cy 4
    assert state.phase == "scoring"
    assert options(state, 0, "power") == ["booster2", "tractor3", "done"]  # no Blaster now
    assert decision(state, 0, "power").deadline == 11.0 + clock.timing(state).power_time
    press(state, 0, "power", "tractor3", now=12.0)
    assert options(state, 0, "target") == ["t1", "t2", "back"]  # never yourself
    press(state, 0, "target", "t1", now=12.5)
    assert state.players[1].position == 3  # Bob pulled 2 of 3 spaces: not past Ann
    press(state, 0, "power", "booster2", now=13.0)
    press(state, 0, "target", "t0", now=13.5)
    assert state.players[0].position == 5 and said(state, "Ann uses Booster 2 on Ann")
    assert state.phase == "damage"  # no scoring power-up left: the window closed early
    assert sorted(state.bag).count("booster2") >= 1


def test_damage_power_ups_blaster_and_repairbot() -> None:
    """Damage Assessment: zeros and face-down cards count; Blasters add, RepairBots subtract; the
    most damaged go back to the nearest repair station behind them."""
    state = last_cards(([], ["blaster2"], ["repair1"]))
    pile(state, 0, 0, 2, down=1)  # Ann: 2 damage
    pile(state, 2, 0, 2)  # Cy: 1 damage
    for seat, where in enumerate((6, 7, 9)):
        state.players[seat].position = where  # after scoring: Ann 9 (3 for 3rd), Bob 12, Cy 13
    go_out(state, 1, 2)
    assert state.phase == "damage" and [p.damage for p in state.players] == [2, 0, 1]
    press(state, 1, "power", "blaster2", now=14.0)
    press(state, 1, "target", "t2", now=14.5)
    assert state.players[2].damage == 3
    press(state, 2, "power", "repair1", now=15.0)
    assert options(state, 2, "target") == ["t0", "t1", "t2", "back"]
    press(state, 2, "target", "t2", now=15.5)
    assert [p.damage for p in state.players] == [2, 0, 2]
    assert state.phase == "launch"  # everyone done: Ann and Cy tied as most damaged
    assert state.players[0].position == 6  # Ann 9 -> station 6
    assert state.players[1].position == 12  # Bob is on station 12: no damage anyway
    assert state.players[2].position == 12  # Cy 13 -> station 12
    assert len(state.players[2].tokens) == 1 and len(state.players[0].tokens) == 1
    assert said(state, "is on a repair station and picks up")


def test_most_damaged_on_a_station_stays() -> None:
    state = last_cards()
    pile(state, 0, 0, 0)
    state.players[0].position = 1  # + 3 for going out last = 4: nearest behind is the start
    go_out(state, 1, 2)
    assert state.players[0].position == 0


def test_power_windows_close_at_their_time_limit() -> None:
    state = last_cards((["booster1"], [], []))
    go_out(state, 1, 2)
    press(state, 0, "power", "booster1", now=12.0)
    assert decision(state, 0, "target").key == "target"
    ENGINE.tick(state, 11.0 + clock.timing(state).power_time)
    assert state.phase == "launch" and state.players[0].tokens == ["booster1"]


def test_crossing_the_finish_line_ends_the_race() -> None:
    """The first to cross the finish line wins; placements by board position, ties shared."""
    state = last_cards()
    state.players[1].position = 20
    state.players[0].position = 6
    state.players[2].position = 5
    go_out(state, 1, 2)  # Bob 25, Cy 9, Ann 9
    assert state.phase == "over" and ENGINE.decisions(state) == []
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[1], [0, 2]]
    assert outcome.scores == {0: 9.0, 1: 25.0, 2: 9.0}
    with pytest.raises(IllegalChoice):
        play(state, 0, 3, 0)
    assert ENGINE.next_deadline(state) is None
