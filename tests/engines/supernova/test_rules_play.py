"""Playing on GO!, valid plays, drawing and payback (rulebook "Rules": Play on GO!, Valid Plays,
Keep Drawing, Illegal plays/payback!)."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.supernova import clock
from engines.supernova.state import NovaState
from tests.engines.supernova.positions import (
    ENGINE,
    LAUNCHED,
    decision,
    game,
    hand,
    options,
    pile,
    play,
    said,
    screens,
    tops,
)


def table() -> NovaState:
    """Three players, piles 0/1/2 showing 3, 5 and 0; Ann and Bob on GO!, Cy on HOLD!."""
    state = game(3)
    pile(state, 0, 3)
    pile(state, 1, 5)
    pile(state, 2, 0)
    screens(state, 0, 1)
    return state


def test_one_higher_or_lower_on_any_go_pile_including_your_own() -> None:
    """Valid Plays: a 2 or a 4 on a 3; play on any GO! pile, your own too."""
    state = game(3)
    pile(state, 0, 3)
    pile(state, 1, 3)
    screens(state, 0, 1)
    hand(state, 0, 2, 4, 4, 1, 1)
    play(state, 0, 4, 0)
    play(state, 0, 2, 1)
    assert tops(state)[:2] == [4, 2]
    assert not any(card.down for p in state.piles for card in p.cards)


def test_values_wrap() -> None:
    """Valid Plays: a 0 on a 5, a 5 on a 0."""
    state = game(3)
    pile(state, 0, 5)
    pile(state, 1, 0)
    screens(state, 0, 1)
    hand(state, 0, 0, 5, 3, 3, 3)
    play(state, 0, 0, 0)
    play(state, 0, 5, 1)
    assert tops(state)[:2] == [0, 5]
    assert state.piles[0].damage == 1


@pytest.mark.parametrize(
    ("seat", "value", "target", "why"),
    [(0, 1, 2, "not on GO!"), (2, 4, 0, "not on GO!"), (0, 1, 0, "wrong value")],
    ids=["hold-pile", "out-of-turn", "wrong-value"],
)
def test_illegal_plays_go_face_down_on_the_offenders_pile(
    seat: int, value: int, target: int, why: str
) -> None:
    """Illegal plays/payback!: a HOLD! pile, out of turn, or a wrong value: not refused; the card
    lands face down on the offender's own pile and counts as a 0."""
    state = table()
    pile(state, 2, 1)  # Cy's pile shows 1; screens: Ann and Bob GO!, Cy HOLD!
    hand(state, seat, value, 3, 3, 3, 3)
    play(state, seat, value, target)
    own = state.piles[seat]
    assert own.cards[-1].down and own.top == 0 and own.damage >= 1
    assert said(state, why)
    assert state.players[seat].hand == [3, 3, 3, 3]


def test_after_a_payback_the_next_card_must_be_a_1_or_a_5() -> None:
    """Face-down cards are treated as a 0."""
    state = table()
    pile(state, 0, 3, down=1)
    hand(state, 1, 1, 2, 4, 5, 5)
    play(state, 1, 2, 0)
    assert state.piles[1].cards[-1].down  # the 2 was wrong: payback on Bob's own pile
    play(state, 1, 5, 0)
    assert state.piles[0].top == 5 and not state.piles[0].cards[-1].down


def test_drawing_back_up_to_five_is_automatic() -> None:
    """Keep Drawing (ruling 10): after every card the hand refills from the Draw Pile."""
    state = table()
    hand(state, 0, 2, 3, 3, 3, 3, draw=(1, 0))
    play(state, 0, 2, 0)
    assert sorted(state.players[0].hand) == [0, 3, 3, 3, 3]
    assert state.players[0].draw == [1]


def test_option_ids_are_stable_and_name_a_card_value_and_a_pile() -> None:
    """Ruling 11: `p{value}.{pile}` for each value held and each pile, whatever the screens say."""
    state = table()
    hand(state, 0, 1, 1, 4, 4, 4)
    before = options(state, 0, "play")
    assert before == ["p1.0", "p1.1", "p1.2", "p4.0", "p4.1", "p4.2"]
    screens(state, 2)
    assert options(state, 0, "play") == before
    assert decision(state, 0, "play").min_choices == 0  # waiting is always allowed
    with pytest.raises(IllegalChoice):
        play(state, 0, 2, 0)  # no 2 in hand: refused, nothing changes


def test_a_click_sent_just_before_hold_still_counts() -> None:
    """Ruling 7: within the lag allowance after a change, the old screens still count."""
    state = table()
    hand(state, 0, 4, 4, 4, 2, 2)
    screens(state, 2, now=20.0)  # Ann and Bob go to HOLD! at 20.0
    grace = clock.timing(state).grace
    play(state, 0, 4, 0, now=20.0 + grace - 0.1)
    assert not state.piles[0].cards[-1].down
    play(state, 0, 2, 1, now=20.0 + grace + 0.1)
    assert state.piles[0].cards[-1].down and said(state, "not on GO!")


def test_a_shared_pile_opens_when_either_owner_says_go() -> None:
    """Modifications: a shared pile can be played on when either co-owner's phone says GO!."""
    state = game(6)
    pile(state, 0, 2)  # Ann & Bob's pile
    screens(state, 1, 2)
    hand(state, 2, 3, 3, 3, 3, 3)
    play(state, 2, 3, 0)
    assert state.piles[0].top == 3 and not state.piles[0].cards[-1].down


def test_go_time_is_shared_out_fairly() -> None:
    """Ruling 6: over many turns, every player gets a comparable amount of GO! time."""
    state = game(5)
    for _ in range(200):
        ENGINE.tick(state, state.until or 0.0)
    times = [p.go_time for p in state.players]
    assert max(times) - min(times) <= 10.0
    assert ENGINE.next_deadline(state) == state.until


def test_turns_announce_when_the_screens_change_next() -> None:
    """Ruling 6: the play decision and the view carry the time of the next GO!/HOLD! change."""
    state = game(3)
    assert decision(state, 0, "play").deadline == state.until == ENGINE.view(state, None)["until"]
    low, high = 0.7 * 7, 1.3 * 7
    assert low <= (state.until or 0) - LAUNCHED <= high
