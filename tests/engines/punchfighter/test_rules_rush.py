"""Minion Rush Mode (rulebook, MINION RUSH MODE: Setup, O. Minion, Attacking in Minion Rush Mode,
Ending the Game in Minion Rush Mode and its leaderboard chart)."""

from __future__ import annotations

import pytest

from engines.punchfighter import attack
from engines.punchfighter.balance import play, team_games
from engines.punchfighter.ranks import rank
from engines.punchfighter.state import PunchState
from tests.engines.punchfighter.kit import (
    ENGINE,
    answer,
    arena,
    begin_turn,
    decision,
    new_game,
    options,
    pad,
    paying,
    said,
)

KILOWATT, TCHOTCHKE = "kid_kilowatt", "tchotchke"
JAB = "kk_static_jab"  # A: attack 2, range 1
ARC_BOLT = "kk_arc_bolt"  # DA: attack 2, range 3, push 1
OUTER_YELLOWS = ["D1", "G1", "B3", "I3", "A5", "J5", "B7", "I7", "D9", "G9"]
NO_DEFENCE = ("a_punch", "c_charge", "d_draw")


def _minion(state: PunchState, letter: str) -> str | None:
    return next(m.at for m in state.minions if m.letter == letter)


def _put(state: PunchState, letter: str, label: str | None, damage: int = 0) -> None:
    minion = next(m for m in state.minions if m.letter == letter)
    minion.at, minion.damage = label, damage


def _reveals(state: PunchState, *buttons: str) -> None:
    """The next button cards the minion phase reveals, in this order."""
    state.button_deck = [*reversed(buttons)]


def test_the_minion_phase_reveals_four_buttons_before_the_revive() -> None:
    """O. Minion: "Preceding the Revive Phase" - "Repeat the following process four times: Discard
    the top card of the button deck"; an A, B, C or D brings its minion onto "an unoccupied yellow
    power up space of your choice along the outside ring"; it attacks a player fighter in range 1
    for 4, then "moves one space closer to the closest player fighter"."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop", turn=1)
    for player in state.players:
        player.pad = pad(*NO_DEFENCE)
    state.players[1].at = None  # Tchotchke revives after the minion phase
    _reveals(state, "a_punch", "d_draw", "c_charge", "b_block", "c_dash")
    begin_turn(state, 1)
    question = decision(state)
    assert question.seat == 1 and question.key == "place"  # the active player chooses
    assert question.prompt == "Where does the A minion enter?"
    assert options(state) == OUTER_YELLOWS
    answer(state, "B3")
    assert state.players[0].health == 12 - 4  # Kid Kilowatt (C3) was next to it
    assert said(state, "Kid Kilowatt takes 4 damage: 8 health left")
    assert _minion(state, "A") == "B3"  # already next to its quarry: no closer free space
    assert options(state) == [h for h in OUTER_YELLOWS if h != "B3"]  # the D minion
    answer(state, "J5")
    assert _minion(state, "D") == "I4"  # one step closer to Kid Kilowatt, the only fighter
    answer(state, "G9")  # the C minion
    answer(state, "D1")  # the B minion
    assert [_minion(state, letter) for letter in "ABCD"] == ["B3", "C2", "F8", "I4"]
    assert state.button_discard == ["a_punch", "d_draw", "c_charge", "b_block"]
    assert state.button_deck == ["c_dash"]  # four reveals, no more
    assert decision(state).key == "revive"


def test_a_wild_makes_every_minion_on_the_board_attack() -> None:
    """O. Minion: "If that card is a W button, each minion that is able targets a player fighter
    with an Attack: 1 range, 4 strength" (no minion enters or moves). Here the Wild is the last
    button card: the other three reveals find none (competitive mode, which plays on)."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "G6"], mode="rush_versus", turn=0)
    for player in state.players:
        player.pad = pad(*NO_DEFENCE)
    _put(state, "A", "D3")
    _put(state, "B", "G5")
    _put(state, "C", "A5")  # next to no one
    _reveals(state, "w_turbo")
    begin_turn(state, 0)
    assert state.players[0].health == 12 - 4 and state.players[1].health == 11 - 4
    assert said(state, "The C minion has no one to hit")
    assert [_minion(state, letter) for letter in "ABCD"] == ["D3", "G5", "A5", None]
    assert state.button_discard == ["w_turbo"] and state.deck_out
    assert decision(state).key == "main"


