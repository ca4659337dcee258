"""The storage backends tests run against: SQLite files, and a local PostgreSQL when one answers.

PostgreSQL tests use TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test), each in a
fresh schema dropped afterwards. The server is probed once per test session with a short timeout;
when it does not answer, PostgreSQL tests skip and say why.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.storage import open_storage
from bot.storage.plan import numbered
from bot.storage.sql_storage import SqlStorage

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
PROBE_TIMEOUT = 1.0
BACKENDS = ("sqlite", "postgresql")
_schemas = itertools.count(1)


@cache
def postgres_problem() -> str | None:
    """Why the test PostgreSQL cannot be used (None when it can); asked once per session."""

    async def probe() -> None:
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(POSTGRES_URL, timeout=PROBE_TIMEOUT)
        await conn.close()

    try:
        with ThreadPoolExecutor(1) as pool:  # its own event loop, whatever the caller runs in
            pool.submit(asyncio.run, probe()).result(timeout=PROBE_TIMEOUT * 3)
    except Exception as exc:
        where = urlsplit(POSTGRES_URL).netloc.rpartition("@")[2]
        return f"PostgreSQL not reachable at {where}: {type(exc).__name__}: {exc}"
    return None


def require_postgres() -> None:
    """Skip the calling test, with the reason, when the test PostgreSQL cannot be used."""
    problem = postgres_problem()
    if problem is not None:
        pytest.skip(problem)


@dataclass
class Backend:
    """One database of one backend for one test: its URL, new storages on it and raw SQL."""

    name: str
    url: str
    path: Path | None = None  # the SQLite file
    schema: str | None = None  # the PostgreSQL schema

    def storage(self) -> SqlStorage:
        """A new, unopened storage on this database."""
        store = open_storage(self.url)
        assert isinstance(store, SqlStorage)
        return store

    async def raw(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (`?` placeholders) on a separate connection, bypassing the storage."""
        if self.path is not None:
            with closing(sqlite3.connect(self.path, isolation_level=None)) as db:
                return [tuple(row) for row in db.execute(sql, params)]
        import asyncpg

        conn = await asyncpg.connect(POSTGRES_URL, server_settings={"search_path": self.schema or "public"})
        try:
            return [tuple(row.values()) for row in await conn.fetch(numbered(sql), *params)]
        finally:
            await conn.close()

    async def table_names(self) -> set[str]:
        """The tables of the database (of the schema, on PostgreSQL)."""
        if self.path is not None:
            rows = await self.raw("SELECT name FROM sqlite_master WHERE type = 'table'")
        else:
            rows = await self.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {row[0] for row in rows}

    @property
    def integrity_error(self) -> type[Exception]:
        """What the driver raises when a constraint refuses a write."""
        if self.path is not None:
            return sqlite3.IntegrityError
        import asyncpg

        return asyncpg.IntegrityConstraintViolationError  # type: ignore[no-any-return]


@asynccontextmanager
async def backend_database(name: str, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh database of the named backend (a file, or a schema dropped afterwards)."""
    if name == "sqlite":
        path = tmp_path / "data" / "supertable.db"
        yield Backend(name, f"sqlite:///{path}", path=path)
        return
    require_postgres()
    import asyncpg

    schema = f"st_test_{os.getpid()}_{next(_schemas)}"
    admin = await asyncpg.connect(POSTGRES_URL, timeout=PROBE_TIMEOUT * 5)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")
        separator = "&" if "?" in POSTGRES_URL else "?"
        yield Backend(name, f"{POSTGRES_URL}{separator}search_path={schema}", schema=schema)
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()
