"""The optional rules and the modes (rulebook: Optional Rules, Solitaire options), rulings O1-O5:
tag teams, the long game with its healing, two active heroes, solitaire's coin flips and goals,
and who answers for the villains."""

from __future__ import annotations

from engines.letopsulle import flow
from tests.engines.letopsulle.kit import (
    ENGINE,
    add_active,
    add_reserve,
    add_villain,
    answer,
    begin_hero_turn,
    begin_villain_turn,
    decision,
    labels,
    new_game,
    options,
    said,
    set_active,
    table,
)

# --- tag_teams (O3) -----------------------------------------------------------------------------


def test_a_tag_team_is_offered_only_to_two_heroes_of_base_1_to_4_without_an_object() -> None:
    """Optional Rules ("Hero Player Cards level 1-4 may tag team up to share an active slot ... Tag
    teams may not use object cards"), O3: not without the option, not with Night (6), not while the
    active hero carries an object."""
    state = table(heroes=("kion", "night"), tag_teams="on")
    add_reserve(state, 0, "chrome")
    add_reserve(state, 0, "night")
    begin_hero_turn(state, 0)
    assert labels(state)["tag-0-0"] == "Tag team: Chrome joins Kion"
    assert "tag-1-0" not in options(state)
    set_active(state, 0, "kion", item="h_weapon1")
    begin_hero_turn(state, 0)
    assert "tag-0-0" not in options(state)
    state = table(heroes=("kion", "night"))
    add_reserve(state, 0, "chrome")
    begin_hero_turn(state, 0)
    assert "tag-0-0" not in options(state) and "sw-0-0" in options(state)


def test_a_tag_team_adds_its_bases_picks_one_ability_and_carries_no_object() -> None:
    """Optional Rules ("Their base card values are combined, but only one ability may be chosen each
    turn"), O3: Kion (2) and Chrome (4) attack at 6 with Chrome's Strength 2; the Weapon in hand
    is not offered to the pair."""
    state = table(heroes=("kion", "night"), tag_teams="on")
    add_reserve(state, 0, "chrome")
    zeus = add_villain(state, 1, "zeus")
    begin_hero_turn(state, 0, hand=["h_weapon1", "h_heal"])
    answer(state, "tag-0-0")
    assert said(state, "Kion & Chrome team up in the active slot") and state.teams[0].reserve == []
    menu = labels(state)
    assert not any(option.startswith(("eq-", "use-")) for option in menu)
    assert menu["str-0"] == "Attack with Strength +2 (then braced +1)"
    assert menu["fgt-0"] == "Attack with Fighting +2"
    answer(state, "str-0")
    answer(state, f"v-1-{zeus.uid}")
    assert state.last_battle[0] == "⚔️ Kion & Chrome attack Zeus: 6 + 2 (Strength) = 8 against 9 = 9."


def test_a_tag_team_takes_damage_on_the_lower_card_first_and_caps_on_its_combined_base() -> None:
    """Optional Rules ("Damage is dealt to the lower value card first, and it is discarded when
    taken to zero"), O3 (the cap of R9 uses the pair's base): Zeus with a +4 Bomb (13) against the
    pair (6): the pair takes 4; Kion (base 2) is taken to zero by 2 and discarded, Chrome takes the
    other 2; Zeus takes 3, under the pair's 6."""
    state = table(heroes=("night", "kion"), tag_teams="on")
    set_active(state, 1, "kion", "chrome")
    add_villain(state, 0, "zeus", item="v_bomb4")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle == [
        "⚔️ Zeus attacks Kion & Chrome: 9 + 4 (+4 Bomb) = 13 against 6 = 6.",
        "Difference 7: Zeus takes 3, Kion & Chrome takes 4.",
        "Kion is defeated.",
    ]
    (slot,) = state.teams[1].active
    assert [(hero.card, hero.damage) for hero in slot.heroes] == [("chrome", 2)]
    assert state.teams[1].hero_discard == ["kion"] and state.teams[0].villains[0].damage == 3


