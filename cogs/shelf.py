"""Each user's Smash Masters decks, read through storage and remembered for autocomplete.

Discord drops an autocomplete that is not answered within 3 seconds, and the database can be busy
(another process holding the write lock, a queue of saves). Autocompletes therefore never wait for
it: they answer at once from what this shelf last read or wrote. For a user it has not read yet
the first answer is empty while their decks load in the background (Discord asks again at the
next keystroke).
"""

from __future__ import annotations

import asyncio
import logging

from bot.errors import UserError
from bot.storage import Storage
from bot.storage.records import DeckRecord
from engines.smashmasters.decks import validate_deck

GAME = "smashmasters"
log = logging.getLogger(__name__)


class DeckShelf:
    """Decks by user and name, as last read from or written to storage by this process."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._decks: dict[int, dict[str, DeckRecord]] = {}
        self._loading: dict[int, asyncio.Task[None]] = {}

    async def all(self, user_id: int) -> list[DeckRecord]:
        """A user's decks, read from storage."""
        decks = await self.storage.decks(user_id, GAME)
        self._decks[user_id] = {deck.name.casefold(): deck for deck in decks}
        return decks

    async def find(self, user_id: int, name: str) -> DeckRecord:
        """One of the user's decks, or a UserError saying how to find their decks."""
        deck = await self.storage.deck(user_id, GAME, name)
        if deck is None:
            self._decks.get(user_id, {}).pop(name.casefold(), None)
            raise UserError(f"You have no deck called “{name}”. `/deck list` shows yours.")
        self._remember(deck)
        return deck

    async def ready(self, user_id: int, name: str) -> DeckRecord:
        """One of the user's decks that follows every rule, else a UserError saying what to do."""
        deck = await self.find(user_id, name)
        problems = validate_deck(deck.cards)
        if problems:
            raise UserError(
                f"“{deck.name}” is not ready to play: {'; '.join(problems)}. "
                "Fix it with `/deck add` and `/deck remove`."
            )
        return deck

    async def save(self, deck: DeckRecord) -> None:
        """Store a deck (new or changed)."""
        await self.storage.save_deck(deck)
        self._remember(deck)

    def _remember(self, deck: DeckRecord) -> None:
        """Keep a deck on the shelf of a user whose decks were all read (a partial shelf would
        hide the others from autocomplete)."""
        shelf = self._decks.get(deck.user_id)
        if shelf is not None:
            shelf[deck.name.casefold()] = deck

    async def delete(self, user_id: int, name: str) -> bool:
        """Delete one of the user's decks; whether it existed."""
        deleted = await self.storage.delete_deck(user_id, GAME, name)
        self._decks.get(user_id, {}).pop(name.casefold(), None)
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
        return list(decks.values())

    async def _load(self, user_id: int) -> None:
        try:
            await self.all(user_id)
        except Exception:
            log.exception("reading the decks of user %s failed", user_id)
        finally:
            self._loading.pop(user_id, None)
