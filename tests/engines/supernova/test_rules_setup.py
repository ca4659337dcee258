"""Setup: the deck, dealing, battle stations, modifications and the launch (rulebook "Setup")."""

from __future__ import annotations

import pytest

from engines.core import Seat
from engines.supernova.cards import DECK, deck
from tests.engines.supernova.kit import all_cards
from tests.engines.supernova.positions import ENGINE, LAUNCHED, NAMES, game


@pytest.mark.parametrize(
    ("seats", "piles", "share"),
    [(2, 4, 31), (3, 3, 21), (5, 5, 12), (6, 3, 10), (7, 4, 8), (8, 4, 7)],
)
def test_the_deck_is_dealt_evenly_with_leftovers_aside(seats: int, piles: int, share: int) -> None:
    """Shuffle and deal (ruling 2): every Play Pile starts with a card off the deck, the rest is
    shared out evenly (5 in hand, the others a Draw Pile) and the left-overs are set aside."""
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(seats)], "race", {}, 7)
    assert sum(all_cards(state).values()) == sum(DECK.values()) == 66
    assert len(state.piles) == piles and all(len(p.cards) == 1 for p in state.piles)
    assert len(state.aside) == 66 - piles - share * seats < seats
    for player in state.players:
        assert len(player.hand) == 5
        assert len(player.hand) + len(player.draw) == share, "owners of a shared pile hold alike"


def test_two_players_have_two_piles_each_and_six_share_in_pairs() -> None:
    """Modifications: 2 players -> two Play Piles each; 6+ players -> neighbours share a pile."""
    assert [p.owners for p in game(2).piles] == [[0], [0], [1], [1]]
    assert [p.owners for p in game(6).piles] == [[0, 1], [2, 3], [4, 5]]
    assert [p.owners for p in game(7).piles] == [[0, 1], [2, 3], [4, 5], [6]]
    shared = game(6)
    assert all(len(p.cards) == 1 for p in shared.piles)  # one starting card per shared pile


def test_a_second_deck_doubles_the_cards() -> None:
    """Modifications: more cards from a second deck make long games longer."""
    state = ENGINE.new_game([Seat(i, NAMES[i]) for i in range(8)], "race", {"decks": "2"}, 3)
    assert sum(all_cards(state).values()) == len(deck(2)) == 132
    assert len(state.players[0].hand) + len(state.players[0].draw) == (132 - 4) // 8


def test_launch_countdown_runs_on_the_injected_clock() -> None:
    """Launch!: the countdown starts at the first tick and play starts when it runs out."""
    state = ENGINE.new_game([Seat(0, "Ann"), Seat(1, "Bob")], "race", {"launch": "3"}, 1)
    assert state.phase == "launch" and ENGINE.next_deadline(state) == 0.0
    assert ENGINE.decisions(state) == []
    ENGINE.tick(state, 10.0)
    assert ENGINE.next_deadline(state) == 13.0
    ENGINE.tick(state, 12.9)
    assert state.phase == "launch"
    ENGINE.tick(state, 13.0)
    assert state.phase == "play" and any(p.go for p in state.players)
    assert {d.key for d in ENGINE.decisions(state)} == {"play"}


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="go must be one of"):
        ENGINE.new_game([Seat(0, "Ann"), Seat(1, "Bob")], "race", {"go": "1"}, 1)
    with pytest.raises(ValueError):
        ENGINE.new_game([Seat(0, "Ann")], "race", {}, 1)
    launched = game(2)
    assert launched.phase == "play" and (launched.until or 0.0) > LAUNCHED
