"""The seven abilities and what objects need (rulebook: Card Types with its two examples, the
ability paragraphs with the Defense and Fighting examples), rulings C2, C3, C6 and R4-R8: when an
ability may be used, one a turn, what each adds, and who sees what Intelligence shows."""

from __future__ import annotations

from tests.engines.letopsulle.kit import (
    ENGINE,
    add_reserve,
    add_villain,
    answer,
    begin_hero_turn,
    begin_villain_turn,
    decision,
    labels,
    options,
    said,
    set_active,
    table,
)

# --- the rulebook's examples --------------------------------------------------------------------


def test_colonel_niven_may_use_any_object_even_research() -> None:
    """Card Types, Hero Card ("Colonel Niven has a base of 2 ... allows him to use any object, even
    if he doesn't have the required ability to use the object such as Research"), C2 and C3: Niven
    (no Intelligence) is offered the Research and the Gadget, Kion is not; with the Research his
    abilities count 1 more (R5)."""
    state = table(heroes=("colonel_niven", "night"))
    begin_hero_turn(state, 0, hand=["h_research", "h_gadget2", "h_tip"])
    menu = labels(state)
    assert menu["eq-0-0"] == "Attach +1 Research" and menu["eq-1-0"] == "Attach +2 Gadget"
    assert menu["use-2"] == "Use +1 Tip" and menu["mon-0-3"] == "Money: first draw 3 cards"
    answer(state, "eq-0-0")
    assert state.teams[0].active[0].item == "h_research"
    kion = table(heroes=("kion", "night"))
    begin_hero_turn(kion, 0, hand=["h_research", "h_gadget2"])
    assert not any(option.startswith("eq-") for option in options(kion))
    state = table(heroes=("colonel_niven", "night"))
    set_active(state, 0, "colonel_niven", item="h_research")
    begin_hero_turn(state, 0)
    assert labels(state)["mon-0-4"] == "Money: first draw 4 cards"


def test_a_weapon_gives_one_to_attack_or_defence_and_needs_fighting() -> None:
    """Card Types, Object ("A +1 Weapon grants a 1 bonus to either an attack or defense. it requires
    haveing the attack ability to use"), C3 (the attack ability is Fighting): Escudo (Defense only)
    cannot carry it; Kion adds it to an attack."""
    state = table(heroes=("escudo", "night"))
    begin_hero_turn(state, 0, hand=["h_weapon1"])
    assert "eq-0-0" not in options(state)
    state = table(heroes=("kion", "night"))
    rage = add_villain(state, 1, "rage")
    begin_hero_turn(state, 0, hand=["h_weapon1"])
    answer(state, "eq-0-0")
    answer(state, "atk-0")
    answer(state, f"v-1-{rage.uid}")
    assert state.last_battle[0] == "⚔️ Kion attacks Rage: 2 + 1 (+1 Weapon) = 3 against 4 = 4."


def test_a_weapon_adds_to_a_defence_only_while_its_card_is_sideways() -> None:
    """Card Types, Object (+1 to "either an attack or defense"), ALL OTHER TURNS 5 ("Turn the card
    sideways. If attacked, hero may use any attached objects in defense"), R6."""
    state = table(heroes=("night", "kion"))
    state.teams[1].active[0].item = "h_weapon1"
    state.teams[1].active[0].guard = 0  # a plain defend
    add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0].endswith("against 2 + 1 (+1 Weapon) = 3.")
    state = table(heroes=("night", "kion"))
    state.teams[1].active[0].item = "h_weapon1"  # upright
    add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0].endswith("against 2 = 2.")


def test_a_hero_with_defense_2_and_base_2_defends_at_4() -> None:
    """The Defense paragraph ("A hero has a defense of 2 and base of 2. They choose to defend. They
    defend at a 4 against a villain's attack"), R6: Colonel Niven (base 2, Defense 1) with a +1
    Research has Defense 2."""
    state = table(heroes=("colonel_niven", "night"))
    set_active(state, 0, "colonel_niven", item="h_research")
    begin_hero_turn(state, 0)
    assert labels(state)["dfd-0"] == "Defend with Defense +2"
    answer(state, "dfd-0")
    assert state.teams[0].active[0].guard == 2 and said(state, "Colonel Niven defends (+2)")
    add_villain(state, 1, "clubs")
    begin_villain_turn(state, 1)
    answer(state, "atk")
    answer(state, "a-0-0")
    assert state.last_battle[0] == "⚔️ Clubs attacks Colonel Niven: 1 = 1 against 2 + 2 (defending) = 4."


