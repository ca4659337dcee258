"""Decks in words: a deck's summary by kind, its rule check, deck codes, and the list of a user's decks.

Everything here fits one Discord message (2,000 characters) whatever the deck holds: long lists
are shortened, and the deck code writes copies as `id*3`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.errors import UserError
from bot.runtime import clip
from bot.storage.records import DeckRecord
from bot.user_text import plain
from cogs.deck_books import BOOKS, DeckBook, book_of

MAX_SUMMARY = 1_800  # a summary leaves room for a line before it within Discord's 2,000 characters
MAX_PROBLEMS = 6  # the rule check names this many problems, then counts the rest
MAX_COPIES = 99  # the most copies one entry of a deck code may ask for


def deck_code(cards: Sequence[str]) -> str:
    """A deck's cards to share or rebuild it: ids in the order each first appears, copies as `id*3`."""
    return ",".join(card if copies == 1 else f"{card}*{copies}" for card, copies in Counter(cards).items())


def read_code(text: str) -> list[str]:
    """The card ids of a deck code: ids between commas or spaces, `id*3` (or `id×3`) for copies;
    UserError for a count that cannot be read."""
    cards: list[str] = []
    for part in text.replace("×", "*").replace(",", " ").split():
        card, star, times = part.partition("*")
        if not card or (star and not (times.isascii() and times.isdigit() and 1 <= int(times) <= MAX_COPIES)):
            raise UserError(
                f"I could not read “{plain(clip(part, 30))}” in that deck code: write a card's id, "
                f"and `id*3` for 3 copies (at most {MAX_COPIES})."
            )
        cards += [card] * (int(times) if star else 1)
    return cards


def verdict(book: DeckBook, cards: Sequence[str]) -> str:
    """Ready to play, or the rules the deck breaks (the first few, and how many more)."""
    problems = book.check(cards)
    if not problems:
        return f"✅ Ready to play: `/play game:{book.game} deck:<name>` or `/deck use` in a lobby."
    shown = [f"- {problem[0].upper()}{problem[1:]}" for problem in problems[:MAX_PROBLEMS]]
    more = len(problems) - len(shown)
    return "❌ Not ready yet:\n" + "\n".join(shown) + (f"\n- … and {more} more" if more else "")


def summary(deck: DeckRecord, limit: int = MAX_SUMMARY) -> str:
    """The deck by kind, its rule check and its code, within `limit` characters: when a deck is too
    long to list whole, each kind lists its first cards."""
    book = book_of(deck.game)
    counts: Counter[tuple[str, str]] = Counter(
        (book.kind_of[card], book.names[card]) for card in deck.cards if book.knows(card)
    )
    by_kind = {
        kind.id: [name + (f" ×{n}" if n > 1 else "") for (of, name), n in counts.items() if of == kind.id]
        for kind in book.kinds
    }
    code = f"-# Deck code: `{deck_code(deck.cards)}`" if deck.cards else ""
    if len(code) > limit // 2:
        code = "-# The deck code is too long to show; trim the deck with `/deck remove`."
    head = f"## 🃏 {plain(deck.name)} · {len(deck.cards)} cards · {book.short}"
    for shown in (None, 12, 6, 3, 0):
        lines = [head]
        for kind in book.kinds:
            names = by_kind[kind.id][:shown] if shown is not None else by_kind[kind.id]
            more = len(by_kind[kind.id]) - len(names)
            listed = ", ".join(names) + (f" … and {more} more" if more else "")
            total = sum(n for (of_kind, _), n in counts.items() if of_kind == kind.id)
            lines.append(f"**{kind.many} ({total})**: {listed or '—'}")
        lines += [verdict(book, deck.cards), code]
        text = "\n".join(line for line in lines if line)
        if len(text) <= limit:
            return text
    return clip(text, limit)


def listing(decks: Sequence[DeckRecord]) -> str:
    """A user's decks, one line each (cards, ready or not), under their game when they have several."""
    games = [book for book in BOOKS.values() if any(deck.game == book.game for deck in decks)]
    if len(games) == 1:
        text = f"## Your {games[0].short} decks\n" + _lines(games[0], decks)
    else:
        text = "## Your decks\n" + "\n".join(f"### {book.title}\n{_lines(book, decks)}" for book in games)
    return clip(text, MAX_SUMMARY)


def _lines(book: DeckBook, decks: Sequence[DeckRecord]) -> str:
    return "\n".join(
        f"- **{plain(deck.name)}**: {len(deck.cards)} cards, "
        + ("not ready ❌" if book.check(deck.cards) else "ready ✅")
        for deck in decks
        if deck.game == book.game
    )
