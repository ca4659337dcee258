"""Taking a turn (rulebook, TAKING A TURN: 1. Revive, 2. Power Up, 3. Action, 4. Reset,
5. Discard), the MOVE and DRAW actions, the free actions PUSH and DISCARD a Button, and drawing
cards (DRAW 2 Cards: the fighter deck, the button deck, the offer)."""

from __future__ import annotations

from engines.punchfighter import board, content
from engines.punchfighter.hexes import parse_label
from engines.punchfighter.state import PadButton, PunchState
from tests.engines.punchfighter.kit import (
    ENGINE,
    STARTERS,
    answer,
    arena,
    begin_turn,
    decision,
    options,
    pad,
    pick,
    said,
)

TRIO = ("tchotchke", "dr_curium", "business_lizard")
ACTIONS = {"move", "draw"}


def _spaces(state: PunchState) -> dict[str, str]:
    """Offered spaces with their details ("3 spaces"), over every decision of the question."""
    return {
        option.id: option.detail
        for d in ENGINE.decisions(state)
        for option in d.options
        if option.id[:1].isupper()
    }


# --- 1. Revive and 2. Power Up ------------------------------------------------------------------


def test_revive_puts_a_knocked_out_fighter_back_with_full_health() -> None:
    """1. Revive: "If your standee is not on the game board, place it on an unoccupied space
    adjacent to a spawn point. Then set your fighter's health bar to the highest number"."""
    state = arena(TRIO, ["D3", "G5", "B3"])
    state.players[2].at, state.players[2].health = None, 0  # K.O.'d on the skull
    begin_turn(state, 2)
    assert decision(state).seat == 2 and decision(state).key == "revive"
    assert "D3" not in options(state)  # occupied
    assert "B3" in options(state)
    answer(state, "C4")
    assert state.players[2].at == "C4"
    assert state.players[2].health == board.max_health("business_lizard") == 13
    assert decision(state).key == "main"


def test_a_fighter_on_the_board_does_not_revive() -> None:
    """1. Revive happens only when the standee is off the board; health is not restored."""
    state = arena(TRIO, ["D3", "G4", "B4"])
    state.players[0].health = 5
    begin_turn(state, 0)
    assert decision(state).key == "main" and state.players[0].health == 5 and state.players[0].at == "D3"


def test_power_up_on_a_yellow_space_draws_one_card() -> None:
    """2. Power Up: "If your standee is on a yellow power up space, draw 1 card (fighter or
    button)"."""
    state = arena(TRIO, ["D1", "G4", "B4"])
    begin_turn(state, 0)
    assert decision(state).key == "draw" and decision(state).prompt == "Draw a card"
    assert said(state, "P1 powers up on a yellow space")
    answer(state, "fd")
    assert len(state.players[0].hand) == 1
    assert decision(state).key == "main"


def test_power_up_on_a_red_space_draws_two_cards() -> None:
    """2. Power Up: "If it is on a red power up space, draw 2 cards", each from anywhere."""
    state = arena(TRIO, ["G5", "G4", "B4"])
    begin_turn(state, 0)
    assert decision(state).prompt == "Draw a card (2 to draw)"
    answer(state, "fd")
    assert decision(state).key == "draw" and decision(state).prompt == "Draw a card"
    answer(state, "bd")
    assert len(state.players[0].hand) == 1 and len(state.players[0].pad) == 5
    assert decision(state).key == "main"


