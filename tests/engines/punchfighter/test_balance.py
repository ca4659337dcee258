"""The seat-fairness measure behind the rulings' table and the bench's balance figures."""

from __future__ import annotations

from engines.punchfighter.balance import Game, Played, seat_shares, seats_report


def _played(first: int, winner: int) -> Played:
    game = Game("standard", ("a", "b", "c"), 1)
    shares = tuple(1.0 if seat == winner else 0.0 for seat in range(3))
    return Played(game, shares, (0, 0, 0), first, 10)


def test_shares_are_counted_by_place_in_the_turn_order_not_by_seat_number() -> None:
    """Whoever went first won every game: the first place gets three fair shares, the others
    none, whichever seat number went first."""
    found = seat_shares([_played(0, 0), _played(1, 1), _played(2, 2), _played(1, 1)])
    assert found.ratios == (3.0, 0.0, 0.0) and found.first == 3.0 and found.lowest == 0.0
    assert found.errors[0] == 0.0 and found.games == 4


def test_an_even_split_is_one_fair_share_each_with_its_error_bar() -> None:
    found = seat_shares([_played(0, place) for place in (0, 1, 2)])
    assert found.ratios == (1.0, 1.0, 1.0)
    assert 0.9 < found.errors[0] < 1.1  # one win in three games: a standard error of 1/3 of a share x3
    assert "1.00 ± 1.00" in seats_report({3: found}, "printed rules")