def test_fighting_used_to_attack_gives_no_defence_in_the_villain_phase() -> None:
    """The Fighting paragraph ("a player chooses to use fighting to attack. During the villain's
    phase they get no bonus for defense from this ability"), R6: Night stays upright and defends at
    its base."""
    state = table()
    clubs = add_villain(state, 1, "clubs")
    add_villain(state, 1, "rage")
    begin_hero_turn(state, 0)
    answer(state, "fgt-0")
    answer(state, f"v-1-{clubs.uid}")
    assert state.teams[0].active[0].guard is None
    begin_villain_turn(state, 1)
    answer(state, "atk")
    answer(state, "a-0-0")
    assert state.last_battle[0] == "⚔️ Rage attacks Night: 4 = 4 against 6 = 6."


# --- Intelligence and Money: before anything else, one ability a turn ---------------------------


def test_money_draws_up_to_x_so_a_short_pile_is_not_emptied() -> None:
    """The Money paragraph ("a Hero may draw up to X extra cards"), R17: Colonel Niven (Money 3)
    with 3 cards left may draw 1, 2 or 3 (not using Money draws none); each option says what is
    left, and drawing 2 leaves 1 card for the next turn's draw."""
    state = table(heroes=("colonel_niven", "night"))
    state.teams[0].hero_pile = ["h_heal"] * 4  # one is drawn as the turn begins: 3 left
    begin_hero_turn(state, 0)
    found = {option.id: option for option in decision(state).options if option.id.startswith("mon-")}
    assert [found[key].label for key in found] == [
        "Money: first draw 1 card",
        "Money: first draw 2 cards",
        "Money: first draw 3 cards",
    ]
    assert found["mon-0-3"].detail == "3 left in your hero pile: it would be empty"
    answer(state, "mon-0-2")
    assert len(state.teams[0].hero_pile) == 1 and len(state.teams[0].hand) == 1 + 2
    assert said(state, "Colonel Niven uses Money: P1 draws 2 cards")


def test_money_comes_first_and_is_the_turns_one_ability() -> None:
    """The Money paragraph ("Before any other action a Hero may draw up to X extra cards"), R4 and
    R5: offered at the start only; it draws X, the hand may pass 5 until the end of the turn, and
    the card still acts, without an ability (no Fighting)."""
    state = table(heroes=("colonel_niven", "night"))
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0, hand=["h_heal", "h_heal", "h_heal", "h_heal"])
    assert {"mon-0-3", "fgt-0", "str-0", "dfd-0"} <= set(options(state))
    answer(state, "mon-0-3")
    assert len(state.teams[0].hand) == 5 + 3 and decision(state).key == "turn"
    assert said(state, "Colonel Niven uses Money: P1 draws 3 cards")
    menu = options(state)
    assert not any(option.startswith("mon-") for option in menu) and {"atk-0", "def-0"} <= set(menu)
    assert not {"fgt-0", "str-0", "dfd-0", "fgd-0"} & set(menu)


def test_a_hero_switched_in_after_a_money_start_has_no_ability_left() -> None:
    """The line "only use one ability per turn", R5 ("a hero switched in after an Intelligence or
    Money start has no ability left"): Kion comes in with only plain actions."""
    state = table(heroes=("lady_liberty", "night"))
    add_reserve(state, 0, "kion")
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    answer(state, "mon-0-1")
    answer(state, "sw-0-0")
    assert [option for option in options(state) if not option.startswith(("eq-", "use-"))] == [
        "atk-0",
        "def-0",
    ]


def test_intelligence_and_money_are_not_offered_after_another_step() -> None:
    """The Intelligence and Money paragraphs ("Before any other action"), R4: once a hero went to
    the reserve they are gone from the menu, and they are never an action."""
    state = table(heroes=("lady_liberty", "night"))
    begin_hero_turn(state, 0, hand=["kion"])
    assert "mon-0-1" in options(state)
    answer(state, "res-0")
    assert not any(option.startswith(("mon-", "int-")) for option in options(state))


