"""The villain turn (rulebook, Villain Phase steps 1-2 and their bullets; Plot Twists), rulings
R11-R13, C5 and C6: the draw, the first villain, objects that find a villain or wait sideways, plot
twists, every villain's action and its targets, villain Money, Intelligence and Power."""

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
    new_game,
    options,
    said,
    table,
)

# --- step 1: the draw ---------------------------------------------------------------------------


def test_the_first_villain_turn_fetches_the_first_villain_of_the_pile() -> None:
    """Villain Phase 1 ("On the first turn, search deck for the fist villain card. Place it face up
    as active. Go to action."), R11: the other cards keep their order."""
    state = table()
    team = state.teams[0]
    team.villain_turns = 0
    team.villain_pile = ["clubs", "v_weapon1", "zeus", "surprise", "v_armor1"]  # the top is the end
    begin_villain_turn(state, 0)
    assert [villain.card for villain in team.villains] == ["zeus"]
    assert team.villain_pile == ["clubs", "v_weapon1", "surprise", "v_armor1"]
    assert said(state, "Zeus (9) joins P1's villains") and state.plot == ""
    assert (decision(state).seat, decision(state).key) == (0, "vturn")


def test_after_the_opening_every_player_has_one_villain_in_play() -> None:
    """Hero Phase then Villain Phase (R1, R2, R11), played through apply: after both first hero
    turns the first player's villain turn has brought out exactly its first villain."""
    state = new_game(2, seed=4)
    for _ in range(2):
        seat = state.turn
        state.teams[seat].hand[0] = "night"  # a hero to line up
        ENGINE.apply(state, seat, "mulligan", ["keep"])
        ENGINE.apply(state, seat, "lineup", ["h0"])
    assert state.phase == "villain" and state.turn == state.first
    villains = state.teams[state.first].villains
    assert len(villains) == 1 and villains[0].damage == 0
    assert (decision(state).seat, decision(state).key) == (state.first, "vturn")


def test_a_later_villain_turn_draws_the_top_card_and_a_villain_becomes_active() -> None:
    """Villain Phase 1 ("Draws 1 Card", "If a villain is drawn, it becomes active"), R11: it acts
    in the same turn, after the older villains."""
    state = table()
    add_villain(state, 0, "clubs")
    state.teams[0].villain_pile = ["mafiosa", "rage"]
    begin_villain_turn(state, 0)
    assert [villain.card for villain in state.teams[0].villains] == ["clubs", "rage"]
    assert state.teams[0].villain_pile == ["mafiosa"]
    assert decision(state).prompt.startswith("Clubs")
    answer(state, "def")
    assert decision(state).prompt.startswith("Rage")


def test_an_empty_villain_pile_reshuffles_the_discard() -> None:
    """Villain Phase 1 ("If there are no cards left in the deck, shuffle discard pile"), R11."""
    state = table()
    team = state.teams[0]
    team.villain_discard = ["clubs", "clubs", "cowboy"]
    begin_villain_turn(state, 0)
    assert said(state, "P1's villain discard is shuffled into a new pile")
    assert team.villain_discard == [] and len(team.villain_pile) == 2 and len(team.villains) == 1
    assert sorted([*team.villain_pile, team.villains[0].card]) == ["clubs", "clubs", "cowboy"]


# --- objects and plot twists --------------------------------------------------------------------


def test_a_villain_object_goes_to_the_one_villain_that_can_use_it() -> None:
    """Villain Phase 1 ("It can only be played on a villain that can use the object"), C3 (Weapons
    need Fighting), R11: Cowboy (Speed) cannot, Clubs (Fighting) takes it without a question."""
    state = table()
    add_villain(state, 0, "cowboy")
    clubs = add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0, draw="v_weapon1")
    assert clubs.item == "v_weapon1" and state.teams[0].villains[0].item == ""
    assert said(state, "Clubs takes +1 Weapon") and decision(state).key == "vturn"


