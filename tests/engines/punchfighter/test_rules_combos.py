"""Combos (rulebook, LAUNCH a Combo: 1. Pay the Button Cost, 2. Resolve the Effect(s), 3. Discard
or Chain; CHAIN a Combo, with both of its examples)."""

from __future__ import annotations

import pytest

from engines.punchfighter import content, pay
from engines.punchfighter.schema import FighterCard, Heal
from engines.punchfighter.state import PadButton, PunchState
from tests.engines.punchfighter.kit import STARTERS, answer, arena, decision, options, pad, paying, said

TRIO = ("tchotchke", "dr_curium", "business_lizard")
BOP, DASH, SHELF_DIVE, FLURRY = "tc_bobblehead_bop", "tc_dust_bunny_dash", "tc_shelf_dive", "tc_flurry"
HAMMER_TIME, TONGS_GRAB = "aa_hammer_time", "aa_tongs_grab"  # costs B-C-A and C-A
TEST_BC = "aa_test_bc"


def _paid(state: PunchState) -> list[str]:
    """The letters of the buttons pushed on seat 0's pad."""
    return [content.BUTTONS_BY_ID[b.card].letter for b in state.players[0].pad if b.pushed]


def test_paying_a_cost_pushes_buttons_without_their_effects() -> None:
    """1. Pay the Button Cost: "When pushing a button to pay a button cost DO NOT trigger that
    button's effect"; 2. the card's effects resolve."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP], [], []])
    answer(state, f"c.{BOP}")
    assert state.players[0].pad[0].pushed  # the Punch paid A...
    assert state.players[0].stats.pushed == 0  # ...but was not pushed for its effect
    assert said(state, "P1 launches Bobblehead Bop (paying A)")
    assert decision(state).seat == 1 and decision(state).key == "defend"
    answer(state, "take")
    assert state.players[1].health == 10 - 2  # Bop's 2 damage, and no Punch for 1
    assert state.players[0].discard == [BOP] and state.players[0].hand == []


def test_launching_a_combo_is_the_action() -> None:
    """LAUNCH a Combo: "Playing a combo card counts as your action for the turn"."""
    state = arena(TRIO, ["E4", "I2", "I8"], hands=[[BOP, FLURRY], [], []])
    assert {"move", "draw", f"c.{BOP}", f"c.{FLURRY}"} <= set(options(state))
    answer(state, f"c.{BOP}")  # no one in range: nothing to hit
    assert said(state, "Tchotchke has no one to hit")
    assert decision(state).key == "chain"
    answer(state, "stop")
    assert not ({"move", "draw", f"c.{FLURRY}"} & set(options(state)))


def test_a_button_already_pushed_cannot_pay() -> None:
    """1. Pay: "You cannot push a button that already has a thumb token on it": with the only A
    pushed, a card costing A cannot be launched."""
    state = arena(TRIO, ["E4", "I2", "I8"], hands=[[BOP], [], []])
    answer(state, "p0")  # Punch for its effect: nobody in range
    assert f"c.{BOP}" not in options(state)
    assert pay.payment(state.players[0].pad, "A") is None


def test_the_wild_button_pays_for_any_letter() -> None:
    """1. Pay: "The Wild button can be substituted in for any other button when paying"."""
    state = arena(TRIO, ["E4", "I2", "I8"], hands=[[BOP], [], []])
    state.players[0].pad = pad("w_turbo", "b_block", "c_charge", "d_draw")
    assert f"c.{BOP}" in options(state)
    answer(state, f"c.{BOP}")
    assert state.players[0].pad[0].pushed and _paid(state) == ["W"]


def test_payment_takes_the_exact_letter_first_starters_first_and_a_wild_last() -> None:
    """Ruling R7: payment is automatic; the exact letter is pushed before a Wild, a starter
    before a deck button of the same letter, so the buttons worth pushing stay free."""
    buttons = pad("w_turbo", "a_heavy_punch", "a_punch", "c_dash", "c_charge")
    assert pay.payment(buttons, "A") == [2]
    assert pay.payment(buttons, "AA") == [2, 1]
    assert pay.payment(buttons, "AAA") == [2, 1, 0]  # the Wild fills the third A
    assert pay.payment(buttons, "CA") == [4, 2]
    assert pay.payment(buttons, "AAAA") is None
    assert pay.payment(buttons, "D") == [0]
    buttons[2] = PadButton("a_punch", pushed=True)
    assert pay.payment(buttons, "A") == [1]


def test_the_player_chooses_which_buttons_pay_when_several_could() -> None:
    """Pay the Button Cost: "push each button in that card's cost" and "The Wild button can be
    substituted" (ruling R7): with Shove before Heavy Punch on the pad and a healing Wild, Bobblehead
    Bop asks which button pays; the suggestion comes first; the player keeps Shove, the ring-out
    button, by paying with Heavy Punch."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP], [], []])
    state.players[0].pad = pad("a_shove", "a_heavy_punch", "w_second_wind", "d_draw")
    answer(state, f"c.{BOP}")
    question = decision(state)
    assert question.key == "pay" and question.prompt == "Pay for Bobblehead Bop (A) with which buttons?"
    assert [o.id for o in question.options] == ["y0", "y1", "y2", "back"]
    assert [o.label for o in question.options][:3] == ["Shove (A)", "Heavy Punch (A)", "Second Wind (W)"]
    assert question.options[0].detail.startswith("Suggested")
    answer(state, "y1")
    assert [b.pushed for b in state.players[0].pad] == [False, True, False, False]
    assert said(state, "P1 launches Bobblehead Bop (paying A)")


