"""Rules that worked but had no scenario test (issue 18's audit): Deck searches, replacements in
turn order, the attacked react before an automatic defeat, refills after random discards, an
empty Deck and Discard Pile, and reacts that set off no reacts."""

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
)

CASSEROLE, SALLY, CHEESE, BAGUETTE, SAM, MAX = (f"kc-c{n}" for n in range(1, 7))
PHOTO, GNOME, COMPOST, WENDY, NURTURE, BEE = (f"ld-c{n}" for n in range(1, 7))
KC_SMASH, LD_SMASH = smashes("kc", 5), smashes("ld", 5)


def _duel(ann: list[str], bob: list[str], hand: list[str], bob_hand: list[str] | None = None) -> SmashState:
    state = game(2)
    arrange(state, 0, team=ann, hand=hand)
    arrange(state, 1, team=bob, hand=bob_hand)
    return begin(state)


def test_a_deck_search_shows_every_match_then_shuffles_the_deck() -> None:
    """§7 Summon ("select a card of your choice ... re-shuffle the deck afterward"): Doggy Bag
    offers every Super in Ann's Deck, gives her the one she picks, and shuffles the Deck."""
    bag = cid("Doggy Bag")
    state = _duel([SALLY, MAX], [WENDY, PHOTO], [bag, *KC_SMASH[:4]])
    deck = state.players[0].deck
    supers = sorted(card for card in deck if card.startswith("kc-s"))
    before = list(deck)
    play(state, "action", bag)
    assert sorted(options(state)) == supers
    play(state, "search", supers[-1])
    assert supers[-1] in state.players[0].hand and state.players[0].deck != [
        c for c in before if c != supers[-1]
    ]


def test_replacements_are_summoned_in_turn_order() -> None:
    """§4 Bringing out new characters (ruling 28): when Grease Fire empties spaces on two teams,
    the player whose turn it is summons first, then the next player."""
    grease = cid("Grease Fire")
    state = _duel([SALLY, MAX, CHEESE], [WENDY, PHOTO, GNOME], [grease, *KC_SMASH[:4]])
    space(state, MAX).stunned = True
    space(state, PHOTO).stunned = True
    play(state, "action", grease)
    assert (decision(state).seat, decision(state).key) == (0, "summon")
    play(state, "summon", options(state)[0])
    assert (decision(state).seat, decision(state).key) == (1, "summon")


def test_an_attack_on_a_stunned_character_waits_for_the_attacked_react() -> None:
    """§4 ("If you attack a previously stunned rival, they are automatically defeated") after
    §7 React: Bee-atrice's Swarm Shield answers the attack first, so the stunned Wendy is safe."""
    state = _duel([SALLY, MAX], [WENDY, BEE], KC_SMASH)
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert decision(state).key == "react"
    events = said(play(state, "react", f"p.{BEE}"))
    assert WENDY in team_ids(state, 1) and WENDY not in state.players[1].defeated
    assert "safe from defeat and shrugs it off" in events


def test_hands_refill_at_once_after_random_discards() -> None:
    """§3 RULE ("You should never have fewer than 5 cards"): after Spilled Milk makes Bob
    discard 2 cards at random, his hand is back to 5 before anyone acts again."""
    milk = cid("Spilled Milk")
    state = _duel([SALLY, MAX], [WENDY, PHOTO], [milk, *KC_SMASH[:4]])
    events = said(play(state, "action", milk))
    assert "Bob discards" in events and len(state.players[1].hand) == 5 and len(state.players[1].discard) == 2


def test_a_draw_from_an_empty_deck_and_discard_pile_is_skipped() -> None:
    """§3 Guidelines (reshuffle the Discard Pile when the Deck runs out; ruling 13): with both
    empty, playing a card draws nothing and the game goes on with a short hand."""
    state = _duel([SALLY, MAX], [WENDY, PHOTO], KC_SMASH)
    ann = state.players[0]
    spare = ann.deck + ann.discard
    ann.deck, ann.discard = [], []
    play(state, "action", f"p.{SALLY}")
    assert len(ann.hand) == 5 and ann.deck == [] and state.turn == 1
    ann.deck = spare  # cards back, for the record


def test_a_react_sets_off_no_other_react() -> None:
    """§7 React (ruling 20): Madame Baguette is stunned by her own Hold the Bread while she
    reacts, so Bob's Breadwinner (when one of his characters is stunned) is not offered."""
    eclipse = cid("Solar Eclipse")
    breadwinner = cid("Breadwinner")
    state = game(2, decks="ld,kc")
    arrange(state, 0, team=[WENDY, PHOTO], hand=[eclipse, *LD_SMASH[:4]])
    arrange(state, 1, team=[BAGUETTE, SALLY], hand=[breadwinner, *KC_SMASH[:4]])
    begin(state)
    play(state, "action", eclipse)
    play(state, "react", f"p.{BAGUETTE}")
    assert space(state, BAGUETTE).stunned and breadwinner in state.players[1].hand
    assert decision(state).seat == 1 and decision(state).key == "action"
