"""Characters on the table: stunned, defeated, replaced, brought back, extra (rulebook sections 1,
4 and 7; rulings 14, 16-19 and 28-34)."""

from __future__ import annotations

from tests.engines.smashmasters.positions import (
    arrange,
    begin,
    cid,
    decision,
    duel,
    game,
    options,
    play,
    resume,
    said,
    smashes,
    space,
    team_ids,
    teamups,
    view,
)

CASSEROLE, SALLY, CHEESE, BAGUETTE, SAM, MAX = (f"kc-c{n}" for n in range(1, 7))
PHOTO, GNOME, COMPOST, WENDY, NURTURE, BEE = (f"ld-c{n}" for n in range(1, 7))
KC_SMASH, LD_SMASH = smashes("kc", 5), smashes("ld", 5)


def test_a_stunned_character_loses_its_passive_power() -> None:
    """§4 Stunned: no powers, not even passive ones: a stunned Casserole no longer taunts."""
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[PHOTO, WENDY], hand=LD_SMASH)
    arrange(state, 1, team=[SALLY, CASSEROLE, MAX], stunned=[CASSEROLE])
    begin(state)
    play(state, "action", "smash")
    play(state, "attacker", WENDY)
    assert options(state) == [SALLY, CASSEROLE, MAX, "back"]


def test_a_stunned_fighter_cannot_counter() -> None:
    """§4 Stunned (ruling 25): if a fighter is stunned before the battle ends, it stops, no winner."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    space(state, WENDY).stunned = True  # as a react could do
    events = resume(state)
    assert "the battle stops with no winner" in said(events)
    assert state.battle is None and KC_SMASH[0] in state.players[0].discard
    assert not space(state, SALLY).stunned and state.turn == 1


def test_a_revived_character_powers_wait_for_the_next_turn() -> None:
    """§3 Guidelines (ruling 14): Second Helping revives Sam, whose bigger hand starts next turn."""
    helping = cid("Second Helping")
    state = game(2)
    arrange(state, 0, team=[CASSEROLE, SAM], stunned=[CASSEROLE, SAM], hand=[helping, *KC_SMASH[:4]])
    arrange(state, 1, team=[PHOTO, WENDY])
    begin(state)
    assert len(state.players[0].hand) == 5  # Sam is stunned: his power is off
    events = play(state, "action", helping)
    assert not space(state, SAM).stunned and not space(state, CASSEROLE).stunned
    assert "Sourdough Sam (Ann) is revived." in said(events)
    refills = [e for e in events if e.visible_to == (0,) and e.text.startswith("You draw")]
    assert len(refills) == 2  # the Super's replacement, then the 6th card when Sam woke up
    assert state.turn == 1 and view(state)["seats"][0]["hand_min"] == 6  # Bob's turn: Sam is awake
    assert not space(state, SAM).waking and len(state.players[0].hand) == 6


def test_a_defeated_character_is_replaced_in_the_same_space() -> None:
    """§4 Bringing out new characters: summon at once into the empty space; nobody moves."""
    state = duel([SALLY, MAX], [PHOTO, WENDY, NURTURE], hands=(KC_SMASH, LD_SMASH))
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert (decision(state).seat, decision(state).key) == (1, "summon")
    assert set(options(state)) == {GNOME, COMPOST, BEE}
    play(state, "summon", BEE)
    assert team_ids(state, 1) == [PHOTO, BEE, NURTURE] and state.players[1].defeated == [WENDY]
    assert state.turn == 1


def test_the_owner_places_several_replacements() -> None:
    """§4: after losing 2 or more at once, the owner chooses where each newcomer goes."""
    grease = cid("Grease Fire")
    state = duel([SALLY, MAX], [PHOTO, WENDY, NURTURE], hands=([grease, *KC_SMASH[:4]], None))
    space(state, PHOTO).stunned = True
    space(state, NURTURE).stunned = True
    play(state, "action", grease)
    assert decision(state).key == "place" and options(state) == ["s0", "s2"]
    assert decision(state).options[0].label == "Space 1 of 3 (next to Weed Whacker Wendy)"
    play(state, "place", "s2")
    play(state, "summon", COMPOST)
    play(state, "summon", BEE)  # the last space needs no question
    assert team_ids(state, 1) == [BEE, WENDY, COMPOST]


def test_an_extra_character_joins_at_either_end() -> None:
    """§4 Extra characters: Overgrowth adds a space at the end of the owner's choice."""
    overgrowth = cid("Overgrowth")
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[PHOTO, WENDY, NURTURE], hand=[overgrowth, *LD_SMASH[:4]])
    arrange(state, 1, team=[SALLY])
    begin(state)
    play(state, "action", overgrowth)
    assert options(state) == ["left", "right"]
    play(state, "end", "left")
    play(state, "summon", GNOME)
    assert team_ids(state, 0) == [GNOME, PHOTO, WENDY, NURTURE]
    assert view(state)["seats"][0]["team"][0]["extra"] is True


