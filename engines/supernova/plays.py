"""Laying cards: legal plays, paybacks, drawing, being stuck and the quick draw (rulings 9-14)."""

from __future__ import annotations

from engines.core.words import acts, joint_possessive, possessive
from engines.supernova import clock
from engines.supernova.cards import HAND_SIZE, fits
from engines.supernova.state import Laid, NovaState


def pile_name(state: NovaState, pile: int) -> str:
    """ "Ann's pile", "Ann & Bob's pile", "your pile", or "Ann's pile 2" with two piles each."""
    owners = state.piles[pile].owners
    mine = [index for index, other in enumerate(state.piles) if other.owners == owners]
    number = f" {mine.index(pile) + 1}" if len(mine) > 1 else ""
    return f"{joint_possessive([state.names[owner] for owner in owners])} pile{number}"


def judge(state: NovaState, seat: int, value: int, pile: int, now: float) -> tuple[str, str]:
    """How a card laid now on this pile is judged, by every look a console may still show (ruling
    7): ("fit", "") when it goes face up; ("returned", why) when it fitted the pile as it stood
    a moment ago but the pile changed since (the card goes back to the hand); else ("payback",
    why)."""
    owners = state.piles[pile].owners
    opened = [seen for seen in clock.recent(state, now) if clock.open_in(seen, seat, owners)]
    if opened and fits(value, state.piles[pile].top):
        return "fit", ""
    if any(fits(value, seen.tops[pile]) for seen in opened):
        return "returned", "the pile changed"
    if opened:
        return "payback", "wrong value"
    if state.phase == "shockwave":
        return "payback", "shockwave not solved"
    return "payback", "not on GO!" if state.phase == "play" else "between turns"


def own_pile(state: NovaState, seat: int, target: int) -> int:
    """Where a payback card goes: the target if it is the offender's, else their first pile."""
    if seat in state.piles[target].owners:
        return target
    return next(index for index, pile in enumerate(state.piles) if seat in pile.owners)


def lay(state: NovaState, seat: int, value: int, pile: int, now: float) -> bool:
    """Play a card from the hand: face up when legal, face down on the offender's own pile when
    not; a card that fitted the pile a moment ago stays in the hand. True when the card left it."""
    player, name, target = state.players[seat], state.names[seat], pile_name(state, pile)
    verdict, why = judge(state, seat, value, pile, now)
    player.verdict = verdict
    if verdict == "returned":
        player.last = f"{value} on {target}: returned, {why}"
        return False
    clock.remember(state, now)
    player.hand.remove(value)
    state.laid_turn = state.turns
    if verdict == "fit":
        state.piles[pile].cards.append(Laid(value))
        player.last = f"{value} on {target}: fit"
        state.say(f"{acts(name, 'plays')} a {value} on {target}.")
    else:
        home = own_pile(state, seat, pile)
        state.piles[home].cards.append(Laid(value, down=True))
        player.last = f"{value} on {target}: payback, {why}"
        state.say(f"Payback! {possessive(name)} {value} ({why}) goes face down on {pile_name(state, home)}.")
    refill(state, seat)
    return True


def lay_any(state: NovaState, seat: int, value: int, now: float) -> None:
    """A free-play card: any value, face up, on the named pile."""
    clock.remember(state, now)
    state.laid_turn = state.turns
    state.players[seat].hand.remove(value)
    state.piles[state.named].cards.append(Laid(value))
    state.players[seat].done = True
    state.say(f"{acts(state.names[seat], 'drops')} a {value} on {pile_name(state, state.named)}.")
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
