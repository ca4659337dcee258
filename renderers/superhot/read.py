"""Reading SUPERHOT views: the facts of a card and of the table, each tolerating a missing or odd
key (views come from the engine, but a renderer must never fail on one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderers.kit.views import View, as_index, as_int, as_mapping, as_mappings, as_str
from renderers.superhot.look import KINDS, NEEDS, Look

Card = Mapping[str, Any]


def is_bullet(card: Card) -> bool:
    return card.get("type") == "bullet" or card.get("kind") == "bullet"


def need(card: Card) -> Look:
    """The skill it takes to deal with the card in The Line."""
    return NEEDS.get(as_str(card.get("need")), NEEDS["mixed"])


def kind(card: Card) -> Look:
    return KINDS.get(as_str(card.get("kind")), KINDS["object"])


def title(card: Card, default: str = "?") -> str:
    """The card's own name (its bottom half, or a bullet's name), as the card spells it."""
    return as_str(card.get("name")) or default


def bullet_name(card: Card) -> str:
    """A bullet's own name ("Tracer", "Slug"), "Bullet" when it has none."""
    return as_str(card.get("name")) or "Bullet"


def turn(view: View) -> int | None:
    """The seat whose turn it is (None between turns and when the game is over)."""
    return as_index(view.get("turn"))


def line(view: View) -> list[Card | None]:
    """The Line from its START (index 0): a card or None (an empty slot) for each slot."""
    slots = view.get("line")
    return [as_mapping(slot) for slot in slots] if isinstance(slots, list) else []


def target(view: View) -> Mapping[str, Any] | None:
    """The obstacle being interacted with: its slot, fate, need and the total committed so far."""
    return as_mapping(view.get("target"))


def target_card(view: View) -> Card | None:
    """The card in The Line that the target points at."""
    aim = target(view)
    slots = line(view)
    slot = as_int(aim.get("slot"), -1) if aim is not None else -1
    return slots[slot] if 0 <= slot < len(slots) else None


def lent_aid(view: View) -> Card | None:
    """The Aid card when it was lent to this view's seat (not when the seat lent it)."""
    aid = as_mapping(view.get("aid"))
    return aid if aid is not None and view.get("aid_from") != as_int(view.get("seat"), -1) else None


def picked(view: View) -> list[Card]:
    """Cards this seat has already played on the open target (out of the hand until it resolves)."""
    return as_mappings(view.get("picked"))


def copies(view: View) -> list[Card]:
    """Double trouble copies ready to use this turn (virtual cards: never counted as used)."""
    return as_mappings(view.get("copies"))


def discard_cards(seat: Mapping[str, Any]) -> list[Card]:
    """A seat's whole Player Discard, oldest first (public; absent from older views)."""
    return as_mappings(seat.get("discard_cards"))


def campaign(view: View) -> tuple[int, str]:
    """Which run of 1v1 Revenge this is (1 or 2; 1 outside Revenge) and the target to beat ("")."""
    return max(1, as_int(view.get("campaign"), 1)), as_str(view.get("campaign_target"))
