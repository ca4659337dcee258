"""Attacks (rulebook, CARD EFFECTS: Attack, with range, line of sight and its example; Block and
Defending) and the attack effects (ATTACK EFFECTS: Push, Pull, Throw, Stagger)."""

from __future__ import annotations

import pytest

from engines.punchfighter import attack, board, content
from engines.punchfighter.hexes import parse_label
from engines.punchfighter.schema import Attack, FighterCard
from engines.punchfighter.state import PunchState
from tests.engines.punchfighter.kit import ENGINE, STARTERS, answer, arena, decision, options, pad, pick, said

TCHOTCHKE, CURIUM, LIZARD, KHAN, KILOWATT = (
    "tchotchke",
    "dr_curium",
    "business_lizard",
    "khan_queso",
    "kid_kilowatt",
)
SNOW_GLOBE_LOB = "tc_snow_globe_lob"  # DC: attack 1, range 3, stagger 1; move 2
RED_TAPE = "bl_red_tape"  # BA: attack 2, range 3, pull 1, stagger 1
SPARK_KICK = "kk_spark_kick"  # AB: attack 3, range 1, push 1
THUNDERCLAP = "kk_thunderclap"  # ABC: attack 4, range 1, push 2
REPULSOR = "cu_repulsor_pulse"  # B: attack 1, range 1, push 2
LASSO = "kq_string_lasso"  # CA: attack 1, range 3, pull 2
SUPLEX = "kq_cheddar_suplex"  # AB: attack 3, range 1, throw 1
THROW_TWO = "kq_test_throw_two"  # AB: attack 2, range 1, throw 2 (a test card, `throw_two`)
HEADLOCK = "kq_melted_headlock"  # BD: attack 1, range 1, stagger 2
FLURRY = "tc_flurry"  # AD: attack 1 range 1, attack 1 range 1, draw 1


def _distance(a: str, b: str) -> int:
    return parse_label(a).distance(parse_label(b))


def _spaces(state: PunchState) -> list[str]:
    return [o for o in options(state) if o[:1].isupper()]


# --- Range and line of sight ----------------------------------------------------------------------


def test_range_counts_spaces() -> None:
    """Attack: "An attack is within range if the attacker and the target are a number of spaces
    from each other equal to or less than the listed range"."""
    state = arena((TCHOTCHKE, CURIUM, LIZARD), ["E4", "H4", "A4"], hands=[[SNOW_GLOBE_LOB], [], []])
    assert _distance("E4", "H4") == 3 and _distance("E4", "A4") == 4
    assert attack.targets(state, "f0", 3) == ["f1"]
    assert attack.targets(state, "f0", 4) == ["f1", "f2"]
    assert attack.targets(state, "f0", 2) == []
    answer(state, f"c.{SNOW_GLOBE_LOB}")  # one fighter in range: it is the target
    assert decision(state).seat == 1 and decision(state).key == "defend"


def test_the_rulebook_line_of_sight_example() -> None:
    """Attack, Example: "Tchotchke has line of sight of Dr. Curium, but Business Lizard does not
    have line of sight of Khan Queso". Business Lizard (B4), Tchotchke (C4) and Khan Queso (D4)
    stand in a row, Dr. Curium two spaces below Tchotchke (C6)."""
    fighters = (TCHOTCHKE, CURIUM, LIZARD, KHAN)
    state = arena(fighters, ["C4", "C6", "B4", "D4"], hands=[[SNOW_GLOBE_LOB], [], [RED_TAPE], []])
    assert _distance("C4", "C6") == 2 and _distance("B4", "D4") == 2
    answer(state, f"c.{SNOW_GLOBE_LOB}")
    assert decision(state).key == "target"
    assert options(state) == ["f1", "f2", "f3", "back"]  # Dr. Curium among them
    labels = {o.id: o.label for o in decision(state).options}
    assert labels["f1"] == "Dr. Curium at C6: 1 damage (9 left)"

    state = arena(fighters, ["C4", "C6", "B4", "D4"], hands=[[], [], [RED_TAPE], []], turn=2)
    answer(state, f"c.{RED_TAPE}")
    assert options(state) == ["f0", "f1", "back"]  # Tchotchke and Dr. Curium, not Khan Queso
    assert attack.targets(state, "f2", 6) == ["f0", "f1"]