def test_no_power_up_on_a_plain_space() -> None:
    """2. Power Up draws only on yellow and red spaces."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    begin_turn(state, 0)
    assert decision(state).key == "main" and state.players[0].hand == []


def test_a_fighter_reviving_next_to_a_spawn_point_never_powers_up_on_the_standard_side() -> None:
    """1. Revive then 2. Power Up: no space next to a standard spawn point is a power up space
    (ruling C5), so entering gives no free card."""
    state = arena(TRIO, [None, "G4", "B4"])
    begin_turn(state, 0)
    grid = board.grid_of(state)
    assert decision(state).key == "revive"
    assert all(grid.kind(parse_label(label)) == "floor" for label in options(state))


# --- 3. Action ------------------------------------------------------------------------------------


def test_the_action_menu_offers_one_action_and_free_actions() -> None:
    """3. Action: MOVE 4 spaces, DRAW 2 cards or LAUNCH a combo (one of them), PUSH a button and
    DISCARD a button (free actions); Block buttons are pushed only against attacks (ruling R9)."""
    state = arena(TRIO, ["E4", "G4", "B4"], hands=[["tc_bobblehead_bop", "tc_bubble_wrap"], [], []])
    assert options(state) == ["move", "draw", "c.tc_bobblehead_bop", "p0", "p2", "p3", "drop", "end"]
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["c.tc_bobblehead_bop"] == "Launch Bobblehead Bop (A)"
    assert labels["p2"] == "Push Charge (C)"


def test_move_goes_up_to_4_spaces_never_through_fighters_spawn_points_or_pits() -> None:
    """MOVE 4 Spaces: "You cannot move your standee onto or through a space occupied by another
    standee or a spawn point, or off the game board"."""
    state = arena(TRIO, ["C1", "C2", "D1"])
    answer(state, "move")
    offered = _spaces(state)
    # D1 and C2 hold fighters, so E1 (2 spaces away as the crow flies) is out of reach; the only
    # way is round the C3 spawn point through B2.
    assert offered == {
        "B2": "1 space",
        "B3": "2 spaces",
        "A4": "3 spaces",
        "B4": "3 spaces",
        "C4": "4 spaces",
        "A5": "4 spaces",
        "B5": "4 spaces",
        "C5": "4 spaces",
    }
    answer(state, "C4")
    assert state.players[0].at == "C4"
    assert said(state, "moves to C4")


def test_move_never_enters_a_pit() -> None:
    """MOVE: a pit is off the game board."""
    state = arena(TRIO, ["D5", "I2", "I8"])
    answer(state, "move")
    offered = _spaces(state)
    assert "E5" not in offered and "F5" not in offered and "E2" not in offered
    assert offered["G5"] == "4 spaces"  # round the two-hex pit: D5-D4/E4-F4-G5 or below
    assert "D5" not in offered  # where it stands; "stop" stays there
    assert "stop" in options(state)


def test_only_one_action_a_turn_but_free_actions_any_number() -> None:
    """3. Action: "You may perform 1 action and an unlimited number of free actions ... in any
    order"."""
    state = arena(TRIO, ["E4", "G4", "B4"], hands=[["tc_bobblehead_bop"], [], []])
    state.players[0].pad = pad(*STARTERS, "c_dash", "d_scout")
    answer(state, "p4")  # Dash (free action) before the action
    answer(state, "E3")
    assert {"move", "draw", "c.tc_bobblehead_bop"} <= set(options(state))
    answer(state, "move")
    answer(state, "E4")
    after = options(state)
    assert not ({"move", "draw", "c.tc_bobblehead_bop"} & set(after))
    assert {"p2", "p3", "p5", "drop", "end"} <= set(after)  # pushes are still free
    answer(state, "p2")  # Charge after the action
    answer(state, "stop")
    assert "p2" not in options(state)  # a pushed button cannot be pushed again


def test_the_draw_action_draws_two_cards_one_at_a_time() -> None:
    """DRAW 2 Cards: "One at a time, draw 2 cards", each from the fighter deck, the button deck or
    the offer."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    answer(state, "draw")
    assert decision(state).prompt == "Draw a card (2 to draw)"
    assert options(state)[:2] == ["fd", "bd"] and len(options(state)) == 2 + 5 + 1  # and Back
    answer(state, "fd")
    assert decision(state).prompt == "Draw a card"
    answer(state, "o0")
    assert len(state.players[0].hand) == 1 and len(state.players[0].pad) == 5
    assert "draw" not in options(state)


def test_pushing_a_button_grants_its_effect() -> None:
    """PUSH a Button: "A button can be pushed as a free action to grant you that button's effect"
    (a thumb token goes on it)."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    answer(state, "p3")  # Draw: draw 1
    assert decision(state).key == "draw"
    answer(state, "fd")
    assert state.players[0].pad[3].pushed and len(state.players[0].hand) == 1
    assert state.players[0].stats.pushed == 1