def test_supers_need_their_character_and_revive_it() -> None:
    """§1 Super cards: playable only with the character on the team; it revives the character."""
    ding = cid("Ding! Ding! Ding!")
    state = duel([CASSEROLE, SALLY], [PHOTO, WENDY, NURTURE], hands=([ding, *KC_SMASH[:4]], None))
    assert ding not in options(state)
    state = duel([CASSEROLE, MAX], [PHOTO, WENDY], hands=([ding, *KC_SMASH[:4]], None))
    space(state, MAX).stunned = True
    play(state, "action", ding)
    assert not space(state, MAX).stunned and space(state, MAX).waking
    assert view(state)["seats"][0]["team"][1]["waking"] is True
    play(state, "choose", PHOTO)
    assert space(state, PHOTO).stunned and space(state, WENDY).stunned  # the second pick was forced


def test_stories_hit_every_team_the_player_s_own_too() -> None:
    """§1 Story cards (ruling 17): Grease Fire defeats every stunned character, Ann's included."""
    fire = cid("Grease Fire")
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO, COMPOST], hands=([fire, *KC_SMASH[:4]], None))
    space(state, CHEESE).stunned = space(state, COMPOST).stunned = True
    play(state, "action", fire)
    assert CHEESE in state.players[0].defeated and COMPOST in state.players[1].defeated
    assert team_ids(state, 0)[:2] == [CASSEROLE, SALLY] and PHOTO in team_ids(state, 1)


def test_safe_from_stories_protects_only_whom_the_passive_names() -> None:
    """Safe (§7): Photosynthia is safe from Story cards, so Ann's Magic Hangover cannot pick her;
    her Nature teammate is fair game. A stunned Photosynthia loses that power (§4 Stunned)."""
    hangover = cid("Magic Hangover")
    state = game(2, decks="mm,ld")
    arrange(state, 0, team=["mm-c1", "mm-c3"], hand=[hangover, *smashes("mm", 4)])
    arrange(state, 1, team=[PHOTO, NURTURE, WENDY])
    begin(state)
    assert view(state)["seats"][1]["team"][0]["safe_from"] == ["story"]
    play(state, "action", hangover)  # the only rival it may pick: no question asked
    assert space(state, NURTURE).stunned and not space(state, PHOTO).stunned
    fire = cid("Grease Fire")
    state = game(2, decks="kc,ld")
    arrange(state, 0, team=[SAM, CASSEROLE], hand=[fire, *KC_SMASH[:4]])
    arrange(state, 1, team=[PHOTO, WENDY], stunned=[PHOTO])
    begin(state)
    play(state, "action", fire)
    assert PHOTO in state.players[1].defeated


