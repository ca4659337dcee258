"""Drawing cards: from your fighter deck, the button deck or the button offer (rulebook, DRAW).

Buttons drawn go straight onto the control pad (at most 10; one more is discarded), the offer is
refilled from the button deck, buttons are never reshuffled, and an empty fighter deck is
reshuffled from its discard pile.
"""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import called, verb
from engines.punchfighter import content
from engines.punchfighter.state import OFFER_SIZE, PAD_LIMIT, PadButton, PunchState

FIGHTER_DECK = "fd"
BUTTON_DECK = "bd"


def sources(state: PunchState, seat: int) -> list[str]:
    """Where this seat may draw from now: `fd`, `bd` and `o<i>` for each card in the offer."""
    player = state.players[seat]
    found = [FIGHTER_DECK] if player.deck or player.discard else []
    if state.button_deck:
        found.append(BUTTON_DECK)
    return found + [f"o{index}" for index in range(len(state.offer))]


def draw(state: PunchState, rng: Rng, seat: int, source: str) -> None:
    """Draw one card from `source` (one of `sources`)."""
    player = state.players[seat]
    name = called(state.names[seat])
    if source == FIGHTER_DECK:
        if not player.deck:
            player.deck, player.discard = player.discard, []
            rng.shuffle(player.deck)
            state.say(f"{name} {verb(name, 'shuffles')} the fighter discard into a new deck")
        player.hand.append(player.deck.pop())
        state.say(f"{name} {verb(name, 'draws')} a fighter card")
        return
    if source == BUTTON_DECK:
        card = reveal(state)
        assert card is not None
        state.say(f"{name} {verb(name, 'draws')} {content.BUTTONS_BY_ID[card].name} from the button deck")
    else:
        card = state.offer.pop(int(source[1:]))
        state.say(f"{name} {verb(name, 'takes')} {content.BUTTONS_BY_ID[card].name} from the offer")
        refill_offer(state)
    gain_button(state, seat, card)


def reveal(state: PunchState) -> str | None:
    """The top card of the button deck (None when it is empty); the deck running out is noted."""
    if not state.button_deck:
        return None
    card = state.button_deck.pop()
    if not state.button_deck and not state.deck_out:
        state.deck_out = True
        state.say("The button deck has run out")
    return card


def refill_offer(state: PunchState) -> None:
    """Keep five buttons in the offer while the button deck has cards."""
    while len(state.offer) < OFFER_SIZE:
        card = reveal(state)
        if card is None:
            return
        state.offer.append(card)


def gain_button(state: PunchState, seat: int, card: str) -> None:
    """Put a drawn button on the seat's pad, or discard it when the pad is full."""
    player = state.players[seat]
    if len(player.pad) >= PAD_LIMIT:
        state.button_discard.append(card)
        name = called(state.names[seat])
        state.say(f"{name} {verb(name, 'has')} a full pad: {content.BUTTONS_BY_ID[card].name} is discarded")
        return
    player.pad.append(PadButton(card))