def test_a_tag_team_card_taken_exactly_to_zero_is_discarded() -> None:
    """Optional Rules ("discarded when taken to zero"), O3: Gail and Markie (base 1) in a pair with
    Kion takes 1 damage: zero left, so it is discarded, where a lone card would need 2."""
    state = table(heroes=("night", "kion"), tag_teams="on")
    set_active(state, 1, "gail_markie", "kion")
    add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")  # 1 against 3: the pair takes 1
    (slot,) = state.teams[1].active
    assert [(hero.card, hero.damage) for hero in slot.heroes] == [("kion", 0)]
    assert state.teams[1].hero_discard == ["gail_markie"]


def test_a_tag_team_switched_out_takes_one_reserve_place() -> None:
    """O3 ("Switched out, the pair takes one reserve place")."""
    state = table(heroes=("kion", "night"), tag_teams="on")
    set_active(state, 0, "kion", "chrome")
    add_reserve(state, 0, "escudo")
    begin_hero_turn(state, 0)
    answer(state, "sw-0-0")
    assert [[hero.card for hero in slot.heroes] for slot in state.teams[0].reserve] == [["kion", "chrome"]]
    assert said(state, "Escudo switches in for Kion & Chrome")


# --- long_game (O4) -----------------------------------------------------------------------------


def test_the_long_game_needs_45_points_or_15_villains() -> None:
    """Optional Rules ("Increase game winning total to 45 Villain points or 15 Villain cards"), O4
    (solitaire: 22 or 8): 32 points do not end it."""
    assert (table(long_game="on").goal_points, table(long_game="on").goal_cards) == (45, 15)
    solo = table(1, ("night",), long_game="on")
    assert (solo.goal_points, solo.goal_cards) == (22, 8)
    state = table(long_game="on")
    state.teams[0].claimed = ["zeus", "zeus", "david", "mafiosa"]  # 28 points
    rage = add_villain(state, 1, "rage", damage=4)
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{rage.uid}")
    assert state.teams[0].claimed[-1] == "rage" and state.phase == "hero" and ENGINE.outcome(state) is None


def test_in_the_long_game_villains_that_did_not_battle_heal_one_at_the_end_of_the_round() -> None:
    """Optional Rules ("Any Villain Player Cards that did not do battle at the end of each round
    heals 1 point"), O4: Rage battled and keeps its counter; Zeus only defended and heals."""
    state = table(heroes=("night", "kion"), long_game="on")
    rage = add_villain(state, 0, "rage")
    zeus = add_villain(state, 0, "zeus", damage=2)
    begin_hero_turn(state, 1)
    answer(state, "atk-0")
    answer(state, f"v-0-{rage.uid}")  # 2 against 4: 1 each
    assert (state.phase, state.turn, rage.damage) == ("villain", 0, 1)
    answer(state, "def")  # Rage
    answer(state, "def")  # Zeus; P2 has no villain: the round ends
    assert (state.round, state.phase) == (3, "hero")
    assert (rage.damage, zeus.damage) == (1, 1) and not rage.battled
    assert said(state, "Round over: villains that did not battle heal 1")


def test_without_the_long_game_villains_do_not_heal() -> None:
    """O4: the healing belongs to the option."""
    state = table()
    zeus = add_villain(state, 0, "zeus", damage=2)
    begin_villain_turn(state, 1)
    assert state.round == 3 and zeus.damage == 2


# --- two_active (O5) ----------------------------------------------------------------------------


def test_two_active_heroes_step_up_on_the_first_turn() -> None:
    """Optional Rules ("Maintain 2 active hero slots, and 2 reserve"), O5: at most 2 heroes go to the
    reserve on the first turn, and both step up."""
    state = new_game(2, seed=1, two_active="on")
    seat = state.turn
    state.teams[seat].hand = ["night", "paragon", "kion", "h_heal", "h_heal"]
    answer(state, "keep")
    assert decision(state).max_choices == 2
    answer(state, "h0", "h2")
    answer(state, "r1")
    assert [slot.heroes[0].card for slot in state.teams[seat].active] == ["kion", "night"]
    assert state.teams[seat].reserve == [] and decision(state).seat == 1 - seat


