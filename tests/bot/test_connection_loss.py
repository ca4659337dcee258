"""A database that drops the bot's connections (a PostgreSQL restart or failover) or that another
process holds locked (SQLite) fails no click for nothing: an operation none of which happened yet is
tried once more, and a failure after a statement surfaces as before."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Generator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from bot.storage import open_storage
from bot.storage.plan import Fetch, Mode
from bot.storage.postgres import PostgresStorage, lost_connection
from bot.storage.sqlite import SqliteStorage
from tests.bot.backends import Backend
from tests.bot.service_kit import OPEN, REGISTRY, Recorder, started_table
from tests.bot.test_storage import make_table


def drop_connections(pg: Backend, storage: PostgresStorage) -> int:
    """What a PostgreSQL restart does to the bot: every connection of the storage terminated while
    the bot is busy (its event loop blocked here), so it has not noticed yet when the click comes."""
    terminate = pg.raw(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?",
        (storage.process_id,),
    )
    with ThreadPoolExecutor(1) as thread:
        rows = thread.submit(asyncio.run, terminate).result()
    time.sleep(0.3)  # the loop must not run: the server closes the connections meanwhile
    return len(rows)


async def test_a_click_after_postgresql_dropped_the_bots_connections_goes_through(pg: Backend) -> None:
    storage = pg.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    service = TableService(storage, REGISTRY, listener=Recorder())
    OPEN.append(service)
    table_id = await started_table(service, humans=1, ai=1)
    live = await service.get(table_id)  # cached: the click goes straight to its save
    assert drop_connections(pg, storage) >= 1
    await service.act(table_id, 100, live.state.version, "swap", [])
    moves = [line for line in await storage.actions(table_id) if line.actor == "human"]
    assert len(moves) == 1, "the click was applied, once"


async def test_a_connection_lost_after_a_statement_surfaces_and_nothing_runs_twice(pg: Backend) -> None:
    storage = pg.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    ran: list[str] = []

    def plan() -> Generator[Fetch, list[Any], None]:
        ran.append("first")
        yield Fetch("SELECT 1")
        ran.append("second")
        yield Fetch("SELECT pg_terminate_backend(pg_backend_pid())")  # the connection dies here

    try:
        with pytest.raises(Exception) as failed:
            await storage._run(plan(), Mode.WRITE)
        assert lost_connection(failed.value) is not None
        assert ran == ["first", "second"], "not tried again once a statement had completed"
    finally:
        await storage.close()


async def hold_lock(path: Path, seconds: float, taken: threading.Event) -> None:
    """Another process holding the SQLite database's write lock for `seconds`."""

    def hold() -> None:
        with sqlite3.connect(path, isolation_level=None) as other:
            other.execute("BEGIN IMMEDIATE")
            taken.set()
            time.sleep(seconds)
            other.execute("ROLLBACK")

    await asyncio.to_thread(hold)


async def sqlite_with_busy_timeout(path: Path, milliseconds: int) -> SqliteStorage:
    storage = open_storage(f"sqlite:///{path}")
    assert isinstance(storage, SqliteStorage)
    await storage.open()
    await storage.connection.execute(f"PRAGMA busy_timeout = {milliseconds}")
    return storage


async def test_a_sqlite_write_waits_once_more_for_a_lock_held_past_the_busy_timeout(tmp_path: Path) -> None:
    storage = await sqlite_with_busy_timeout(tmp_path / "db", 1000)
    try:
        taken = threading.Event()
        holder = asyncio.ensure_future(hold_lock(tmp_path / "db", 1.5, taken))
        await asyncio.to_thread(taken.wait)
        table_id = await storage.create_table(make_table())  # waits 1 s, then 1 s more at most
        await holder
        assert [row.id for row in await storage.live_tables()] == [table_id]
    finally:
        await storage.close()


async def test_a_sqlite_lock_held_past_twice_the_busy_timeout_surfaces_having_written_nothing(
    tmp_path: Path,
) -> None:
    storage = await sqlite_with_busy_timeout(tmp_path / "db", 100)
    try:
        taken = threading.Event()
        holder = asyncio.ensure_future(hold_lock(tmp_path / "db", 2.0, taken))
        await asyncio.to_thread(taken.wait)
        with pytest.raises(sqlite3.OperationalError, match="database is locked"):
            await storage.create_table(make_table())
        await holder
        assert await storage.live_tables() == []
    finally:
        await storage.close()