def test_the_active_player_chooses_the_target_when_a_minion_has_several() -> None:
    """O. Minion step 2: "If there is more than 1 valid target for this attack, the player whose
    turn it is chooses"."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "D2"], mode="rush_coop", turn=1)
    for player in state.players:
        player.pad = pad(*NO_DEFENCE)
    _put(state, "A", "C2")
    _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
    begin_turn(state, 1)
    question = decision(state)
    assert question.seat == 1 and question.key == "target"
    assert question.prompt == "The A minion attacks: choose the target"
    assert [o.id for o in question.options] == ["f0", "f1"]
    answer(state, "f0")
    assert state.players[0].health == 8 and state.players[1].health == 11


def test_a_minion_chases_the_closest_fighter_the_active_player_breaking_ties() -> None:
    """O. Minion step 3: "The player whose turn it is chooses which fighter it moves closer to if
    more than 1 player fighter is equally close"; the step goes to the free space nearest that
    fighter (ruling R28)."""
    state = arena((KILOWATT, TCHOTCHKE), ["D3", "H3"], mode="rush_coop", turn=0)
    _put(state, "A", "F1")
    _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
    begin_turn(state, 0)
    question = decision(state)
    assert question.key == "chase" and question.seat == 0
    assert [(o.id, o.label) for o in question.options] == [("f0", "Kid Kilowatt"), ("f1", "Tchotchke")]
    answer(state, "f1")
    assert _minion(state, "A") == "G1"  # G1 and F2 are both 2 from H3: the first in board order


def test_with_no_fighter_on_the_board_a_minion_heads_for_the_closest_red_space() -> None:
    """O. Minion step 3: "If there is no player fighter on the game board, move the minion 1 space
    towards the closest red power up space"."""
    state = arena((KILOWATT, TCHOTCHKE), [None, None], mode="rush_coop", turn=0)
    _put(state, "A", "B3")
    _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
    begin_turn(state, 0)
    assert _minion(state, "A") == "C3"  # towards E4
    assert said(state, "The A minion has no one to hit")


def test_a_minion_attack_can_be_defended() -> None:
    """Defending applies to minion attacks too (ruling R29): a Block button takes 1 off the 4."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop", turn=1)
    _put(state, "A", "B3")
    _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
    begin_turn(state, 1)
    question = decision(state)
    assert question.seat == 0 and question.key == "defend"
    assert question.prompt == "The A minion attacks you: 4 damage. Defend?"
    answer(state, "b1")
    assert state.players[0].health == 12 - 3


def test_the_free_move_follows_a_range_1_button_attack_too() -> None:
    """Attacking in Minion Rush Mode: "After each range 1 attack you perform" - a Punch button's
    attack as well as a card's (ruling R30)."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "H7"], mode="rush_coop")
    _put(state, "A", "D3")
    answer(state, "p0")  # Punch: attack 1, range 1
    assert decision(state).prompt == "Free move after your range-1 attack: up to 2 spaces"
    answer(state, "stop")
    assert next(m for m in state.minions if m.letter == "A").damage == 1


def test_fighters_attack_only_minions() -> None:
    """Attacking in Minion Rush Mode: "Attacks made by player fighters may only target minions;
    they may never target other player fighters"."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "F3"], mode="rush_coop", hands=[[JAB], []])
    assert attack.targets(state, "f0", 5) == []
    _put(state, "A", "D3")
    assert attack.targets(state, "f0", 5) == ["mA"]
    assert attack.targets(state, "mA", 1) == ["f0"]  # and minions only fighters


def test_a_minion_has_4_health_and_its_knock_out_earns_a_star() -> None:
    """Attacking in Minion Rush Mode: "A minion has a health bar of 4. Remove a minion from the
    game board when it has received 4 or more damage"; "When you K.O. a minion ... you gain 1
    star". Then, "After each range 1 attack you perform, you may move your fighter's standee up
    to 2 spaces"."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "H7"], mode="rush_coop", hands=[[JAB, JAB], []])
    state.players[0].pad = pad(*NO_DEFENCE, "a_heavy_punch")
    _put(state, "A", "D3")
    paying(state, f"c.{JAB}")
    assert said(state, "The A minion takes 2 damage") and _minion(state, "A") == "D3"
    assert decision(state).prompt == "Free move after your range-1 attack: up to 2 spaces"
    answer(state, "stop")
    answer(state, f"c.{JAB}")  # chained for free (A after A)
    assert _minion(state, "A") is None and said(state, "The A minion is K.O.'d (4 damage)")
    assert state.players[0].stars == 1
    assert state.minions[0].damage == 0  # it comes back fresh
    assert decision(state).prompt == "Free move after your range-1 attack: up to 2 spaces"
    answer(state, "E4")
    assert state.players[0].at == "E4"