def test_with_two_active_heroes_the_reserve_holds_two() -> None:
    """O5 ("two reserve places")."""
    state = table(two_active="on")
    add_reserve(state, 0, "kion")
    add_reserve(state, 0, "chrome")
    begin_hero_turn(state, 0, hand=["escudo"])
    assert not any(option.startswith("res-") for option in options(state))


def test_only_one_of_two_active_heroes_acts_a_turn_and_the_other_defends() -> None:
    """Optional Rules ("Only one of the active heros can attack or use an ability per turn, player's
    choice"), O5 and R5: both heroes' actions are offered by name; one attack ends the turn, and
    the other hero, which may not attack, defends (sideways, its objects count)."""
    state = table(two_active="on")
    add_active(state, 0, "chrome")
    clubs = add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    menu = labels(state)
    assert menu["fgt-0"] == "Night: Attack with Fighting +2"
    assert menu["str-1"] == "Chrome: Attack with Strength +2 (then braced +1)"
    answer(state, "str-1")
    answer(state, f"v-1-{clubs.uid}")
    assert decision(state).seat == 1 and [slot.guard for slot in state.teams[0].active] == [0, 1]
    assert said(state, "Night defends (the other active hero)")


def test_with_two_active_heroes_money_first_decides_which_one_acts() -> None:
    """O5 and R5 ("once one used Intelligence or Money first, only it"): Lady Liberty's Money leaves
    only her plain actions; Chrome is not offered any."""
    state = table(heroes=("lady_liberty", "night"), two_active="on")
    add_active(state, 0, "chrome")
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    answer(state, "mon-0-1")
    actions = [option for option in options(state) if option.split("-")[0] in ("atk", "str", "def", "dfd")]
    assert actions == ["atk-0", "def-0"]


def test_villains_may_attack_either_active_hero() -> None:
    """O5 ("villains may attack either")."""
    state = table(two_active="on")
    add_active(state, 1, "chrome")
    add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    assert labels(state) == {"a-1-0": "Night (P2's hero)", "a-1-1": "Chrome (P2's hero)"}


# --- solitaire and villains=ai (O1, O2) ---------------------------------------------------------


def test_solitaire_coin_flips_choose_a_villains_action_and_the_log_shows_each_flip() -> None:
    """Solitaire options ("If a villain has a choice, coin flips decides"), O1: Clubs has four
    actions (attack, Fighting, defend, Fighting defence); two flips pick one, and the log names
    both flips and the action. Over many seeds every action comes up."""
    seen = set()
    for seed in range(12):
        state = table(1, ("night",), seed=seed)
        add_villain(state, 0, "clubs")
        begin_hero_turn(state, 0, hand=["h_heal"])
        lines = [event.text for event in answer(state, "def-0")]
        (flip,) = [line for line in lines if line.startswith("🪙")]
        head, _, action = flip.partition("): ")
        flips = head.removeprefix("🪙 Coin flips for the villains (").split(", ")
        assert len(flips) == 2 and set(flips) <= {"heads", "tails"}
        seen.add(action)
    assert seen == {"Attack", "Attack with Fighting +2", "Defend (sideways)", "Defend with Fighting +2"}


def test_house_rule_smart_villains_always_attack_and_coin_flips_choose_their_targets() -> None:
    """House rule `smart_villains` (O10, off by default): every villain attacks when it can, with
    its strongest attack (Clubs' Fighting, Mob Boss's plain attack rather than its Money or
    Defense); with one hero to attack there is no choice, so no coin is flipped."""
    state = table(1, ("night",), smart_villains="on")
    add_villain(state, 0, "clubs")
    add_villain(state, 0, "mob_boss")
    begin_hero_turn(state, 0, hand=["h_heal"])
    events = answer(state, "def-0")
    lines = [event.text for event in events]
    assert not [line for line in lines if line.startswith("🪙")]
    assert "⚔️ Clubs attacks Night: 1 + 2 (Fighting) = 3 against 6 = 6." in lines
    assert "⚔️ Mob Boss attacks Night: 4 = 4 against 6 = 6." in lines
    assert (state.round, decision(state).seat, decision(state).key) == (3, 0, "turn")


