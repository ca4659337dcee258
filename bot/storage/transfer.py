"""`python -m bot migrate --to postgresql://...`: copy a SQLite install into an empty PostgreSQL database.

Both ends are opened as storages (so both are at the latest migration), every table of the schema is
copied in one PostgreSQL transaction with COPY, the id sequence is moved past the copied ids, and
the copy is verified: the same row count in every table, and every game reading back the same
(table row, seats, action log, result).
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.storage.errors import CorruptRecord
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage

# Parents before children (foreign keys); schema_migrations is the target's own.
TABLES = (
    "tables", "seats", "actions", "results", "result_seats", "rating_changes", "ratings", "high_scores",
    "user_settings", "guild_settings", "decks", "pending_clicks",
    "season_ratings", "season_high_scores", "seasons", "tournaments", "tournament_tables",
)  # fmt: skip
BATCH = 5000


class TransferError(RuntimeError):
    """The copy cannot start or did not verify; the message says what to do."""


@dataclass
class Copied:
    """What a transfer copied: rows per table and the games checked one by one."""

    rows: dict[str, int]
    games: int


async def transfer(
    source: SqliteStorage, target: PostgresStorage, say: Callable[[str], None] = lambda _: None
) -> Copied:
    """Copy every row of `source` (open) into `target` (open, empty), then verify the copy."""
    for table in TABLES:
        if await _count_pg(target, table):
            raise TransferError(
                f"the PostgreSQL database already holds SuperTable data ({table}): migrate into an empty one"
            )
    db, pool = source.connection, _pool(target)
    rows: dict[str, int] = {}
    async with pool.acquire() as conn, conn.transaction():
        for table in TABLES:
            columns = [row[1] for row in await db.execute_fetchall(f"PRAGMA table_info({table})")]
            listed = ", ".join(columns)
            last, rows[table] = 0, 0
            while True:
                batch = list(
                    await db.execute_fetchall(
                        f"SELECT rowid, {listed} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?",
                        (last, BATCH),
                    )
                )
                if not batch:
                    break
                last = batch[-1][0]
                await conn.copy_records_to_table(
                    table, records=[tuple(row)[1:] for row in batch], columns=columns
                )
                rows[table] += len(batch)
            say(f"{table}: {rows[table]} rows")
        await conn.execute(  # new tables get ids after the copied ones
            "SELECT setval(pg_get_serial_sequence('tables', 'id'), coalesce(max(id), 0) + 1, false)"
            " FROM tables"
        )
        await conn.execute(  # and new tournaments after the copied ones
            "SELECT setval(pg_get_serial_sequence('tournaments', 'id'), coalesce(max(id), 0) + 1, false)"
            " FROM tournaments"
        )
    for table in TABLES:
        copied = await _count_pg(target, table)
        if copied != rows[table]:
            raise TransferError(f"{table}: {rows[table]} rows in SQLite but {copied} in PostgreSQL")
    games = await verify_games(source, target)
    say(f"verified {games} games: table, seats, action log and result read back the same")
    return Copied(rows, games)


async def verify_games(source: SqliteStorage, target: PostgresStorage) -> int:
    """Check that every table reads back identically from both; returns how many were checked."""
    ids = [
        int(row[0]) for row in await source.connection.execute_fetchall("SELECT id FROM tables ORDER BY id")
    ]
    for table_id in ids:
        for name, read in (("table", "load_table"), ("action log", "actions"), ("result", "result")):
            there, here = await _read(source, read, table_id), await _read(target, read, table_id)
            if there != here:
                raise TransferError(f"table {table_id}: its {name} differs after the copy")
    return len(ids)


async def _read(storage: SqliteStorage | PostgresStorage, read: str, table_id: int) -> object:
    """What a read returns, or the problem it reports for a corrupt row (copied as it was)."""
    try:
        found: object = await getattr(storage, read)(table_id)
        return found
    except CorruptRecord as exc:
        return ("corrupt", exc.problem)


async def _count_pg(target: PostgresStorage, table: str) -> int:
    async with _pool(target).acquire() as conn:
        return int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))


def _pool(target: PostgresStorage) -> Any:
    if target._conn is None:
        raise TransferError("the PostgreSQL storage is not open")
    return target._conn


def parser() -> argparse.ArgumentParser:
    """The command line of `python -m bot migrate`."""
    found = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy a SQLite install (every table) into an empty PostgreSQL database and verify it.",
    )
    found.add_argument("--to", required=True, metavar="URL", help="the PostgreSQL DATABASE_URL to fill")
    found.add_argument(
        "--from",
        dest="source",
        metavar="URL",
        help="the SQLite DATABASE_URL to copy (default: DATABASE_URL, else sqlite:///data/supertable.db)",
    )
    return found


async def run(source_url: str, target_url: str, say: Callable[[str], None]) -> Copied:
    """Open both ends by URL and transfer."""
    from bot.storage import open_storage

    source, target = open_storage(source_url), open_storage(target_url)
    if not isinstance(source, SqliteStorage) or source.path == ":memory:":
        raise TransferError(f"--from must name a SQLite file (sqlite:///path.db), not {source_url!r}")
    if not isinstance(target, PostgresStorage):
        raise TransferError(f"--to must be a postgresql:// URL, not {target_url!r}")
    if not await asyncio.to_thread(Path(source.path).is_file):
        raise TransferError(f"there is no SQLite database at {source.path}")
    await source.open()
    try:
        await target.open()
        try:
            return await transfer(source, target, say)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: Sequence[str], say: Callable[[str], None]) -> int:
    """Run the command; problems print one line and exit non-zero."""
    import asyncpg  # type: ignore[import-untyped]

    from bot.settings import Settings, SettingsError

    args = parser().parse_args(argv)
    try:
        source = args.source or Settings.from_env().database_url
        copied = asyncio.run(run(source, args.to, say))
    except (TransferError, SettingsError, ValueError, OSError, asyncpg.PostgresError) as exc:
        say(f"migrate failed: {exc}")
        return 1
    say(f"copied {sum(copied.rows.values())} rows and {copied.games} games into PostgreSQL")
    return 0
