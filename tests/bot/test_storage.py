"""Storage on each backend: migrations, optimistic writes, atomicity, live lookups, corruption, URLs.

Tests taking `storage` or `backend` run on SQLite and on PostgreSQL (see tests/bot/backends.py);
the `sqlite_storage` ones test what only the embedded backend has (pragmas, its database thread).
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.storage import CorruptRecord, StaleWrite, open_storage, pg_migrate, queries
from bot.storage.migrate import apply_migrations, load_migrations, split_statements
from bot.storage.plan import Fetch, Plan
from bot.storage.postgres import PostgresStorage, asyncpg_dsn
from bot.storage.records import (
    ActionRecord,
    DeckRecord,
    ResultRecord,
    ResultSeat,
    SeatRecord,
    TableRecord,
    UserSettings,
)
from bot.storage.sql_storage import SqlStorage
from bot.storage.sqlite import MEMORY, SqliteStorage
from bot.storage.sqlite_sync import transaction
from tests.bot.backends import Backend

SCHEMA_TABLES = {
    "schema_migrations", "tables", "seats", "actions", "results", "result_seats", "user_settings",
    "guild_settings", "decks", "ratings", "rating_changes", "high_scores",
    "season_ratings", "season_high_scores", "seasons", "tournaments", "tournament_tables",
    "pending_clicks",
}  # fmt: skip


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database file in a folder that does not exist yet."""
    return tmp_path / "data" / "supertable.db"


@pytest.fixture
async def sqlite_storage(db_path: Path) -> AsyncIterator[SqliteStorage]:
    """An open SQLite storage on a fresh file."""
    store = SqliteStorage(str(db_path))
    await store.open()
    yield store
    await store.close()


