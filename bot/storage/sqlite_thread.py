"""One sqlite3 connection owned by one worker thread: each storage operation is one hop to it.

The event loop hands the thread a whole synchronous operation (a transaction included) and awaits
its result, instead of one round trip per statement. The single worker runs operations one at a
time, in the order they were submitted, so an operation never interleaves with another one.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


class SqliteThread:
    """A connection created in, and used only from, its own worker thread.

    The worker is a ThreadPoolExecutor's: when the interpreter exits it finishes the work already
    queued and stops, so a connection never closed (a bot stopped without close()) does not keep
    the process alive. Committed data is safe either way: SQLite's WAL keeps a write atomic.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._conn: sqlite3.Connection | None = None  # touched only in the worker thread
        self._closing: Future[None] | None = None

    async def open(self) -> None:
        """Connect in the worker thread (autocommit: transactions are explicit, see `transaction`)."""
        await self._submit(self._connect)

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(connection)` in the worker thread and return its result (or raise its error)."""
        return await self._submit(lambda: fn(self._connection()))

    async def _submit(self, fn: Callable[[], T]) -> T:
        """Run `fn()` in the worker thread: the one hop every operation makes."""
        if self._closing is not None:
            raise RuntimeError(f"the database connection to {self.path} is closed")
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)

    async def close(self) -> None:
        """Close the connection once the work already submitted is done (idempotent; all callers wait)."""
        if self._closing is None:
            self._closing = self._executor.submit(self._disconnect)
            self._executor.shutdown(wait=False)
        await asyncio.shield(asyncio.wrap_future(self._closing))

    def _connect(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        self._conn = conn

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError(f"the database connection to {self.path} is not open")
        return self._conn

    def _disconnect(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            conn.close()


@contextmanager
def transaction(conn: sqlite3.Connection, *, write: bool = True) -> Iterator[sqlite3.Connection]:
    """A transaction (a consistent snapshot when not `write`), rolled back on any error.

    Writers take the database write lock up front (BEGIN IMMEDIATE), so other processes sharing
    the file wait (busy_timeout) instead of failing mid-transaction.
    """
    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
