"""The deck shelf answers autocomplete at once and never hides a user's other decks."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.storage import open_storage
from bot.storage.records import DeckRecord
from cogs.shelf import GAME, DeckShelf

USER = 7


async def test_one_deck_looked_at_does_not_hide_the_others_from_autocomplete(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path / 'db'}")
    await storage.open()
    try:
        for name in ("Alpha", "Beta", "Gamma"):
            await storage.save_deck(DeckRecord(USER, GAME, name, []))
        shelf = DeckShelf(storage)  # as after a restart: nothing read yet
        await shelf.find(USER, "alpha")
        assert shelf.known(USER) == [], "not read yet: nothing now, rather than a part"
        for _ in range(100):
            await asyncio.sleep(0.01)
            if shelf.known(USER):
                break
        assert sorted(deck.name for deck in shelf.known(USER)) == ["Alpha", "Beta", "Gamma"]
        await shelf.delete(USER, "beta")
        assert sorted(deck.name for deck in shelf.known(USER)) == ["Alpha", "Gamma"]
    finally:
        await storage.close()
