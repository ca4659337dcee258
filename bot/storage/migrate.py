"""Versioned schema migrations: `NNNN_name.sql` files of `bot.storage.migrations`, applied once each
(here to SQLite; `bot.storage.pg_migrate` applies the same files to PostgreSQL).

A migration runs in its own write transaction together with its `schema_migrations` row, so
it is applied entirely or not at all, and processes opening one database at once apply it once.
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from importlib import resources

import aiosqlite

MIGRATIONS_PACKAGE = "bot.storage.migrations"
_FILE_NAME = re.compile(r"^(\d{4})_\w+\.sql$")


@dataclass(frozen=True)
class Migration:
    """One migration file."""

    version: int
    name: str
    sql: str


def load_migrations(package: str = MIGRATIONS_PACKAGE) -> list[Migration]:
    """The migration files of `package`, by version; two files with one version are an error."""
    found = []
    for entry in resources.files(package).iterdir():
        match = _FILE_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda migration: migration.version)
    versions = [migration.version for migration in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"duplicate migration versions in {package}: {sorted(versions)}")
    return found


def split_statements(script: str) -> list[str]:
    """The statements of an SQL script (a `;` inside a string, comment or trigger does not split)."""
    statements = []
    start = 0
    for end in (index + 1 for index, char in enumerate(script) if char == ";"):
        if sqlite3.complete_statement(script[start:end]):
            statements.append(script[start:end].strip())
            start = end
    if script[start:].strip():
        statements.append(script[start:].strip())
    return statements


async def apply_migrations(db: aiosqlite.Connection) -> list[int]:
    """Apply every pending migration in order; returns the versions applied now.

    `db` must be in autocommit mode (`isolation_level=None`): transactions are explicit here.
    """
    done = await _applied_versions(db)
    applied = []
    for migration in load_migrations():
        if migration.version not in done and await _apply(db, migration):
            applied.append(migration.version)
    return applied


async def _apply(db: aiosqlite.Connection, migration: Migration) -> bool:
    """Apply one migration unless another process did first; returns whether it ran here."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        pending = migration.version not in await _applied_versions(db)
        if pending:
            for statement in split_statements(migration.sql):
                await db.execute(statement)
            await db.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                (migration.version, time.time()),
            )
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            await db.rollback()
        raise
    return pending


async def _applied_versions(db: aiosqlite.Connection) -> set[int]:
    """Versions recorded in schema_migrations (none before the first migration created it)."""
    exists = await db.execute_fetchall(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    if not list(exists):
        return set()
    return {int(row[0]) for row in await db.execute_fetchall("SELECT version FROM schema_migrations")}