def raw(path: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run one statement on a separate connection, bypassing the storage."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        return [tuple(row) for row in db.execute(sql, params)]


def make_table(**changes: Any) -> TableRecord:
    """A lobby table with two seats (one AI)."""
    fields: dict[str, Any] = {
        "guild_id": 10,
        "channel_id": 100,
        "game": "superhot",
        "mode": "standard",
        "seed": 42,
        "host_id": 7,
        "turn_timer": 60.0,
        "seats": [SeatRecord(0, "Ann", 7), SeatRecord(1, "Bot", None, is_ai=True)],
        "created_at": 1000.0,
        "updated_at": 1000.0,
    }
    return TableRecord(**(fields | changes))


def action(key: str) -> ActionRecord:
    """A human action of seat 0."""
    return ActionRecord(seat=0, key=key, choice=["a", "b"], at=1001.0, actor="human")


def result_for(table_id: int, seats: list[ResultSeat]) -> ResultRecord:
    """A finished result of the standard test table."""
    return ResultRecord(
        table_id=table_id, game="superhot", mode="standard", guild_id=10, finished_at=2000.0,
        summary="Ann wins", status="finished", seats=seats,
    )  # fmt: skip


async def test_migrations_create_every_table_once(backend: Backend) -> None:
    store = backend.storage()
    await store.open()
    await store.close()
    assert await backend.table_names() >= SCHEMA_TABLES
    first = await backend.raw("SELECT version, applied_at FROM schema_migrations ORDER BY version")
    assert [version for version, _ in first] == [m.version for m in load_migrations()]

    await store.open()
    await store.close()
    if backend.path is not None:
        async with aiosqlite.connect(backend.path, isolation_level=None) as db:
            assert await apply_migrations(db) == []
    else:
        conn = await asyncpg.connect(asyncpg_dsn(backend.url))
        try:
            assert await pg_migrate.apply_migrations(conn) == []
        finally:
            await conn.close()
    assert await backend.raw("SELECT version, applied_at FROM schema_migrations ORDER BY version") == first


async def test_pragmas(sqlite_storage: SqliteStorage, db_path: Path) -> None:
    assert (raw(db_path, "PRAGMA journal_mode"))[0][0] == "wal"


def test_split_statements_respects_strings_and_comments() -> None:
    script = "-- a; comment\nCREATE TABLE a (x TEXT DEFAULT ';');\nINSERT INTO a VALUES ('b;c');\n-- tail\n"
    assert split_statements(script) == [
        "-- a; comment\nCREATE TABLE a (x TEXT DEFAULT ';');",
        "INSERT INTO a VALUES ('b;c');",
        "-- tail",
    ]


async def test_create_and_load_round_trip(storage: SqlStorage) -> None:
    record = make_table(
        thread_id=101, message_id=102, options={"deck": "classic"}, status="active", state=b"\x00\xffstate",
        version=3, runtime=b'{"clock": 1}', deadline=1060.5, updated_at=1001.0,
    )  # fmt: skip
    table_id = await storage.create_table(record)
    assert (record.id, record.rev) == (table_id, 1)
    assert await storage.load_table(table_id) == record
    assert await storage.load_table(table_id + 1) is None


async def test_stale_writer_gets_stale_write_and_row_is_unchanged(storage: SqlStorage) -> None:
    table_id = await storage.create_table(make_table())
    first = await storage.load_table(table_id)
    second = await storage.load_table(table_id)
    assert first is not None and second is not None

    first.status, first.version = "active", 1
    await storage.save_table(first)
    assert first.rev == 2
    second.status = "cancelled"
    with pytest.raises(StaleWrite):
        await storage.save_table(second, actions=[action("late")])
    assert second.rev == 1
    assert await storage.load_table(table_id) == first
    assert await storage.actions(table_id) == []


async def test_concurrent_saves_of_one_rev_let_exactly_one_through(storage: SqlStorage) -> None:
    table_id = await storage.create_table(make_table())
    copies = [await storage.load_table(table_id) for _ in range(2)]
    outcomes = await asyncio.gather(
        *(storage.save_table(copy, actions=[action("x")]) for copy in copies if copy is not None),
        return_exceptions=True,
    )
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["NoneType", "StaleWrite"]
    assert [line.seq for line in await storage.actions(table_id)] == [1]


async def test_actions_get_consecutive_seqs_across_saves(storage: SqlStorage) -> None:
    record = make_table()
    table_id = await storage.create_table(record)
    batch1 = [action("play"), action("draw")]
    batch2 = [action("pass")]
    await storage.save_table(record, actions=batch1)
    await storage.save_table(record, actions=batch2)
    assert [line.seq for line in batch1 + batch2] == [1, 2, 3]
    stored = await storage.actions(table_id)
    assert stored == batch1 + batch2
    assert [line.key for line in stored] == ["play", "draw", "pass"]


async def test_seats_are_rewritten_only_when_changed(storage: SqlStorage) -> None:
    record = make_table()
    table_id = await storage.create_table(record)
    record.seats.append(SeatRecord(2, "Cid", 9))
    await storage.save_table(record)
    assert len((await storage.load_table(table_id) or make_table()).seats) == 2
    await storage.save_table(record, seats_changed=True)
    assert await storage.load_table(table_id) == record


async def test_result_is_written_with_the_final_state(storage: SqlStorage) -> None:
    record = make_table(status="active")
    table_id = await storage.create_table(record)
    seats = [ResultSeat(0, "Ann", 7, False, 1, 10.0), ResultSeat(1, "Bot", None, True, 2, 3.0)]
    result = result_for(table_id, seats)
    record.status = "finished"
    await storage.save_table(record, actions=[action("win")], result=result)
    assert await storage.result(table_id) == result
    assert await storage.live_in(100) is None


async def test_failed_result_writes_nothing_of_that_save(storage: SqlStorage, backend: Backend) -> None:
    record = make_table(status="active")
    table_id = await storage.create_table(record)
    await storage.save_table(record, actions=[action("play")])
    before = await storage.load_table(table_id)

    duplicate = [ResultSeat(0, "Ann", 7, False, 1, 10.0), ResultSeat(0, "Ann", 7, False, 2, 3.0)]
    finished = make_table(id=table_id, rev=record.rev, status="finished", version=9)
    final_action = action("win")
    with pytest.raises(backend.integrity_error):
        await storage.save_table(finished, actions=[final_action], result=result_for(table_id, duplicate))

    assert (finished.rev, final_action.seq) == (2, 0)
    assert await storage.load_table(table_id) == before
    assert [line.key for line in await storage.actions(table_id)] == ["play"]
    assert await storage.result(table_id) is None


async def test_live_in_by_channel_and_thread_ignores_finished(storage: SqlStorage) -> None:
    in_channel = await storage.create_table(make_table(channel_id=200))
    in_thread = await storage.create_table(make_table(channel_id=300, thread_id=301, status="active"))
    await storage.create_table(make_table(channel_id=400, status="finished"))

    assert await storage.live_in(200) == in_channel
    assert await storage.live_in(301) == in_thread
    assert await storage.live_in(300) is None  # the thread's parent channel holds no table itself
    assert await storage.live_in(400) is None


async def test_open_tables_count_a_hosts_and_a_servers_live_tables(storage: SqlStorage) -> None:
    await storage.create_table(make_table(channel_id=1))
    await storage.create_table(make_table(channel_id=2, status="active"))
    await storage.create_table(make_table(channel_id=3, status="finished"))
    await storage.create_table(make_table(channel_id=4, host_id=8))
    await storage.create_table(make_table(channel_id=5, guild_id=11))
    assert await storage.open_tables(10, 7) == (2, 3), "finished tables and other servers do not count"
    assert await storage.open_tables(10, 9) == (0, 3)
    assert await storage.open_tables(12, 7) == (0, 0)


async def test_live_tables_survive_a_corrupt_row(storage: SqlStorage, backend: Backend) -> None:
    lobby = await storage.create_table(make_table(channel_id=1))
    active = await storage.create_table(make_table(channel_id=2, status="active", deadline=1500.0))
    await storage.create_table(make_table(channel_id=3, status="finished"))
    await backend.raw("UPDATE tables SET options = '{not json' WHERE id = ?", (active,))

    rows = await storage.live_tables()
    assert [(row.id, row.status, row.deadline) for row in rows] == [
        (lobby, "lobby", None),
        (active, "active", 1500.0),
    ]
    with pytest.raises(CorruptRecord, match=rf"table {active}: options") as caught:
        await storage.load_table(active)
    assert caught.value.table_id == active


async def test_corrupt_column_type_is_a_corrupt_record(sqlite_storage: SqliteStorage, db_path: Path) -> None:
    """SQLite stores any value in any column (PostgreSQL's typed columns refuse them)."""
    storage = sqlite_storage
    table_id = await storage.create_table(make_table(status="active"))
    raw(db_path, "UPDATE tables SET seed = 'many', deadline = 'soon' WHERE id = ?", (table_id,))
    assert [row.deadline for row in await storage.live_tables()] == [0.0]
    with pytest.raises(CorruptRecord, match=rf"table {table_id}: .*seed"):
        await storage.load_table(table_id)


async def test_quarantine_marks_broken_and_keeps_data(storage: SqlStorage) -> None:
    record = make_table(status="active", state=b"state")
    table_id = await storage.create_table(record)
    await storage.quarantine(table_id, "state does not decode")

    assert await storage.live_tables() == []
    stored = await storage.load_table(table_id)
    assert stored is not None
    assert (stored.status, stored.broken_reason) == ("broken", "state does not decode")
    assert stored.state == b"state"
    with pytest.raises(StaleWrite):
        await storage.save_table(record)


async def test_user_settings_default_and_round_trip(storage: SqlStorage) -> None:
    assert await storage.user_settings(5) == UserSettings(5, dm=False)
    await storage.save_user_settings(UserSettings(5, dm=True))
    assert await storage.user_settings(5) == UserSettings(5, dm=True)
    await storage.save_user_settings(UserSettings(5, dm=False))
    assert await storage.user_settings(5) == UserSettings(5, dm=False)
    await storage.save_user_settings(UserSettings(5, dm=True, auto_defence=True))
    assert await storage.user_settings(5) == UserSettings(5, dm=True, auto_defence=True)
    await storage.save_user_settings(UserSettings(5, spectators="live"))
    assert (await storage.user_settings(5)).spectators == "live"


async def test_memory_database() -> None:
    store = open_storage("sqlite://:memory:")
    await store.open()
    await store.save_user_settings(UserSettings(1, dm=True))
    assert await store.user_settings(1) == UserSettings(1, dm=True)
    await store.close()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///data/supertable.db", "data/supertable.db"),
        ("sqlite:////var/lib/supertable/st.db", "/var/lib/supertable/st.db"),
        ("sqlite://:memory:", MEMORY),
    ],
)
def test_open_storage_sqlite_urls(url: str, path: str) -> None:
    store = open_storage(url)
    assert isinstance(store, SqliteStorage)
    assert store.path == path