def test_a_spawn_point_blocks_line_of_sight_and_a_pit_does_not() -> None:
    """Attack: the line "crosses no other space containing a fighter or a spawn point. An attack
    may cross a pit"."""
    state = arena((TCHOTCHKE, CURIUM, LIZARD), ["B3", "D3", "I8"])
    assert board.grid_of(state).kind(parse_label("C3")) == "spawn"
    assert attack.targets(state, "f0", 3) == []
    state = arena((TCHOTCHKE, CURIUM, LIZARD), ["D5", "G5", "I8"])
    assert {board.grid_of(state).kind(parse_label(h)) for h in ("E5", "F5")} == {"pit"}
    assert attack.targets(state, "f0", 3) == ["f1"]


def test_line_of_sight_along_a_seam_is_blocked_only_when_both_sides_block() -> None:
    """Attack, line of sight (ruling R15): the line from C4 to C6 runs along the edge between C5
    and D5; one fighter on either side does not block it, fighters on both do."""
    fighters = (TCHOTCHKE, CURIUM, LIZARD, KHAN)
    assert attack.targets(arena(fighters[:3], ["C4", "C6", "C5"]), "f0", 2) == ["f1", "f2"]
    assert attack.targets(arena(fighters[:3], ["C4", "C6", "D5"]), "f0", 2) == ["f1", "f2"]
    assert attack.targets(arena(fighters, ["C4", "C6", "C5", "D5"]), "f0", 2) == ["f2", "f3"]


# --- Defending --------------------------------------------------------------------------------


def test_the_defender_chooses_a_defence_card_or_an_unpushed_block_button() -> None:
    """Defending: "When a fighter is attacked, that fighter's controlling player may play a
    defense card or push a Block button in response" (a decision for that player, on another
    player's turn); combo cards and pushed buttons are not offered."""
    hands = [[SPARK_KICK], ["kq_cheese_curtain", "kq_rind_of_iron", "kq_curd_clinch"]]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[*hands, []])
    state.players[1].pad = pad(*STARTERS, "b_guard_up", "b_iron_guard")
    state.players[1].pad[4].pushed = True
    answer(state, f"c.{SPARK_KICK}")
    question = decision(state)
    assert question.seat == 1 and state.turn == 0 and question.key == "defend"
    assert question.prompt == "Kid Kilowatt attacks you: 3 damage, push 1. Defend?"  # every effect named
    assert [(o.id, o.label) for o in question.options] == [
        ("take", "Take the hit (3 damage, push 1)"),
        ("d.kq_cheese_curtain", "Defend: Cheese Curtain"),
        ("d.kq_rind_of_iron", "Defend: Rind of Iron"),
        ("b1", "Push Block: block 1"),
        ("b5", "Push Iron Guard: block 3"),
    ]


def test_blocked_damage_is_not_taken_and_the_push_still_happens() -> None:
    """Block: "Damage that is blocked is not removed from a fighter's health bar. All unblocked
    damage and all other effects from an attack are still resolved"."""
    hands = [[SPARK_KICK], ["kq_cheese_curtain"], []]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, f"c.{SPARK_KICK}")
    answer(state, "d.kq_cheese_curtain")  # block 3 of 3
    assert said(state, "P2 defends with Cheese Curtain")
    assert state.players[1].health == 12
    assert state.players[1].discard == ["kq_cheese_curtain"]
    assert decision(state).seat == 0 and decision(state).key == "shove"  # the push goes on
    answer(state, _spaces(state)[0])
    assert _distance("E4", state.players[1].at or "") == 2


def test_a_block_button_blocks_its_number_and_is_pushed() -> None:
    """Defending: "To push a Block button on your control pad, place a thumb token on it"; it
    blocks its number of damage."""
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[[SPARK_KICK], [], []])
    answer(state, f"c.{SPARK_KICK}")
    answer(state, "b1")
    assert state.players[1].pad[1].pushed
    assert state.players[1].health == 12 - 2
    assert state.players[1].stats.blocked == 1


def test_one_defence_per_attack_and_each_attack_is_separate() -> None:
    """Defending note: "Only 1 defense card or Block button can be played/pushed per attack and
    only blocks damage from that attack"; Attack note: "Each attack on a card ... is considered a
    separate attack and can target the same or a different fighter"."""
    state = arena((TCHOTCHKE, CURIUM, LIZARD), ["E4", "F4", "D4"], hands=[[FLURRY], ["cu_fume_hood"], []])
    state.players[2].pad = pad("a_punch", "c_charge", "d_draw")  # Lizard cannot defend
    answer(state, f"c.{FLURRY}")
    assert decision(state).key == "target" and options(state) == ["f1", "f2", "back"]
    answer(state, "f1")
    assert options(state) == ["take", "d.cu_fume_hood", "b1"]  # one of these, not both
    answer(state, "b1")
    assert state.players[1].health == 10  # Block 1 stopped the 1 damage
    assert decision(state).key == "target"  # the second attack: a new target
    answer(state, "f1")
    assert options(state) == ["take", "d.cu_fume_hood"]  # the Block button is pushed now
    answer(state, "take")
    assert state.players[1].health == 9
    assert decision(state).key == "draw"  # Flurry's draw 1


