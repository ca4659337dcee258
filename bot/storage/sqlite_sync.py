"""Synchronous sqlite3 helpers for work beside the storage's own connection (bench and test fills)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import TypeVar

T = TypeVar("T")


@contextmanager
def transaction(conn: sqlite3.Connection, *, write: bool = True) -> Iterator[sqlite3.Connection]:
    """A transaction on an autocommit connection (a consistent snapshot when not `write`), rolled
    back on any error. Writers take the write lock up front (BEGIN IMMEDIATE), so others sharing the
    file wait (busy_timeout) instead of failing mid-transaction."""
    begin(conn, "BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def begin(conn: sqlite3.Connection, statement: str) -> None:
    """Start a transaction; when another process held the database past the busy timeout, wait for
    it once more (at most twice the busy timeout in all) before `database is locked` surfaces.
    Nothing has been done yet, so trying again cannot do anything twice."""
    try:
        conn.execute(statement)
    except sqlite3.OperationalError as exc:
        if "database is locked" not in str(exc):
            raise
        conn.execute(statement)


class SideConnection:
    """Runs a synchronous function on a connection of its own to a database file, in a worker thread.

    For bulk fills and deliberate damage in benches and tests; the storage's own connection stays
    untouched, and SQLite's locking (WAL, busy_timeout) keeps the two apart.
    """

    def __init__(self, path: str, busy_timeout_ms: int) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """`fn(connection)` on a fresh autocommit connection, closed afterwards."""
        return await asyncio.to_thread(self._run, fn)

    def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        if self.path == ":memory:":
            raise RuntimeError("an in-memory database has no side connections")
        with closing(sqlite3.connect(self.path, isolation_level=None)) as conn:
            conn.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            conn.row_factory = sqlite3.Row
            return fn(conn)
