"""K.O.s, stars and the end of the game (rulebook, K.O., EARNING STARS, Claiming Achievements,
ENDING THE GAME)."""

from __future__ import annotations

from engines.punchfighter import board
from engines.punchfighter.state import PunchState
from tests.engines.punchfighter.kit import (
    ENGINE,
    answer,
    arena,
    decision,
    options,
    pad,
    said,
)

TCHOTCHKE, CURIUM, LIZARD, KHAN, KILOWATT, ANNIE = (
    "tchotchke",
    "dr_curium",
    "business_lizard",
    "khan_queso",
    "kid_kilowatt",
    "anvil_annie",
)
JAB = "kk_static_jab"  # A: attack 2, range 1
ANVIL_DROP = "aa_anvil_drop"  # BCDA: attack 6, range 2, stagger 1
THUNDERCLAP = "kk_thunderclap"  # ABC: attack 4, range 1, push 2
FLURRY = "tc_flurry"  # AD: two attacks of 1 at range 1, draw 1
NO_DEFENCE = ("a_punch", "c_charge", "d_draw")


def _duel(attacker: str, hand: list[str], health: int, target: str = TCHOTCHKE) -> PunchState:
    """`attacker` (seat 0, at E4, holding `hand`) next to `target` (seat 1, at F4, `health`
    left, no way to defend); a third fighter far away."""
    state = arena((attacker, target, LIZARD), ["E4", "F4", "I8"], hands=[hand, [], []])
    state.players[1].health = health
    state.players[1].pad = pad(*NO_DEFENCE)
    return state


# --- Earning stars from the dial ----------------------------------------------------------------


def test_a_star_each_time_an_attack_changes_the_dials_colour() -> None:
    """EARNING STARS: "Her fighter's attack causes an opponent's health bar to change color"."""
    state = _duel(KILOWATT, [JAB], health=11)  # Tchotchke's dial: 4/4/3
    answer(state, f"c.{JAB}")
    assert state.players[1].health == 9 and state.players[0].stars == 0  # still the top colour
    state = _duel(KILOWATT, [JAB], health=9)
    answer(state, f"c.{JAB}")
    assert state.players[1].health == 7 and state.players[0].stars == 1
    assert said(state, "P1 earns 1 star (the dial changed colour): 1 in all")


def test_one_big_hit_can_earn_several_stars() -> None:
    """EARNING STARS note: "It is possible for a player to earn multiple stars from a single
    attack": one per colour crossed (ruling R20)."""
    state = _duel(ANNIE, [ANVIL_DROP], health=9)
    answer(state, f"c.{ANVIL_DROP}")
    assert state.players[1].health == 3
    assert board.band(TCHOTCHKE, 3) == 2 and state.players[0].stars == 2
    assert said(state, "P1 earns 2 stars (the dial changed colour): 2 in all")


def test_the_skull_is_a_colour_and_a_knock_out() -> None:
    """EARNING STARS: a colour change "including the black skull"; K.O.: "If an attack causes a
    fighter's health bar to be moved onto the skull space ... that fighter has been K.O.'d" and is
    removed from the board."""
    state = _duel(ANNIE, [ANVIL_DROP], health=5)
    answer(state, f"c.{ANVIL_DROP}")
    assert state.players[1].health == 0 and state.players[1].at is None
    assert state.players[0].stars == 2  # the red band and the skull
    assert said(state, "Tchotchke is K.O.'d (the skull)")
    assert state.players[0].stats.knockouts == 1


def test_a_knocked_out_fighter_respawns_at_the_start_of_its_players_next_turn() -> None:
    """K.O.: "That fighter will respawn at the beginning of its player's next turn" (1. Revive:
    health back to the highest number)."""
    state = _duel(KILOWATT, [JAB], health=2)
    answer(state, f"c.{JAB}")
    assert state.players[1].at is None
    answer(state, "end")
    assert state.turn == 1 and decision(state).key == "revive"
    answer(state, "H4")
    assert state.players[1].at == "H4" and state.players[1].health == 11


