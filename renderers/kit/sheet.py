"""Card sheets: the cards of a view as text, grouped as the table shows them (issue 36).

A game's sheet reads a view (what one seat, or the public, may see) and lists every card in play
there with its whole text, so nothing on a card has to be read off an image. Reading only the view
is what keeps hidden cards out: a spectator's sheet is built from the public view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from renderers.kit.views import View

T = TypeVar("T")


@dataclass(frozen=True)
class SheetCard:
    """One card: its name, its numbers and state on the table (`facts`), and its rules text."""

    name: str
    facts: str = ""
    text: str = ""


@dataclass(frozen=True)
class CardGroup:
    """The cards of one place on the table ("Your hand", "Ana's team", "The Line")."""

    title: str
    cards: tuple[SheetCard, ...]


OWN = "Your "
"""How the title of a seat's own group begins ("Your hand"); a public view has no such group."""


def owned_by(groups: Iterable[CardGroup], owner: str, note: str = "") -> list[CardGroup]:
    """A seat's own groups as somebody else is shown them: "Your hand" becomes "Ana's hand"
    (`note` after each title, e.g. " (one round ago)"); the seat's other groups are left out."""
    return [
        CardGroup(f"{owner}'s {found.title[len(OWN) :]}{note}", found.cards)
        for found in groups
        if found.title.startswith(OWN)
    ]


CardSheet = Callable[[View], list[CardGroup]]
"""A game's sheet: the groups of cards a view shows, in the table's order (empty groups left out)."""


def group(title: str, items: Iterable[T], card: Callable[[T], SheetCard]) -> list[CardGroup]:
    """One group of the items as cards, or nothing when there are none (a sheet adds it with +=)."""
    cards = tuple(card(item) for item in items)
    return [CardGroup(title, cards)] if cards else []


def listed(title: str, cards: Iterable[SheetCard]) -> list[CardGroup]:
    """One group of cards already shown, or nothing when there are none."""
    return group(title, cards, lambda shown: shown)


def joined(*parts: str, sep: str = " · ") -> str:
    """The non-empty parts joined ("Fighting 2 · stunned")."""
    return sep.join(part for part in parts if part)