def test_no_free_move_after_a_longer_attack() -> None:
    """Attacking in Minion Rush Mode: the move of up to 2 follows range 1 attacks only."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "H7"], mode="rush_coop", hands=[[ARC_BOLT], []])
    _put(state, "A", "B3")
    answer(state, f"c.{ARC_BOLT}")  # 2 damage at range 3, push 1
    assert decision(state).key != "move"
    assert next(m for m in state.minions if m.letter == "A").damage == 2


def test_a_minion_pushed_off_the_board_is_knocked_out_for_one_star() -> None:
    """Attacking in Minion Rush Mode: "When you K.O. a minion (either by dealing enough damage or
    by pushing, pulling, or throwing it off the game board), you gain 1 star"."""
    state = arena((KILOWATT, TCHOTCHKE), ["C4", "H7"], mode="rush_coop", hands=[[ARC_BOLT], []])
    _put(state, "A", "A4")
    answer(state, f"c.{ARC_BOLT}")
    assert decision(state).key == "shove"
    answer(state, "off")
    assert _minion(state, "A") is None and state.players[0].stars == 1


def test_a_knocked_out_fighter_loses_a_star_if_able() -> None:
    """O. Minion: "If a fighter is K.O.'d, that fighter's controlling player loses 1 star, spinning
    their star counter down 1, if able"."""
    for stars, left in ((2, 1), (0, 0)):
        state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop", turn=1)
        state.players[0].pad = pad(*NO_DEFENCE)
        state.players[0].health, state.players[0].stars = 4, stars
        _put(state, "A", "B3")
        _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
        begin_turn(state, 1)
        assert state.players[0].at is None and state.players[0].stars == left
        assert said(state, "P1 loses a star") == (stars > 0)


def test_a_fighter_knocked_out_in_its_own_minion_phase_revives_that_turn() -> None:
    """O. Minion "Preceding the Revive Phase" (ruling R29): a fighter K.O.'d by a minion at the
    start of its own turn comes back in that turn's revive step, with full health."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop", turn=0)
    state.players[0].pad = pad(*NO_DEFENCE)
    state.players[0].health = 4
    _put(state, "A", "B3")
    _reveals(state, "a_punch", "w_turbo", "w_turbo", "w_turbo", "c_dash")
    begin_turn(state, 0)
    assert state.players[0].at is None
    assert state.turn == 0 and decision(state).key == "revive" and decision(state).seat == 0
    answer(state, "G4")
    assert state.players[0].health == 12 and state.players[0].at == "G4"


def test_no_stars_from_colours_in_minion_rush() -> None:
    """Attacking in Minion Rush Mode note: "K.O.'ing minions is the only way to gain stars"."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop", turn=1)
    state.players[0].pad = pad(*NO_DEFENCE)
    state.players[0].health = 9  # the minion's 4 turns Kid Kilowatt's dial to a new colour
    _put(state, "A", "B3")
    _reveals(state, "a_punch", "c_dash", "c_dash", "c_dash", "c_dash")
    begin_turn(state, 1)
    assert state.players[0].health == 5 and [p.stars for p in state.players] == [0, 0]


# --- Ending the game -----------------------------------------------------------------------------


def test_solo_counts_stars_past_nine_and_ends_as_soon_as_the_button_deck_runs_out() -> None:
    """Ending the Game in Minion Rush Mode: "If only 1 player is playing ... play until the button
    deck runs out and then immediately end the game and consult the chart"; "If you are required
    to gain 1 or more stars and your star counter is already at 9, you may track the extra stars"."""
    state = arena((KILOWATT,), ["E3"], mode="rush_solo", hands=[[JAB]])
    state.players[0].stars = 9
    _put(state, "A", "D3", damage=2)
    answer(state, f"c.{JAB}")
    assert state.players[0].stars == 10 and state.phase == "action"
    answer(state, "stop")
    state.button_deck = ["b_block"]
    answer(state, "end")  # the next turn's first reveal empties the deck: over before it acts
    assert state.phase == "over"
    assert said(state, "Game over: the button deck ran out")
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.placements == [[0]] and outcome.scores == {0: 10.0}
    assert outcome.summary == "The button deck ran out. 10 stars: Ranked"


