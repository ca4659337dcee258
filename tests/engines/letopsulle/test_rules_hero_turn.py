"""The hero turn (rulebook, Hero Phase: FIRST TURN and ALL OTHER TURNS steps 1-6; Hand; knocked
Out), rulings R1-R3, R14 and R16: the first hand and its mulligan, the line-up, the later turns'
draw, reserve, switch, object and one action, the hand limit and knock-outs."""

from __future__ import annotations

from engines.letopsulle import flow
from tests.engines.letopsulle.kit import (
    ENGINE,
    add_reserve,
    add_villain,
    begin_hero_turn,
    decision,
    labels,
    new_game,
    options,
    said,
    set_active,
    table,
)

# --- FIRST TURN ---------------------------------------------------------------------------------


def test_every_player_takes_a_hero_turn_then_every_player_a_villain_turn() -> None:
    """Hero Phase and Villain Phase ("Player 1 Hero, Player 2 Hero... Player 1 Villain, Player 2
    Villain..."), R1: seat order from the seeded first player, and the same order every round,
    whoever leads (no option on: the printed order)."""
    state = new_game(3, seed=4)
    assert state.first == new_game(3, seed=4).first == 1
    asked = []
    while state.round < 3:
        turn = decision(state)
        if not asked or asked[-1] != (state.round, state.phase, turn.seat):  # a turn, however many asks
            asked.append((state.round, state.phase, turn.seat))
        if state.round == 2 and state.phase == "hero":
            state.teams[2].claimed = ["zeus"]  # the last player leads: the order stays
        pick = "redraw" if turn.key == "mulligan" else "def" if state.round == 1 else turn.options[-1].id
        ENGINE.apply(state, turn.seat, turn.key, [pick])
    for round_ in (1, 2):
        assert [(phase, seat) for r, phase, seat in asked if r == round_] == [
            ("hero", 1), ("hero", 2), ("hero", 0), ("villain", 1), ("villain", 2), ("villain", 0)
        ]  # fmt: skip
    assert (state.round, state.phase, decision(state).seat) == (3, "hero", 1)
    assert state.order == [1, 2, 0]


def test_house_rule_catch_up_plays_the_player_furthest_behind_first() -> None:
    """House rule `catch_up` (O9, off by default): each round the seats play fewest villain points
    first (then fewest villains), ties in seat order from a first place that passes on every
    round; both phases follow that order."""
    state = table(3, catch_up="on")
    state.teams[0].claimed = ["zeus"]  # 9 points
    state.teams[2].claimed = ["clubs"]  # 1 point
    state.teams[1].claimed = ["clubs"]
    state.round = 3  # the passing first place has reached seat 1 (seat 0 had it in round 2)
    assert flow.round_order(state) == [1, 2, 0], "a tie keeps the passing order; the leader plays last"
    state.teams[2].claimed = []
    assert flow.round_order(state) == [2, 1, 0], "the player furthest behind plays first"
    state.options["catch_up"] = "off"
    assert state.first == 2 and flow.round_order(state) == [2, 0, 1], "printed: seats from the first"


def test_the_first_turn_draws_five_and_offers_a_mulligan() -> None:
    """Hero Phase, FIRST TURN 1 ("Draw 5 cards"), R2: the first player (R1) holds 5 cards and is
    asked to keep them or redraw; nobody else is asked anything."""
    state = new_game(2, seed=1)
    seat = state.turn
    assert seat == state.first
    assert len(state.teams[seat].hand) == 5 and len(state.teams[seat].hero_pile) == 36 - 5
    assert state.teams[1 - seat].hand == []
    asked = decision(state)
    assert (asked.seat, asked.key) == (seat, "mulligan")
    assert options(state) == ["keep", "redraw"]


def test_a_mulligan_discards_the_hand_draws_five_new_and_ends_the_turn() -> None:
    """FIRST TURN ("discard the entire hand ... redraw up to a maximum of 5, forfeiting the rest of
    their phase"), R2: the old hand goes to the hero discard, the next 5 cards come in, no hero is
    played, and the next player's first turn begins."""
    state = new_game(2, seed=1)
    seat = state.turn
    team = state.teams[seat]
    old_hand, next_five = list(team.hand), team.hero_pile[-5:]
    answer_events = ENGINE.apply(state, seat, "mulligan", ["redraw"])
    assert team.hero_discard == old_hand
    assert sorted(team.hand) == sorted(next_five) and len(team.hero_pile) == 26
    assert team.active == [] and team.reserve == []
    assert any("redraws a whole new hand; the turn ends" in event.text for event in answer_events)
    assert (decision(state).seat, decision(state).key) == (1 - seat, "mulligan")