def test_discarding_a_button_is_a_free_action_for_unpushed_buttons_only() -> None:
    """DISCARD a Button: "Place a button from your control pad with no thumb token on it into the
    button discard pile"."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    state.players[0].pad[0].pushed = True
    answer(state, "drop")
    assert options(state) == ["p1", "p2", "p3", "back"]
    answer(state, "p1")
    assert [b.card for b in state.players[0].pad] == ["a_punch", "c_charge", "d_draw"]
    assert state.button_discard[-1] == "b_block"
    assert {"move", "draw"} <= set(options(state))  # not the action


def test_back_takes_back_a_choice_before_anything_resolves() -> None:
    """Ruling R6: the first question after a main-menu choice offers Back, which restores the
    table as it was; once something resolved, it is gone."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    answer(state, "move")
    assert "back" in options(state)
    answer(state, "back")
    assert decision(state).key == "main" and not state.action_used
    answer(state, "draw")
    answer(state, "fd")
    assert "back" not in options(state)  # a card was drawn: no taking it back


# --- 4. Reset and 5. Discard ----------------------------------------------------------------------


def test_reset_takes_every_token_off_when_four_or_fewer_are_pushed() -> None:
    """4. Reset: "Remove a thumb token from up to 4 button cards"; 5. Discard: nothing is left
    pushed, so nothing is discarded."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    for button in state.players[0].pad:
        button.pushed = True
    answer(state, "end")
    assert not any(b.pushed for b in state.players[0].pad) and len(state.players[0].pad) == 4
    assert state.button_discard == []
    assert state.turn == 1  # play proceeds clockwise: the next seat


def test_reset_keeps_the_four_chosen_and_discard_takes_the_rest() -> None:
    """4. Reset and 5. Discard: with more than 4 pushed, the player chooses the 4 to free (ruling
    R10); "Discard all pushed buttons from your control pad" to the button discard pile."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    state.players[0].pad = [PadButton(card, True) for card in (*STARTERS, "c_dash", "w_turbo")]
    answer(state, "end")
    question = decision(state)
    assert question.seat == 0 and question.key == "reset"
    assert question.min_choices == question.max_choices == 4
    assert question.prompt == "Reset: choose the 4 pushed buttons to free (the others are discarded)"
    assert [o.id for o in question.options] == ["p0", "p1", "p2", "p3", "p4", "p5"]
    pick(state, "p0", "p3", "p4", "p5")
    assert [(b.card, b.pushed) for b in state.players[0].pad] == [
        ("a_punch", False),
        ("d_draw", False),
        ("c_dash", False),
        ("w_turbo", False),
    ]
    assert sorted(state.button_discard) == ["b_block", "c_charge"]
    assert said(state, "P1 discards 2 pushed buttons")


def test_a_turn_passes_to_the_next_seat_round_the_table() -> None:
    """TAKING A TURN / SETUP: "Play proceeds clockwise" (the next seat; ruling R2)."""
    state = arena(TRIO, ["E4", "G4", "B4"], turn=2)
    answer(state, "end")
    assert state.turn == 0 and decision(state).seat == 0


# --- Drawing ------------------------------------------------------------------------------------