def test_a_drawn_villain_object_never_replaces_an_object_without_asking_and_says_what_goes() -> None:
    """Villain Phase 1 ("it can be played to any active villain ... If the villain already had an
    object, it is first discarded"), R11: Clubs holds a +3 Armor and draws a +1 Weapon: its owner is
    asked (take it and lose the Armor, or discard the Weapon); either way the log says what goes."""
    state = table()
    clubs = add_villain(state, 0, "clubs", item="v_armor3")
    begin_villain_turn(state, 0, draw="v_weapon1")
    assert (decision(state).seat, decision(state).key) == (0, "place")
    assert labels(state) == {
        f"v{clubs.uid}": "Clubs takes +1 Weapon (discarding its +3 Armor)",
        "x": "Nobody: discard +1 Weapon",
    }
    answer(state, "x")
    assert clubs.item == "v_armor3" and state.teams[0].villain_discard == ["v_weapon1"]
    assert said(state, "+1 Weapon is discarded: no villain takes it") and decision(state).key == "vturn"
    state = table()
    clubs = add_villain(state, 0, "clubs", item="v_armor1")
    begin_villain_turn(state, 0, draw="v_weapon2")
    answer(state, f"v{clubs.uid}")
    assert clubs.item == "v_weapon2" and state.teams[0].villain_discard == ["v_armor1"]
    assert said(state, "Clubs takes +2 Weapon; its +1 Armor is discarded")


def test_the_owner_chooses_which_villain_takes_an_object() -> None:
    """R11 ("the owner chooses"): two villains can use the +1 Armor; the owner is asked where it
    goes, and the label says which object it would discard."""
    state = table()
    add_villain(state, 0, "clubs", item="v_weapon1")
    zeus = add_villain(state, 0, "zeus")
    begin_villain_turn(state, 0, draw="v_armor1")
    asked = decision(state)
    assert (asked.seat, asked.key) == (0, "place")
    assert labels(state) == {
        "v1": "Clubs takes +1 Armor (discarding its +1 Weapon)",
        "v2": "Zeus takes +1 Armor",
    }
    answer(state, f"v{zeus.uid}")
    assert zeus.item == "v_armor1" and state.teams[0].waiting == []
    assert decision(state).key == "vturn"


def test_an_object_nobody_can_use_waits_sideways_for_the_next_villain_that_can() -> None:
    """Villain Phase 1 ("If no villain can use the object it is placed face up, sideways in reserve.
    It is attached to the first villain that is drawn that can use the object"), R11."""
    state = table()
    add_villain(state, 0, "cowboy")
    begin_villain_turn(state, 0, draw="v_weapon1")
    assert state.teams[0].waiting == ["v_weapon1"]
    assert said(state, "+1 Weapon waits sideways in P1's villain reserve")
    assert [face["id"] for face in ENGINE.view(state, 1)["players"][0]["waiting"]] == ["v_weapon1"]
    answer(state, "def")
    begin_villain_turn(state, 0, draw="rage")  # Strength only: still waiting
    assert state.teams[0].waiting == ["v_weapon1"] and state.teams[0].villains[-1].item == ""
    state.ask = None
    begin_villain_turn(state, 0, draw="clubs")
    assert state.teams[0].waiting == [] and state.teams[0].villains[-1].item == "v_weapon1"


def test_a_new_villain_chooses_among_several_waiting_objects() -> None:
    """Villain Phase 1 ("If there are multiple objects that can be attached, player chooses which
    one"), R11: the others keep waiting."""
    state = table()
    state.teams[0].waiting = ["v_weapon1", "v_weapon2"]
    begin_villain_turn(state, 0, draw="clubs")
    assert decision(state).key == "place"
    assert labels(state) == {"w0": "Clubs takes +1 Weapon", "w1": "Clubs takes +2 Weapon"}
    answer(state, "w1")
    assert state.teams[0].villains[0].item == "v_weapon2" and state.teams[0].waiting == ["v_weapon1"]


