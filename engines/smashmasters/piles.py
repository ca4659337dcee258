"""Moving blue cards: drawing (with the reshuffle and the hand limit), playing, discarding."""

from __future__ import annotations

from engines.core.words import acts, counted, their
from engines.smashmasters.context import Ctx
from engines.smashmasters.look import HAND_MAX, hand_min, kind, name
from engines.smashmasters.state import Player


def draw(ctx: Ctx, player: Player, count: int, announce: bool = False) -> int:
    """Draw up to `count` cards (never past 10 in hand); an empty Deck reshuffles the Discard Pile."""
    drawn: list[str] = []
    while len(drawn) < count and len(player.hand) < HAND_MAX:
        if not player.deck:
            if not player.discard:
                break
            player.deck, player.discard = player.discard, []
            ctx.rng.shuffle(player.deck)
            who = ctx.who(player.seat)
            ctx.say(f"{acts(who, 'shuffles')} {their(who)} Discard Pile into a new Deck.")
        card = player.deck.pop()
        player.hand.append(card)
        drawn.append(card)
    if drawn:
        ctx.tell(player.seat, "You draw " + ", ".join(name(card) for card in drawn) + ".")
    if announce:
        who = ctx.who(player.seat)
        if len(drawn) == count:
            ctx.say(f"{acts(who, 'draws')} {counted(len(drawn), 'card')}.")
        else:
            full = len(player.hand) >= HAND_MAX
            why = f"a hand holds {HAND_MAX} cards at most" if full else "no cards left"
            ctx.say(f"{acts(who, 'draws')} {len(drawn)} of {counted(count, 'card')}: {why}.")
    return len(drawn)


def refill(ctx: Ctx, player: Player) -> None:
    """Draw up to the hand minimum (5, or 6 with a big_hand modifier)."""
    missing = hand_min(player) - len(player.hand)
    if missing > 0 and not player.out:
        draw(ctx, player, missing)


def play(ctx: Ctx, player: Player, card: str) -> None:
    """Take a card out of the hand to play it, and draw its replacement at once."""
    player.hand.remove(card)
    draw(ctx, player, 1)


def discard(ctx: Ctx, player: Player, cards: list[str]) -> None:
    """Put hand cards on the Discard Pile, announcing them."""
    for card in cards:
        player.hand.remove(card)
        player.discard.append(card)
    if cards:
        ctx.say(f"{acts(ctx.who(player.seat), 'discards')} " + ", ".join(name(card) for card in cards) + ".")


def discard_random(ctx: Ctx, player: Player, count: int) -> None:
    """Discard `count` hand cards picked by the PRNG."""
    picked: list[str] = []
    pool = list(player.hand)
    for _ in range(min(count, len(pool))):
        picked.append(pool.pop(ctx.rng.below(len(pool))))
    discard(ctx, player, picked)


def take_from_deck(ctx: Ctx, player: Player, card: str) -> None:
    """Summon a card from the Deck into the hand, then shuffle the Deck."""
    player.deck.remove(card)
    player.hand.append(card)
    ctx.rng.shuffle(player.deck)
    who = ctx.who(player.seat)
    ctx.say(f"{acts(who, 'takes')} a {KIND_WORDS[kind(card)]} card from {their(who)} Deck.")
    ctx.tell(player.seat, f"You take {name(card)}.")


KIND_WORDS = {
    "super": "Super",
    "story": "Story",
    "smash": "Smash",
    "teamup": "Team-Up",
    "character": "Character",
}