def test_co_op_adds_the_two_players_stars_for_the_chart() -> None:
    """Ending the Game in Minion Rush Mode: "In a 2 player game both players add their stars
    together"; both share the result."""
    state = arena((KILOWATT, TCHOTCHKE), ["C3", "H7"], mode="rush_coop")
    state.players[0].stars, state.players[1].stars = 9, 8
    state.button_deck = ["c_dash"]
    answer(state, "draw")
    answer(state, "bd")
    assert state.phase == "over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0, 1]]
    assert outcome.summary.endswith("17 stars: Champion")


def test_co_op_shuffles_two_button_decks_together() -> None:
    """House rule `two_decks` (ruling C25): co-op's clock is two button decks (the 34 deck buttons
    and the 16 spare starters, twice), so each of the two players gets about as many turns as a
    solo player; as printed, co-op plays one deck like the other modes."""
    decks = (
        ("rush_solo", 1, 34 + 20, {}),
        ("rush_versus", 2, 34 + 16, {}),
        ("rush_coop", 2, 34 + 16, {}),
        ("rush_coop", 2, 100, {"two_decks": "on"}),
    )
    for mode, players, buttons, chosen in decks:
        state = new_game(mode, players, seed=3, options=chosen)
        assert len(state.button_deck) + len(state.offer) + len(state.button_discard) == buttons, mode


def test_two_normal_ais_in_co_op_rank_above_amateur() -> None:
    """House rule `two_decks` (ruling C25): seeded co-op games by two normal AIs, one per pairing
    of fighters in rotation, reach the chart's middle ranks as a solo AI does (with the printed
    one button deck each pair ranked Amateur, about 5 stars; with two, 13.7 on average over 300)."""
    games = team_games("rush_coop", 6, (("two_decks", "on"),))
    totals = [sum(play(game).stars) for game in games]
    assert sum(totals) / len(totals) >= 11  # Semi-Pro or better on average
    assert sum(rank(total, 2) != "Amateur" for total in totals) >= 4


def test_competitive_minion_rush_ends_at_nine_stars() -> None:
    """Ending the Game in Minion Rush Mode: "You may use the Standard Mode rules for ending the
    game if 2 players are playing" (the competitive mode)."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "H7"], mode="rush_versus", hands=[[JAB], []])
    state.players[0].stars = 8
    _put(state, "A", "D3", damage=3)
    answer(state, f"c.{JAB}")
    assert state.phase == "over" and state.players[0].stars == 9
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0], [1]]


def test_competitive_minion_rush_runs_out_like_standard() -> None:
    """Standard ending in competitive Minion Rush: an empty button deck ends the game when the
    first player's next turn would start, most stars winning."""
    state = arena((KILOWATT, TCHOTCHKE), ["E3", "H7"], mode="rush_versus", turn=0)
    state.first = 0
    state.players[1].stars = 2
    state.button_deck = ["c_dash"]
    answer(state, "draw")
    answer(state, "bd")
    assert state.phase == "action"  # not over yet
    answer(state, "fd")
    answer(state, "end")
    assert state.phase == "action" and state.turn == 1  # the minion phase revealed nothing
    answer(state, "end")
    assert state.phase == "over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements[0] == [1]


@pytest.mark.parametrize(
    ("stars", "players", "title"),
    [
        (0, 1, "Amateur"),
        (6, 1, "Amateur"),
        (7, 1, "Semi-Pro"),
        (8, 1, "Semi-Pro"),
        (9, 1, "Pro"),
        (10, 1, "Ranked"),
        (11, 1, "Champion"),
        (12, 1, "Grand Champion"),
        (30, 1, "Grand Champion"),
        (10, 2, "Amateur"),
        (11, 2, "Semi-Pro"),
        (12, 2, "Semi-Pro"),
        (13, 2, "Pro"),
        (14, 2, "Pro"),
        (15, 2, "Ranked"),
        (16, 2, "Ranked"),
        (17, 2, "Champion"),
        (19, 2, "Champion"),
        (20, 2, "Grand Champion"),
    ],
)
def test_the_leaderboard_chart(stars: int, players: int, title: str) -> None:
    """Ending the Game in Minion Rush Mode, the chart: Grand Champion 12+ / 20+, Champion 11 /
    17-19, Ranked 10 / 15-16, Pro 9 / 13-14, Semi-Pro 7-8 / 11-12, Amateur 6 or less / 10 or less."""
    assert rank(stars, players) == title
