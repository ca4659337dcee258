"""Smash Battles (rulebook section 4; rulings 21-27)."""

from __future__ import annotations

from engines.core import IllegalChoice
from engines.smashmasters.state import SmashState
from tests.engines.smashmasters.positions import (
    ENGINE,
    arrange,
    begin,
    cid,
    decision,
    duel,
    game,
    options,
    play,
    said,
    smashes,
    space,
    teamups,
    view,
)

CASSEROLE, SALLY, CHEESE, BAGUETTE, SAM, MAX = (f"kc-c{n}" for n in range(1, 7))
PHOTO, GNOME, COMPOST, WENDY, NURTURE, BEE = (f"ld-c{n}" for n in range(1, 7))
KC_SMASH, LD_SMASH = smashes("kc", 5), smashes("ld", 5)
KC_TEAMUP, LD_TEAMUP = teamups("kc", 2), teamups("ld", 2)


def attack(state: SmashState, attacker: str | None, target: str, strength: str = "smash") -> None:
    """The turn player attacks: card kind, attacker (when asked), target."""
    play(state, "action", strength)
    if attacker is not None:
        play(state, "attacker", attacker)
    play(state, "target", target)


def test_attacking_asks_for_a_fighter_then_a_rival_target() -> None:
    """§4, ruling 21: pick one of your active characters and a rival character; back is allowed."""
    state = duel([SALLY, MAX, CHEESE], [PHOTO, WENDY, NURTURE], hands=(KC_SMASH, LD_SMASH))
    play(state, "action", "smash")
    assert decision(state).key == "attacker" and options(state) == [SALLY, MAX, CHEESE, "back"]
    play(state, "attacker", "back")
    assert decision(state).key == "action"
    play(state, "action", "smash")
    play(state, "attacker", MAX)
    assert options(state) == [PHOTO, WENDY, NURTURE, "back"]