def test_safe_from_defeat_means_stunned_instead() -> None:
    """Safe (§7): Protection Circle's team is stunned, not defeated, by a Team-Up loss."""
    circle = cid("Protection Circle")
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c1", "mm-c3"], hand=[circle, *smashes("mm", 4)])
    arrange(state, 1, team=[SALLY, MAX], hand=[teamups("kc")[0], *KC_SMASH[:4]])
    begin(state)
    play(state, "action", circle)
    play(state, "action", "teamup")
    play(state, "attacker", SALLY)
    play(state, "target", "mm-c1")
    play(state, "counter", "pass")
    assert space(state, "mm-c1").stunned and "mm-c1" not in state.players[0].defeated


def test_bring_back_to_the_table_or_the_stack() -> None:
    """§7 Bring back: Abra-Cadaver puts a defeated character back on the table, active."""
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c2", "", "mm-c3"], defeated=["mm-c1", "mm-c6"], hand=smashes("mm", 5))
    arrange(state, 1, team=[SALLY])
    state.players[0].stack = []
    begin(state)
    play(state, "action", "p.mm-c2")
    assert decision(state).key == "choose" and options(state) == ["mm-c1", "mm-c6"]
    play(state, "choose", "mm-c6")
    assert team_ids(state, 0) == ["mm-c2", "mm-c6", "mm-c3"] and state.players[0].defeated == ["mm-c1"]
    assert not space(state, "mm-c6").waking  # brought back, not revived: its power works at once


def test_a_full_team_may_swap_a_stunned_character_for_a_summon() -> None:
    """The joining rule: with no empty space, a stunned teammate may step down, or not."""
    assembly = cid("Assembly Line")
    state = game(2, decks="ga,kc")
    arrange(state, 0, team=["ga-c1", "ga-c2", "ga-c3"], stunned=["ga-c3"], hand=[assembly, *smashes("ga", 4)])
    arrange(state, 1, team=[SALLY])
    begin(state)
    play(state, "action", assembly)
    assert options(state) == ["d.ga-c3", "keep"]
    play(state, "place", "d.ga-c3")
    play(state, "summon", "ga-c6")
    assert team_ids(state, 0) == ["ga-c1", "ga-c2", "ga-c6"] and state.players[0].defeated == ["ga-c3"]


def test_turned_around_until_he_is_stunned() -> None:
    """§7 Turn the card around (ruling 33): Nuke It makes Max's battle wins defeat, and he stays
    turned around after a win, until he is stunned; then he turns back."""
    state = duel([MAX, SALLY], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH[:1]))
    play(state, "action", f"p.{MAX}")
    assert view(state)["seats"][0]["team"][0]["turned"] is True
    play(state, "action", "discard")
    play(state, "discard", state.players[1].hand[-1])
    play(state, "action", "smash")
    play(state, "attacker", MAX)
    play(state, "target", PHOTO)
    play(state, "counter", "smash")
    play(state, "counter", "smash")
    play(state, "counter", "pass")
    assert PHOTO in state.players[1].defeated and space(state, MAX).turned is not None
    play(state, "summon", BEE)
    play(state, "action", f"p.{WENDY}")
    play(state, "choose", MAX)
    assert space(state, MAX).stunned and space(state, MAX).turned is None


def test_stories_and_powers_revive_too() -> None:
    """§4 Stunned: a Story (Group Hug Hex) or a power (Quick Fix) can revive a stunned character."""
    hug = cid("Group Hug Hex")
    state = game(2, decks="mm,ga")
    arrange(state, 0, team=["mm-c1", "mm-c3"], stunned=["mm-c3"], hand=[hug, *smashes("mm", 4)])
    arrange(state, 1, team=["ga-c1", "ga-c3", "ga-c5"], stunned=["ga-c3", "ga-c5"])
    begin(state)
    play(state, "action", hug)
    assert not any(space(state, c).stunned for c in ("mm-c3", "ga-c3", "ga-c5"))
    space(state, "ga-c3").stunned = True
    play(state, "action", "p.ga-c1")
    assert not space(state, "ga-c3").stunned and state.turn == 0