def test_solitaire_coin_flips_choose_between_two_heroes_and_say_so() -> None:
    """Solitaire options, O1: with two active heroes (two_active) a villain's target is a choice,
    made by a coin flip that the log names."""
    state = table(1, ("night",), two_active="on", smart_villains="on")
    add_active(state, 0, "chrome")
    add_villain(state, 0, "rage")
    begin_hero_turn(state, 0)
    answer(state, "def-0")
    flips = [line for line in state.log if line.startswith("🪙 Coin flips for the villains (")]
    assert flips and flips[0].endswith(("): Night (P1's hero)", "): Chrome (P1's hero)"))


def test_solitaire_coin_flips_place_a_villain_object() -> None:
    """Solitaire options, O1 ("where an object goes"): two villains can take the +1 Weapon; a coin
    flip gives it to one of them, and says so."""
    state = table(1, ("night",))
    clubs = add_villain(state, 0, "clubs")
    mafiosa = add_villain(state, 0, "mafiosa")
    state.teams[0].villain_pile = ["v_weapon1"]
    begin_hero_turn(state, 0)
    answer(state, "def-0")
    holder = clubs if clubs.item else mafiosa
    assert holder.item == "v_weapon1" and state.teams[0].waiting == []
    flip = next(line for line in state.log if "takes +1 Weapon" in line and line.startswith("🪙"))
    assert flip.endswith(("): Clubs takes +1 Weapon", "): Mafiosa takes +1 Weapon"))


def test_villains_ai_puts_villain_decisions_on_an_automatic_seat() -> None:
    """O2 (`villains=ai`: the AI plays every deck's villains): a villain's question goes to the seat
    past the players for its owner (seats + owner); by default its owner answers."""
    state = table(villains="ai")
    add_villain(state, 1, "clubs")
    begin_villain_turn(state, 1)
    assert (decision(state).seat, decision(state).key) == (2 + 1, "vturn")
    state = table()
    add_villain(state, 1, "clubs")
    begin_villain_turn(state, 1)
    assert decision(state).seat == 1


def test_solitaire_with_villains_ai_leaves_the_villains_to_the_ai_without_coins() -> None:
    """O1/O2: in solitaire with `villains=ai` no coin is flipped; the automatic seat is asked."""
    state = table(1, ("night",), villains="ai")
    add_villain(state, 0, "clubs")
    begin_hero_turn(state, 0)
    answer(state, "def-0")
    assert (decision(state).seat, decision(state).key) == (1, "vturn")
    assert not any("Coin flip" in line for line in state.log)


def test_a_solitaire_player_whose_team_is_knocked_out_loses() -> None:
    """knocked Out ("If all heroes are knocked out, the villains win"), O1 and R15: the solitaire
    outcome is a loss."""
    state = table(1, ("night",))
    state.teams[0].hero_pile = []
    begin_hero_turn(state, 0)
    assert state.phase == "over" and state.winner == -1
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.won is False


def test_a_turn_menu_of_more_than_25_choices_is_split_and_any_part_takes_any_choice() -> None:
    """Discord's 25 choices a menu (DESIGN): two active heroes with every ability, a full reserve and
    a hand of objects make a long turn menu; it comes as two menus shown together (keys `turn` and
    `turn.2`), nothing is dropped, and a choice from either menu is taken."""
    state = table(heroes=("colonel_niven", "night"), two_active="on")
    add_active(state, 0, "colonel_niven")
    add_reserve(state, 0, "paragon")
    add_reserve(state, 0, "kion")
    add_villain(state, 1, "clubs")
    begin_hero_turn(
        state, 0, hand=["h_weapon1", "h_weapon2", "h_gadget2", "h_armor2", "h_research", "h_trap3"]
    )
    parts = ENGINE.decisions(state)
    assert [part.key for part in parts] == ["turn", "turn.2"]
    assert all(len(part.options) <= 25 for part in parts)
    ids = [option.id for part in parts for option in part.options]
    assert len(ids) == len(set(ids)) > 25
    assert "mon-0-3" in ids, "the first step is still offered"
    last = parts[1].options[-1]
    assert last.label.startswith("Colonel Niven: Defend")
    ENGINE.apply(state, 0, "turn", [last.id])  # the second menu's choice, under the first key
    assert state.teams[0].active[1].guard is not None and "Colonel Niven defends" in " ".join(state.log)


