"""Ruling 11: a console lists every play (each value in hand on each pile), and there are never
more than a menu holds (25): at most 5 piles at any table size, and a hand never holds all six
values (a stuck hand holds at most four, and a quick draw stops at the first card that plays)."""

from __future__ import annotations

from itertools import combinations

from engines.core import MAX_OPTIONS
from engines.supernova.cards import VALUES, fits, pile_owners
from engines.supernova.engine import Supernova
from tests.engines.supernova.positions import game, hand, options, pile, play, screens


def test_no_table_has_more_than_five_piles() -> None:
    for seats in Supernova().meta.mode("race").seats:
        assert len(pile_owners(seats)) * (len(VALUES) - 1) <= MAX_OPTIONS, seats


def test_a_hand_that_fits_no_open_pile_holds_at_most_four_values() -> None:
    """Every set of open tops against every set of values: a stuck player misses both neighbours
    of every top, so draws past five only while holding four values or fewer; one more card makes
    five at most, and five values always fit somewhere."""
    for size in range(1, len(VALUES) + 1):
        for open_tops in combinations(VALUES, size):
            for count in range(len(VALUES) + 1):
                for held in combinations(VALUES, count):
                    stuck = not any(fits(value, top) for value in held for top in open_tops)
                    assert not stuck or len(held) <= 4, (open_tops, held)


def test_after_a_quick_draw_five_players_see_all_twenty_five_plays() -> None:
    """Ann holds 0, 2, 3 and 4 while every top is a 0 (nothing fits): the table is stuck, she draws
    a 1 and holds five values; her console offers each of them on each of the five piles, also the
    plays that would not land now."""
    state = game(5)
    for index in range(5):
        pile(state, index, 0)
    hand(state, 0, 0, 2, 3, 3, 4, draw=(1, 3))
    for seat in range(1, 5):
        hand(state, seat, 3, 3, 3, 3, 3, draw=(3, 3))
    screens(state, 0)
    play(state, 0, 3, 1)  # a wrong value: payback, she draws a 3, and nobody can play
    assert state.phase == "quickdraw" and sorted(set(state.players[0].hand)) == [0, 1, 2, 3, 4]
    shown = options(state, 0, "play")
    assert sorted(shown) == sorted(f"p{value}.{index}" for value in range(5) for index in range(5))
    assert len(shown) == MAX_OPTIONS
