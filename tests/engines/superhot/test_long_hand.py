"""SUPERHOT has no hand limit: a question about a hand longer than a Discord menu (25) is split in
menus by the shared helper, and answered as a whole (issue 33)."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice, Seat
from engines.superhot.engine import Superhot
from engines.superhot.piles import pool

ENGINE = Superhot()
HAND = [card for card in pool().obstacles if not card.startswith("bat")][:30]


def test_a_slash_on_a_30_card_hand_is_two_menus_answered_with_three_picks_from_both() -> None:
    state = ENGINE.new_game([Seat(0, "Ann")], "solo", {}, 1)
    state.players[0].hand = list(HAND)
    state.phase, state.slash_left = "slash", 3
    menus = ENGINE.decisions(state)
    assert [m.key for m in menus] == ["slash", "slash.2"] and all(m.whole == (3, 3) for m in menus)
    assert [o.id for m in menus for o in m.options] == HAND, "every card offered once"
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 0, "slash.2", [HAND[27]])  # one of three is not an answer
    ENGINE.apply(state, 0, "slash", [HAND[0], HAND[5], HAND[27]])
    assert {HAND[0], HAND[5], HAND[27]} <= set(state.discard)
    assert not {HAND[0], HAND[5], HAND[27]} & set(state.players[0].hand)
