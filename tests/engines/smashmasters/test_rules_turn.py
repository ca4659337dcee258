"""A turn: exactly one of the six actions, hand size, discarding (rulebook section 3)."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
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
    team_ids,
    teamups,
)

CASSEROLE, SALLY, CHEESE, BAGUETTE, SAM, MAX = (f"kc-c{n}" for n in range(1, 7))
PHOTO, GNOME, COMPOST, WENDY, NURTURE, BEE = (f"ld-c{n}" for n in range(1, 7))
POTLUCK, GREASE = cid("Potluck"), cid("Grease Fire")


def test_the_action_menu_offers_the_six_actions_that_are_legal() -> None:
    """§3: attack (Smash; Team-Up with 2+ active), a power, a Story, a Super whose character is on
    the team, discard; retiring needs a stunned character and a stack."""
    hand = [*smashes("kc", 2), teamups("kc")[0], POTLUCK, cid("Second Helping"), cid("Rise Again")]
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO, GNOME, COMPOST], hands=(hand, None))
    assert decision(state).seat == 0 and decision(state).key == "action"
    assert options(state) == ["smash", "teamup", POTLUCK, "kc-s1", "p.kc-c2", "p.kc-c3", "discard"]
    space(state, SALLY).stunned = True
    assert "p.kc-c2" not in options(state) and f"r.{SALLY}" in options(state)
    space(state, CHEESE).stunned = True
    assert "teamup" not in options(state)  # one active character left
    state.players[0].stack = []
    assert f"r.{SALLY}" not in options(state)


def test_nothing_to_do_means_pass() -> None:
    """Ruling 8: with no hand, no usable power and nothing to attack with, the player passes."""
    state = duel([CASSEROLE, ""], [PHOTO], hands=((), None))
    state.players[0].stack = []
    state.players[0].deck = state.players[0].discard = []
    state.players[0].hand = []
    assert options(state) == ["pass"]
    play(state, "action", "pass")
    assert state.turn == 1


def test_one_action_then_the_turn_passes_left() -> None:
    """§3: a turn is exactly one action; then the next seat plays."""
    state = game(3)
    for seat, deck in enumerate(("kc", "ld", "ga")):
        arrange(state, seat, team=[f"{deck}-c1", f"{deck}-c2", f"{deck}-c3"])
    begin(state, turn=2)
    play(state, "action", "discard")
    play(state, "discard", state.players[2].hand[0])
    assert state.turn == 0 and decision(state).key == "action"


def test_playing_a_card_draws_its_replacement_at_once() -> None:
    """§3 RULE: whenever you play a card, draw one; Potluck then gives everyone 2 more."""
    state = duel(
        [CASSEROLE, SALLY, CHEESE], [PHOTO, GNOME, COMPOST], hands=([POTLUCK, *smashes("kc", 4)], None)
    )
    assert len(state.players[1].hand) == 5
    events = play(state, "action", POTLUCK)
    assert len(state.players[0].hand) == 5 + 2 and len(state.players[1].hand) == 5 + 2
    assert POTLUCK in state.players[0].discard and state.last_story == POTLUCK
    assert "draws 2 cards" in said(events)


@pytest.mark.parametrize(
    ("stunned", "grandma", "limit"),
    [
        ((), False, 1),
        ((SALLY,), False, 2),
        ((SALLY, CHEESE), False, 3),
        ((CASSEROLE, SALLY, CHEESE), False, 5),
    ],
)
def test_discard_action_limits(stunned: tuple[str, ...], grandma: bool, limit: int) -> None:
    """§3 Discarding: 1 card, one more per stunned character, up to 5 when the whole team is."""
    hand = smashes("kc", 6)
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(hand, None))
    for char in stunned:
        space(state, char).stunned = True
    play(state, "action", "discard")
    asked = decision(state)
    assert (asked.key, asked.min_choices, asked.max_choices) == ("discard", 1, limit)


def test_robo_grandma_swaps_two_more() -> None:
    """Deep discard (Spare Parts): the Discard action may swap 2 extra cards."""
    state = game(2, decks="ga,kc")
    arrange(state, 0, team=["ga-c5", "ga-c1", "ga-c2"], hand=smashes("ga", 6))
    arrange(state, 1, team=[CASSEROLE])
    begin(state)
    play(state, "action", "discard")
    assert decision(state).max_choices == 3


def test_discarding_refills_to_five_but_never_draws_past_it() -> None:
    """§3 Discarding: draw back up to 5; from a bigger hand, no draw."""
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(smashes("kc", 5), None))
    top = state.players[0].deck[-1]
    play(state, "action", "discard")
    play(state, "discard", smashes("kc")[0])
    assert top in state.players[0].hand and len(state.players[0].hand) == 5
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(smashes("kc", 7), None))
    play(state, "action", "discard")
    play(state, "discard", smashes("kc")[0])
    assert len(state.players[0].hand) == 6


def test_no_hand_goes_past_ten() -> None:
    """§3 Guidelines: no hand holds more than 10 cards; extra draws stay in the Deck."""
    hand = [POTLUCK, *smashes("kc", 8)]
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(hand, None))
    play(state, "action", POTLUCK)
    assert len(state.players[0].hand) == 10


def test_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """§3 Guidelines: when the Deck runs out, the Discard Pile becomes the new Deck."""
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(smashes("kc", 5), None))
    player = state.players[0]
    player.discard, player.deck = player.deck, []
    events = play(state, "action", "discard")
    events += play(state, "discard", smashes("kc")[0])
    assert len(player.hand) == 5 and len(player.deck) == 35 and player.discard == []
    assert "shuffles their Discard Pile into a new Deck" in said(events)


def test_retiring_a_stunned_character_summons_into_its_space() -> None:
    """§3 action 6: a stunned character goes to the Defeated Pile; a new one takes its place."""
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO, GNOME], hands=(smashes("kc", 5), None))
    space(state, SALLY).stunned = True
    play(state, "action", f"r.{SALLY}")
    assert decision(state).key == "summon" and set(options(state)) == {BAGUETTE, SAM, MAX}
    play(state, "summon", MAX)
    assert team_ids(state, 0) == [CASSEROLE, MAX, CHEESE]
    assert state.players[0].defeated == [SALLY] and state.turn == 1


def test_a_power_is_an_action_and_a_passive_is_never_used() -> None:
    """§3 action 2 (ruling 9): Slow Cooker draws 2; Hot Dish (passive) is not on the menu."""
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(smashes("kc", 5), None))
    assert "p.kc-c1" not in options(state)
    play(state, "action", f"p.{SALLY}")
    assert len(state.players[0].hand) == 7 and state.turn == 1


def test_you_may_not_make_yourself_lose_with_a_story() -> None:
    """§3 Guidelines (ruling 15): Grease Fire skips your own last, stunned character."""
    state = duel([CASSEROLE, "", ""], [PHOTO, GNOME, COMPOST], hands=([GREASE, *smashes("kc", 4)], None))
    state.players[0].stack = []
    space(state, CASSEROLE).stunned = True
    space(state, GNOME).stunned = True
    play(state, "action", GREASE)
    assert team_ids(state, 0) == [CASSEROLE, "", ""] and not state.over
    assert GNOME in state.players[1].defeated


def test_you_may_not_choose_your_own_last_character_to_defeat() -> None:
    """Ruling 15: Banishment's own pick leaves out a character whose defeat would put you out."""
    state = game(2, decks="mm,kc")
    arrange(state, 0, team=["mm-c1", "", ""], hand=[cid("Banishment"), *smashes("mm", 4)])
    arrange(state, 1, team=[CASSEROLE, SALLY])
    state.players[0].stack = []
    begin(state)
    space(state, "mm-c1").stunned = True
    space(state, SALLY).stunned = True
    play(state, "action", cid("Banishment"))
    assert SALLY in state.players[1].defeated and team_ids(state, 0) == ["mm-c1", "", ""]


def test_illegal_answers_are_refused_and_change_nothing() -> None:
    """DESIGN 2: wrong seat, unknown key or option, wrong count: IllegalChoice, state untouched."""
    state = duel([CASSEROLE, SALLY, CHEESE], [PHOTO], hands=(smashes("kc", 5), None))
    before = ENGINE.encode(state)
    for seat, key, choice in [
        (1, "action", ["discard"]),
        (0, "counter", ["pass"]),
        (0, "action", ["teamup"]),
        (0, "action", []),
        (0, "action", ["discard", "smash"]),
    ]:
        with pytest.raises(IllegalChoice) as refused:
            ENGINE.apply(state, seat, key, choice)
        assert str(refused.value)
    assert ENGINE.encode(state) == before