def test_an_uncountered_smash_stuns_the_target() -> None:
    """§4: the last player to play a card wins; a Smash win stuns the loser."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    attack(state, SALLY, WENDY)
    counter = decision(state)
    assert (counter.seat, counter.key) == (1, "counter")  # out of turn, to the defender
    assert [o.id for o in counter.options] == ["smash", "pass"]
    events = play(state, "counter", "pass")
    assert space(state, WENDY).stunned and not space(state, SALLY).stunned
    assert "Sous Vide Sally (Ann) wins the Smash Battle!" in said(events)
    assert KC_SMASH[0] in state.players[0].discard and state.battle is None
    assert state.turn == 1


def test_counters_alternate_and_the_attacker_can_lose() -> None:
    """§4 example: defender counters, attacker may counter back, and so on; the last card wins."""
    state = duel([SALLY, MAX], [PHOTO, WENDY, NURTURE], hands=(KC_SMASH[:2], LD_SMASH[:3]))
    attack(state, SALLY, WENDY)
    play(state, "counter", "smash")
    assert (decision(state).seat, decision(state).key) == (0, "counter")
    play(state, "counter", "smash")
    assert decision(state).seat == 1
    play(state, "counter", "smash")
    assert decision(state).seat == 0
    play(state, "counter", "pass")
    assert space(state, SALLY).stunned and not space(state, WENDY).stunned
    assert sorted(state.players[1].discard) == sorted(LD_SMASH[:2])
    assert sorted(state.players[0].discard) == sorted(KC_SMASH[:2])


def test_a_team_up_win_defeats_and_only_a_team_up_answers_it() -> None:
    """§1 Team-Up: it counters a Smash, cannot be countered by a Smash, and defeats the loser."""
    state = duel(
        [SALLY, MAX, CHEESE], [PHOTO, WENDY, NURTURE], hands=(KC_SMASH, [*LD_SMASH[:2], LD_TEAMUP[0]])
    )
    attack(state, SALLY, WENDY)
    assert options(state) == ["smash", "teamup", "pass"]
    play(state, "counter", "teamup")
    assert options(state) == ["pass"]  # Ann holds Smash cards only: they cannot answer a Team-Up
    play(state, "counter", "pass")
    assert SALLY in state.players[0].defeated
    assert decision(state).key == "place" or decision(state).key == "summon"


def test_team_ups_need_two_active_characters() -> None:
    """§1 RULE: a Team-Up needs at least two active characters, to attack or to counter."""
    state = duel(
        [SALLY, MAX], [PHOTO, WENDY], hands=([*KC_SMASH[:2], KC_TEAMUP[0]], [LD_SMASH[0], LD_TEAMUP[0]])
    )
    space(state, PHOTO).stunned = True
    assert "teamup" in options(state)
    attack(state, SALLY, WENDY)
    assert options(state) == ["smash", "pass"]  # Bob has one active character left
    space(state, MAX).stunned = True
    play(state, "counter", "smash")
    assert options(state) == ["smash", "pass"]


def test_a_team_up_attack_is_answered_by_a_team_up() -> None:
    """§4: Team-Up against Team-Up; the last card wins and defeats."""
    hands = ([*KC_SMASH[:4], KC_TEAMUP[0]], [*LD_SMASH[:4], LD_TEAMUP[0]])
    state = duel([SALLY, MAX, CHEESE], [PHOTO, WENDY, NURTURE], hands=hands)
    attack(state, SALLY, WENDY, "teamup")
    assert options(state) == ["teamup", "pass"]
    play(state, "counter", "teamup")
    play(state, "counter", "pass")
    assert SALLY in state.players[0].defeated and not space(state, WENDY).stunned


def test_attacking_a_stunned_character_defeats_it_without_a_battle() -> None:
    """§4: a stunned rival who is attacked is defeated; there is nothing to counter."""
    state = duel([SALLY, MAX], [PHOTO, WENDY, NURTURE], hands=(KC_SMASH, LD_SMASH))
    space(state, WENDY).stunned = True
    attack(state, SALLY, WENDY)
    assert WENDY in state.players[1].defeated
    assert decision(state).key == "summon"  # Bob replaces her at once
    assert decision(state).seat == 1


def test_a_free_smash_starts_a_battle_without_a_card() -> None:
    """§4 Free Smashes: Say Cheese! attacks without a card; the rival may counter as usual."""
    state = duel([CHEESE, SALLY], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    hand = list(state.players[0].hand)
    play(state, "action", f"p.{CHEESE}")
    assert decision(state).key == "target" and "back" not in options(state)
    play(state, "target", PHOTO)
    assert state.players[0].hand == hand
    assert view(state)["battle"]["chain"][0]["card"] is None
    play(state, "counter", "smash")
    assert options(state) == ["smash", "pass"]  # Ann answers with a real card: no free counters
    play(state, "counter", "pass")
    assert space(state, CHEESE).stunned


def test_a_team_up_strength_free_smash_defeats() -> None:
    """Fondue Fury: The Big Cheese free smashes as a Team-Up; only a Team-Up can answer it."""
    fondue = cid("Fondue Fury")
    state = duel([CHEESE], [PHOTO, WENDY], hands=([fondue, *KC_SMASH[:4]], LD_SMASH))
    space(state, CHEESE).stunned = True
    play(state, "action", fondue)
    assert not space(state, CHEESE).stunned  # the Super revived him first
    play(state, "target", PHOTO)
    assert options(state) == ["pass"]
    play(state, "counter", "pass")
    assert PHOTO in state.players[1].defeated


def test_the_battle_chain_is_public_while_it_lasts() -> None:
    """The table shows every card of the battle, who played it, and who wins if it ends now."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    attack(state, SALLY, WENDY)
    play(state, "counter", "smash")
    battle = view(state)["battle"]
    assert [(b["player"], b["card"]["id"], b["strength"]) for b in battle["chain"]] == [
        ("Ann", KC_SMASH[0], "smash"),
        ("Bob", LD_SMASH[0], "smash"),
    ]
    assert battle["leader"] == {"winner": WENDY, "loser": SALLY, "fate": "stunned"}
    assert view(state)["deciding"] == [
        {"seat": 0, "name": "Ann", "key": "counter", "doing": "is deciding whether to counter"}
    ]


def test_taunt_forces_the_target() -> None:
    """Hot Dish (taunt): rivals attacking this team must attack Captain Casserole."""
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[PHOTO, WENDY], hand=LD_SMASH)
    arrange(state, 1, team=[SALLY, CASSEROLE, MAX])
    begin(state)
    play(state, "action", "smash")
    play(state, "attacker", WENDY)
    assert options(state) == [CASSEROLE, "back"]