def test_a_plot_twist_replaces_the_one_in_play_whoever_drew_it() -> None:
    """Plot Twists ("Only one plot twist can ever be in play at a time"), Villain Phase 1 ("If an
    exisitng plot twist was out, for any player, it is discarded"), R11: P2's Surprise goes to P2's
    discard pile when P1 draws Ambush."""
    state = table()
    state.plot, state.plot_owner = "surprise", 1
    add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0, draw="ambush")
    assert (state.plot, state.plot_owner) == ("ambush", 0)
    assert state.teams[1].villain_discard == ["surprise"]
    assert said(state, "Plot twist! Ambush")
    assert ENGINE.view(state, None)["plot"]["id"] == "ambush"


def test_a_plot_twist_helps_every_players_villains() -> None:
    """Villain Phase 1 ("in effect for all villains of all players"), C5 Ambush: P1's Ambush makes
    P2's Clubs defend at +2 against P1's hero."""
    state = table()
    state.plot, state.plot_owner = "ambush", 0
    clubs = add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    answer(state, "atk-0")
    answer(state, f"v-1-{clubs.uid}")
    assert "against 1 + 2 (Ambush) = 3" in state.last_battle[0]


# --- step 2: every villain's action -------------------------------------------------------------


def test_each_active_villain_acts_oldest_first() -> None:
    """Villain Phase 2 ("EACH active villain gets an action"), R11 (oldest first): then the next
    player's villain turn."""
    state = table()
    add_villain(state, 0, "zeus")
    add_villain(state, 0, "clubs")
    add_villain(state, 1, "cowboy")
    begin_villain_turn(state, 0)
    assert decision(state).prompt == "Zeus (P1's villain): what does it do?"
    answer(state, "def")
    assert decision(state).prompt == "Clubs (P1's villain): what does it do?"
    answer(state, "fgd")
    assert [villain.guard for villain in state.teams[0].villains] == [0, 2]
    assert said(state, "Zeus defends") and said(state, "Clubs defends (+2)")
    assert (state.turn, decision(state).seat, decision(state).prompt) == (
        1,
        1,
        "Cowboy (P2's villain): what does it do?",
    )


def test_villains_attack_other_players_active_heroes_not_their_owners() -> None:
    """Villain Phase 2 ("villain may attack any active hero from any player"), R12 (the owner's
    team is left out): with 3 players P1's villain may attack P2's and P3's active heroes only."""
    state = table(3, ("night", "kion", "chrome"))
    add_reserve(state, 1, "escudo")
    add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    assert labels(state) == {"a-1-0": "Kion (P2's hero)", "a-2-0": "Chrome (P3's hero)"}


def test_a_villain_attacks_a_reserve_hero_when_its_player_has_no_active_one() -> None:
    """Villain Phase 2 ("If a player does not have an active hero, the villain can attack a hero in
    reserve"), R12."""
    state = table()
    state.teams[1].active = []
    add_reserve(state, 1, "escudo")
    kion = add_reserve(state, 1, "kion")
    add_villain(state, 0, "rage")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    assert labels(state) == {"r-1-0": "Escudo (P2's hero)", "r-1-1": "Kion (P2's hero)"}
    answer(state, "r-1-1")
    assert state.last_battle[0] == "⚔️ Rage attacks Kion: 4 = 4 against 2 = 2."
    assert kion.heroes[0].damage == 1 and kion in state.teams[1].reserve


def test_villain_money_makes_a_player_lose_cards_at_random() -> None:
    """The Money paragraph ("a Villain may force discard of up to X cards from a hero's hand"), R4
    and R13: first thing in the villain's turn; the options show hand sizes, never the cards; after
    it the villain still acts, without an ability."""
    state = table()
    state.teams[1].hand = ["h_heal", "h_weapon1", "paragon"]
    add_villain(state, 0, "mafiosa")  # Money 2, Fighting 1
    begin_villain_turn(state, 0)
    assert {"mon", "atk", "fgt"} <= set(options(state))
    answer(state, "mon")
    assert decision(state).key == "vmoney"
    assert labels(state) == {"p-1": "P2 (3 cards in hand)"}
    answer(state, "p-1")
    assert len(state.teams[1].hand) == 1 and len(state.teams[1].hero_discard) == 2
    assert sorted(state.teams[1].hand + state.teams[1].hero_discard) == sorted(
        ["h_heal", "h_weapon1", "paragon"]
    )
    assert said(state, "Mafiosa uses Money: P2 loses 2 cards at random")
    assert options(state) == ["atk", "def"]


