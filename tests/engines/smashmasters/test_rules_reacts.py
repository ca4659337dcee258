"""React powers and react Supers on other players' turns (rulebook sections 1 and 7; B.2, B.4;
ruling 20)."""

from __future__ import annotations

from engines.smashmasters.state import SmashState
from tests.engines.smashmasters.positions import (
    arrange,
    begin,
    cid,
    decision,
    game,
    options,
    play,
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
ECLIPSE = cid("Solar Eclipse")


def _table(decks: str, teams: list[list[str]], hands: list[list[str] | None]) -> SmashState:
    state = game(len(teams), decks=decks)
    for seat, (team, hand) in enumerate(zip(teams, hands, strict=True)):
        arrange(state, seat, team=team, hand=hand)
    return begin(state)


def test_a_rival_may_cancel_a_story_out_of_turn() -> None:
    """§7 React: Madame Baguette's Hold the Bread cancels Ann's Story; then she is stunned."""
    state = _table("ld,kc", [[PHOTO, WENDY], [BAGUETTE, SAM]], [[ECLIPSE, *LD_SMASH[:4]], None])
    play(state, "action", ECLIPSE)
    react = decision(state)
    assert (react.seat, react.key) == (1, "react") and options(state) == [f"p.{BAGUETTE}", "pass"]
    assert view(state)["deciding"][0]["doing"] == "is deciding whether to react"
    events = play(state, "react", f"p.{BAGUETTE}")
    assert "Solar Eclipse is cancelled." in said(events)
    assert not space(state, SAM).stunned and not space(state, PHOTO).stunned
    assert space(state, BAGUETTE).stunned and ECLIPSE in state.players[0].discard
    assert state.turn == 1  # Ann's action is spent


def test_declining_a_react_lets_the_card_resolve() -> None:
    """B.2: after "Don't react" the Story resolves as played: Solar Eclipse stuns two of Bob's
    characters, then one of Ann's."""
    state = _table("ld,kc", [[WENDY, NURTURE], [BAGUETTE, SAM, CHEESE]], [[ECLIPSE, *LD_SMASH[:4]], None])
    play(state, "action", ECLIPSE)
    play(state, "react", "pass")
    play(state, "choose", SAM)
    play(state, "choose", CHEESE)
    play(state, "choose", NURTURE)
    assert space(state, SAM).stunned and space(state, CHEESE).stunned and not space(state, BAGUETTE).stunned
    assert space(state, NURTURE).stunned and not space(state, WENDY).stunned


def test_nobody_reacts_on_their_own_turn() -> None:
    """§7 React (ruling 20): reacts are for other players' turns only."""
    food_fight = cid("Food Fight!")
    state = _table("kc,ld", [[BAGUETTE, SALLY], [PHOTO]], [[food_fight, *KC_SMASH[:4]], None])
    play(state, "action", food_fight)
    assert decision(state).key == "choose" and decision(state).seat == 0  # no window for Ann herself


def test_food_fight_reaches_you_and_the_next_rival_who_can() -> None:
    """B.3 `nearest` (part D, Food Fight!): at a 4-player table Ann and only the next rival with an
    active character stun one of their own; Bob (all stunned) is passed over for Cy, Di is spared."""
    food_fight = cid("Food Fight!")
    teams = [[BAGUETTE, SALLY], [PHOTO], ["ga-c1", "ga-c2"], ["mm-c1", "mm-c2"]]
    state = _table("kc,ld,ga,mm", teams, [[food_fight, *KC_SMASH[:4]], None, None, None])
    space(state, PHOTO).stunned = True
    play(state, "action", food_fight)
    while decision(state).key == "react":  # rivals may react to a Story; nobody does
        play(state, "react", "pass")
    assert (decision(state).seat, decision(state).key) == (0, "choose")
    play(state, "choose", SALLY)
    assert (decision(state).seat, decision(state).key) == (2, "choose")
    play(state, "choose", "ga-c2")
    assert space(state, "ga-c2").stunned and not space(state, "ga-c1").stunned
    assert not any(space(state, c).stunned for c in ("mm-c1", "mm-c2"))
    assert not space(state, SALLY).stunned and state.turn == 1  # her only stunned one, revived


def test_every_rival_is_asked_in_turn_order() -> None:
    """B.2: a Story opens a window for each rival in turn, from the player after the turn player."""
    firewall = cid("Firewall")
    teams = [[PHOTO, WENDY], [BAGUETTE, SAM], ["ga-c2", "ga-c1"]]
    state = _table("ld,kc,ga", teams, [[ECLIPSE, *LD_SMASH[:4]], None, [firewall, *smashes("ga", 4)]])
    play(state, "action", ECLIPSE)
    assert decision(state).seat == 1
    play(state, "react", "pass")
    assert decision(state).seat == 2 and options(state) == [firewall, "pass"]
    play(state, "react", firewall)
    assert not space(state, SAM).stunned and firewall in state.players[2].discard
    assert len(state.players[2].hand) == 5  # a react Super is played like a card: draw a replacement


def test_signal_jammer_cancels_a_power() -> None:
    """Wi-Fiona cancels Weed Whacker Wendy's power; the turn is spent all the same (ruling 9)."""
    state = _table("ld,ga", [[WENDY, PHOTO], ["ga-c2", "ga-c1"]], [None, None])
    play(state, "action", f"p.{WENDY}")
    play(state, "react", "p.ga-c2")
    assert not space(state, WENDY).stunned and not space(state, "ga-c1").stunned
    assert state.turn == 1


def test_a_react_power_works_once_per_turn() -> None:
    """Ruling 20: Green Thumb revives the first stunned teammate, not the second."""
    ding = cid("Ding! Ding! Ding!")
    state = _table("kc,ld", [[MAX, SALLY], [WENDY, NURTURE, PHOTO]], [[ding, *KC_SMASH[:4]], None])
    play(state, "action", ding)
    play(state, "choose", WENDY)
    play(state, "choose", PHOTO)
    assert (decision(state).seat, decision(state).key) == (1, "react")
    play(state, "react", f"p.{NURTURE}")
    assert not space(state, WENDY).stunned and space(state, PHOTO).stunned
    assert state.turn == 1


def test_haunting_stuns_a_rival_and_the_defeated_stays_defeated() -> None:
    """B.4 ally_defeated (§4 Stunned: attacked while stunned, defeated): Sir Spells-a-Lot's
    Haunting stuns a rival character; the defeated teammate stays in the Defeated Pile, so the
    replacement summon cannot bring the same character straight back."""
    state = _table("kc,mm", [[SALLY, MAX], ["mm-c1", "mm-c4"]], [KC_SMASH, None])
    space(state, "mm-c1").stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", "mm-c1")
    play(state, "react", "p.mm-c4")
    assert decision(state).key == "choose" and options(state) == [SALLY, MAX]
    play(state, "choose", MAX)
    assert space(state, MAX).stunned and state.players[1].defeated == ["mm-c1"]
    assert decision(state).key == "summon" and "mm-c1" not in options(state)


def test_victory_lap_after_a_defended_battle() -> None:
    """B.4 battle_won: Broomhilda's team won a battle on Ann's turn: draw 2 cards."""
    state = _table("kc,mm", [[SALLY, MAX], ["mm-c6", "mm-c1"]], [KC_SMASH[:1], smashes("mm", 5)])
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", "mm-c1")
    play(state, "counter", "smash")
    play(state, "counter", "pass")
    assert options(state) == ["p.mm-c6", "pass"]
    play(state, "react", "p.mm-c6")
    assert len(state.players[1].hand) == 7


def test_no_super_card_is_played_inside_a_smash_battle() -> None:
    """§4 (the cards of a Smash Battle: Smash and Team-Up, "That's it? Yes!"): Bob holds the
    react Super Breadwinner, but the attack only asks him to counter; once the battle is over
    and Sally is stunned, Breadwinner may revive her."""
    breadwinner = cid("Breadwinner")
    state = _table("ld,kc", [[PHOTO, WENDY], [BAGUETTE, SALLY]], [LD_SMASH, [breadwinner, *KC_SMASH[:4]]])
    play(state, "action", "smash")
    play(state, "attacker", PHOTO)
    play(state, "target", SALLY)
    assert decision(state).key == "counter" and options(state) == ["smash", "pass"]
    play(state, "counter", "pass")
    assert state.battle is None and space(state, SALLY).stunned
    assert decision(state).key == "react" and options(state) == [breadwinner, "pass"]
    play(state, "react", breadwinner)
    assert not space(state, SALLY).stunned and breadwinner in state.players[1].discard


def test_swarm_shield_turns_a_defeat_into_a_stun() -> None:
    """Bee-atrice: an attacked teammate is safe from defeat this turn (a Team-Up only stuns it)."""
    hand = [teamups("kc")[0], *KC_SMASH[:4]]
    state = _table("kc,ld", [[SALLY, MAX], [WENDY, BEE]], [hand, None])
    play(state, "action", "teamup")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    play(state, "react", f"p.{BEE}")
    assert view(state)["seats"][1]["team"][0]["safe_from"] == ["defeat"]
    play(state, "counter", "pass")
    assert space(state, WENDY).stunned and WENDY not in state.players[1].defeated
    assert space(state, WENDY).tokens == []  # "this turn" is over


def test_i_knew_it_cancels_a_super_which_then_revives_nobody() -> None:
    """Ruling 19: a cancelled Super does nothing, not even its revive; Tinfoil Tina is stunned."""
    ding = cid("Ding! Ding! Ding!")
    state = _table("kc,ga", [[MAX, SALLY], ["ga-c6", "ga-c1"]], [[ding, *KC_SMASH[:4]], None])
    space(state, MAX).stunned = True
    play(state, "action", ding)
    play(state, "react", "p.ga-c6")
    assert space(state, MAX).stunned and space(state, "ga-c6").stunned
    assert not space(state, "ga-c1").stunned and ding in state.players[0].discard


def test_not_on_my_lawn_brings_a_defeated_teammate_back() -> None:
    """React Super on ally_defeated: Wendy comes back to her space, safe from attacks until Cy's
    next turn, so Bob cannot attack her on his turn."""
    lawn = cid("Not On My Lawn")
    teams = [[SALLY, MAX], ["ga-c1", "ga-c3"], [NURTURE, WENDY]]
    state = _table("kc,ga,ld", teams, [KC_SMASH, smashes("ga", 5), [lawn, *LD_SMASH[:4]]])
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert options(state) == [lawn, "pass"]
    play(state, "react", lawn)
    assert team_ids(state, 2) == [NURTURE, WENDY] and not space(state, WENDY).stunned
    assert state.turn == 1 and [t.danger for t in space(state, WENDY).tokens] == ["attack"]
    play(state, "action", "smash")
    play(state, "attacker", "ga-c1")
    assert WENDY not in options(state) and NURTURE in options(state)
    play(state, "target", "back")
    play(state, "action", "discard")
    play(state, "discard", state.players[1].hand[0])
    assert state.turn == 2 and space(state, WENDY).tokens == []