def test_keeping_the_hand_puts_up_to_three_heroes_in_reserve_and_one_steps_up() -> None:
    """FIRST TURN 2-3 ("Play up to 3 hero cards to the reserve", "Move one of the reserve heroes to
    the active spot"), R2: only heroes are offered, at most 3; the chosen one steps up, the others
    stay in reserve, objects stay in the hand, and there is no action."""
    state = new_game(2, seed=1)
    seat = state.turn
    team = state.teams[seat]
    team.hand = ["night", "paragon", "kion", "escudo", "h_weapon1"]
    ENGINE.apply(state, seat, "mulligan", ["keep"])
    asked = decision(state)
    assert asked.key == "lineup" and (asked.min_choices, asked.max_choices) == (1, 3)
    assert labels(state) == {"h0": "Night (6)", "h1": "Paragon (9)", "h2": "Kion (2)", "h3": "Escudo (3)"}
    ENGINE.apply(state, seat, "lineup", ["h0", "h1", "h3"])
    assert decision(state).key == "lead"
    assert labels(state) == {"r0": "Night (6)", "r1": "Paragon (9)", "r2": "Escudo (3)"}
    ENGINE.apply(state, seat, "lead", ["r1"])
    assert [slot.heroes[0].card for slot in team.active] == ["paragon"]
    assert [slot.heroes[0].card for slot in team.reserve] == ["night", "escudo"]
    assert team.hand == ["kion", "h_weapon1"]
    assert said(state, "Paragon steps up")
    assert (decision(state).seat, decision(state).key) == (1 - seat, "mulligan")


def test_a_single_hero_in_reserve_steps_up_without_a_question() -> None:
    """FIRST TURN 3, R2 ("with one, it steps up without a question")."""
    state = new_game(2, seed=1)
    seat = state.turn
    state.teams[seat].hand = ["chrome", "h_heal", "h_heal", "h_tip", "h_armor2"]
    ENGINE.apply(state, seat, "mulligan", ["keep"])
    ENGINE.apply(state, seat, "lineup", ["h0"])
    assert [slot.heroes[0].card for slot in state.teams[seat].active] == ["chrome"]
    assert state.teams[seat].reserve == []
    assert decision(state).seat == 1 - seat


def test_a_first_hand_without_heroes_ends_the_turn_without_a_knock_out() -> None:
    """FIRST TURN, R2 ("A team with no hero in hand simply ends its turn; it is not knocked out"):
    the next turn's draw can bring a hero, which goes to the reserve and must then step up."""
    state = new_game(2, seed=1)
    seat = state.turn
    team = state.teams[seat]
    team.hand = ["h_heal", "h_heal", "h_tip", "h_armor2", "h_weapon1"]
    ENGINE.apply(state, seat, "mulligan", ["keep"])
    assert said(state, "has no hero in hand yet")
    assert not team.knocked_out and team.active == [] and decision(state).seat == 1 - seat
    begin_hero_turn(state, seat, hand=team.hand, draw="night")
    assert options(state) == ["res-5"]  # only the reserve step: no active hero yet
    ENGINE.apply(state, seat, "turn", ["res-5"])
    assert options(state) == ["sw-0-n"]  # "you MUST bring one out"
    ENGINE.apply(state, seat, "turn", ["sw-0-n"])
    assert [slot.heroes[0].card for slot in team.active] == ["night"] and not team.knocked_out


# --- ALL OTHER TURNS ----------------------------------------------------------------------------


def test_a_later_turn_draws_one_card() -> None:
    """ALL OTHER TURNS 1 ("Draw 1 card"), R3: one card, logged, then the turn menu."""
    state = table()
    pile = len(state.teams[0].hero_pile)
    begin_hero_turn(state, 0, hand=["h_armor2"], draw="paragon")
    assert state.teams[0].hand == ["h_armor2", "paragon"]
    assert len(state.teams[0].hero_pile) == pile
    assert said(state, "P1 draws a hero card")
    assert (decision(state).seat, decision(state).key) == (0, "turn")


def test_a_team_with_nothing_to_draw_is_knocked_out() -> None:
    """ALL OTHER TURNS 1 ("If there are no cards to draw, you are knocked out"), R14: its heroes in
    play go to its discard pile and the next player's turn begins."""
    state = table()
    state.teams[0].hero_pile = []
    add_reserve(state, 0, "escudo")
    begin_hero_turn(state, 0)
    team = state.teams[0]
    assert team.knocked_out and team.active == [] and team.reserve == []
    assert sorted(team.hero_discard) == ["escudo", "night"]
    assert said(state, "P1's hero team is knocked out: no hero card left to draw")
    assert (decision(state).seat, state.phase) == (1, "hero")


