"""Laying cards: legal plays, paybacks, drawing, being stuck and the quick draw (rulings 9-14)."""

from __future__ import annotations

from engines.supernova import clock
from engines.supernova.cards import HAND_SIZE, fits
from engines.supernova.state import Laid, NovaState


def pile_name(state: NovaState, pile: int) -> str:
    """ "Ann's pile", "Ann & Bob's pile", or "Ann's pile 2" with two piles each."""
    owners = state.piles[pile].owners
    mine = [index for index, other in enumerate(state.piles) if other.owners == owners]
    number = f" {mine.index(pile) + 1}" if len(mine) > 1 else ""
    return " & ".join(state.names[owner] for owner in owners) + f"'s pile{number}"


def may_play(state: NovaState, seat: int, pile: int, now: float) -> bool:
    """Whether the seat may lay a card on this pile now (values aside), by the screens as they stand
    or, within the lag allowance, as they were just before the last change (ruling 7)."""
    return clock.open_now(state, seat, pile) or clock.open_before(state, seat, pile, now)


def payback_reason(state: NovaState, seat: int, value: int, pile: int, now: float) -> str:
    """Why this card laid now on this pile is a payback; "" when it goes face up."""
    if may_play(state, seat, pile, now):
        return "" if fits(value, state.piles[pile].top) else "wrong value"
    if state.phase == "shockwave":
        return "shockwave not solved"
    return "not on GO!" if state.phase == "play" else "between turns"


def own_pile(state: NovaState, seat: int, target: int) -> int:
    """Where a payback card goes: the target if it is the offender's, else their first pile."""
    if seat in state.piles[target].owners:
        return target
    return next(index for index, pile in enumerate(state.piles) if seat in pile.owners)


def lay(state: NovaState, seat: int, value: int, pile: int, now: float) -> None:
    """Play a card from the hand: face up when legal, else face down on the offender's own pile."""
    state.players[seat].hand.remove(value)
    name = state.names[seat]
    why = payback_reason(state, seat, value, pile, now)
    if not why:
        state.piles[pile].cards.append(Laid(value))
        state.say(f"{name} plays a {value} on {pile_name(state, pile)}.")
    else:
        home = own_pile(state, seat, pile)
        state.piles[home].cards.append(Laid(value, down=True))
        state.say(f"Payback! {name}'s {value} ({why}) goes face down on {pile_name(state, home)}.")
    refill(state, seat)


def lay_any(state: NovaState, seat: int, value: int) -> None:
    """A free-play card: any value, face up, on the named pile."""
    state.players[seat].hand.remove(value)
    state.piles[state.named].cards.append(Laid(value))
    state.players[seat].done = True
    state.say(f"{state.names[seat]} drops a {value} on {pile_name(state, state.named)}.")
    refill(state, seat)


def refill(state: NovaState, seat: int) -> None:
    """Draw back up to five (drawing is automatic; ruling 10)."""
    player = state.players[seat]
    while len(player.hand) < HAND_SIZE and player.draw:
        player.hand.append(player.draw.pop())
    player.hand.sort()


def open_piles(state: NovaState) -> list[int]:
    """Piles that can still open this round: those with an owner still playing."""
    active = set(state.active())
    return [index for index, pile in enumerate(state.piles) if active & set(pile.owners)]


def can_play(state: NovaState, seat: int) -> bool:
    """Whether some card of the seat fits some pile that can still open."""
    tops = {state.piles[pile].top for pile in open_piles(state)}
    return any(fits(value, top) for value in set(state.players[seat].hand) for top in tops)


def stuck(state: NovaState) -> bool:
    """Nobody still playing has a card that fits anywhere."""
    return not any(can_play(state, seat) for seat in state.active())


def quick_draw(state: NovaState) -> int:
    """Everyone still playing draws a card (past five) until somebody can play; cards drawn each."""
    rounds = 0
    while stuck(state):
        drawers = [seat for seat in state.active() if state.players[seat].draw]
        if not drawers:
            break
        for seat in drawers:
            player = state.players[seat]
            player.hand.append(player.draw.pop())
            player.hand.sort()
        rounds += 1
    return rounds
