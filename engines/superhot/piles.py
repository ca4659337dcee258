"""Moving cards between piles, with the losing conditions that moving can trigger."""

from __future__ import annotations

from engines.core import Rng
from engines.core.words import acts, sentence, their
from engines.superhot.cards import Bullet, Need, Obstacle, pool
from engines.superhot.state import Player, Slot, SuperhotState

HAND_SIZE = 4
BULLETS_TO_LOSE = 4
TEAM_BULLETS_TO_LOSE = 5


class Defeat(Exception):
    """A losing condition was met; `cause` is a short key, the message is for the log."""

    def __init__(self, cause: str, message: str) -> None:
        super().__init__(message)
        self.cause = cause


def is_bullet(card: str) -> bool:
    """Whether this instance id is a Bullet card."""
    return card in pool().bullets


def obstacle(card: str) -> Obstacle:
    """The definition of an Obstacle card."""
    return pool().obstacles[card]


def bullet(card: str) -> Bullet:
    """The definition of a Bullet card."""
    return pool().bullets[card]


def requirement(card: str) -> tuple[Need, int]:
    """What dealing with a card in The Line takes."""
    if is_bullet(card):
        found = bullet(card)
        return found.need, found.value
    definition = obstacle(card)
    return definition.need, definition.value


def name_of(card: str) -> str:
    """The card's name as seen in The Line (its bottom half)."""
    return bullet(card).name if is_bullet(card) else obstacle(card).name


def top_name(card: str) -> str:
    """The card's name as seen in a hand (its top half)."""
    return "Bullet" if is_bullet(card) else obstacle(card).top


def non_bullets(cards: list[str]) -> list[str]:
    """The cards of a list that are not bullets (the ones a player may discard or pass)."""
    return [card for card in cards if not is_bullet(card)]


def bullets_in(cards: list[str]) -> int:
    """How many Bullet cards a list holds."""
    return sum(1 for card in cards if is_bullet(card))


def draw(player: Player, rng: Rng) -> bool:
    """Draw one card into the hand, reshuffling the Player Discard when the deck is empty.

    Returns False (and draws nothing) when both are empty.
    """
    if not player.deck:
        if not player.discard:
            return False
        player.deck = player.discard
        player.discard = []
        rng.shuffle(player.deck)
    player.hand.append(player.deck.pop(0))
    return True


def check_bullets(state: SuperhotState) -> None:
    """Raise Defeat when a hand holds 4 bullets, or two hands 5 together."""
    for player in state.players:
        if bullets_in(player.hand) >= BULLETS_TO_LOSE:
            name = state.names[player.seat]
            raise Defeat("bullets_hand", sentence(f"{acts(name, 'holds')} {BULLETS_TO_LOSE} bullets."))
    if len(state.players) > 1 and sum(bullets_in(p.hand) for p in state.players) >= TEAM_BULLETS_TO_LOSE:
        raise Defeat("bullets_team", f"The team holds {TEAM_BULLETS_TO_LOSE} bullets between them.")


CROSSFIRE = 1
"""Co-op with the `crossfire` house rule: bullets added to every volley of phase 6 (rulings, Co-op)."""


def crossfire(state: SuperhotState) -> int:
    """Bullets a volley fires on top of its shooters and their backup: only in co-op, and only when
    the table turned the `crossfire` house rule on (the printed co-op adds none)."""
    return CROSSFIRE if state.mode == "coop" and state.options.get("crossfire") == "on" else 0


def shoot(state: SuperhotState, count: int) -> int:
    """Move bullets from the Bullets Deck to the Obstacles Discard; Defeat when the deck runs out."""
    shot = 0
    for _ in range(count):
        if not state.bullets:
            break
        state.discard.append(state.bullets.pop(0))
        shot += 1
        if not state.bullets:
            raise Defeat("bullets_deck", "The last bullet left the Bullets Deck: too many in the air.")
    return shot


def leave_line(state: SuperhotState, player: Player, slot: Slot) -> str:
    """Send a card leaving The Line where it belongs; returns where it went."""
    if slot.down:
        state.discard.append(slot.card)
        return "obstacles discard"
    if is_bullet(slot.card):
        player.hand.append(slot.card)
        check_bullets(state)
        return "hand"
    player.discard.append(slot.card)
    return "player discard"


def refill_line(state: SuperhotState, rng: Rng) -> None:
    """Slide the cards towards the start, then fill the empty slots from the Obstacles Deck."""
    cards = [slot for slot in state.line if slot is not None]
    state.line = [*cards, *([None] * (state.line_size - len(cards)))]
    for index in range(len(cards), state.line_size):
        if not state.deck:
            if not state.discard:
                raise Defeat("line", "The Line cannot be refilled: no obstacles are left.")
            state.deck = state.discard
            state.discard = []
            rng.shuffle(state.deck)
        state.line[index] = Slot(card=state.deck.pop(0))


def refill_hand(state: SuperhotState, player: Player, rng: Rng) -> None:
    """Phase 3: draw up to four cards; Defeat when the deck and discard cannot supply them."""
    while len(player.hand) < HAND_SIZE:
        if not draw(player, rng):
            name = state.names[player.seat]
            refill = f"{acts(name, 'cannot refill')} {their(name)} hand to {HAND_SIZE} cards."
            raise Defeat("hand", sentence(refill))
    check_bullets(state)