def test_one_hero_a_turn_goes_to_the_reserve() -> None:
    """ALL OTHER TURNS 2 ("Optionally play 1 hero card to the reserve"), R3: after one, the menu
    reopens at the switch step, so no second hero and no Intelligence/Money start."""
    state = table()
    begin_hero_turn(state, 0, hand=["kion", "chrome"], draw="h_armor2")
    assert {"res-0", "res-1", "int-0"} <= set(options(state))
    ENGINE.apply(state, 0, "turn", ["res-0"])
    assert [slot.heroes[0].card for slot in state.teams[0].reserve] == ["kion"]
    assert said(state, "P1 puts Kion in reserve")
    menu = options(state)
    assert "sw-0-0" in menu
    assert not any(option.startswith(("res-", "int-")) for option in menu)


def test_the_reserve_holds_three_heroes_at_most() -> None:
    """Heroes Layout ("up to 3 Hero Player Cards on reserve"), R3: with 3 in reserve no hero from
    the hand is offered."""
    state = table()
    for card in ("kion", "chrome", "escudo"):
        add_reserve(state, 0, card)
    begin_hero_turn(state, 0, hand=["paragon"])
    assert not any(option.startswith("res-") for option in options(state))


def test_a_switch_discards_the_object_and_keeps_the_damage() -> None:
    """ALL OTHER TURNS 3 ("Any object cards attached to the active hero are discarded"), Damage ("If
    the hero is switched to the reserve, damag is not removed"), R3 step 4 and R10."""
    state = table()
    set_active(state, 0, "night", damage=2, item="h_weapon2")
    add_reserve(state, 0, "paragon", damage=1)
    begin_hero_turn(state, 0)
    assert labels(state)["sw-0-0"] == "Switch Night out for Paragon"
    ENGINE.apply(state, 0, "turn", ["sw-0-0"])
    team = state.teams[0]
    assert (team.active[0].heroes[0].card, team.active[0].heroes[0].damage) == ("paragon", 1)
    assert (team.reserve[0].heroes[0].card, team.reserve[0].heroes[0].damage) == ("night", 2)
    assert team.reserve[0].item == "" and team.hero_discard == ["h_weapon2"]
    assert said(state, "+2 Weapon on Night is discarded") and said(state, "Paragon switches in for Night")
    assert not any(option.startswith(("res-", "sw-")) for option in options(state))


def test_a_new_object_replaces_and_discards_the_old_one() -> None:
    """ALL OTHER TURNS 4 ("If the hero already had an object card, discard it first"), Card Types,
    Object ("Placing a new object card discards the old one"), R3 step 5: one object a turn."""
    state = table()
    set_active(state, 0, "night", item="h_weapon1")
    begin_hero_turn(state, 0, hand=["h_weapon2", "h_armor3"])
    ENGINE.apply(state, 0, "turn", ["eq-0-0"])
    team = state.teams[0]
    assert team.active[0].item == "h_weapon2" and team.hero_discard == ["h_weapon1"]
    assert said(state, "+1 Weapon on Night is discarded") and said(state, "P1 attaches +2 Weapon to Night")
    assert not any(option.startswith(("eq-", "use-")) for option in options(state))


def test_a_heal_is_used_at_once_on_every_hero_in_play() -> None:
    """Card Types, Object ("used immediately"), C4 heal: 1 damage off each hero, active and
    reserve; the Heal goes to the discard pile."""
    state = table()
    set_active(state, 0, "night", damage=3)
    add_reserve(state, 0, "kion", damage=1)
    add_reserve(state, 0, "chrome")
    begin_hero_turn(state, 0, hand=["h_heal"], draw="h_armor2")
    ENGINE.apply(state, 0, "turn", ["use-0"])
    team = state.teams[0]
    assert [hero.damage for slot in [*team.active, *team.reserve] for hero in slot.heroes] == [2, 0, 0]
    assert team.hero_discard == ["h_heal"] and team.hand == ["h_armor2"]
    assert said(state, "P1 uses +1 Heal: 2 damage counters removed")


def test_a_tip_draws_two_and_needs_money() -> None:
    """C3 (a Tip needs Money) and C4 draw (value + 1 cards): Night (no Money) is not offered the
    Tip; Lady Liberty (Money 1) uses it and draws 2."""
    state = table()
    begin_hero_turn(state, 0, hand=["h_tip"])
    assert "use-0" not in options(state)
    state = table(heroes=("lady_liberty", "night"))
    begin_hero_turn(state, 0, hand=["h_tip"], draw="h_armor2")
    ENGINE.apply(state, 0, "turn", ["use-0"])
    assert len(state.teams[0].hand) == 1 + 2 and state.teams[0].hero_discard == ["h_tip"]
    assert said(state, "P1 uses +1 Tip and draws 2 cards")


