"""Each user's custom decks of every game played with them, read through storage and remembered
for autocomplete.

Discord drops an autocomplete that is not answered within 3 seconds, and the database can be busy
(another process holding the write lock, a queue of saves). Autocompletes therefore never wait for
it: they answer at once from what this shelf last read or wrote. For a user it has not read yet
the first answer is empty while their decks load in the background (Discord asks again at the
next keystroke).

Names are unique per user and game, so one name may stand for a deck of each game. A command names
a deck by its name, or by `game:name` (what autocomplete sends for such a name) to say which.
"""

from __future__ import annotations

import asyncio
import logging
import time

from bot.errors import UserError
from bot.storage import Storage
from bot.storage.records import DeckRecord
from bot.user_text import plain
from cogs.deck_books import BOOKS, book_of

log = logging.getLogger(__name__)
Key = tuple[str, str]  # (game, name folded)


def split_ref(ref: str) -> tuple[str | None, str]:
    """`game:name` as (game, name); a plain name as (None, name)."""
    game, sep, name = ref.partition(":")
    return (game, name) if sep and game in BOOKS and name else (None, ref)


def deck_ref(deck: DeckRecord) -> str:
    """How autocomplete names a deck that shares its name with a deck of another game."""
    return f"{deck.game}:{deck.name}"


def require_ready(deck: DeckRecord) -> DeckRecord:
    """The deck when it follows every rule of its game, else a UserError saying what to do."""
    problems = book_of(deck.game).check(deck.cards)
    if problems:
        shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
        raise UserError(
            f"“{plain(deck.name)}” is not ready to play: {shown}. Fix it with `/deck add` and `/deck remove`."
        )
    return deck


class DeckShelf:
    """Decks by user, game and name, as last read from or written to storage by this process."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._decks: dict[int, dict[Key, DeckRecord]] = {}
        self._loading: dict[int, asyncio.Task[None]] = {}

    async def all(self, user_id: int) -> list[DeckRecord]:
        """A user's decks of every game, read from storage, by name."""
        decks = [deck for game in BOOKS for deck in await self.storage.decks(user_id, game)]
        decks.sort(key=lambda deck: deck.name.casefold())
        self._decks[user_id] = {_key(deck): deck for deck in decks}
        return decks

    async def find(self, user_id: int, ref: str, game: str | None = None) -> DeckRecord:
        """One of the user's decks by name (or `game:name`); with `game`, the deck must be of that
        game. A UserError says how to find their decks, which game a deck is of, or which to pick."""
        wanted, name = split_ref(ref)
        found = await self._named(user_id, ref, list(BOOKS))
        if not found and wanted is not None:
            found = await self._named(user_id, name, [wanted])
            ref = name
        if not found:
            raise UserError(f"You have no deck called “{plain(ref)}”. `/deck list` shows yours.")
        if game is not None:
            return _of_game(found, game)
        if len(found) > 1:
            games = " and a ".join(book_of(deck.game).short for deck in found)
            raise UserError(
                f"You have a {games} deck called “{plain(found[0].name)}”. Pick the one you mean from the "
                "list as you type its name, or give one a new name with `/deck rename`."
            )
        return found[0]

    async def ready(self, user_id: int, ref: str, game: str) -> DeckRecord:
        """One of the user's decks of this game that follows every rule, else a UserError."""
        return require_ready(await self.find(user_id, ref, game))

    async def save(self, deck: DeckRecord) -> None:
        """Store a deck (new or changed)."""
        await self.storage.save_deck(deck)
        self._remember(deck)

    async def rename(self, deck: DeckRecord, name: str) -> DeckRecord:
        """The deck under a new name, or a UserError when another deck of its game has that name."""
        moved = name.casefold() != deck.name.casefold()
        if moved and await self.storage.deck(deck.user_id, deck.game, name) is not None:
            raise UserError(f"You already have a {book_of(deck.game).short} deck called “{plain(name)}”.")
        renamed = DeckRecord(deck.user_id, deck.game, name, list(deck.cards), time.time())
        await self.save(renamed)
        if moved:
            await self.delete(deck)
        return renamed

    async def delete(self, deck: DeckRecord) -> bool:
        """Delete a deck; whether it still existed."""
        deleted = await self.storage.delete_deck(deck.user_id, deck.game, deck.name)
        self._decks.get(deck.user_id, {}).pop(_key(deck), None)
        return deleted

    def known(self, user_id: int) -> list[DeckRecord]:
        """For autocomplete, at once: the remembered decks; for a user not read yet, nothing now
        while a read in the background fills the shelf for their next keystroke."""
        decks = self._decks.get(user_id)
        if decks is None:
            if user_id not in self._loading:
                task = asyncio.get_running_loop().create_task(self._load(user_id))
                self._loading[user_id] = task
            return []
        return sorted(decks.values(), key=lambda deck: deck.name.casefold())

    def recall(self, user_id: int, ref: str) -> list[DeckRecord]:
        """For autocomplete, at once: the remembered decks a name (or `game:name`) may mean."""
        game, name = split_ref(ref)
        decks = self.known(user_id)
        named = [deck for deck in decks if deck.name.casefold() == ref.casefold()]
        return named or [d for d in decks if d.game == game and d.name.casefold() == name.casefold()]

    async def _named(self, user_id: int, name: str, games: list[str]) -> list[DeckRecord]:
        """The user's decks called `name` among these games, read from storage."""
        found: list[DeckRecord] = []
        for game in games:
            deck = await self.storage.deck(user_id, game, name)
            if deck is None:
                self._decks.get(user_id, {}).pop((game, name.casefold()), None)
            else:
                self._remember(deck)
                found.append(deck)
        return found

    def _remember(self, deck: DeckRecord) -> None:
        """Keep a deck on the shelf of a user whose decks were all read (a partial shelf would
        hide the others from autocomplete)."""
        shelf = self._decks.get(deck.user_id)
        if shelf is not None:
            shelf[_key(deck)] = deck

    async def _load(self, user_id: int) -> None:
        try:
            await self.all(user_id)
        except Exception:
            log.exception("reading the decks of user %s failed", user_id)
        finally:
            self._loading.pop(user_id, None)


def _key(deck: DeckRecord) -> Key:
    return deck.game, deck.name.casefold()


def _of_game(found: list[DeckRecord], game: str) -> DeckRecord:
    """The deck of `game` among decks of one name, or a UserError naming the game each is for."""
    mine = next((deck for deck in found if deck.game == game), None)
    if mine is not None:
        return mine
    other = book_of(found[0].game)
    here = BOOKS.get(game)
    playing = here.title if here is not None else "this game"
    hint = f" `/deck list` shows your decks; `/deck build game:{game}` starts one for it." if here else ""
    raise UserError(
        f"“{plain(found[0].name)}” is a {other.short} deck, so it cannot be played in {playing}: "
        f"bring it to a {other.title} table instead.{hint}"
    )