def test_shy_and_safe_characters_cannot_be_targets() -> None:
    """Lawn Ornament (shy) and Hibernation (safe from attacks) limit the targets."""
    hibernation = cid("Hibernation")
    state = game(2, decks="kc,ld")
    arrange(state, 0, team=[SALLY, MAX], hand=KC_SMASH)
    arrange(state, 1, team=[GNOME, WENDY], hand=[hibernation, *LD_SMASH[:4]])
    begin(state)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    assert options(state) == [WENDY, "back"]
    space(state, WENDY).stunned = True
    assert options(state) == [GNOME, WENDY, "back"]  # no other active teammate: Gnome can be hit
    play(state, "target", "back")
    play(state, "action", "discard")
    play(state, "discard", KC_SMASH[0])
    play(state, "action", hibernation)
    assert "smash" not in options(state)  # every character is safe from attacks until Bob's turn


def test_a_heavy_hitter_win_defeats() -> None:
    """Rot Punch (heavy_hitter): when Compost Colossus wins, the loser is defeated, defending too."""
    state = duel([SALLY, MAX], [COMPOST, WENDY], hands=(KC_SMASH[:1], LD_SMASH))
    attack(state, SALLY, COMPOST)
    play(state, "counter", "smash")
    assert view(state)["battle"]["leader"]["fate"] == "defeated"
    play(state, "counter", "pass")
    assert SALLY in state.players[0].defeated


def test_the_target_cannot_change_mid_battle() -> None:
    """§3 Guidelines: counters are cards only; there is no way to pick another target."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    attack(state, SALLY, WENDY)
    play(state, "counter", "smash")
    assert set(options(state)) == {"smash", "pass"}
    try:
        ENGINE.apply(state, 0, "target", [PHOTO])
    except IllegalChoice:
        pass
    else:
        raise AssertionError("a new target was accepted mid-battle")
    assert state.battle is not None and state.battle.target == WENDY


def test_only_the_two_players_in_the_battle_play_cards() -> None:
    """§4 (ruling 22): 1v1 fights; a third player, or the target's teammates, cannot step in."""
    state = game(3)
    arrange(state, 0, team=[SALLY, MAX], hand=KC_SMASH)
    arrange(state, 1, team=[PHOTO, WENDY], hand=LD_SMASH)
    arrange(state, 2, team=["ga-c1", "ga-c3"], hand=smashes("ga", 5))
    begin(state)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    seen = []
    while state.battle is not None:
        asked = decision(state)
        seen.append(asked.seat)
        play(state, "counter", "smash" if "smash" in options(state) else "pass")
    assert set(seen) == {0, 1} and seen[0] == 1


def test_a_counter_not_decided_in_time_counts_as_no_counter() -> None:
    """§4 on Discord: the counter goes out of turn with a short timer (default 60 s, option
    counter_timer), then the battle ends as if the fighter had passed."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    ENGINE.apply(state, 0, "action", ["smash"], 1000.0)
    ENGINE.apply(state, 0, "attacker", [SALLY], 1000.0)
    ENGINE.apply(state, 0, "target", [WENDY], 1000.0)
    counter = decision(state)
    assert (counter.seat, counter.key, counter.deadline) == (1, "counter", 1060.0)
    assert ENGINE.next_deadline(state) == 1060.0
    version = state.version
    assert ENGINE.tick(state, 1059.0) == [] and state.version == version, "nothing happens early"
    events = ENGINE.tick(state, 1060.0)
    assert "ran out of time to counter" in said(events)
    assert space(state, WENDY).stunned and state.battle is None and state.version == version + 1
    assert ENGINE.next_deadline(state) is None, "no timer once no counter is open"


def test_the_counter_timer_is_a_table_option() -> None:
    """Hosts choose the counter timer at /play (30 s to 5 min)."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(KC_SMASH, LD_SMASH))
    state.options["counter_timer"] = "30"
    ENGINE.apply(state, 0, "action", ["smash"], 50.0)
    ENGINE.apply(state, 0, "attacker", [SALLY], 50.0)
    ENGINE.apply(state, 0, "target", [WENDY], 50.0)
    assert decision(state).deadline == 80.0
    ENGINE.apply(state, 1, "counter", ["smash"], 70.0)
    assert (decision(state).seat, decision(state).deadline) == (0, 100.0), "each counter gets a fresh timer"
