"""Smash Masters card catalogue: the core set, loaded from `cards.toml` and validated once, at import.

The schema is in `card_schema`, the validation rules in `card_checks`; every error names the file and
the card (or the deck) at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import msgspec

from engines.core import CardDataError, load_cards
from engines.smashmasters.card_checks import check_card, check_decks, expand
from engines.smashmasters.card_schema import Card, CardKind, Character, DeckInfo, Smash, Story, Super, TeamUp

CARDS_FILE = Path(__file__).with_name("cards.toml")


class Catalogue(msgspec.Struct, frozen=True):
    """Every physical card of the core set, keyed by id (plain cards by their expanded ids)."""

    decks: Mapping[str, DeckInfo]
    characters: Mapping[str, Character]
    supers: Mapping[str, Super]
    stories: Mapping[str, Story]
    smashes: Mapping[str, Smash]
    teamups: Mapping[str, TeamUp]
    by_id: Mapping[str, Card]

    def card(self, card_id: str) -> Card:
        """The card with this id; KeyError names the unknown id."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise KeyError(f"unknown Smash Masters card {card_id!r}") from None

    def of_kind(self, deck_id: str, kind: CardKind) -> tuple[str, ...]:
        """The ids of one kind of card in a deck, in file order."""
        if deck_id not in self.decks:
            raise KeyError(f"unknown Smash Masters deck {deck_id!r}")
        return tuple(cid for cid, c in self.by_id.items() if c.deck == deck_id and c.kind == kind)

    def character_stack(self, deck_id: str) -> tuple[str, ...]:
        """The 6 character ids of a deck (its red cards), in file order."""
        return self.of_kind(deck_id, "character")

    def draw_deck(self, deck_id: str) -> tuple[str, ...]:
        """The 40 blue card ids of a deck: Supers, Stories, Smash and Team-Up cards, in file order."""
        return tuple(
            cid for kind in ("super", "story", "smash", "teamup") for cid in self.of_kind(deck_id, kind)
        )

    def deck(self, deck_id: str) -> tuple[str, ...]:
        """All 46 card ids of a pre-sorted deck: the Character Stack, then the Deck."""
        return self.character_stack(deck_id) + self.draw_deck(deck_id)

    def super_of(self, character_id: str) -> Super:
        """The Super that matches a character."""
        return next(s for s in self.supers.values() if s.character == character_id)


def load_catalogue(path: Path = CARDS_FILE) -> Catalogue:
    """Load and validate the core set; every error names the file and the card or deck."""
    name = path.name
    decks = {d.id: d for d in load_cards(path, DeckInfo, table="decks")}
    found: dict[str, Card] = {}
    named: list[Character | Super | Story] = [
        *load_cards(path, Character, table="characters"),
        *load_cards(path, Super, table="supers"),
        *load_cards(path, Story, table="stories"),
    ]
    for entry in named:
        if entry.id in found:
            raise CardDataError(f"{name}: card {entry.id!r}: duplicate id")
        found[entry.id] = entry
    expand(load_cards(path, Smash, table="smashes"), found, name)
    expand(load_cards(path, TeamUp, table="teamups"), found, name)
    characters = {k: c for k, c in found.items() if isinstance(c, Character)}
    for card_id, item in found.items():
        if problem := check_card(item, characters):
            raise CardDataError(f"{name}: card {card_id!r}: {problem}")
    cat = Catalogue(
        decks=decks,
        characters=characters,
        supers={k: c for k, c in found.items() if isinstance(c, Super)},
        stories={k: c for k, c in found.items() if isinstance(c, Story)},
        smashes={k: c for k, c in found.items() if isinstance(c, Smash)},
        teamups={k: c for k, c in found.items() if isinstance(c, TeamUp)},
        by_id=found,
    )
    check_decks(cat.decks, cat.by_id, name)
    return cat


CARDS: Catalogue = load_catalogue()
"""The core set, loaded once at import."""


def card(card_id: str) -> Card:
    """The core-set card with this id."""
    return CARDS.card(card_id)


def deck(deck_id: str) -> tuple[str, ...]:
    """The 46 card ids of a pre-sorted deck (Character Stack first, then the Deck)."""
    return CARDS.deck(deck_id)
