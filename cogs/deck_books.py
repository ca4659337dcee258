"""What `/deck` knows about each game that is played with custom decks: one `DeckBook` per game.

A book is data read from the game's engine package: its cards (name and kind by id), the kinds a
deck summary lists, the decks `/deck build` can start from, how many cards a deck may hold while
it is built, and the deck rules (`check`). The commands are written once, over books.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from discord import app_commands

from engines.letopsulle import content as letopsulle
from engines.smashmasters.cards import CARDS as SMASH_CARDS
from engines.smashmasters.decks import validate_deck

EMPTY = "empty"
SIDE = letopsulle.SIDE_SIZE


@dataclass(frozen=True)
class Kind:
    """A kind of card, as a deck summary names it."""

    id: str
    one: str
    many: str


@dataclass(frozen=True)
class Start:
    """What a new deck can start as (`/deck build start:`)."""

    value: str
    label: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DeckBook:
    """One game's deck building: its cards, kinds, starting decks, limits and rules."""

    game: str  # the engine id
    title: str  # the game's full title
    short: str  # how a sentence names it ("a Smash Masters deck")
    finished: str  # the size of a finished deck, in words
    max_cards: int  # the most a deck holds while it is built (room to add, then trim)
    kinds: tuple[Kind, ...]
    starts: tuple[Start, ...]  # the first is what `/deck build` starts from when not told
    names: Mapping[str, str]  # card id -> name
    kind_of: Mapping[str, str]  # card id -> Kind.id
    check: Callable[[Sequence[str]], list[str]]  # every deck rule broken (empty: ready to play)
    where: Mapping[str, str]  # card id -> what tells alike names apart (a Smash Masters deck)

    @property
    def max_code(self) -> int:
        """The longest deck code of a deck at its largest, written id by id."""
        return self.max_cards * (max(map(len, self.names)) + 1)

    def knows(self, card_id: str) -> bool:
        return card_id in self.names

    def kind(self, kind_id: str) -> Kind:
        return next(kind for kind in self.kinds if kind.id == kind_id)

    def label(self, card_id: str) -> str:
        """A card as people read it: name and kind (and, in Smash Masters, its deck)."""
        where = self.where.get(card_id)
        kind = self.kind(self.kind_of[card_id]).one
        return f"{self.names[card_id]} ({kind}{f', {where}' if where else ''})"

    def same_card(self, card_id: str) -> set[str]:
        """Every id of this card: in Smash Masters each Smash and Team-Up copy has an id of its own."""
        label = self.label(card_id)
        return {other for other in self.names if self.label(other) == label}

    def start(self, value: str) -> Start | None:
        return next((start for start in self.starts if start.value == value), None)


def pool_choices(
    books: Iterable[DeckBook], current: str, among: Sequence[str] | None = None
) -> list[app_commands.Choice[str]]:
    """Cards whose label matches what is typed, one per name (copies with ids of their own are alike),
    from `among` or from each book's whole pool."""
    seen: dict[str, str] = {}
    for book in books:
        for card_id in among if among is not None else list(book.names):
            if not book.knows(card_id):
                continue
            label = book.label(card_id)
            if current.lower() in label.lower() and label not in seen:
                seen[label] = card_id
    return [app_commands.Choice(name=label[:100], value=card_id) for label, card_id in seen.items()][:25]


def _empty() -> Start:
    return Start(EMPTY, "empty", ())


SMASH = DeckBook(
    game="smashmasters",
    title="Super Powered Smash Masters",
    short="Smash Masters",
    finished="46",
    max_cards=60,
    kinds=(
        Kind("character", "Character", "Characters"),
        Kind("super", "Super", "Supers"),
        Kind("story", "Story", "Stories"),
        Kind("smash", "Smash", "Smash"),
        Kind("teamup", "Team-Up", "Team-Up"),
    ),
    starts=(
        *(
            Start(deck_id, f"a copy of {deck.name}", SMASH_CARDS.deck(deck_id))
            for deck_id, deck in SMASH_CARDS.decks.items()
        ),
        _empty(),
    ),
    names={card_id: card.name for card_id, card in SMASH_CARDS.by_id.items()},
    kind_of={card_id: card.kind for card_id, card in SMASH_CARDS.by_id.items()},
    check=validate_deck,
    where={card_id: SMASH_CARDS.decks[card.deck].name for card_id, card in SMASH_CARDS.by_id.items()},
)

LETOPSULLE = DeckBook(
    game="letopsulle",
    title="Letopsulle",
    short="Letopsulle",
    finished=f"{2 * SIDE}: {SIDE} hero and {SIDE} villain cards",
    max_cards=90,
    kinds=(
        Kind("hero", "Hero", "Heroes"),
        Kind("hero_object", "Hero object", "Hero objects"),
        Kind("villain", "Villain", "Villains"),
        Kind("villain_object", "Villain object", "Villain objects"),
        Kind("plot_twist", "Plot twist", "Plot twists"),
    ),
    starts=(Start("basic", "a copy of the Letopsulle basic deck", letopsulle.BASIC_DECK), _empty()),
    names={card_id: card.name for card_id, card in letopsulle.CARDS.items()},
    kind_of={card_id: letopsulle.kind_of(card) for card_id, card in letopsulle.CARDS.items()},
    check=letopsulle.deck_problems,
    where={},
)

BOOKS: dict[str, DeckBook] = {book.game: book for book in (SMASH, LETOPSULLE)}
GAME_CHOICES = [app_commands.Choice(name=book.title, value=book.game) for book in BOOKS.values()]
START_CHOICES = [
    app_commands.Choice(name=label, value=value)
    for value, label in {start.value: start.label for book in BOOKS.values() for start in book.starts}.items()
]
MAX_CODE = max(book.max_code for book in BOOKS.values())


def book_of(game: str) -> DeckBook:
    """The book of a game played with custom decks (KeyError for any other game)."""
    return BOOKS[game]


def deck_games() -> str:
    """The games played with custom decks, in words: "A and B"."""
    titles = [book.title for book in BOOKS.values()]
    return ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else titles[0]