def test_a_ring_out_is_a_knock_out_and_a_star_with_no_health_lost() -> None:
    """K.O.: a fighter moved off the board is K.O.'d; "A fighter does not lose any additional
    health as the result of being moved off the board"; EARNING STARS: one star for an attack
    that pushes, pulls or throws an opponent off the board."""
    state = arena((CURIUM, KHAN, LIZARD), ["G4", "I8", "H4"], hands=[["cu_repulsor_pulse"], [], []])
    state.players[2].pad = pad(*NO_DEFENCE)
    answer(state, "c.cu_repulsor_pulse")  # 1 damage, push 2
    answer(state, "off")
    assert state.players[2].at is None and state.players[2].health == 13 - 1
    assert state.players[0].stars == 1
    assert said(state, "P1 earns 1 star (a ring-out): 1 in all")
    assert state.players[0].stats.ring_outs == 1 and state.players[0].stats.knockouts == 1


def test_a_hit_that_changes_colour_and_rings_out_earns_two_stars() -> None:
    """EARNING STARS note: several stars from a single attack: the colour and the ring-out."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["G4", "H4", "I8"], hands=[[THUNDERCLAP], [], []])
    state.players[1].pad = pad(*NO_DEFENCE)
    answer(state, f"c.{THUNDERCLAP}")  # 4 damage: 11 -> 7, a new colour; push 2
    answer(state, "off")
    assert state.players[1].health == 7 and state.players[1].at is None
    assert state.players[0].stars == 2


# --- Claiming achievements ----------------------------------------------------------------------


def test_an_achievement_met_is_claimed_at_the_end_of_the_turn_for_a_star() -> None:
    """Claiming Achievements: "At the end of a turn, if a player met the condition ... that player
    may claim 1 of those achievements by placing 1 of her claim tokens on that achievement and
    gaining 1 star"."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], achievements=["full_controller"])
    state.players[0].pad = pad(*NO_DEFENCE, *NO_DEFENCE, "b_block", "b_guard_up")  # 8 buttons
    answer(state, "end")
    assert state.players[0].claimed == ["full_controller"] and state.players[0].stars == 1
    assert said(state, "P1 earns 1 star (achievement Full Controller): 1 in all")
    view = ENGINE.view(state, None)
    assert view["achievements"][0]["claimed_by"] == [0]


def test_one_achievement_a_turn_and_never_the_same_twice() -> None:
    """Claiming Achievements: "Each player can only claim 1 achievement per turn. A player cannot
    claim an achievement which already has 1 of her claim tokens on it"."""
    achievements = ["full_controller", "game_plan", "beatdown", "marathon"]
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], achievements=achievements)
    state.players[0].pad = pad(*NO_DEFENCE, *NO_DEFENCE, "b_block", "b_guard_up")
    state.players[0].hand = ["kk_ground_wire"] * 5
    answer(state, "end")
    question = decision(state)
    assert question.seat == 0 and question.key == "claim"
    assert [(o.id, o.label) for o in question.options] == [
        ("full_controller", "Full Controller"),
        ("game_plan", "Game Plan"),
    ]
    answer(state, "game_plan")
    assert state.players[0].stars == 1 and state.turn == 1
    answer(state, "end")  # P2's turn ends: P1 still meets both, claims the other
    assert state.players[0].claimed == ["game_plan", "full_controller"]
    assert state.players[0].stars == 2
    answer(state, "end")
    answer(state, "end")
    assert state.players[0].stars == 2  # nothing left to claim


