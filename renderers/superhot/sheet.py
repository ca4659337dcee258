"""SUPERHOT's card sheet: every card a view shows, with both halves in words (see kit/sheet.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.words import possessive
from renderers.kit.sheet import CardGroup, SheetCard, group, joined
from renderers.kit.views import View, as_int, as_mapping, as_mappings, as_str, seats
from renderers.superhot.look import NEEDS
from renderers.superhot.read import Card, discard_cards, is_bullet, kind, line, picked
from renderers.superhot.words import BULLET_IN_HAND, need_words, top_name, top_text


def card(face: Card) -> SheetCard:
    """A card by both halves: what it gives in a hand (top) and what it takes in The Line (bottom)."""
    if is_bullet(face):
        return SheetCard(top_name(face), f"bullet · needs {need_words(face)} in The Line", BULLET_IN_HAND)
    down = "face down" if face.get("down") else ""
    bottom = as_str(face.get("text"))
    text = joined(
        f"Top: {top_text(face)}" if top_text(face) else "", f"Bottom: {bottom}" if bottom else "", sep=" "
    )
    return SheetCard(
        f"{top_name(face)} / {as_str(face.get('name'))}",
        joined(f"top: {_gives(face)}", f"bottom: {kind(face).word}, needs {need_words(face)}", down),
        text,
    )


def _gives(face: Card) -> str:
    """What the top half gives: "Fighting 2", or "ability"."""
    use = as_str(face.get("use"))
    return f"{NEEDS[use].word} {as_int(face.get('power'))}" if use in ("fight", "dodge") else "ability"


def _goal(goal: Mapping[str, Any]) -> SheetCard:
    count = as_int(goal.get("count"))
    done = "done" if goal.get("done") else (f"{as_int(goal.get('progress'))} of {count}" if count else "")
    return SheetCard(as_str(goal.get("name")) or "Goal", joined("goal", done), as_str(goal.get("text")))


def card_sheet(view: View) -> list[CardGroup]:
    """Your hand (a seat's view only), the cards of this turn, The Line, the goals, the tops of the
    decks and piles, then each player's discard."""
    groups: list[CardGroup] = []
    if "hand" in view:
        groups += group("Your hand", as_mappings(view.get("hand")), card)
        groups += group("Your cards on the target", picked(view), card)
    aid = as_mapping(view.get("aid"))
    groups += group("The Aid card (lent for this turn)", [aid] if aid is not None else [], card)
    system = as_mapping(view.get("system")) or {}
    groups += group("The System's cards", as_mappings(system.get("cards")), card)
    groups += group("Used this turn", as_mappings(view.get("used")), card)
    groups += group("Drawn this turn", as_mappings(view.get("new")), card)
    groups += group("Copies ready (Double trouble)", as_mappings(view.get("copies")), card)
    groups += group("The Line (from its start)", [slot for slot in line(view) if slot is not None], card)
    groups += group("Goals", as_mappings(view.get("goals")), _goal)
    tops = [
        (label, found)
        for label, key in (
            ("Obstacles Deck, top", "deck_top"),
            ("Obstacle discard, top", "discard_top"),
            ("Bullets Deck, top", "bullets_top"),
        )
        if (found := as_mapping(view.get(key))) is not None
    ]
    groups += group("Decks and piles", tops, lambda pair: _labelled(*pair))
    for seat in seats(view):
        name = as_str(seat.get("name")) or "A player"
        groups += group(f"{possessive(name)} discard (newest last)", discard_cards(seat), card)
    return groups


def _labelled(label: str, face: Card) -> SheetCard:
    shown = card(face)
    return SheetCard(shown.name, joined(label, shown.facts), shown.text)