def test_intelligence_shows_the_top_cards_to_the_looker_only() -> None:
    """The Intelligence paragraph ("look at up to X top cards of their own draw pile, or another
    player's draw pile, and place them back in the same order"), R4: the public log names the pile,
    not the cards; the private event is visible to the looker only; only the looker's view has
    them; the pile keeps its order."""
    state = table(heroes=("ghost_hunter", "night"))
    state.teams[1].hero_pile += ["hardcase", "cinaed"]  # Cinaed on top
    state.teams[1].villain_pile = ["zeus"]
    pile = list(state.teams[1].hero_pile)
    begin_hero_turn(state, 0)
    assert labels(state)["int-0"] == "Intelligence: first look at 2 cards of a pile"
    answer(state, "int-0")
    assert options(state) == ["hp-0", "hp-1", "vp-1"]
    events = answer(state, "hp-1")
    public = [event for event in events if event.visible_to is None]
    assert [event.text for event in public] == [
        "Ghost Hunter uses Intelligence and looks at the top 2 cards of P2's hero pile"
    ]
    private = [event for event in events if event.visible_to is not None]
    assert [(event.kind, event.text, event.visible_to) for event in private] == [
        ("peek", "P1 sees, top first: Cinaed, Hardcase", (0,))
    ]
    mine = ENGINE.view(state, 0)["you"]
    assert [face["id"] for face in mine["peek"]] == ["cinaed", "hardcase"]
    assert mine["peek_of"] == "P2's hero pile"
    assert ENGINE.view(state, 1)["you"]["peek"] == [] and ENGINE.view(state, 1)["you"]["peek_of"] == ""
    assert "you" not in ENGINE.view(state, None)
    assert "Cinaed" not in str(ENGINE.view(state, 1)) and "Cinaed" not in str(ENGINE.view(state, None))
    assert state.teams[1].hero_pile == pile
    assert decision(state).key == "turn" and "int-0" not in options(state)


# --- Power --------------------------------------------------------------------------------------


def test_power_discards_an_object_worth_up_to_x_or_with_2_the_plot_twist() -> None:
    """The Power paragraph ("Forces discard of one active opponent's effect card worth up to X
    effect points (bonus cards without point values require 2 power icons to discard)"), C6:
    Control (Power 2) may discard the +2 Weapon or the twist, not the +3 Armor."""
    state = table(heroes=("control", "night"))
    clubs = add_villain(state, 1, "clubs", item="v_weapon2")
    add_villain(state, 1, "zeus", item="v_armor3")
    state.plot, state.plot_owner = "surprise", 1
    begin_hero_turn(state, 0)
    answer(state, "pow-0")
    assert labels(state) == {f"o-1-{clubs.uid}": "+2 Weapon on Clubs", "twist": "The plot twist Surprise"}
    answer(state, f"o-1-{clubs.uid}")
    assert clubs.item == "" and state.teams[1].villain_discard == ["v_weapon2"]
    assert said(state, "Power: P1 discards +2 Weapon from Clubs") and decision(state).seat == 1
    state = table(heroes=("control", "night"))
    state.plot, state.plot_owner = "gang_up", 1
    begin_hero_turn(state, 0)
    answer(state, "pow-0")
    answer(state, "twist")
    assert state.plot == "" and state.teams[1].villain_discard == ["gang_up"]
    assert said(state, "Power: P1 discards the plot twist Gang Up")


def test_power_1_cannot_touch_the_plot_twist_but_research_makes_it_2() -> None:
    """The Power paragraph ("require 2 power icons"), C6 and R5 (X plus Research): Ghost Hunter
    (Power 1) has no Power action against a lone twist; with a +1 Research it has."""
    state = table(heroes=("ghost_hunter", "night"))
    state.plot, state.plot_owner = "ambush", 1
    begin_hero_turn(state, 0)
    assert "pow-0" not in options(state)
    set_active(state, 0, "ghost_hunter", item="h_research")
    begin_hero_turn(state, 0)
    answer(state, "pow-0")
    assert options(state) == ["twist"]


