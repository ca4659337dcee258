"""Phase 2, Use cards: what a card is worth against an obstacle, and which picks stay legal.

A set of cards may deal with an obstacle when it reaches the obstacle's value and every card
in it is needed: total - smallest < value (the rulebook's 1+1 for 2 is fine, 1+3 is not).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

import msgspec

from engines.superhot.piles import is_bullet, obstacle, requirement
from engines.superhot.state import Echo, Player, SuperhotState

KATANA_FIGHT = 2


class Candidate(NamedTuple):
    """A card the active player could commit now: its option id, source and amount."""

    ref: str
    card: str
    source: str
    amount: int


@cache
def skill_of(card: str) -> str | None:
    """The skill a hand card provides ("fight"/"dodge"), or None for abilities and bullets."""
    if is_bullet(card):
        return None
    use = obstacle(card).use
    if use in ("fight", "katana"):
        return "fight"
    if use in ("dodge", "glass"):
        return "dodge"
    return None


def amount_of(card: str, player: Player) -> int:
    """What a skill card is worth right now (How about a glass? counts the Player Discard)."""
    definition = obstacle(card)
    if definition.use == "glass":
        return len(player.discard)
    if definition.use == "katana":
        return definition.power or KATANA_FIGHT
    return definition.power


def pays(skill: str, need: str) -> bool:
    """Whether a skill may pay a requirement (Mixed takes either)."""
    return need == "mixed" or skill == need


def aid_open(state: SuperhotState) -> bool:
    """Whether the active player may use an Aid card this turn."""
    return state.aid is not None and state.aid_from is not None and state.aid_from != state.active


def held(state: SuperhotState) -> list[tuple[str, str]]:
    """(option ref, card) for every card the active player may play: hand cards, then the Aid card."""
    cards = [(card, card) for card in state.players[state.active].hand if not is_bullet(card)]
    if aid_open(state) and state.aid is not None:
        cards.append(("aid", state.aid))
    return cards


def skill_cards(state: SuperhotState) -> list[Candidate]:
    """Every skill card the active player could use (hand and Aid), whatever the need."""
    player = state.players[state.active]
    found = [
        Candidate(ref, card, "aid" if ref == "aid" else "hand", amount_of(card, player))
        for ref, card in held(state)
        if skill_of(card) is not None
    ]
    return [c for c in found if c.amount > 0]


def candidates(state: SuperhotState, need: str) -> list[Candidate]:
    """Cards that can pay this need: skill cards and Double trouble copies."""
    return candidates_by_need(state)[need]


def candidates_by_need(state: SuperhotState) -> dict[str, list[Candidate]]:
    """The candidates for each need (fight, dodge, mixed), computed in one pass."""
    found: dict[str, list[Candidate]] = {"fight": [], "dodge": [], "mixed": []}
    echoes = [
        (Candidate(f"echo{index}", echo.card, "echo", echo.amount), echo.skill)
        for index, echo in enumerate(state.turn.echoes)
    ]
    for candidate, skill in [*((c, skill_of(c.card) or "") for c in skill_cards(state)), *echoes]:
        if skill in found and candidate.amount > 0:
            found[skill].append(candidate)
            found["mixed"].append(candidate)
    return found


def completable(picked: Iterable[int], others: Iterable[int], value: int) -> bool:
    """Whether some of `others` added to `picked` reach `value` with no unneeded card."""
    chosen = list(picked)
    base = sum(chosen)
    floor = min(chosen, default=None)
    amounts = [amount for amount in others if amount > 0]
    cap = value + max([*amounts, *chosen, 0])
    reachable: set[tuple[int, int | None]] = {(base, floor)}
    for amount in amounts:
        reachable |= {
            (min(total + amount, cap), amount if low is None else min(low, amount))
            for total, low in reachable
        }
    return any(low is not None and value <= total < value + low for total, low in reachable)


def legal_picks(state: SuperhotState) -> list[Candidate]:
    """The cards that may be added to the current target without making any card unneeded."""
    target = state.target
    if target is None:
        return []
    slot = state.line[target.slot]
    if slot is None:
        return []
    need, value = requirement(slot.card)
    picked = [pick.amount for pick in target.picks]
    pool = candidates(state, need)
    legal: list[Candidate] = []
    for index, candidate in enumerate(pool):
        rest = [c.amount for i, c in enumerate(pool) if i != index]
        if completable([*picked, candidate.amount], rest, value):
            legal.append(candidate)
    return legal


def double_choices(state: SuperhotState) -> list[Candidate]:
    """Cards Double trouble may copy: skill cards, Pliers and Katana (never another Double trouble)."""
    player = state.players[state.active]
    choices = skill_cards(state)
    seen = {c.ref for c in choices}
    choices += [
        Candidate(ref, card, "aid" if ref == "aid" else "hand", amount_of(card, player))
        for ref, card in held(state)
        if ref not in seen and obstacle(card).use == "pliers"
    ]
    return choices


def double_reach(state: SuperhotState, need: str, value: int) -> list[Candidate]:
    """The cards whose two Double trouble copies would let the player deal with this need and value."""
    if ability_card(state, "double") is None:
        return []
    amounts = [c.amount for c in candidates(state, need)]
    reach: list[Candidate] = []
    for choice in double_choices(state):
        skill = skill_of(choice.card)
        if skill is None or not pays(skill, need):
            continue
        others = list(amounts)
        if choice.amount in others:
            others.remove(choice.amount)
        if completable([], [*others, choice.amount, choice.amount], value):
            reach.append(choice)
    return reach


def ability_card(state: SuperhotState, use: str) -> str | None:
    """The option ref of a playable card with this top ability, Double trouble copies first
    (they cost nothing more), then the hand, then the Aid card."""
    for index, echo in enumerate(state.turn.echoes):
        if echo.use == use:
            return f"echo{index}"
    return next((ref for ref, card in held(state) if obstacle(card).use == use), None)


def make_echoes(card: str, amount: int) -> list[Echo]:
    """The two virtual copies Double trouble makes of a card."""
    echo = Echo(card=card, amount=amount, skill=skill_of(card) or "", use=obstacle(card).use)
    return [echo, msgspec.structs.replace(echo)]