def test_solitaire_villains_take_one_turn_a_round_unless_house_rule_solo_villains_is_2() -> None:
    """Solitaire options ("The game plays the same"), O8: in solitaire the villain deck takes one
    turn a round as printed (no option), and two with house rule `solo_villains=2`, drawing
    twice."""
    for chosen, draws in (({}, 1), ({"solo_villains": "2"}, 2), ({"solo_villains": "1"}, 1)):
        state = table(1, ("hardcase",), smart_villains="on", **chosen)
        state.teams[0].villain_pile = ["clubs", "cowboy"]
        begin_hero_turn(state, 0)
        answer(state, "def-0")
        joined = [line for line in state.log if "joins P1's villains" in line]
        assert len(joined) == draws, (chosen, state.log)
        assert (state.round, decision(state).key) == (3, "turn")


def test_the_long_game_knocks_out_a_team_whose_pile_runs_out_unless_long_refill_is_on() -> None:
    """Optional Rules (the long game only heals idle villains and raises the goal) and knocked Out
    ("A hero team that runs out of cards in their draw pile is knocked out"), O4: printed, an empty
    pile knocks the team out in a long game too; house rule `long_refill` shuffles the discard into
    a new pile once."""
    state = table(long_game="on")
    state.teams[0].hero_pile, state.teams[0].hero_discard = [], ["h_heal", "kion"]
    begin_hero_turn(state, 0)
    assert state.teams[0].knocked_out and said(state, "no hero card left to draw")
    state = table(long_game="on", long_refill="on")
    state.teams[0].hero_pile, state.teams[0].hero_discard = [], ["h_heal", "kion"]
    begin_hero_turn(state, 0)
    assert not state.teams[0].knocked_out and len(state.teams[0].hero_pile) == 1
    assert said(state, "Long game: P1's hero discard is shuffled into a new pile, once")


# --- house rules (O8-O11) -----------------------------------------------------------------------


def test_every_house_rule_is_a_named_option_off_by_default_with_its_reason() -> None:
    """DESIGN section 7: a table opened with no options plays the printed rules; each of our
    changes is a named house rule, off by default, saying why, and marked where it changes how hard
    the game is (which keeps solitaire high scores apart)."""
    house = {option.id: option for option in ENGINE.meta.options if option.house_rule}
    assert set(house) == {"catch_up", "solo_villains", "smart_villains", "long_refill"}
    assert all(option.why and not option.is_on(option.default) for option in house.values())
    assert {key for key, option in house.items() if option.changes_difficulty} == {
        "solo_villains",
        "smart_villains",
        "long_refill",
    }
    assert not any(option.house_rule for option in ENGINE.meta.options if option.id not in house)


def test_a_game_saved_before_the_house_rules_decodes_and_keeps_its_two_solitaire_villain_turns() -> None:
    """A saved solitaire game from when two villain turns were the default stored
    `solo_villains=2` (the lobby fills in every option): it decodes and still plays two turns;
    a saved multiplayer game without `catch_up` plays on in the printed order."""
    back = ENGINE.decode(ENGINE.encode(table(1, ("hardcase",), solo_villains="2")))
    assert back.options == {"solo_villains": "2"} and flow.villain_turns(back) == 2
    multi = ENGINE.decode(ENGINE.encode(table(3)))
    assert "catch_up" not in multi.options and flow.round_order(multi) == [0, 1, 2]
