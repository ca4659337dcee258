"""The embedded SQLite backend on aiosqlite: one connection, WAL, optimistic writes on `rev`.

Every operation is a plan (`bot.storage.plan`) run whole, its transaction included, as ONE function
handed to aiosqlite's connection thread: one hop from the event loop per operation however many
statements, and operations run one at a time in the order they were submitted, so none runs inside
another's transaction. Awaiting each statement instead costs a hop per statement and, under load,
many times the latency (docs/performance.md, "Storage backends"). aiosqlite's public API has no call
for "run this function on the connection", so `_run` uses its `_execute`, the method its own
`execute` is built on (the version range in pyproject.toml is the one tested).

Writers take the database write lock up front (BEGIN IMMEDIATE), so other processes sharing the
file wait (busy_timeout) instead of failing mid-transaction.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite

from bot.storage.migrate import apply_migrations
from bot.storage.plan import Fetch, Mode, Plan, T
from bot.storage.sql_storage import PLACE_INDEX, SqlStorage
from bot.storage.sqlite_sync import SideConnection, transaction

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)


class SqliteStorage(SqlStorage):
    """Storage in one SQLite file (or `:memory:`); the file's folder is created on open."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: aiosqlite.Connection | None = None
        self._closing: asyncio.Future[None] | None = None

    async def open(self) -> None:
        """Connect, set the pragmas and apply pending migrations."""
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        connecting = aiosqlite.connect(self.path, isolation_level=None)
        _never_blocks_exit(connecting)
        db = await connecting
        try:
            db.row_factory = sqlite3.Row
            await db.executescript(";\n".join(PRAGMAS))
            await apply_migrations(db)
        except BaseException:
            await db.close()
            raise
        self._conn = db

    async def close(self) -> None:
        """Close the connection once the work already submitted is done (idempotent; all callers wait)."""
        if self._closing is None:
            if self._conn is None:
                return
            conn = self._conn
            self._closing = asyncio.ensure_future(conn.close())
            self._closing.add_done_callback(lambda _: self._forget(conn))
        await asyncio.shield(self._closing)

    def _forget(self, conn: aiosqlite.Connection) -> None:
        if self._conn is conn:
            self._conn, self._closing = None, None

    @property
    def connection(self) -> aiosqlite.Connection:
        """The open aiosqlite connection."""
        if self._conn is None or self._closing is not None:
            raise RuntimeError("SqliteStorage is not open: await open() first")
        return self._conn

    @property
    def _db(self) -> SideConnection:
        """`await storage._db.run(fn)` runs fn(sqlite3 connection) on a connection of its own to the
        file (what benches and tests used on the old database thread to fill or damage a database)."""
        return SideConnection(self.path, BUSY_TIMEOUT_MS)

    async def _run(self, plan: Plan[T], mode: Mode) -> T:
        """Run the whole plan, its transaction included, in the connection's thread: one hop."""
        db = self.connection
        value: T = await db._execute(lambda: run_plan(db._conn, plan, mode))  # type: ignore[no-untyped-call]
        return value

    def _place_taken(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and PLACE_INDEX in str(error)


def _never_blocks_exit(connecting: aiosqlite.Connection) -> None:
    """Make the connection's worker thread a daemon before it starts.

    A bot stopped without close() (a test harness detaching it) must still let Python exit; what it
    committed is safe either way (WAL keeps every commit atomic). aiosqlite starts a non-daemon thread
    and offers no option for this, hence the attribute.
    """
    thread = getattr(connecting, "_thread", None)
    if thread is not None and not thread.is_alive():
        thread.daemon = True


def run_plan(conn: sqlite3.Connection, plan: Plan[T], mode: Mode) -> T:
    """Run a plan on an autocommit connection, in a transaction unless `mode` is SINGLE."""
    if mode is Mode.SINGLE:
        return drive_sync(conn, plan)
    with transaction(conn, write=mode is Mode.WRITE):
        return drive_sync(conn, plan)


def drive_sync(conn: sqlite3.Connection, plan: Plan[T]) -> T:
    """Feed each step's rows back to the plan until it returns."""
    try:
        step = next(plan)
        while True:
            if isinstance(step, Fetch):
                step = plan.send(conn.execute(step.sql, tuple(step.params)).fetchall())
            else:
                conn.executemany(step.sql, step.rows)
                step = plan.send([])
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
