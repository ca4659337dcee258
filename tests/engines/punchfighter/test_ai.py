"""The heuristic AI (engines/punchfighter/ai.py, DESIGN.md section 2 "AI"): sensible choices in set
positions, and a clear edge over random play."""

from __future__ import annotations

from collections import Counter

from engines.core import RandomPolicy, Rng, Seat
from engines.punchfighter.ai import PunchAI
from engines.punchfighter.ai_lookahead import hide
from engines.punchfighter.state import PunchState
from tests.engines.punchfighter.kit import ENGINE, answer, arena, decision, new_game, options, pad

KILOWATT, KHAN, LIZARD, CURIUM = "kid_kilowatt", "khan_queso", "business_lizard", "dr_curium"
TCHOTCHKE = "tchotchke"
JAB, SPARK_KICK = "kk_static_jab", "kk_spark_kick"  # A: 2 at range 1; AB: 3 at range 1, push 1


def _choice(state: PunchState) -> list[str]:
    return PunchAI("hard", 1).choose(ENGINE, state, decision(state))


def test_the_ai_takes_a_ring_out_when_offered() -> None:
    """Push: an attack that may push its target off the board, and the AI pushes it off."""
    state = arena((CURIUM, KHAN, LIZARD), ["G4", "I8", "H4"], hands=[["cu_repulsor_pulse"], [], []])
    state.players[2].pad = pad("a_punch", "c_charge", "d_draw")
    answer(state, "c.cu_repulsor_pulse")
    assert decision(state).key == "shove" and "off" in [o.id for o in decision(state).options]
    assert _choice(state) == ["off"]


def test_the_ai_defends_a_hit_that_would_change_its_dials_colour() -> None:
    """Defending: Khan Queso on 10 health (his dial 4/4/4: two from his next colour) blocks Spark
    Kick's 3 with the smallest defence that stops it all; a 1-damage Punch that changes nothing is
    taken."""
    hands = [[SPARK_KICK], ["kq_cheese_curtain", "kq_unbreakable"], []]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=hands)
    state.players[1].health = 10
    answer(state, f"c.{SPARK_KICK}")
    assert decision(state).seat == 1 and decision(state).key == "defend"
    assert _choice(state) == ["d.kq_cheese_curtain"]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=hands)
    answer(state, "p0")  # Punch: 1 damage, 14 -> 13
    assert decision(state).key == "defend"
    assert _choice(state) == ["take"]


def test_the_ai_launches_a_combo_that_can_hit_rather_than_end_its_turn() -> None:
    """LAUNCH a Combo: with a rival in reach it attacks (the best card: Spark Kick turns Khan
    Queso's dial on 10), not "end" or "draw"."""
    hand = [JAB, SPARK_KICK, "kk_ground_wire"]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[hand, [], []])
    state.players[1].health = 10
    state.players[0].pad = pad("a_punch", "b_block", "d_draw")  # no move first (see below)
    assert _choice(state) == [f"c.{SPARK_KICK}"]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "H2", "I8"], hands=[hand, [], []])
    assert not _choice(state)[0].startswith("c.")  # nobody in reach: no wasted combo


def test_the_ai_moves_first_when_a_move_button_lets_its_combo_ring_the_rival_out() -> None:
    """PUSH a Button (Charge: move 2) before LAUNCH a Combo: from E4, Spark Kick's push only
    shoves Khan Queso along the board; from above him it pushes him into the pit at F5."""
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[[SPARK_KICK], [], []])
    state.players[1].pad = pad("a_punch", "c_charge", "d_draw")  # nothing to defend with
    assert _choice(state) == ["p2"]  # Charge
    answer(state, "p2")
    answer(state, _choice(state)[0])
    assert _choice(state) == [f"c.{SPARK_KICK}"]
    answer(state, f"c.{SPARK_KICK}")
    assert decision(state).key == "shove" and _choice(state) == ["off"]