@pytest.mark.parametrize("url", ["postgres://u:p@db/st", "postgresql://db/st", "postgresql+asyncpg://db/st"])
def test_open_storage_postgresql_urls(url: str) -> None:
    store = open_storage(url)
    assert isinstance(store, PostgresStorage)
    assert store.url == url


@pytest.mark.parametrize(
    "url", ["", "sqlite:///", "sqlite://data.db", "mysql://db/st", "data/supertable.db", "postgresql://"]
)
def test_open_storage_rejects_other_urls(url: str) -> None:
    with pytest.raises(ValueError, match=r"expected sqlite:///relative/path\.db"):
        open_storage(url)


def test_an_unclosed_database_never_keeps_the_process_alive(tmp_path: Path) -> None:
    """A bot stopped without close() (e.g. detached by a test harness) must still let Python exit,
    with what it saved committed; the database thread must not outlive it."""
    path = tmp_path / "left-open.db"
    script = (
        "import asyncio\n"
        "from bot.storage import open_storage\n"
        "from bot.storage.records import UserSettings\n"
        "async def main():\n"
        f"    s = open_storage('sqlite:///{path}')\n"
        "    await s.open()\n"
        "    await s.save_user_settings(UserSettings(7, dm=True))\n"
        "    return s\n"
        "kept = asyncio.run(main())\n"
        "print('done')\n"
    )
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr
    assert raw(path, "SELECT user_id, dm FROM user_settings") == [(7, 1)]


