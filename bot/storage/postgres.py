"""The PostgreSQL backend (asyncpg), for several bot processes sharing one database.

The same plans as SQLite (`bot.storage.plan`), awaited step by step on one pooled connection inside
one transaction. Table writes stay optimistic on `rev`: a concurrent save of the same row waits for
the first to commit, then matches no row and raises StaleWrite, as on SQLite. The schema is the same
versioned migrations (`bot.storage.pg_migrate`), applied at open under an advisory lock.

A `search_path` query parameter in the URL (`postgresql://host/db?search_path=supertable`) keeps the
tables in a schema of their own; asyncpg passes other query parameters on as server settings too.

A connection lost before an operation's first statement completed (the server restarted, a failover,
`pg_terminate_backend`: asyncpg's AdminShutdownError or ConnectionDoesNotExistError at BEGIN) is
retried once on a fresh connection: nothing was written, and the person's click goes through instead
of failing. A statement that completed, or a write sent outside a transaction, may have taken
effect, so a loss after it surfaces as before.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import dataclass

import asyncpg  # type: ignore[import-untyped]

from bot.storage.pg_migrate import apply_migrations
from bot.storage.plan import Fetch, Many, Mode, Plan, T, numbered
from bot.storage.sql_storage import PLACE_INDEX, SqlStorage

log = logging.getLogger(__name__)
POOL_SIZE = 10
SCHEMES = ("postgres", "postgresql")
CONNECTION_LOST = (
    asyncpg.PostgresConnectionError,  # ConnectionDoesNotExistError: closed in the middle of operation
    asyncpg.AdminShutdownError,  # pg_terminate_backend, a fast shutdown
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,  # the server is starting or stopping
    ConnectionError,  # the socket was reset
)


@dataclass
class Progress:
    """How far a plan got: the step being run, and whether running it again could do anything twice."""

    step: Fetch | Many | None = None
    completed: int = 0  # statements of the plan that completed
    unsafe: bool = False  # a write was sent outside a transaction: it may have been applied

    def repeatable(self) -> bool:
        """Whether the plan may run again on another connection (nothing of it can have happened)."""
        return self.completed == 0 and not self.unsafe


def asyncpg_dsn(url: str) -> str:
    """A DATABASE_URL as asyncpg takes it (`postgresql+asyncpg://` loses its driver suffix)."""
    scheme, separator, rest = url.partition("://")
    return f"{scheme.partition('+')[0]}{separator}{rest}"


class PostgresStorage(SqlStorage):
    """Storage in a PostgreSQL database, through a pool of asyncpg connections."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.pool_size = pool_size
        self.process_id = f"supertable-{uuid.uuid4().hex[:12]}"  # names this process's connections
        self._conn: asyncpg.Pool | None = None
        self._closing: asyncio.Future[None] | None = None

    async def open(self) -> None:
        """Connect the pool and apply pending migrations (once, whoever else starts at the same time)."""
        pool = await asyncpg.create_pool(
            asyncpg_dsn(self.url), min_size=1, max_size=self.pool_size, server_settings=self._settings()
        )
        try:
            async with pool.acquire() as conn:
                await apply_migrations(conn)
        except BaseException:
            await pool.close()
            raise
        self._conn, self._closing = pool, None

    async def close(self) -> None:
        """Close the pool once running work is done (idempotent; concurrent callers all wait)."""
        if self._closing is None:
            if self._conn is None:
                return
            pool = self._conn
            self._closing = asyncio.ensure_future(pool.close())
            self._closing.add_done_callback(lambda _: self._forget(pool))
        await asyncio.shield(self._closing)

    def _settings(self) -> dict[str, str]:
        """Server settings of our connections: the process id as application_name (change notices
        carry it, see `bot.storage.pg_cluster`)."""
        return {"application_name": self.process_id}

    async def connect(self) -> asyncpg.Connection:
        """A connection of its own, outside the pool (cluster mode listens for notices on one)."""
        return await asyncpg.connect(asyncpg_dsn(self.url), server_settings=self._settings())

    @property
    def pool(self) -> asyncpg.Pool:
        """The open connection pool."""
        if self._conn is None or self._closing is not None:
            raise RuntimeError("PostgresStorage is not open: await open() first")
        return self._conn

    def _forget(self, pool: asyncpg.Pool) -> None:
        if self._conn is pool:
            self._conn = None

    async def _run(self, plan: Plan[T], mode: Mode) -> T:
        """Run the plan on one pooled connection, in a transaction unless `mode` is SINGLE; once
        more on a fresh connection when the connection was lost before any of it happened."""
        progress = Progress()
        try:
            return await self._attempt(plan, mode, progress)
        except Exception as exc:
            lost = lost_connection(exc)
            if lost is None or not progress.repeatable():
                raise
            log.warning("the database connection was lost (%s); trying once more", type(lost).__name__)
            return await self._attempt(plan, mode, progress)

    async def _attempt(self, plan: Plan[T], mode: Mode, progress: Progress) -> T:
        if self._conn is None or self._closing is not None:
            raise RuntimeError("PostgresStorage is not open: await open() first")
        async with self._conn.acquire() as conn:
            if mode is Mode.SINGLE:
                return await drive(conn, plan, progress, in_transaction=False)
            read = mode is Mode.READ
            async with conn.transaction(isolation="repeatable_read" if read else None, readonly=read):
                return await drive(conn, plan, progress)

    def _place_taken(self, error: Exception) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError) and error.constraint_name == PLACE_INDEX


async def drive(
    conn: asyncpg.Connection, plan: Plan[T], progress: Progress | None = None, *, in_transaction: bool = True
) -> T:
    """Await each step and feed its rows back to the plan until it returns. `progress` is kept up to
    date, and a plan run again after a lost connection starts from the step it had reached."""
    progress = progress or Progress()
    try:
        step = progress.step or next(plan)
        while True:
            progress.step = step
            if not in_transaction and not repeatable(step):
                progress.unsafe = True
            if isinstance(step, Fetch):
                sql = numbered(step.sql) + (" FOR UPDATE" if step.lock else "")
                rows = await conn.fetch(sql, *step.params)
                progress.completed += 1
                step = plan.send(rows)
            else:
                await conn.executemany(numbered(step.sql), step.rows)
                progress.completed += 1
                step = plan.send([])
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


def lost_connection(error: BaseException) -> BaseException | None:
    """The lost connection behind an error, if any (a transaction that could not end on a closed
    connection raises InterfaceError from the loss)."""
    seen: BaseException | None = error
    for _ in range(3):
        if seen is None or isinstance(seen, CONNECTION_LOST):
            return seen
        seen = seen.__context__
    return None


def repeatable(step: Fetch | Many) -> bool:
    """Whether running the statement twice changes nothing more than once: a read, or a write
    marked `repeatable`."""
    return isinstance(step, Fetch) and (step.repeatable or step.sql.lstrip()[:6].upper() == "SELECT")