def test_claims_are_checked_for_every_player_so_blocks_on_another_turn_count() -> None:
    """Claiming Achievements: "At the end of a turn, if a player met the condition": every player,
    the active one first (ruling R21): Brick Wall (block 4 damage in one turn) is met by blocking
    on the attacker's turn and claimed as that turn ends."""
    hands = [[THUNDERCLAP], ["kq_unbreakable"], []]
    state = arena((KILOWATT, KHAN, LIZARD), ["E4", "F4", "I8"], hands=hands, achievements=["brick_wall"])
    answer(state, f"c.{THUNDERCLAP}")
    answer(state, "d.kq_unbreakable")  # blocks all 4 (and steady: no push)
    assert state.players[1].stats.blocked == 4 and state.players[1].health == 12
    answer(state, "end")
    assert state.players[1].claimed == ["brick_wall"] and state.players[1].stars == 1
    assert state.players[0].stars == 0


def test_the_active_player_claims_first() -> None:
    """Ruling R21: claims go round from the active player, so with both on 8 stars and an
    achievement each, the active player reaches 9 first and wins."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=1, achievements=["full_controller"])
    for player in state.players[:2]:
        player.stars = 8
        player.pad = pad(*NO_DEFENCE, *NO_DEFENCE, "b_block", "b_guard_up")
    answer(state, "end")
    assert state.phase == "over" and state.players[1].stars == 9 and state.players[0].stars == 8
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements[0] == [1]


# --- Ending the game ----------------------------------------------------------------------------


def test_the_game_ends_at_once_when_a_player_earns_9_stars() -> None:
    """ENDING THE GAME: "The game immediately ends when a player earns 9 stars. That player has
    won": the rest of the card (Flurry's second attack and draw) does not resolve."""
    state = arena((TCHOTCHKE, KILOWATT, LIZARD), ["E4", "F4", "I8"], hands=[[FLURRY], [], []])
    state.players[0].stars = 8
    state.players[1].health = 9  # one more damage turns the dial (4/4/4)
    state.players[1].pad = pad(*NO_DEFENCE)
    answer(state, f"c.{FLURRY}")
    assert state.phase == "over" and ENGINE.decisions(state) == []
    assert state.players[1].health == 8  # one hit of two
    assert state.players[0].hand == []  # no draw
    assert said(state, "Game over: P1 reached 9 stars")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements[0] == [0]
    assert outcome.scores[0] == 9


def test_a_winning_knock_out_still_takes_the_fighter_off_the_board() -> None:
    """K.O. and ENDING THE GAME: a hit that reaches the skull and the ninth star K.O.s first (the
    final table shows the fighter off the board), then the game ends."""
    state = _duel(ANNIE, [ANVIL_DROP], health=2)
    state.players[0].stars = 8
    answer(state, f"c.{ANVIL_DROP}")
    assert state.phase == "over" and state.players[1].at is None
    lines = state.log[-3:]
    assert lines == [
        "Tchotchke is K.O.'d (the skull)",
        "P1 earns 1 star (the dial changed colour): 9 in all",
        "Game over: P1 reached 9 stars",
    ]


def test_an_empty_button_deck_ends_the_game_as_the_first_players_next_turn_starts() -> None:
    """ENDING THE GAME: "If the button deck runs out of cards, the game ends at the start of the
    first player's next turn. The player with the most stars wins"."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=1)
    state.first = 0
    state.button_deck = state.button_deck[-1:]
    state.players[2].stars = 3
    answer(state, "draw")
    answer(state, "bd")
    assert state.button_deck == [] and said(state, "The button deck has run out")
    answer(state, "fd")
    answer(state, "end")
    assert state.turn == 2 and state.phase == "action"  # P3 still plays
    answer(state, "end")
    assert state.phase == "over"
    assert said(state, "Game over: the button deck ran out")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements[0] == [2]
    assert outcome.summary == "The button deck ran out"


def test_ties_are_broken_by_health_then_shared() -> None:
    """ENDING THE GAME: "In case of a tie, the player with the highest number showing on their
    health bar wins. If the game is still tied" (thumb wrestling) the place is shared (ruling
    R24)."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=2)
    state.first = 0
    state.button_deck = []
    state.deck_out = True
    for player, stars, health in zip(state.players, (4, 4, 2), (5, 9, 12), strict=True):
        player.stars, player.health = stars, health
    answer(state, "end")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[1], [0], [2]]
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=2)
    state.first, state.deck_out = 0, True
    for player, stars, health in zip(state.players, (4, 4, 2), (7, 7, 12), strict=True):
        player.stars, player.health = stars, health
    answer(state, "end")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0, 1], [2]]


