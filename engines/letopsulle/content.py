"""Letopsulle's cards, decoded from `cards.toml` and checked at import; the basic deck; deck rules.

A deck is 36 hero cards (heroes and hero objects) and 36 villain cards (villains, villain objects
and plot twists), any mix, at most 4 copies of one card. Cards are named by id; copies repeat it.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import msgspec

from engines.core.cards import CardDataError
from engines.letopsulle.schema import Card, Character, GameObject, PlotTwist

CARDS_FILE = Path(__file__).with_name("cards.toml")
SIDE_SIZE = 36
MAX_COPIES = 4


def _load(path: Path) -> dict[str, Card]:
    """Every card of the file by id; CardDataError naming the file and card when one is malformed."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardDataError(f"{path.name}: cannot read card data: {exc}") from exc
    cards: dict[str, Card] = {}
    tables: tuple[tuple[str, type[Card]], ...] = (
        ("characters", Character),
        ("objects", GameObject),
        ("twists", PlotTwist),
    )
    for table, card_type in tables:
        for position, entry in enumerate(raw.get(table, []), start=1):
            name = str(entry.get("id", f"#{position}")) if isinstance(entry, dict) else f"#{position}"
            try:
                card = msgspec.convert(entry, card_type)
            except msgspec.ValidationError as exc:
                raise CardDataError(f"{path.name}: {table} {name!r}: {exc}") from exc
            if card.id in cards:
                raise CardDataError(f"{path.name}: card {card.id!r}: duplicate id")
            _check(path.name, card)
            cards[card.id] = card
    return cards


def _check(file: str, card: Card) -> None:
    """What data types cannot say: a boost adds to a total, a character has at least one ability."""
    problem = ""
    if isinstance(card, GameObject):
        if card.kind == "boost" and not card.stances:
            problem = "a boost names the totals it adds to (stances)"
        if card.kind != "boost" and card.stances:
            problem = f"a {card.kind} object has no stances"
    elif isinstance(card, PlotTwist):
        if (card.rule == "immune") != (card.ability is not None):
            problem = "an immune plot twist, and only it, names an ability"
    elif not card.abilities:
        problem = "a character has at least one ability"
    if problem:
        raise CardDataError(f"{file}: card {card.id!r}: {problem}")


def kind_of(card: Card) -> str:
    """hero, villain, hero_object, villain_object or plot_twist."""
    if isinstance(card, Character):
        return card.side
    if isinstance(card, GameObject):
        return f"{card.side}_object"
    return "plot_twist"


CARDS: dict[str, Card] = _load(CARDS_FILE)
BASIC_DECK: tuple[str, ...] = tuple(
    card_id
    for side in ("hero", "villain")
    for card_id, card in CARDS.items()
    if card.side == side
    for _ in range(card.copies)
)


def character(card_id: str) -> Character:
    """The hero or villain with this id (KeyError when it is not one)."""
    card = CARDS[card_id]
    if not isinstance(card, Character):
        raise KeyError(card_id)
    return card


def game_object(card_id: str) -> GameObject:
    """The object with this id (KeyError when it is not one)."""
    card = CARDS[card_id]
    if not isinstance(card, GameObject):
        raise KeyError(card_id)
    return card


def twist(card_id: str) -> PlotTwist:
    """The plot twist with this id (KeyError when it is not one)."""
    card = CARDS[card_id]
    if not isinstance(card, PlotTwist):
        raise KeyError(card_id)
    return card


def parse_deck(text: str) -> list[str]:
    """Card ids from a deck code (commas or spaces between them)."""
    return [part for part in text.replace(",", " ").split() if part]


def deck_problems(card_ids: Sequence[str]) -> list[str]:
    """Every rule a deck breaks, in words a player can act on (empty: the deck is legal)."""
    problems: list[str] = []
    unknown = sorted({card_id for card_id in card_ids if card_id not in CARDS})
    if unknown:
        problems.append(f"unknown cards: {', '.join(unknown[:5])}")
    known = [card_id for card_id in card_ids if card_id in CARDS]
    for side in ("hero", "villain"):
        count = sum(1 for card_id in known if CARDS[card_id].side == side)
        if count != SIDE_SIZE:
            problems.append(f"it has {count} {side} cards; a deck has exactly {SIDE_SIZE}")
    if not any(isinstance(CARDS[c], Character) and CARDS[c].side == "hero" for c in known):
        problems.append("it has no hero to play")
    if not any(isinstance(CARDS[c], Character) and CARDS[c].side == "villain" for c in known):
        problems.append("it has no villain to play")
    for card_id, copies in sorted(Counter(known).items()):
        if copies > MAX_COPIES:
            problems.append(
                f"{CARDS[card_id].name} ({card_id}) is in it {copies} times; at most {MAX_COPIES}"
            )
    return problems


def split_deck(card_ids: Sequence[str]) -> tuple[list[str], list[str]]:
    """A legal deck as its hero pile and its villain pile (in the given order)."""
    heroes = [card_id for card_id in card_ids if CARDS[card_id].side == "hero"]
    villains = [card_id for card_id in card_ids if CARDS[card_id].side == "villain"]
    return heroes, villains