def count_hops(storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records each hand-off to aiosqlite's thread (the name of the function handed over)."""
    hops: list[str] = []
    conn = storage.connection
    execute = conn._execute

    async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        hops.append(getattr(fn, "__name__", "?"))
        return await execute(fn, *args, **kwargs)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(conn, "_execute", counted)
    return hops


def finished_result(table_id: int, people: int) -> ResultRecord:
    """A rated result of `people` seats, in two scopes."""
    seats = [ResultSeat(i, f"P{i}", 7 + i, False, i + 1, 0.0) for i in range(people)]
    result = result_for(table_id, seats)
    result.kind, result.sides, result.rated_scopes = "rated", [[i] for i in range(people)], [10, 0]
    return result


async def test_every_operation_is_one_hop_to_the_database_thread(
    sqlite_storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save with its actions, a rated result and the rating updates is ONE hand-off to the
    connection's thread, in one transaction; so is every read."""
    storage = sqlite_storage
    record = make_table(status="active", seats=[SeatRecord(0, "Ann", 7), SeatRecord(1, "Ben", 8)])
    table_id = await storage.create_table(record)
    statements: list[tuple[str, str]] = []
    await storage.connection.set_trace_callback(
        lambda sql: statements.append((threading.current_thread().name, sql.split()[0]))
    )
    hops = count_hops(storage, monkeypatch)
    result = finished_result(table_id, 2)
    record.status = "finished"
    await storage.save_table(
        record, seats_changed=True, actions=[action("play"), action("win")], result=result
    )

    assert len(hops) == 1
    assert len({thread for thread, _ in statements}) == 1
    assert threading.current_thread().name not in {thread for thread, _ in statements}
    verbs = [verb for _, verb in statements]
    assert verbs[0] == "BEGIN" and verbs[-1] == "COMMIT" and verbs.count("BEGIN") == 1
    assert result.changes, "the ratings were updated in the same hop"

    reads = [
        storage.load_table(table_id), storage.actions(table_id), storage.result(table_id),
        storage.live_in(100), storage.live_tables(), storage.finished_tables(),
        storage.leaderboard("superhot", None, 10, min_games=1, offset=0, limit=10, viewer=7),
        storage.player_stats(7, 10), storage.history(7, None, 10, 10), storage.user_settings(7),
    ]  # fmt: skip
    for read in reads:
        hops.clear()
        await read
        assert len(hops) == 1


async def test_lines_seats_and_ratings_cost_one_statement_each_however_many(
    sqlite_storage: SqliteStorage, db_path: Path
) -> None:
    """Action lines, seats and rating rows go in one `executemany` each: the steps of a save (round
    trips on PostgreSQL) do not grow with them."""
    cost: dict[str, set[int]] = {"act": set(), "finish": set()}

    for people in (2, 4):
        seats = [SeatRecord(i, f"P{i}", 7 + i) for i in range(people)]
        record = make_table(channel_id=people, status="active", seats=seats)
        table_id = await sqlite_storage.create_table(record)
        for lines in (1, 10):
            plan = queries.save_table(record, False, [action(str(n)) for n in range(lines)], None)
            cost["act"].add(count_steps(db_path, plan))
            record.rev += 1
        plan = queries.save_table(record, True, [action("win")], finished_result(table_id, people))
        cost["finish"].add(count_steps(db_path, plan))
    assert len(cost["act"]) == 1 and len(cost["finish"]) == 1, cost


def count_steps(path: Path, plan: Plan[Any]) -> int:
    """Run a plan in one transaction on its own connection; returns how many statements it sent."""
    sent = 0
    with closing(sqlite3.connect(path, isolation_level=None)) as conn, transaction(conn):
        conn.row_factory = sqlite3.Row
        try:
            step = next(plan)
            while True:
                sent += 1
                if isinstance(step, Fetch):
                    step = plan.send(conn.execute(step.sql, tuple(step.params)).fetchall())
                else:
                    conn.executemany(step.sql, step.rows)
                    step = plan.send([])
        except StopIteration:
            return sent


async def test_close_waits_for_running_work_and_is_idempotent(storage: SqlStorage) -> None:
    table_id = await storage.create_table(make_table())
    record = await storage.load_table(table_id)
    assert record is not None
    save = asyncio.ensure_future(storage.save_table(record, actions=[action("x")]))
    await asyncio.sleep(0)  # the save is handed to the database thread before close is called
    await asyncio.gather(storage.close(), storage.close())
    await save
    assert record.rev == 2
    with pytest.raises(RuntimeError, match="not open"):
        await storage.load_table(table_id)
    await storage.close()
    await storage.open()
    assert [line.key for line in await storage.actions(table_id)] == ["x"]


async def test_decks_are_kept_per_user_and_game_by_name_in_any_case(
    storage: SqlStorage, backend: Backend
) -> None:
    await storage.save_deck(DeckRecord(7, "smashmasters", "Spicy Brunch", ["kc-c1", "kc-x1-1"], 1.0))
    await storage.save_deck(DeckRecord(7, "smashmasters", "Alpha", ["ld-c1"], 2.0))
    await storage.save_deck(DeckRecord(8, "smashmasters", "spicy brunch", ["ga-c1"], 3.0))
    found = await storage.deck(7, "smashmasters", "SPICY brunch")
    assert found is not None and found.name == "Spicy Brunch" and found.cards == ["kc-c1", "kc-x1-1"]
    assert [d.name for d in await storage.decks(7, "smashmasters")] == ["Alpha", "Spicy Brunch"]
    assert await storage.decks(7, "superhot") == []

    await storage.save_deck(DeckRecord(7, "smashmasters", "spicy BRUNCH", ["mm-c1"], 4.0))
    renamed = await storage.deck(7, "smashmasters", "spicy brunch")
    assert renamed is not None and renamed.cards == ["mm-c1"] and renamed.name == "spicy BRUNCH"
    assert len(await storage.decks(7, "smashmasters")) == 2, "saving again replaces, never duplicates"

    assert await storage.delete_deck(7, "smashmasters", "alpha") is True
    assert await storage.delete_deck(7, "smashmasters", "alpha") is False
    assert (await storage.deck(8, "smashmasters", "Spicy Brunch")) is not None, "other users keep theirs"

    await backend.raw("UPDATE decks SET cards = ? WHERE user_id = 8", ("{not json",))
    broken = await storage.deck(8, "smashmasters", "spicy brunch")
    assert broken is not None and broken.cards == [], "a damaged deck reads as empty, never crashes"
