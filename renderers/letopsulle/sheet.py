"""Letopsulle's card sheet: the hand and peeks, the plot twist, and each player's heroes, objects
and villains with their numbers and abilities (see kit/sheet.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import possessive
from renderers.kit.sheet import CardGroup, SheetCard, group, joined, listed
from renderers.kit.views import View, as_int, as_mapping, as_mappings, as_str

KINDS = {
    "hero": "hero",
    "villain": "villain",
    "hero_object": "hero object",
    "villain_object": "villain object",
    "plot_twist": "plot twist",
}


def card(face: Mapping[str, Any], where: str = "") -> SheetCard:
    """Any card: its kind, points or value, damage and guard on the table, and its rules text."""
    kind = as_str(face.get("kind"))
    numbers = ""
    if "base" in face:
        numbers = f"base {as_int(face.get('base'))}"
    elif "value" in face:
        numbers = f"value +{as_int(face.get('value'))}"
    facts = joined(
        where,
        KINDS.get(kind, kind.replace("_", " ")),
        numbers,
        _damage(face),
        f"defending, guard {as_int(face.get('guard'))}" if face.get("defending") else "",
    )
    return SheetCard(as_str(face.get("name")) or "?", facts, as_str(face.get("text")))


def _damage(face: Mapping[str, Any]) -> str:
    """ "damage 4 (3 more defeats it)": the damage, and what more defeats the card, as its pill's
    "3 left" (a card falls once its damage is more than its base, a tag team's card at its base)."""
    damage = as_int(face.get("damage"))
    if not damage or "base" not in face:
        return f"damage {damage}" if damage else ""
    left = as_int(face.get("base")) - damage + (0 if face.get("tagged") else 1)
    return f"damage {damage} ({left} more defeats it)"


def _slots(slots: list[Mapping[str, Any]], where: str) -> list[SheetCard]:
    """The heroes of each slot (with the slot's guard) and the object attached to it."""
    shown: list[SheetCard] = []
    for slot in slots:
        heroes = as_mappings(slot.get("heroes"))
        for hero in heroes:
            state = {
                "defending": slot.get("defending"),
                "guard": slot.get("guard"),
                "tagged": len(heroes) > 1,
            }
            shown.append(card({**hero, **state}, where))
        attached = as_mapping(slot.get("object"))
        if attached is not None:
            shown.append(card(attached, f"{where}, attached"))
    return shown


def _side(player: Mapping[str, Any]) -> list[SheetCard]:
    """A player's side: active and reserve heroes, their villains (with objects) and the waiting ones."""
    shown = _slots(as_mappings(player.get("active")), "active")
    shown += _slots(as_mappings(player.get("reserve")), "reserve")
    for villain in as_mappings(player.get("villains")):
        shown.append(card(villain, "active villain"))
        attached = as_mapping(villain.get("object"))
        if attached is not None:
            shown.append(card(attached, "on the villain"))
    shown += [card(face, "waiting for a villain") for face in as_mappings(player.get("waiting"))]
    return shown


def card_sheet(view: View) -> list[CardGroup]:
    """Your hand and what you peeked at (a seat's view only), the plot twist, then each player's side."""
    groups: list[CardGroup] = []
    you = as_mapping(view.get("you"))
    if you is not None:
        groups += group("Your hand", as_mappings(you.get("hand")), card)
        groups += group("Your peek (Intelligence)", as_mappings(you.get("peek")), card)
    plot = as_mapping(view.get("plot"))
    groups += group("Plot twist", [plot] if plot else [], card)
    for player in as_mappings(view.get("players")):
        name = possessive(as_str(player.get("name")) or "A player")
        groups += listed(f"{name} side", _side(player))
    return groups