def test_villain_power_strips_a_heroes_object_but_never_the_twist() -> None:
    """The Power paragraph, C6 ("Villains never discard the twist; their Power only strips heroes'
    objects"): Fixxer (Power 2) discards P2's +2 Weapon; against a +3 Armor it has no Power action."""
    state = table()
    state.teams[1].active[0].item = "h_weapon2"
    state.plot, state.plot_owner = "surprise", 0
    add_villain(state, 0, "fixxer")
    begin_villain_turn(state, 0)
    answer(state, "pow")
    assert labels(state) == {"o-1-0": "+2 Weapon on Night"}
    answer(state, "o-1-0")
    assert state.teams[1].active[0].item == "" and state.teams[1].hero_discard == ["h_weapon2"]
    assert said(state, "Fixxer uses Power: +2 Weapon on Night is discarded") and state.plot == "surprise"
    state = table()
    state.teams[1].active[0].item = "h_armor3"
    add_villain(state, 0, "fixxer")
    begin_villain_turn(state, 0)
    assert "pow" not in options(state)


# --- Speed and Strength -------------------------------------------------------------------------


def test_speed_attacks_several_villains_each_later_one_at_one_less() -> None:
    """The Speed paragraph ("synchronized attack to up to X opponents, with -1 to each subsequent
    opponent"), R8: Hard Tail (Speed 2) picks up to 2 targets; one battle each."""
    state = table(heroes=("hard_tail", "night"))
    clubs = add_villain(state, 1, "clubs")
    cowboy = add_villain(state, 1, "cowboy")
    add_villain(state, 1, "zeus")
    begin_hero_turn(state, 0)
    answer(state, "spd-0")
    assert (decision(state).min_choices, decision(state).max_choices) == (1, 2)
    assert decision(state).prompt == "Attack up to 2 villains (in menu order)"
    answer(state, f"v-1-{clubs.uid}", f"v-1-{cowboy.uid}")
    battles = [line for line in state.log if line.startswith("⚔️")]
    assert battles == [
        "⚔️ Hard Tail attacks Clubs: 5 = 5 against 1 = 1.",
        "⚔️ Hard Tail attacks Cowboy: 5 - 1 (Speed, later foe) = 4 against 3 = 3.",
    ]


def test_every_later_speed_target_is_at_minus_one_not_more() -> None:
    """The Speed paragraph ("with -1 to each subsequent opponent"), R8: Roller Girl (base 1,
    Speed 3) attacks three villains at 1, 0 and 0; the third is at -1 like the second, not -2."""
    state = table(heroes=("roller_girl", "night"))
    found = [add_villain(state, 1, "clubs") for _ in range(3)]
    begin_hero_turn(state, 0)
    answer(state, "spd-0")
    answer(state, *[f"v-1-{villain.uid}" for villain in found])
    battles = [line for line in state.log if line.startswith("⚔️")]
    assert battles[0] == "⚔️ Roller Girl attacks Clubs: 1 = 1 against 1 = 1."
    assert battles[-1] == "⚔️ Roller Girl attacks Clubs: 1 - 1 (Speed, later foe) = 0 against 1 = 1."


def test_a_speed_attack_follows_the_menu_order_whatever_order_the_picks_come_in() -> None:
    """R8 ("in the order the target menu lists them ... the menu order makes the sequence visible
    before the player confirms"): picks sent as [Cowboy, Clubs] still attack Clubs first."""
    state = table(heroes=("hard_tail", "night"))
    clubs = add_villain(state, 1, "clubs")
    cowboy = add_villain(state, 1, "cowboy")
    begin_hero_turn(state, 0)
    answer(state, "spd-0")
    answer(state, f"v-1-{cowboy.uid}", f"v-1-{clubs.uid}")
    battles = [line for line in state.log if line.startswith("⚔️")]
    assert battles[0] == "⚔️ Hard Tail attacks Clubs: 5 = 5 against 1 = 1."


def test_a_villain_speed_attack_follows_the_menu_order() -> None:
    """R8 for villains ("the same, against heroes"): Cowboy's picks sent as [P3's, P2's hero]
    still attack P2's hero (first in the menu) at full."""
    state = table(3, ("night", "kion", "chrome"))
    add_villain(state, 0, "cowboy")
    begin_villain_turn(state, 0)
    answer(state, "spd")
    assert options(state) == ["a-1-0", "a-2-0"]
    answer(state, "a-2-0", "a-1-0")
    battles = [line for line in state.log if line.startswith("⚔️")]
    assert battles[0] == "⚔️ Cowboy attacks Kion: 3 = 3 against 2 = 2."