def test_a_button_drawn_joins_the_pad_and_the_offer_is_refilled() -> None:
    """DRAW: "When Drawing ANY Button Card: Immediately place it face-up ... part of your control
    pad"; "When Drawing a Card from the Button Offer: Reveal a new button card from the top of the
    button deck so that there are always 5"."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    taken, top = state.offer[1], state.button_deck[-1]
    answer(state, "draw")
    answer(state, "o1")
    assert state.players[0].pad[-1] == PadButton(taken)
    assert len(state.offer) == 5 and state.offer[-1] == top
    below = state.button_deck[-1]
    answer(state, "bd")
    assert state.players[0].pad[-1] == PadButton(below)
    assert said(state, f"draws {content.BUTTONS_BY_ID[below].name} from the button deck")


def test_a_pad_holds_ten_buttons_and_an_eleventh_is_discarded() -> None:
    """DRAW: "You may have a maximum of 10 buttons on your control pad. Discard any button you just
    drew if there are already 10 buttons" (ruling R12)."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    state.players[0].pad = pad(*STARTERS, *STARTERS, "c_dash", "c_dash")
    taken = state.offer[0]
    answer(state, "draw")
    answer(state, "o0")
    assert len(state.players[0].pad) == 10
    assert state.button_discard == [taken]
    assert said(state, "has a full pad")
    assert len(state.offer) == 5


def test_buttons_are_never_reshuffled() -> None:
    """DRAW, IMPORTANT: "Button cards are never reshuffled. If there are no button cards available
    to draw (or reveal), you do not draw/reveal a button card": the button deck is no longer
    offered and the offer is not refilled."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    state.button_discard = list(state.button_deck)
    state.button_deck = []
    answer(state, "draw")
    assert options(state) == ["fd", "o0", "o1", "o2", "o3", "o4", "back"]
    answer(state, "o4")
    assert len(state.offer) == 4 and state.button_deck == []
    assert options(state) == ["fd", "o0", "o1", "o2", "o3"]


def test_an_empty_fighter_deck_is_reshuffled_from_the_discard_pile() -> None:
    """DRAW: "When Drawing a Fighter Card ... If there are no cards remaining in the fighter deck,
    reshuffle your discard pile to form a new fighter deck" (ruling R13: when the next card is
    drawn from it)."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    player = state.players[0]
    player.deck, player.discard = [], ["tc_bobblehead_bop", "tc_flurry", "tc_bubble_wrap"]
    answer(state, "draw")
    answer(state, "fd")
    assert said(state, "shuffles the fighter discard into a new deck")
    assert len(player.hand) == 1 and len(player.deck) == 2 and player.discard == []
    assert sorted(player.hand + player.deck) == ["tc_bobblehead_bop", "tc_bubble_wrap", "tc_flurry"]


def test_no_fighter_card_to_draw_means_only_buttons_are_offered() -> None:
    """DRAW: with no fighter deck and no discard pile there is no fighter card to draw."""
    state = arena(TRIO, ["E4", "G4", "B4"])
    state.players[0].deck = []
    state.players[0].discard = []
    answer(state, "draw")
    assert "fd" not in options(state) and "bd" in options(state)


def test_more_than_25_spaces_come_as_menus_by_rows_and_any_space_answers() -> None:
    """MOVE on Discord (our ruling R34): over 25 reachable spaces are split into menus of whole rows
    shown together; a space from any of them answers the question, under the first menu's key too,
    and the AI weighs every reachable space, not only the first menu's."""
    state = arena(("tchotchke", "dr_curium", "khan_queso"), ["E5", "A1", "J9"])
    answer(state, "move")
    menus = ENGINE.decisions(state)
    assert [d.key for d in menus] == ["move", "move.2", "move.3"][: len(menus)] and len(menus) >= 2
    assert all(len(d.options) <= 25 for d in menus) and all("(row" in d.prompt for d in menus)
    spaces = [o.id for d in menus for o in d.options if o.id[:1].isupper()]
    assert len(spaces) > 25 and len(set(spaces)) == len(spaces)
    far = menus[-1].options[-1].id
    ENGINE.apply(state, 0, "move", [far])
    assert state.players[0].at == far