def test_no_defence_no_question() -> None:
    """Defending: with no defence card and no unpushed Block button the attack simply lands."""
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[[SPARK_KICK], [], []])
    state.players[1].pad[1].pushed = True
    answer(state, f"c.{SPARK_KICK}")
    assert decision(state).seat == 0 and decision(state).key == "shove"
    assert state.players[1].health == 12 - 3


def test_steady_ignores_push_pull_throw_and_stagger() -> None:
    """Ruling C2 and R16: a steady defence card cancels that attack's push, pull, throw and stagger
    (and blocks its number)."""
    hands = [[THUNDERCLAP], ["kq_rind_of_iron"], []]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, f"c.{THUNDERCLAP}")
    answer(state, "d.kq_rind_of_iron")  # block 2, steady
    assert state.players[1].health == 12 - 2 and state.players[1].at == "F4"
    hands = [[HEADLOCK], ["cu_lead_apron"], []]
    state = arena((KHAN, CURIUM, LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, f"c.{HEADLOCK}")
    answer(state, "d.cu_lead_apron")  # block 2, steady: no stagger
    assert decision(state).seat == 0 and not any(b.pushed for b in state.players[1].pad)
    hands = [[SUPLEX], ["aa_anvil_stance"], []]
    state = arena((KHAN, "anvil_annie", LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, f"c.{SUPLEX}")
    answer(state, "d.aa_anvil_stance")  # block 2 of 3, steady: no throw
    assert state.players[1].at == "F4" and state.players[1].health == 13 - 1
    hands = [[LASSO], ["aa_anvil_stance"], []]
    state = arena((KHAN, "anvil_annie", LIZARD), ["B4", "E4", "I8"], hands=hands)
    answer(state, f"c.{LASSO}")
    answer(state, "d.aa_anvil_stance")  # steady: no pull
    assert state.players[1].at == "E4" and state.players[1].health == 13


# --- Push, Pull, Throw ------------------------------------------------------------------------


def test_push_moves_exactly_that_far_each_space_farther_and_may_go_off_the_board() -> None:
    """Push: "Move the target fighter exactly the instructed number of spaces away from your
    fighter. Each space ... must be farther away ... You cannot push the target into a space
    occupied by another fighter or a spawn point, but you may push it off the game board". The
    attacker chooses where (ruling R17)."""
    state = arena((CURIUM, KHAN, LIZARD), ["G4", "I8", "H4"], hands=[[REPULSOR], [], []])
    state.players[2].pad = pad("a_punch", "c_charge", "d_draw")
    answer(state, f"c.{REPULSOR}")
    question = decision(state)
    assert question.seat == 0 and question.key == "shove"
    assert [(o.id, o.label) for o in question.options] == [
        ("off", "Off the board (a K.O.)"),
        ("J5", "J5"),
        ("I6", "I6"),
    ]
    assert all(_distance("G4", end) == 3 for end in ("J5", "I6"))  # H3 is a spawn point
    answer(state, "J5")
    assert state.players[2].at == "J5" and said(state, "Business Lizard is moved to J5")


def test_push_is_never_into_another_fighter() -> None:
    """Push: "You cannot push the target into a space occupied by another fighter"."""
    fighters = (CURIUM, KHAN, LIZARD, TCHOTCHKE, KILOWATT)
    state = arena(fighters, ["E4", "F4", "G4", "F3", "G3"], hands=[[REPULSOR], [], [], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{REPULSOR}")
    assert options(state) == ["f1", "f3", "back"]  # G4 and G3 are out of range behind them
    answer(state, "f1")
    assert _spaces(state) == ["H5", "G6"]  # round the fighters on G4, F3 and G3


def test_a_push_that_cannot_go_its_whole_length_goes_as_far_as_it_can() -> None:
    """Ruling R18: when no push of the full length exists it moves as far as it can. From F4,
    pushed by E4, the only space farther is G3 (G4, F3 and G5 hold fighters); past G3 the only
    one is G2 (a fighter) or H3 (a spawn point): one space of two."""
    fighters = (CURIUM, KHAN, LIZARD, TCHOTCHKE, KILOWATT, "anvil_annie")
    at = ["E4", "F4", "G4", "F3", "G5", "G2"]
    state = arena(fighters, at, hands=[[REPULSOR], [], [], [], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{REPULSOR}")
    answer(state, "f1")
    assert state.players[1].at == "G3"
    assert decision(state).key == "main"


def test_a_fighter_with_no_space_farther_is_not_moved() -> None:
    """Ruling R18: with no step possible the push leaves the target where it is."""
    fighters = (CURIUM, KHAN, LIZARD, TCHOTCHKE, KILOWATT, "anvil_annie")
    at = ["E4", "F4", "G4", "F3", "G5", "G3"]
    state = arena(fighters, at, hands=[[REPULSOR], [], [], [], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{REPULSOR}")
    answer(state, "f1")
    assert state.players[1].at == "F4" and state.players[1].health == 12 - 1
    assert said(state, "Khan Queso cannot be moved")


def test_pull_moves_closer_never_onto_the_attacker_and_may_drag_into_a_pit() -> None:
    """Pull: "Move the target fighter exactly the instructed number of spaces towards your
    fighter. Each space ... must be closer ... you may pull it off the game board"; ruling R18:
    never into the attacker's own space, so a short pull stops next to it."""
    state = arena((KHAN, CURIUM, LIZARD), ["B4", "E4", "I8"], hands=[[LASSO], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{LASSO}")
    assert state.players[1].at == "C4" and state.players[1].health == 10 - 1
    state = arena((KHAN, CURIUM, LIZARD), ["B4", "D4", "I8"], hands=[[LASSO], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{LASSO}")
    assert state.players[1].at == "C4"  # one space: the next would be Khan's own
    state = arena((KHAN, CURIUM, LIZARD), ["D5", "G5", "I8"], hands=[[LASSO], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{LASSO}")  # across the pit; the only space closer is the pit F5
    assert state.players[1].at is None
    assert said(state, "Dr. Curium is knocked off the board")


@pytest.fixture
def throw_two(monkeypatch: pytest.MonkeyPatch) -> str:
    """A combo card throwing 2 (Cheddar Suplex's throw before the balance pass; Wheel of Fortune
    throws 3): a throw long enough to fly over a fighter."""
    card = FighterCard(
        id=THROW_TWO,
        fighter="khan_queso",
        name="Test Throw",
        cost="AB",
        effects=[Attack(range=1, strength=2, throw=2)],
    )
    monkeypatch.setitem(content.CARDS_BY_ID, THROW_TWO, card)
    return THROW_TWO


def test_throw_goes_exactly_that_far_over_fighters_and_pits_not_onto_them(throw_two: str) -> None:
    """Throw: "Move the target ... the instructed number of spaces in any direction. The
    destination must be the instructed number of spaces from the starting space. The target may be
    moved through other fighters, but cannot be moved through a spawn point or end on a space with
    another fighter or on a spawn point. The target may be thrown off the game board" (ruling R19:
    over pits too)."""
    state = arena((KHAN, CURIUM, LIZARD), ["E4", "D4", "C2"], hands=[[throw_two], [], []])
    state.players[1].pad = pad("a_punch")
    answer(state, f"c.{throw_two}")
    assert decision(state).seat == 0 and decision(state).key == "shove"
    ends = _spaces(state)
    assert ends == ["D2", "F3", "B4", "F4", "C5", "C6", "D6", "E6"]  # F4: over Khan himself
    assert "C2" not in ends  # Lizard stands there
    assert all(_distance("D4", end) == 2 for end in ends)
    assert options(state)[0] == "off"  # E2 and F5 are pits
    answer(state, "off")
    assert state.players[1].at is None and said(state, "Dr. Curium is K.O.'d (off the board)")


def test_a_throw_never_ends_on_a_spawn_point() -> None:
    """Throw: not onto a spawn point (C3 is one of C4's neighbours) or a fighter (Khan at D4)."""
    state = arena((KHAN, CURIUM, LIZARD), ["D4", "C4", "I8"])
    state.players[0].pad = pad("a_toss")  # attack 1, range 1, throw 1
    state.players[1].pad = pad("a_punch")
    answer(state, "p0")
    assert sorted(_spaces(state)) == ["B4", "C5", "D3", "D5"]


# --- Stagger ----------------------------------------------------------------------------------


def test_stagger_lets_the_targets_player_choose_which_unpushed_buttons() -> None:
    """Stagger: "The targeted fighter's controlling player must choose the instructed number of
    un-pushed buttons on her control pad and place a thumb token on each" (no effects)."""
    state = arena((KHAN, CURIUM, LIZARD), ["E4", "F4", "I8"], hands=[[HEADLOCK], [], []])
    state.players[1].pad = pad(*STARTERS, "c_dash")
    answer(state, f"c.{HEADLOCK}")
    answer(state, "b1")  # Block 1 stops the 1 damage; the stagger still comes
    question = decision(state)
    assert question.seat == 1 and question.key == "stagger"
    assert question.min_choices == question.max_choices == 2
    assert [o.id for o in question.options] == ["p0", "p2", "p3", "p4"]  # not the pushed Block
    pick(state, "p0", "p4")
    assert [b.pushed for b in state.players[1].pad] == [True, True, False, False, True]
    assert state.players[1].stats.pushed == 0
    assert said(state, "P2 is staggered: 2 buttons pushed")


def test_a_stagger_pushes_every_button_left_when_there_are_fewer() -> None:
    """Stagger with fewer un-pushed buttons than the number: all of them are pushed."""
    state = arena((KHAN, CURIUM, LIZARD), ["E4", "F4", "I8"], hands=[[HEADLOCK], [], []])
    state.players[1].pad = pad("b_block", "a_punch")
    state.players[1].pad[0].pushed = True
    answer(state, f"c.{HEADLOCK}")
    assert [b.pushed for b in state.players[1].pad] == [True, True]
    assert decision(state).seat == 0


def test_a_defence_cards_draw_comes_after_the_attack() -> None:
    """Ruling C2 and R16: a defence card's draw happens once the attack has resolved (its push
    included), on the attacker's turn; then the attacker goes on."""
    hands = [[SPARK_KICK], ["cu_safety_goggles"], []]
    state = arena((KILOWATT, CURIUM, LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, f"c.{SPARK_KICK}")
    answer(state, "d.cu_safety_goggles")  # block 1, draw 1
    assert state.players[1].health == 10 - 2
    assert decision(state).seat == 0 and decision(state).key == "shove"
    answer(state, "G3")
    assert decision(state).seat == 1 and decision(state).key == "draw"
    answer(state, "fd")
    assert len(state.players[1].hand) == 1
    assert decision(state).seat == 0 and decision(state).key == "main"


def test_a_stagger_still_lands_on_a_fighter_knocked_out_by_the_hit() -> None:
    """Block: "all other effects from an attack are still resolved" (ruling R20): Anvil Drop's
    stagger follows its K.O.; the staggered buttons stay pushed until that player's own reset."""
    state = arena(("anvil_annie", TCHOTCHKE, LIZARD), ["E4", "F4", "I8"], hands=[["aa_anvil_drop"], [], []])
    state.players[1].health = 3
    state.players[1].pad = pad("a_punch", "c_charge", "d_draw")
    answer(state, "c.aa_anvil_drop")
    assert state.players[1].at is None
    assert decision(state).seat == 1 and decision(state).key == "stagger"
    assert decision(state).prompt == "Staggered: choose 1 button to push (no effect)"  # not "1 buttons"
    pick(state, "p1")
    assert [b.pushed for b in state.players[1].pad] == [False, True, False]
    assert said(state, "P2 is staggered: 1 button pushed")


def test_a_defence_not_chosen_in_time_lets_the_hit_land() -> None:
    """Defending, timed (our ruling R33): the defender has the table's `defence` seconds (20 by
    default); then the hit lands undefended, and nothing happens before."""
    state = arena((KILOWATT, CURIUM, LIZARD), ["E4", "F4", "A8"], hands=[[SPARK_KICK], ["cu_lead_apron"], []])
    ENGINE.apply(state, 0, "main", [f"c.{SPARK_KICK}"], now=100.0)
    ask = decision(state)
    assert ask.key == "defend" and ask.deadline == 120.0
    assert ENGINE.next_deadline(state) == 120.0
    assert ENGINE.tick(state, 119.0) == [] and decision(state).key == "defend"
    health = state.players[1].health
    events = ENGINE.tick(state, 120.0)
    assert any("did not defend in time" in event.text for event in events)
    assert state.players[1].health == health - 3
    assert ENGINE.next_deadline(state) is None