def test_one_action_ends_the_turn() -> None:
    """ALL OTHER TURNS 5 ("Perform 1 action attack, defend, or use an ability"), R3 step 6: the
    defend action turns the card sideways and the next player's turn begins."""
    state = table()
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    assert {"atk-0", "def-0"} <= set(options(state))
    ENGINE.apply(state, 0, "turn", ["def-0"])
    assert state.teams[0].active[0].guard == 0 and said(state, "Night defends")
    assert (state.turn, decision(state).seat, decision(state).key) == (1, 1, "turn")


def test_a_sideways_hero_stands_up_at_its_next_turn() -> None:
    """R6 ("Heroes stand up at the start of their next hero turn")."""
    state = table()
    set_active(state, 0, "hardcase", guard=2)
    begin_hero_turn(state, 0)
    assert state.teams[0].active[0].guard is None


def test_the_hand_is_cut_to_five_at_the_end_of_the_turn() -> None:
    """Hand ("maximum 5 card hand at the end of their action phase ... they choose which to
    discard"), ALL OTHER TURNS 6, R16."""
    state = table()
    begin_hero_turn(state, 0, hand=["h_weapon1", "h_armor2", "h_armor3", "escudo", "paragon"], draw="h_trap3")
    ENGINE.apply(state, 0, "turn", ["def-0"])
    asked = decision(state)
    assert (asked.seat, asked.key, asked.min_choices, asked.max_choices) == (0, "discard", 1, 1)
    assert asked.prompt == "Discard 1 card down to 5"
    ENGINE.apply(state, 0, "discard", ["h5"])
    assert state.teams[0].hand == ["h_weapon1", "h_armor2", "h_armor3", "escudo", "paragon"]
    assert state.teams[0].hero_discard == ["h_trap3"] and said(state, "P1 discards 1 card down to 5")
    assert decision(state).seat == 1


def test_with_no_active_hero_one_must_come_out_of_the_reserve() -> None:
    """ALL OTHER TURNS 3 ("If there are no active heroes, you MUST bring one out"), R3: only the
    reserve and switch steps are offered until a hero is active."""
    state = table()
    state.teams[0].active = []
    add_reserve(state, 0, "kion", damage=2)
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0, hand=["h_weapon1"], draw="chrome")
    assert options(state) == ["res-1", "sw-0-n"]
    ENGINE.apply(state, 0, "turn", ["sw-0-n"])
    assert state.teams[0].active[0].heroes[0].damage == 2
    assert {"eq-0-0", "atk-0"} <= set(options(state))


def test_no_hero_in_play_or_in_hand_knocks_the_team_out() -> None:
    """ALL OTHER TURNS 3 ("If there are no heroes in the active slot or in the reserve, the player
    has lost"), knocked Out, R14."""
    state = table()
    state.teams[0].active = []
    begin_hero_turn(state, 0, draw="h_armor2")
    assert state.teams[0].knocked_out
    assert said(state, "P1's hero team is knocked out: no hero active or in reserve")
    assert decision(state).seat == 1


def test_a_hero_in_hand_saves_a_team_with_none_in_play() -> None:
    """R14 ("a hero still in the hand can be played to the reserve first")."""
    state = table()
    state.teams[0].active = []
    begin_hero_turn(state, 0, draw="escudo")
    assert not state.teams[0].knocked_out and options(state) == ["res-0"]


def test_a_knocked_out_team_skips_its_hero_turn_but_plays_its_villains() -> None:
    """knocked Out ("The player then skips their hero phase but continues playing their villain
    phases"), R14."""
    state = table()
    state.teams[1].knocked_out, state.teams[1].active = True, []
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    ENGINE.apply(state, 0, "turn", ["def-0"])
    assert state.teams[1].hero_turns == 1  # its hero turn was skipped
    asked = decision(state)
    assert (state.phase, state.turn, asked.seat, asked.key) == ("villain", 1, 1, "vturn")
    assert "Clubs" in asked.prompt


def test_when_every_team_is_knocked_out_the_villains_win() -> None:
    """knocked Out ("If all heroes are knocked out, the villains win. Bwa Ha Ha!"), R15: nobody
    wins; players are ranked by villain points."""
    state = table()
    state.teams[0].knocked_out, state.teams[0].active = True, []
    state.teams[1].claimed = ["clubs"]
    state.teams[1].hero_pile = []
    begin_hero_turn(state, 1)
    assert state.phase == "over" and state.winner == -1
    assert said(state, "Every hero team is knocked out: the villains win. Bwa ha ha!")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[1], [0]]
    assert ENGINE.decisions(state) == []
