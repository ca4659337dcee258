"""Paying button costs: which buttons of a pad a cost pushes, and the chain discount.

The suggested payment (`payment`) takes the exact letter first, the plainest such button first
(starters before deck buttons), and a Wild only where no exact letter is left, so the buttons worth
pushing for their effect stay free. When other buttons could pay too (`payments`), the player
chooses (ruling R7); the suggestion is the first choice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engines.punchfighter import content
from engines.punchfighter.state import PadButton


def chained_cost(previous: str, cost: str) -> str:
    """A combo card's cost when chained after a card costing `previous`: the first button is
    skipped when it matches the previous card's last one."""
    if previous and cost and previous[-1] == cost[0]:
        return cost[1:]
    return cost


def cost_now(chain: Sequence[str], card: str) -> str:
    """What playing `card` costs now: chained onto the open chain, or launched."""
    cost = content.CARDS_BY_ID[card].cost
    return chained_cost(content.CARDS_BY_ID[chain[-1]].cost, cost) if chain else cost


def _plainness(button: PadButton) -> tuple[int, int]:
    """Sort key: starters first, then buttons with fewer effects."""
    card = content.BUTTONS_BY_ID[button.card]
    return (0 if card.starter else 1, len(card.effects) + card.block)


def payment(pad: Sequence[PadButton], cost: str) -> list[int] | None:
    """The pad positions a cost pushes, or None when the pad cannot pay it."""
    free = [i for i, button in enumerate(pad) if not button.pushed]
    chosen: list[int] = []
    short = 0
    for letter in cost:
        exact = [i for i in free if content.BUTTONS_BY_ID[pad[i].card].letter == letter and i not in chosen]
        if exact:
            chosen.append(min(exact, key=lambda i: _plainness(pad[i])))
        else:
            short += 1
    wilds = [i for i in free if content.BUTTONS_BY_ID[pad[i].card].letter == "W" and i not in chosen]
    if len(wilds) < short:
        return None
    return chosen + sorted(wilds, key=lambda i: _plainness(pad[i]))[:short]


def affordable(pad: Sequence[PadButton], cost: str) -> bool:
    """Whether the pad can pay the cost now."""
    return payment(pad, cost) is not None


def _ways(pad: Sequence[PadButton], cost: str) -> Iterator[tuple[tuple[str, ...], list[int]]]:
    """Every different way the pad can pay the cost, as (its button cards sorted, its positions):
    two copies of a button are one way. Found by search, each way once."""
    free = [i for i, button in enumerate(pad) if not button.pushed]
    letter = {i: content.BUTTONS_BY_ID[pad[i].card].letter for i in free}
    seen: set[tuple[str, ...]] = set()

    def extend(chosen: list[int]) -> Iterator[tuple[tuple[str, ...], list[int]]]:
        if len(chosen) == len(cost):
            key = tuple(sorted(pad[i].card for i in chosen))
            if key not in seen:
                seen.add(key)
                yield key, sorted(chosen)
            return
        wanted = cost[len(chosen)]
        for i in free:
            if i not in chosen and letter[i] in (wanted, "W"):
                yield from extend([*chosen, i])

    return extend([])


def payments(pad: Sequence[PadButton], cost: str) -> list[list[int]]:
    """Every different way the pad can pay the cost (two copies of a button are one way), the
    suggested one first, then fewest Wilds and plainest."""
    first = payment(pad, cost)
    if first is None:
        return []
    suggested = tuple(sorted(pad[i].card for i in first))
    others = [way for key, way in _ways(pad, cost) if key != suggested]
    wild = {i: content.BUTTONS_BY_ID[pad[i].card].letter == "W" for i in range(len(pad))}
    others.sort(key=lambda way: (sum(wild[i] for i in way), [_plainness(pad[i]) for i in way], way))
    return [sorted(first), *others]


def has_choice(pad: Sequence[PadButton], cost: str) -> bool:
    """Whether more than one set of buttons could pay the cost (the player is asked then); the
    search stops at the second way."""
    first = payment(pad, cost)
    if first is None:
        return False
    suggested = tuple(sorted(pad[i].card for i in first))
    return any(key != suggested for key, _ in _ways(pad, cost))
