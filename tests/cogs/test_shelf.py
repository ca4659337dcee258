"""The deck shelf answers autocomplete at once, never hides a user's other decks, and tells a deck
of one game from a deck of the same name in another."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.errors import UserError
from bot.storage import Storage, open_storage
from bot.storage.records import DeckRecord
from cogs.deck_books import LETOPSULLE, SMASH
from cogs.shelf import DeckShelf, split_ref

USER = 7


@pytest_asyncio.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = open_storage(f"sqlite:///{tmp_path / 'db'}")
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


async def known_soon(shelf: DeckShelf) -> list[str]:
    """The names autocomplete offers once the background read is done."""
    for _ in range(100):
        await asyncio.sleep(0.01)
        if shelf.known(USER):
            break
    return sorted(f"{deck.game}/{deck.name}" for deck in shelf.known(USER))


async def test_one_deck_looked_at_does_not_hide_the_others_from_autocomplete(storage: Storage) -> None:
    for name in ("Alpha", "Beta"):
        await storage.save_deck(DeckRecord(USER, SMASH.game, name, []))
    await storage.save_deck(DeckRecord(USER, LETOPSULLE.game, "Gamma", []))
    shelf = DeckShelf(storage)  # as after a restart: nothing read yet
    await shelf.find(USER, "alpha")
    assert shelf.known(USER) == [], "not read yet: nothing now, rather than a part"
    assert await known_soon(shelf) == ["letopsulle/Gamma", "smashmasters/Alpha", "smashmasters/Beta"]
    await shelf.delete(await shelf.find(USER, "beta"))
    assert await known_soon(shelf) == ["letopsulle/Gamma", "smashmasters/Alpha"]


async def test_a_name_held_in_two_games_asks_which_and_each_game_finds_its_own(storage: Storage) -> None:
    await storage.save_deck(DeckRecord(USER, SMASH.game, "Main", ["kc-c1"]))
    await storage.save_deck(DeckRecord(USER, LETOPSULLE.game, "main", ["night"]))
    shelf = DeckShelf(storage)
    with pytest.raises(UserError, match="Smash Masters and a Letopsulle deck called"):
        await shelf.find(USER, "Main")
    assert (await shelf.find(USER, "Main", LETOPSULLE.game)).cards == ["night"]
    assert (await shelf.find(USER, "letopsulle:MAIN")).game == LETOPSULLE.game
    assert split_ref("smashmasters:Main") == ("smashmasters", "Main")
    assert split_ref("Note: spare") == (None, "Note: spare"), "a colon in a name is only a name"
    await shelf.rename(await shelf.find(USER, "smashmasters:main"), "Brawlers")
    assert (await shelf.find(USER, "main")).game == LETOPSULLE.game, "no longer two of that name"


async def test_a_deck_of_one_game_is_refused_for_the_other(storage: Storage) -> None:
    await storage.save_deck(DeckRecord(USER, LETOPSULLE.game, "Heroes", []))
    shelf = DeckShelf(storage)
    with pytest.raises(UserError, match="is a Letopsulle deck, so it cannot be played in Super Powered"):
        await shelf.ready(USER, "Heroes", SMASH.game)
    with pytest.raises(UserError, match="not ready to play"):
        await shelf.ready(USER, "Heroes", LETOPSULLE.game)
