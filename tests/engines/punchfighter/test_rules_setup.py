"""Setup (rulebook, SETUP, and Minion Rush Mode: Setup): the first player, the fighter choice, the
starting table, and the fighters entering the board at their first revive."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import Seat
from engines.punchfighter import board, content
from engines.punchfighter.plays import entry_spaces
from tests.engines.punchfighter.kit import ENGINE, STARTERS, answer, decision, new_game, options

SPAWN_NEIGHBOURS = {
    "standard": {
        *("B2", "C2", "B3", "D3", "B4", "C4"),  # around C3
        *("G2", "H2", "G3", "I3", "G4", "H4"),  # around H3
        *("B6", "C6", "B7", "D7", "B8", "C8"),  # around C7
        *("G6", "H6", "G7", "I7", "G8", "H8"),  # around H7
    },
    "minion_rush": {
        *("B4", "C4", "B5", "D5", "B6", "C6"),  # around C5
        *("G4", "H4", "G5", "I5", "G6", "H6"),  # around H5
    },
}


def _seats(count: int) -> list[Seat]:
    return [Seat(i, f"P{i + 1}") for i in range(count)]


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_fighters_are_chosen_in_reverse_order_from_the_right_of_the_first_player(count: int) -> None:
    """SETUP: "Starting with the player to the right of the first player and proceeding
    counter-clockwise around the table, each player chooses a fighter" (play goes clockwise, to
    the next seat; ruling R2), so the first player chooses last; a fighter taken is not offered."""
    for seed in range(4):
        state = ENGINE.new_game(_seats(count), "standard", {}, seed)
        first = state.first
        asked: list[int] = []
        taken: set[str] = set()
        while state.phase == "choose":
            (question,) = ENGINE.decisions(state)
            assert question.key == "fighter"
            offered = {option.id for option in question.options}
            assert offered == {f.id for f in content.FIGHTERS} - taken
            choice = sorted(offered)[0]
            taken.add(choice)
            asked.append(question.seat)
            ENGINE.apply(state, question.seat, "fighter", [choice])
        assert asked == [(first - i) % count for i in range(1, count + 1)]
        assert asked[-1] == first
        assert state.turn == first  # "The first player will take the first turn"


def test_the_first_player_is_drawn_by_the_seeded_prng() -> None:
    """SETUP: "Choose a player to be first player" (ruling R1: at random, from the game's seed)."""
    firsts = [ENGINE.new_game(_seats(4), "standard", {}, seed).first for seed in range(24)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [ENGINE.new_game(_seats(4), "standard", {}, seed).first for seed in range(24)]
    state = ENGINE.new_game(_seats(4), "standard", {}, 3)
    assert state.log[0] == f"{state.names[state.first]} goes first; fighters are chosen in reverse order"


@pytest.mark.parametrize("count", [3, 6])
def test_the_starting_table(count: int) -> None:
    """SETUP: a starting control pad of 1 Attack, Block, Charge and Draw button; the remaining
    buttons shuffled into the deck and 5 revealed as the offer; 4 random achievements face up;
    health at the highest number and stars at 0; 2 fighter cards in hand."""
    state = new_game("standard", count, seed=7)
    for player in state.players:
        assert [button.card for button in player.pad] == list(STARTERS)
        assert [content.BUTTONS_BY_ID[button.card].letter for button in player.pad] == ["A", "B", "C", "D"]
        assert not any(button.pushed for button in player.pad)
        assert player.health == board.max_health(player.fighter)
        assert player.stars == 0
        assert len(player.hand) == 2 and len(player.deck) == content.DECK_SIZE - 2
        assert Counter(player.hand + player.deck) == Counter(content.DECKS[player.fighter])
        assert player.at is None  # "Fighters will start the game off the board"
    assert len(state.offer) == 5
    assert len(state.button_deck) == 58 - 4 * count - 5
    unused = Counter(state.button_deck + state.offer)
    for starter in STARTERS:
        assert unused[starter] == 6 - count  # the starters nobody took are shuffled in
    assert len(state.achievements) == 4 == len(set(state.achievements))
    assert set(state.achievements) <= {a.id for a in content.ACHIEVEMENTS}
    assert state.board == "standard"
    assert state.minions == []


def test_the_achievements_and_offer_are_random_but_seeded() -> None:
    """SETUP: "Shuffle the achievement cards and create a face-up row of 4 random achievements"."""
    rows = {tuple(new_game(seed=seed).achievements) for seed in range(12)}
    assert len(rows) > 6
    assert new_game(seed=4).offer == new_game(seed=4).offer


def test_standard_needs_3_to_6_players_and_minion_rush_1_or_2() -> None:
    """SETUP: Standard Mode accommodates 3-6 players, Minion Rush Mode 1-2."""
    for mode, good, bad in (
        ("standard", (3, 6), (2, 7)),
        ("rush_solo", (1,), (2,)),
        ("rush_coop", (2,), (1, 3)),
    ):
        for count in good:
            ENGINE.new_game(_seats(count), mode, {}, 1)
        for count in bad:
            with pytest.raises(ValueError):
                ENGINE.new_game(_seats(count), mode, {}, 1)


def test_fighters_enter_the_board_at_their_first_revive_next_to_a_spawn_point() -> None:
    """SETUP note and 1. Revive: a fighter starts off the board and is placed, at its player's
    first revive, on an unoccupied space adjacent to a spawn point, with full health."""
    state = new_game("standard", 3, seed=2, fighters=("khan_queso", "dr_curium", "tchotchke"))
    first = state.first
    assert decision(state).seat == first and decision(state).key == "revive"
    assert set(options(state)) == SPAWN_NEIGHBOURS["standard"]
    answer(state, "D3")
    assert state.players[first].at == "D3"
    assert state.players[first].health == board.max_health(state.players[first].fighter)
    assert any("enters the board at D3" in line for line in state.log)
    answer(state, "end")
    nxt = (first + 1) % 3
    assert decision(state).seat == nxt and decision(state).key == "revive"
    assert set(options(state)) == SPAWN_NEIGHBOURS["standard"] - {"D3"}
    assert entry_spaces(state) == sorted(options(state), key=lambda label: (int(label[1:]), label[0]))


def test_minion_rush_setup_uses_the_ring_side_no_achievements_and_four_minions() -> None:
    """Minion Rush Mode, Setup: "The achievement cards will not be used", the 4 minion standees
    are within reach, "Use the game board side which has yellow power up spaces on the outside
    ring"."""
    for mode, count in (("rush_solo", 1), ("rush_coop", 2), ("rush_versus", 2)):
        state = new_game(mode, count, seed=5)
        assert state.board == "minion_rush"
        assert state.achievements == []
        assert [m.letter for m in state.minions] == ["A", "B", "C", "D"]
        assert all(m.damage == 0 for m in state.minions)
        assert len(state.offer) == 5
        for player in state.players:
            assert [button.card for button in player.pad] == list(STARTERS)
            assert len(player.hand) == 2
        assert all(minion.at is None for minion in state.minions)  # none entered before the first question


def test_minion_rush_fighters_enter_next_to_the_rings_spawn_points() -> None:
    """1. Revive, on the Minion Rush side (spawn points C5 and H5); the minion phase comes first."""
    state = new_game("rush_solo", 1, seed=5)
    while decision(state).key != "revive":
        answer(state, options(state)[0])
    assert set(options(state)) <= SPAWN_NEIGHBOURS["minion_rush"]
    assert set(options(state)) == SPAWN_NEIGHBOURS["minion_rush"] - {m.at for m in state.minions}