def test_a_wild_can_be_chosen_to_pay_and_back_undoes_the_launch() -> None:
    """The Wild pays even when an exact letter is free; Back at the payment question gives the card
    back with nothing pushed."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP], [], []])
    state.players[0].pad = pad("a_punch", "w_second_wind")
    answer(state, f"c.{BOP}")
    answer(state, "back")
    assert decision(state).key == "main" and state.players[0].hand == [BOP]
    assert not any(b.pushed for b in state.players[0].pad)
    answer(state, f"c.{BOP}")
    answer(state, "y1")
    assert [b.pushed for b in state.players[0].pad] == [False, True]


def test_no_payment_question_when_only_one_set_of_buttons_can_pay() -> None:
    """Asked only when there is a choice: two copies of a starter are one way to pay."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP], [], []])
    state.players[0].pad = pad("a_punch", "a_punch", "d_draw")
    answer(state, f"c.{BOP}")
    assert decision(state).key == "defend"
    assert pay.payments(state.players[0].pad, "A") == [[1]]  # the other Punch is left


# --- CHAIN a Combo --------------------------------------------------------------------------------


@pytest.fixture
def test_bc(monkeypatch: pytest.MonkeyPatch) -> str:
    """A combo card costing B-C (no such card is in the box; the rulebook's examples use one)."""
    card = FighterCard(
        id=TEST_BC, fighter="anvil_annie", name="Test B-C", cost="BC", effects=[Heal(health=1)]
    )
    monkeypatch.setitem(content.CARDS_BY_ID, TEST_BC, card)
    return TEST_BC


def test_chain_example_without_a_match_costs_b_c_b_c_a(test_bc: str) -> None:
    """CHAIN a Combo, first example: a card costing B-C then one costing B-C-A: "Played in this
    order this chain of cards would cost: B, C, B, C, A" (C does not match B: nothing skipped)."""
    fighters = ("anvil_annie", "dr_curium", "business_lizard")
    state = arena(fighters, ["E4", "I2", "I8"], hands=[[test_bc, HAMMER_TIME], [], []])
    state.players[0].pad = pad(*STARTERS, "b_guard_up", "c_dash")
    paying(state, f"c.{test_bc}")
    assert _paid(state) == ["B", "C"]
    assert decision(state).key == "chain"
    labels = {o.id: o.label for o in decision(state).options}
    assert labels[f"c.{HAMMER_TIME}"] == "Chain Hammer Time (B-C-A)"
    paying(state, f"c.{HAMMER_TIME}")
    assert said(state, "P1 chains Hammer Time (paying B-C-A)")
    assert sorted(_paid(state)) == sorted("BCBCA")
    assert not state.players[0].pad[3].pushed  # the D is all that is left


def test_chain_example_without_a_match_needs_the_second_b_and_c(test_bc: str) -> None:
    """CHAIN a Combo: "so long as you can afford to pay the button cost of all of the cards in the
    chain": with one B and one C, B-C-A cannot follow B-C."""
    fighters = ("anvil_annie", "dr_curium", "business_lizard")
    state = arena(fighters, ["E4", "I2", "I8"], hands=[[test_bc, HAMMER_TIME], [], []])
    answer(state, f"c.{test_bc}")
    assert decision(state).key == "main"  # nothing affordable: the chain ends by itself
    assert state.players[0].discard == [test_bc]
    assert state.players[0].hand == [HAMMER_TIME]


def test_chain_example_with_a_match_costs_b_c_a(test_bc: str) -> None:
    """CHAIN a Combo, second example: B-C then C-A: "if the first button in the card's cost
    matches the last button in the previous combo card's cost, skip that button": B, C, A, so a
    starting pad pays for both."""
    fighters = ("anvil_annie", "dr_curium", "business_lizard")
    state = arena(fighters, ["E4", "I2", "I8"], hands=[[test_bc, TONGS_GRAB], [], []])
    answer(state, f"c.{test_bc}")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels == {"stop": "End the chain", f"c.{TONGS_GRAB}": "Chain Tongs Grab (A)"}
    answer(state, f"c.{TONGS_GRAB}")
    assert said(state, "P1 chains Tongs Grab (paying A)")
    assert sorted(_paid(state)) == ["A", "B", "C"]
    assert state.players[0].discard == [test_bc, TONGS_GRAB]  # the chain is over: both discarded