def test_a_villain_speed_attack_hits_several_heroes() -> None:
    """The Speed paragraph for villains ("As per the rules for a hero"), R8 and R12."""
    state = table(3, ("night", "kion", "chrome"))
    add_villain(state, 0, "cowboy")
    begin_villain_turn(state, 0)
    answer(state, "spd")
    assert decision(state).prompt == "Cowboy attacks up to 2 heroes"
    answer(state, "a-1-0", "a-2-0")
    battles = [line for line in state.log if line.startswith("⚔️")]
    assert battles == [
        "⚔️ Cowboy attacks Kion: 3 = 3 against 2 = 2.",
        "⚔️ Cowboy attacks Chrome: 3 - 1 (Speed, later foe) = 2 against 4 = 4.",
    ]


def test_a_speed_attack_stops_when_the_hero_is_defeated() -> None:
    """R8 ("If the attacking hero is defeated the remaining battles are called off")."""
    state = table(heroes=("roller_girl", "night"))
    zeus = add_villain(state, 1, "zeus")
    clubs = add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    answer(state, "spd-0")
    answer(state, f"v-1-{zeus.uid}", f"v-1-{clubs.uid}")
    assert "Roller Girl is defeated." in state.last_battle
    assert clubs.damage == 0 and sum(line.startswith("⚔️") for line in state.log) == 1


def test_speed_defends_with_half_x_rounded_up() -> None:
    """The Speed paragraph ("add half the X value (round up) to their defense"), R6: Roller Girl
    (Speed 3) defends at +2."""
    state = table(heroes=("roller_girl", "night"))
    begin_hero_turn(state, 0)
    assert labels(state)["spdd-0"] == "Defend with Speed +2"
    answer(state, "spdd-0")
    assert state.teams[0].active[0].guard == 2 and said(state, "Roller Girl defends (+2)")


def test_strength_adds_x_then_the_card_is_braced_at_half_x() -> None:
    """The Strength paragraph ("Adds X points to a player's simultaneous attack. Player then defends
    at half that value (rond up)"), R7: Chrome (Strength 2) attacks at +2, then stays sideways at
    +1 and counts its +2 Armor when the villains attack."""
    state = table(heroes=("chrome", "night"))
    state.teams[0].active[0].item = "h_armor2"
    clubs = add_villain(state, 1, "clubs")
    add_villain(state, 1, "rage")
    begin_hero_turn(state, 0)
    assert labels(state)["str-0"] == "Attack with Strength +2 (then braced +1)"
    answer(state, "str-0")
    answer(state, f"v-1-{clubs.uid}")
    assert state.last_battle[0] == "⚔️ Chrome attacks Clubs: 4 + 2 (Strength) = 6 against 1 = 1."
    assert state.teams[0].active[0].guard == 1
    assert ENGINE.view(state, 1)["players"][0]["active"][0]["defending"] is True
    begin_villain_turn(state, 1)
    answer(state, "atk")
    answer(state, "a-0-0")
    assert state.last_battle[0].endswith("against 4 + 2 (+2 Armor) + 1 (defending) = 7.")


def test_a_villain_braced_by_strength_defends_at_half_x() -> None:
    """The Strength paragraph for villains, R7: Rage (Strength 2) attacks, then a hero attacking it
    meets +1."""
    state = table(heroes=("night", "paragon"))
    rage = add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "str")
    answer(state, "a-1-0")
    assert rage.guard == 1
    begin_hero_turn(state, 1)
    answer(state, "atk-0")
    answer(state, f"v-0-{rage.uid}")
    assert state.last_battle[0] == "⚔️ Paragon attacks Rage: 9 = 9 against 4 + 1 (defending) = 5."


def test_intelligence_is_not_offered_when_every_pile_is_empty() -> None:
    """Intelligence paragraph, R4: there must be a pile to look at; with every draw pile empty the
    hero turn does not offer it (a question with nothing to choose would stall the game)."""
    state = table(heroes=("ghost_hunter", "night"))
    for team in state.teams:
        team.hero_pile, team.villain_pile = [], []
    begin_hero_turn(state, 0, draw="h_heal")
    assert not [option for option in options(state) if option.startswith("int-")]
    assert "atk-0" in options(state) or "def-0" in options(state)
