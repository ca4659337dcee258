"""`python -m bot migrate --to postgresql://...`: a SQLite install copied whole into PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import TableService
from bot.storage.postgres import PostgresStorage
from bot.storage.records import DeckRecord, GuildSettings, UserSettings
from bot.storage.sqlite import SqliteStorage
from bot.storage.transfer import TABLES, main, transfer
from tests.bot.backends import Backend
from tests.bot.service_kit import make_service, open_lobby, started_table
from tests.bot.test_postgres import pg_service

EVERY_KIND = {"tables", "seats", "actions", "results", "result_seats", "ratings", "rating_changes"}


async def play_to_end(service: TableService, table_id: int, users: tuple[int, ...]) -> None:
    """Each person takes their first option until the game ends."""
    for _ in range(200):
        live = await service.get(table_id)
        if live.record.status != "active":
            return
        for user in users:
            seat = live.seat_of(user)
            for decision in live.decisions_for(seat) if seat is not None else []:
                options = [option.id for option in decision.options][: decision.min_choices or 1]
                await service.act(table_id, user, live.state.version, decision.key, options)
                break
            else:
                continue
            break
    raise AssertionError("the game did not finish")


async def sqlite_install(path: Path) -> tuple[TableService, int, int]:
    """A bot's SQLite file: a finished rated game, a forfeited one, a live game, a lobby and settings.

    Returns the service and the ids of the live game and the lobby."""
    service = await make_service(path)
    finished = await started_table(service, humans=2, ai=0)
    await play_to_end(service, finished, (100, 101))
    forfeited = await started_table(service, humans=3, ai=0)
    await service.forfeit(forfeited, 101)
    await service.forfeit(forfeited, 102)
    live = await started_table(service, humans=2, ai=1)
    lobby = await open_lobby(service, channel=11, host=200)
    storage = service.storage
    await storage.save_user_settings(UserSettings(100, dm=True, auto_defence=True))
    await storage.save_guild_settings(GuildSettings(1, rate_ai=True, min_games=2))
    await storage.save_deck(DeckRecord(100, "smashmasters", "Spicy", ["kc-c1"], 5.0))
    return service, live, lobby.id


async def test_every_table_is_copied_and_every_game_reads_back_the_same(tmp_path: Path, pg: Backend) -> None:
    service, live_id, lobby_id = await sqlite_install(tmp_path / "bot.db")
    source = service.storage
    assert isinstance(source, SqliteStorage)
    target = pg.storage()
    assert isinstance(target, PostgresStorage)
    await target.open()
    try:
        copied = await transfer(source, target)
    finally:
        await target.close()

    assert set(copied.rows) == set(TABLES)
    assert all(copied.rows[table] > 0 for table in EVERY_KIND | {"user_settings", "guild_settings", "decks"})
    assert copied.games == 4
    for table in TABLES:
        assert await pg.raw(f"SELECT COUNT(*) FROM {table}") == [(copied.rows[table],)]

    moved = await pg_service(pg)  # the bot restarted on PostgreSQL carries on
    assert await moved.resume_all() == [live_id]
    assert await moved.storage.live_in(11) == lobby_id
    assert await moved.storage.user_settings(100) == UserSettings(100, dm=True, auto_defence=True)
    await play_to_end(moved, live_id, (100, 101))
    assert (await moved.get(live_id)).record.status == "finished"
    newer = await open_lobby(moved, channel=12)
    assert newer.id > lobby_id, "new tables get ids after the copied ones"


async def test_the_command_refuses_a_database_already_in_use(tmp_path: Path, pg: Backend) -> None:
    service, _, _ = await sqlite_install(tmp_path / "bot.db")
    await service.storage.close()
    said: list[str] = []
    source = f"sqlite:///{tmp_path / 'bot.db'}"

    async def command(args: list[str]) -> int:
        return await asyncio.to_thread(main, args, said.append)  # it runs an event loop of its own

    assert await command(["--from", source, "--to", pg.url]) == 0
    assert said[-1].startswith("copied ") and "4 games" in said[-1]
    assert await command(["--from", source, "--to", pg.url]) == 1
    assert "already holds SuperTable data" in said[-1]
    assert await command(["--from", f"sqlite:///{tmp_path / 'none.db'}", "--to", pg.url]) == 1
    assert "no SQLite database" in said[-1]