def test_a_matching_one_letter_card_is_chained_for_nothing_and_four_cards_chain_off_three_buttons() -> None:
    """CHAIN a Combo: "You may chain together as many combo cards ... as you like"; ruling C12:
    Tchotchke's Dust Bunny Dash (C), Shelf Dive (CA), Bobblehead Bop (A) and Knick-Knack Flurry
    (AD) pay C, A, nothing, D. The chain's cards are played out until it ends, then all
    discarded."""
    state = arena(TRIO, ["E4", "I2", "I8"], hands=[[DASH, SHELF_DIVE, BOP, FLURRY], [], []])
    answer(state, f"c.{DASH}")
    answer(state, "stop")  # Dash's move 3: stay
    assert said(state, "Tchotchke has no one to hit")
    assert options(state) == ["stop", f"c.{SHELF_DIVE}", f"c.{BOP}", f"c.{FLURRY}"]  # all affordable
    answer(state, f"c.{SHELF_DIVE}")
    answer(state, "stop")
    labels = {o.id: o.label for o in decision(state).options}
    assert labels[f"c.{BOP}"] == "Chain Bobblehead Bop (free)"
    answer(state, f"c.{BOP}")
    assert state.chain == [DASH, SHELF_DIVE, BOP]
    assert state.players[0].discard == []
    state.players[0].deck = ["tc_bubble_wrap"]
    answer(state, f"c.{FLURRY}")
    answer(state, "fd")  # Flurry's draw 1: a defence card, so nothing more can be chained
    paid = [line.split(" (paying ")[1] for line in state.log if "(paying " in line]
    assert paid == ["C)", "A)", "nothing)", "D)"]
    assert _paid(state) == ["A", "C", "D"] and not state.players[0].pad[1].pushed
    assert decision(state).key == "main"
    assert state.players[0].discard == [DASH, SHELF_DIVE, BOP, FLURRY] and state.chain == []
    assert state.players[0].stats.chain == 4


def test_the_discount_compares_printed_costs() -> None:
    """Ruling R8: the discount compares the new card's first letter with the last letter of the
    previous card's printed cost, whatever was actually paid for it."""
    assert pay.chained_cost("BC", "CA") == "A"
    assert pay.chained_cost("BC", "BCA") == "BCA"
    assert pay.chained_cost("A", "A") == ""
    assert pay.cost_now([BOP], FLURRY) == "D"  # Bop costs A (even when chained for free)
    assert pay.cost_now([], FLURRY) == "AD"


def test_chaining_only_follows_a_resolved_combo_card() -> None:
    """CHAIN a Combo: "After resolving a combo card effect you may immediately play another": the
    chain question comes after the card's effects, and once the chain ends no combo card can be
    played (the action was the launch)."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP, BOP], [], []])
    state.players[0].pad = pad(*STARTERS, "a_heavy_punch")
    paying(state, f"c.{BOP}")
    assert decision(state).key == "defend"  # Bop's attack resolves before any chaining
    answer(state, "take")
    assert decision(state).key == "chain"
    assert options(state) == ["stop", f"c.{BOP}"]  # Bop after Bop: free
    answer(state, "stop")
    assert f"c.{BOP}" not in options(state)


def test_back_after_a_launch_gives_the_card_and_the_buttons_back() -> None:
    """Ruling R6: Back on the first question after launching (here the target) un-pays the cost
    and returns the card to the hand; the action is not used."""
    state = arena(TRIO, ["E4", "F4", "D4"], hands=[[FLURRY], [], []])
    answer(state, f"c.{FLURRY}")
    assert decision(state).key == "target" and "back" in options(state)
    answer(state, "back")
    assert state.players[0].hand == [FLURRY] and _paid(state) == []
    assert state.chain == [] and not state.action_used
    assert f"c.{FLURRY}" in options(state)


def test_two_turbos_cannot_free_each_other_without_end() -> None:
    """Ruling C1: a button pushed for its own recharge is freed only by the reset. Two Turbos
    (Wild, recharge 1): the second cannot free the first, so a turn holds two pushes, not an
    endless loop (nor Button Masher for nothing)."""
    state = arena(TRIO, ["E4", "I2", "I8"])
    state.players[0].pad = pad("w_turbo", "w_turbo", "d_draw")
    answer(state, "p0")  # nothing else is pushed: it frees nothing
    answer(state, "p1")  # the first Turbo stays pushed
    assert [b.pushed for b in state.players[0].pad] == [True, True, False]
    assert "p0" not in options(state) and "p1" not in options(state)
    assert state.players[0].stats.pushed == 2
    answer(state, "end")
    assert not any(b.pushed for b in state.players[0].pad)  # the reset frees them both


def test_a_recharge_still_frees_a_turbo_that_paid_a_cost() -> None:
    """A Turbo that paid for a card was not pushed for its recharge: another Turbo may free it."""
    state = arena(TRIO, ["E4", "F4", "I8"], hands=[[BOP], [], []])
    state.players[0].pad = pad("w_turbo", "w_turbo", "d_draw")
    answer(state, f"c.{BOP}")  # the Wild pays A
    answer(state, "take", seat=1)
    if decision(state).key == "chain":
        answer(state, "stop")
    answer(state, "p1")
    assert [b.pushed for b in state.players[0].pad] == [False, True, False]