def test_the_game_goes_on_when_the_button_deck_runs_out_before_the_last_seat() -> None:
    """ENDING THE GAME: the game ends only when the first player's turn would start: the deck
    running out on the first player's own turn lets everyone else play once more."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=0)
    state.first = 0
    state.button_deck = []
    state.deck_out = True
    answer(state, "end")
    assert state.turn == 1 and state.phase == "action"
    answer(state, "end")
    assert state.turn == 2 and state.phase == "action"
    answer(state, "end")
    assert state.phase == "over"
    assert options(state) == []


def test_the_deck_runs_out_when_its_last_card_refills_the_offer() -> None:
    """ENDING THE GAME and ruling R14: the button deck "runs out" the moment its last card is
    taken, here revealed into the offer after a button was taken from it."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["E4", "H4", "I8"], turn=1)
    state.first = 0
    last = state.button_deck[0]
    state.button_deck = [last]
    answer(state, "draw")
    answer(state, "o0")
    assert state.offer[-1] == last and state.deck_out
    assert said(state, "The button deck has run out")
    assert options(state)[:2] == ["fd", "o0"]  # no button deck to draw from


def test_house_rule_finish_round_plays_the_round_out_after_nine_stars() -> None:
    """House rule `finish_round` (ruling H1, off by default): nine stars no longer end the game at
    once; the players after the first player's seat still play, and most stars wins at the end of
    the round."""
    state = arena((TCHOTCHKE, KILOWATT, LIZARD), ["E4", "F4", "I8"], hands=[[FLURRY], [], []])
    state.options["finish_round"] = "on"
    state.first = 0
    state.players[0].stars = 8
    state.players[1].health = 9
    state.players[1].pad = pad(*NO_DEFENCE)
    answer(state, f"c.{FLURRY}")
    assert state.phase != "over" and state.players[0].stars >= 9
    assert said(state, "P1 has 9 stars: the round is played out")
    while state.phase != "over" and decision(state).key != "main":
        answer(state, decision(state).options[0].id)
    answer(state, "end")
    assert state.turn == 1 and state.phase == "action"  # P2 still plays
    state.players[2].stars = 10  # P3 overtakes P1 in the last round
    answer(state, "end", seat=1)
    answer(state, "end", seat=2)
    assert state.phase == "over" and said(state, "Game over: P1 reached 9 stars and the round is over")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements[0] == [2]


def test_the_house_rule_is_declared_off_by_default_with_its_reason() -> None:
    """DESIGN section 7: a change to a printed rule is a named house rule, off unless turned on."""
    option = next(o for o in ENGINE.meta.options if o.id == "finish_round")
    assert option.house_rule and option.default == "off" and "first player" in option.why


def test_a_hit_whose_every_landing_is_off_the_board_asks_nothing() -> None:
    """Ruling R17: "Off the board" is one outcome however many ways lead there (from H4, a push of
    2 sends I4 off the rim four ways), so it happens without a one-option question."""
    state = arena((KILOWATT, TCHOTCHKE, LIZARD), ["H4", "I4", "I8"], hands=[[THUNDERCLAP], [], []])
    state.players[1].pad = pad(*NO_DEFENCE)
    answer(state, f"c.{THUNDERCLAP}")
    assert state.players[1].at is None and said(state, "Tchotchke is knocked off the board")
    assert decision(state).key != "shove"