def test_villain_intelligence_shows_the_cards_to_its_owner_only() -> None:
    """The Intelligence paragraph (a draw pile, hero or villain), R13 ("its owner looks"): the
    public log names the pile, the private event and the owner's view name the cards."""
    state = table()
    state.teams[1].hero_pile += ["paragon"]
    add_villain(state, 0, "fixxer")  # Power 2, Intelligence 1
    begin_villain_turn(state, 0)
    answer(state, "int")
    events = answer(state, "hp-1")
    peeks = [event for event in events if event.kind == "peek"]
    assert [(event.text, event.visible_to) for event in peeks] == [("P1 sees, top first: Paragon", (0,))]
    assert said(state, "Fixxer uses Intelligence and looks at the top card of P2's hero pile")
    assert not said(state, "Paragon")
    assert [face["id"] for face in ENGINE.view(state, 0)["you"]["peek"]] == ["paragon"]
    assert ENGINE.view(state, 1)["you"]["peek"] == []
    assert options(state) == ["atk", "def"]  # its one ability is spent


# --- what the plot twists do (C5) ---------------------------------------------------------------


def test_surprise_gives_attacking_villains_two() -> None:
    """Plot Twists ("follow the rules on the card"), C5 Surprise: +2 to an attacking villain, not to
    a defending one."""
    state = table(heroes=("night", "chrome"))
    state.plot, state.plot_owner = "surprise", 1
    clubs = add_villain(state, 0, "clubs")
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0] == "⚔️ Clubs attacks Chrome: 1 + 2 (Surprise) = 3 against 4 = 4."
    begin_hero_turn(state, 1)
    answer(state, "atk-0")
    answer(state, f"v-0-{clubs.uid}")
    assert state.last_battle[0] == "⚔️ Chrome attacks Clubs: 4 = 4 against 1 = 1."


def test_gang_up_counts_the_other_villains_of_the_same_deck_up_to_three() -> None:
    """C5 Gang Up: +1 for each other active villain of its deck, at most +3, attacking and
    defending; another deck's villains do not count."""
    state = table(heroes=("night", "paragon"))
    state.plot, state.plot_owner = "gang_up", 0
    rage = add_villain(state, 0, "rage")
    add_villain(state, 0, "clubs")
    add_villain(state, 1, "zeus")
    begin_hero_turn(state, 1)
    answer(state, "atk-0")
    answer(state, f"v-0-{rage.uid}")
    assert state.last_battle[0] == "⚔️ Paragon attacks Rage: 9 = 9 against 4 + 1 (Gang Up) = 5."
    for card in ("clubs", "cowboy", "cowboy"):
        add_villain(state, 0, card)
    begin_villain_turn(state, 0)
    answer(state, "atk")
    answer(state, "a-1-0")
    assert state.last_battle[0] == "⚔️ Rage attacks Paragon: 4 + 3 (Gang Up) = 7 against 9 = 9."


def test_an_immune_twist_takes_the_ability_from_heroes_only() -> None:
    """C5 Immune Fighting ("heroes cannot use that ability while it is in play (their menus do not
    offer it)"): Night loses its Fighting actions; a villain's Fighting still works."""
    state = table()
    state.plot, state.plot_owner = "immune_fighting", 1
    add_villain(state, 1, "clubs")
    begin_hero_turn(state, 0)
    menu = options(state)
    assert {"atk-0", "def-0", "int-0"} <= set(menu) and not {"fgt-0", "fgd-0"} & set(menu)
    begin_villain_turn(state, 1)
    assert "fgt" in options(state)
