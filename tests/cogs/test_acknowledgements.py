"""Every interaction is acknowledged before any database work, so a busy database never makes
Discord drop it ("The application did not respond"); the proper answer follows once it is free."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.storage.records import UserSettings
from tests.cogs.busy import BusyDatabase
from tests.cogs.test_records import admin
from tests.cogs.world import World, custom_ids, make_world, open_hand, reply, take_turn, texts
from tests.support.records import record_game

OOPS = "Something went wrong"


class Busy:
    """Runs each interaction with the database busy and checks it was acknowledged in time."""

    def __init__(self, world: World, monkeypatch: pytest.MonkeyPatch) -> None:
        self.world = world
        self.database = BusyDatabase(world.bot, monkeypatch)
        self.used: list[str] = []

    async def __call__(self, what: str, action: Callable[[], Awaitable[Any]]) -> Any:
        async with self.database.held():
            result = await action()
        assert self.database.in_time == 1 and self.database.late == 0, (
            f"{what}: not acknowledged while the database was busy"
        )
        self.used.append(what)
        if hasattr(result, "acknowledged"):
            assert result.acknowledged, f"{what}: never acknowledged"
            assert OOPS not in reply(result), f"{what}: {reply(result)}"
        return result


async def test_every_command_button_and_autocomplete_answers_while_the_database_is_busy(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = make_world(simcord_env)
    busy = Busy(world, monkeypatch)
    alice, bob, carol, games = world.alice, world.bob, world.carol, world.games
    boss = admin(world)

    # autocompletes: a cold deck list answers (empty) rather than late
    decks = await busy("deck autocomplete", lambda: alice.autocomplete(games, "deck show", "name", ""))
    assert decks == []
    found = await busy("game autocomplete", lambda: alice.autocomplete(games, "play", "game", "high"))
    assert any(choice["value"] == "highcard" for choice in found)

    # settings, help and records
    shown = await busy("/settings", lambda: alice.slash(games, "settings", dm="on"))
    assert "DMs are on" in reply(shown)
    await busy("/settings off", lambda: alice.slash(games, "settings", dm="off"))
    assert "SuperTable" in texts((await busy("/help", lambda: alice.slash(games, "help"))).response.message)
    assert "rules" in texts(
        (await busy("/rules", lambda: alice.slash(games, "rules", game="highcard"))).response.message
    )
    server = await busy("/server settings", lambda: boss.slash(games, "server settings", min_games=1))
    assert "after **1** game" in reply(server)
    played = await record_game(
        world.bot.service.storage, [(alice.id, "alice"), (bob.id, "bob")], [1, 2], guild_id=world.guild.id
    )
    assert "High Card" in reply(await busy("/stats", lambda: alice.slash(games, "stats")))
    assert f"#{played.table_id}" in reply(await busy("/history", lambda: alice.slash(games, "history")))
    board = await busy("/leaderboard", lambda: alice.slash(games, "leaderboard", game="highcard"))
    assert board.response is not None
    replay = await busy("/replay", lambda: alice.slash(games, "replay", game_id=played.table_id))
    assert replay.acknowledged

    # decks
    built = await busy("/deck build", lambda: alice.slash(games, "deck build", name="Mine"))
    assert "Mine" in reply(built)
    names = await busy("deck name autocomplete", lambda: alice.autocomplete(games, "deck show", "name", "mi"))
    assert [choice["value"] for choice in names] == ["Mine"]
    cards = await busy(
        "card autocomplete", lambda: alice.autocomplete(games, "deck add", "card", "", name="Mine")
    )
    card = cards[0]["value"]
    removable = await busy(
        "deck card autocomplete", lambda: alice.autocomplete(games, "deck remove", "card", "", name="Mine")
    )
    assert removable
    await busy("/deck add", lambda: alice.slash(games, "deck add", name="Mine", card=card))
    await busy("/deck remove", lambda: alice.slash(games, "deck remove", name="Mine", card=card))
    await busy("/deck validate", lambda: alice.slash(games, "deck validate", name="Mine"))
    await busy("/deck show", lambda: alice.slash(games, "deck show", name="Mine"))
    await busy("/deck list", lambda: alice.slash(games, "deck list"))
    used = await busy("/deck use", lambda: alice.slash(games, "deck use", name="Mine"))
    assert "lobby" in reply(used)
    await busy("/deck delete", lambda: alice.slash(games, "deck delete", name="Mine"))

    # a table, from lobby to a cancelled game
    opened = await busy("/play", lambda: alice.slash(games, "play", game="highcard"))
    assert "table opened" in reply(opened)
    thread = world.thread()
    lobby = world.table_message(thread)
    modes = await busy(
        "mode autocomplete", lambda: alice.autocomplete(thread, "play", "mode", "", game="highcard")
    )
    assert modes
    joined = await busy("Join", lambda: bob.click(lobby, label="Join"))
    assert "You joined" in texts(joined.response.message)
    dm_button = joined.response.message
    await busy("Send my turns by DM", lambda: bob.click(dm_button, label="Send my turns by DM"))
    await world.bot.service.storage.save_user_settings(UserSettings(bob.id, dm=False))
    await busy("Join (carol)", lambda: carol.click(world.table_message(thread), label="Join"))
    await busy("Leave", lambda: carol.click(world.table_message(thread), label="Leave"))
    await busy("Add AI", lambda: alice.click(world.table_message(thread), label="Add AI"))
    await busy("Remove AI", lambda: alice.click(world.table_message(thread), label="Remove AI"))
    await busy("Add AI again", lambda: alice.click(world.table_message(thread), label="Add AI"))
    status = await busy("/game status", lambda: alice.slash(thread, "game status"))
    assert "waiting in the lobby" in reply(status)
    await busy("Start", lambda: alice.click(world.table_message(thread), label="Start"))
    table = world.table_message(thread)

    panel = await busy("Open my hand", lambda: open_hand(alice, table))
    assert any(c.startswith(("st:", "ss:")) for c in custom_ids(panel))
    after = await busy("a choice", lambda: take_turn(alice, panel))
    refreshed = await busy("Refresh", lambda: alice.click(after, label="Refresh"))
    assert "Your hand" in texts(refreshed.response.message)
    rules = await busy("Rules", lambda: alice.click(world.table_message(thread), label="Rules"))
    assert "rules" in texts(rules.response.message)
    confirm = await busy("Forfeit", lambda: bob.click(world.table_message(thread), label="Forfeit"))
    assert "Really forfeit" in texts(confirm.response.message)
    await busy("Yes, forfeit", lambda: bob.click(confirm.response.message, label="Yes, forfeit"))
    kicked = await busy("/game kick", lambda: alice.slash(thread, "game kick", user=bob.user))
    assert kicked.acknowledged
    cancelled = await busy("/game cancel", lambda: alice.slash(thread, "game cancel"))
    assert "cancelled" in reply(cancelled)
    assert len(busy.used) >= 40
