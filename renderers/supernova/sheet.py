"""Super Nova's card sheet: the numbers in a hand with where each lands, the power-ups with what
they do, and the Play Piles as the table shows them (see kit/sheet.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engines.core.words import counted, possessive
from engines.supernova import cards
from renderers.kit.sheet import CardGroup, SheetCard, group, joined
from renderers.kit.views import View, as_int, as_mappings, as_str, seats

POWER_TEXT = {
    "booster": "Scoring: moves any ship {n} spaces forward.",
    "tractor": "Scoring: pulls another ship up to {n} spaces towards yours.",
    "blaster": "Damage assessment: adds {n} damage to any ship.",
    "repair": "Damage assessment: takes up to {n} damage off any ship.",
}
KIND_OF_LABEL = {label: kind for kind, label in cards.KIND_LABELS.items()}


def number(value: int, count: int) -> SheetCard:
    """A number card (with how many of it): the tops it lands on, and a zero's damage."""
    below, above = (value - 1) % len(cards.VALUES), (value + 1) % len(cards.VALUES)
    text = f"Lands on a pile whose top is {min(below, above)} or {max(below, above)}."
    if value == 0:
        text += " Each zero in a pile is 1 damage to its owners."
    return SheetCard(str(value), f"×{count}" if count > 1 else "", text)


def token(name: str) -> SheetCard:
    """A power-up of this seat ("booster2")."""
    kind = cards.token_kind(name)
    value = name[len(kind) :]
    text = POWER_TEXT.get(kind, "").format(n=value).replace(" 1 spaces", " 1 space")
    return SheetCard(f"{cards.KIND_LABELS.get(kind, kind)} {value}", "power-up", text)


def _held(label: str, count: int) -> SheetCard:
    """Power-ups another player holds: their kind and number are public, their values are not."""
    kind = KIND_OF_LABEL.get(label, "")
    text = POWER_TEXT.get(kind, "").format(n="N") + " Only its owner sees N."
    return SheetCard(label, joined("power-up", f"×{count}" if count > 1 else ""), text)


def _pile(pile: Mapping[str, Any]) -> SheetCard:
    """A Play Pile: its top (a face-down top counts as 0), size, damage and screen."""
    top = "face down (counts as 0)" if pile.get("top_down") else str(as_int(pile.get("top")))
    down = as_int(pile.get("face_down"))
    facts = joined(
        f"top {top}" if as_int(pile.get("cards")) else "empty (counts as 0)",
        counted(as_int(pile.get("cards")), "card") + (f", {down} face down" if down else ""),
        f"damage {as_int(pile.get('damage'))}",
        "GO!" if pile.get("go") else "HOLD!",
    )
    text = "Named: each duellist may drop any one card here." if pile.get("named") else ""
    return SheetCard(as_str(pile.get("name")) or "Pile", facts, text)


def card_sheet(view: View) -> list[CardGroup]:
    """Your hand and power-ups (a seat's view only), the Play Piles, then each player's power-ups."""
    groups: list[CardGroup] = []
    if "hand" in view:
        hand = Counter(value for value in view.get("hand") or () if isinstance(value, int))
        groups += group("Your hand", sorted(hand.items()), lambda pair: number(*pair))
        tokens = [name for name in view.get("tokens") or () if isinstance(name, str)]
        groups += group("Your power-ups", tokens, token)
    groups += group("Play Piles", as_mappings(view.get("piles")), _pile)
    you = view.get("you")
    for index, seat in enumerate(seats(view)):
        held = seat.get("power_ups")
        if index == you or not isinstance(held, Mapping):
            continue
        name = possessive(as_str(seat.get("name")) or "A player")
        groups += group(
            f"{name} power-ups", sorted(held.items()), lambda pair: _held(str(pair[0]), as_int(pair[1]))
        )
    return groups