def test_a_move_before_an_attack_goes_where_the_attack_lands() -> None:
    """Move then Attack (Dust Bunny Dash: move 3, attack 2 at range 1): Tchotchke, four spaces
    from Khan Queso, ends her move next to him."""
    state = arena((TCHOTCHKE, KHAN, LIZARD), ["B4", "F4", "I8"], hands=[["tc_dust_bunny_dash"], [], []])
    answer(state, "c.tc_dust_bunny_dash")
    assert decision(state).key == "move"
    spot = _choice(state)[0]
    answer(state, spot)
    assert decision(state).seat == 1 and decision(state).key == "defend"  # the hit is on its way


def test_a_recharge_does_not_free_a_button_that_only_recharges() -> None:
    """Recharge: two Turbos (Wild, recharge 1) could free each other for ever; the AI frees the
    Scout instead."""
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "H2", "I8"])
    state.players[0].pad = pad("w_turbo", "w_turbo", "d_scout")
    state.players[0].pad[1].pushed = state.players[0].pad[2].pushed = True
    answer(state, "p0")
    assert decision(state).key == "recharge" and options(state) == ["p1", "p2", "back"]
    assert _choice(state) == ["p2"]


def test_the_look_ahead_plays_out_only_what_the_seat_may_know() -> None:
    """The hard level plays its options out on a copy whose hidden cards are shuffled: the decks,
    and each rival's hand among that rival's unseen cards (hand and deck); its own hand and every
    discard pile stay as they are."""
    state = new_game(seats=4, seed=3)
    copy = ENGINE.decode(ENGINE.encode(state))
    hide(copy, 0, Rng(5))
    assert copy.players[0].hand == state.players[0].hand
    assert Counter(copy.players[0].deck) == Counter(state.players[0].deck)
    assert Counter(copy.button_deck) == Counter(state.button_deck) and copy.offer == state.offer
    for before, after in zip(state.players[1:], copy.players[1:], strict=True):
        assert len(after.hand) == len(before.hand) and after.discard == before.discard
        assert Counter(after.hand + after.deck) == Counter(before.hand + before.deck)
    assert any(a.hand != b.hand for a, b in zip(state.players[1:], copy.players[1:], strict=True))


def test_the_ai_staggers_its_cheapest_buttons() -> None:
    """Stagger: its player chooses which buttons; the AI gives up starters before a Wild."""
    state = arena((KHAN, CURIUM, LIZARD), ["E4", "F4", "I8"], hands=[["kq_melted_headlock"], [], []])
    state.players[1].pad = pad("w_turbo", "a_punch", "c_dash", "d_draw")
    answer(state, "c.kq_melted_headlock")
    assert decision(state).key == "stagger"
    assert sorted(_choice(state)) == ["p1", "p3"]  # Punch and Draw, not Turbo or Dash


def _one_game(seed: int) -> bool:
    """A 3-player Standard game, the AI in one seat and random players in the others: did the AI
    win (or share the win)?"""
    ai_seat = seed % 3
    state = ENGINE.new_game([Seat(i, f"P{i + 1}") for i in range(3)], "standard", {}, seed)
    policies = [PunchAI("normal", seed) if i == ai_seat else RandomPolicy(seed * 7 + i) for i in range(3)]
    for _ in range(5000):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            return ai_seat in outcome.placements[0]
        asked = ENGINE.decisions(state)[0]
        ENGINE.apply(state, asked.seat, asked.key, policies[asked.seat].choose(ENGINE, state, asked))
    raise AssertionError(f"seed {seed}: the game did not end")


def test_the_ai_clearly_beats_random_play() -> None:
    """Measured: the normal AI won 29 of these 30 games against two random players (a random
    seat would win about 10); the bound leaves a wide margin on both sides."""
    wins = sum(_one_game(seed) for seed in range(30))
    assert wins >= 20


def test_the_ai_pays_with_the_buttons_least_worth_keeping() -> None:
    """Ruling R7: asked which buttons pay, the AI keeps its Wild and pays with a plain Punch."""
    state = arena((TCHOTCHKE, KHAN, LIZARD), ["E4", "F4", "I8"], hands=[["tc_bobblehead_bop"], [], []])
    state.players[0].pad = pad("w_turbo", "a_heavy_punch", "a_punch")
    answer(state, "c.tc_bobblehead_bop")
    assert decision(state).key == "pay"
    assert PunchAI("normal", 1).choose(ENGINE, state, decision(state)) == ["y2"]
