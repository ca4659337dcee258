"""SqliteStorage: migrations, optimistic writes, atomicity, live lookups, corruption, URLs."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.storage import CorruptRecord, StaleWrite, open_storage
from bot.storage.migrate import apply_migrations, split_statements
from bot.storage.records import (
    ActionRecord,
    DeckRecord,
    ResultRecord,
    ResultSeat,
    SeatRecord,
    TableRecord,
    UserSettings,
)
from bot.storage.sqlite import MEMORY, SqliteStorage

SCHEMA_TABLES = {
    "schema_migrations", "tables", "seats", "actions", "results", "result_seats", "user_settings",
    "guild_settings", "decks", "ratings", "rating_changes", "high_scores",
}  # fmt: skip


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database file in a folder that does not exist yet."""
    return tmp_path / "data" / "supertable.db"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[SqliteStorage]:
    """An open storage on a fresh file."""
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


async def test_migrations_create_every_table_once(db_path: Path) -> None:
    store = SqliteStorage(str(db_path))
    await store.open()
    await store.close()
    names = {row[0] for row in raw(db_path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names >= SCHEMA_TABLES
    first = raw(db_path, "SELECT version, applied_at FROM schema_migrations")
    assert [version for version, _ in first] == [1, 2, 3, 4]

    await store.open()
    await store.close()
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        assert apply_migrations(db) == []
    assert raw(db_path, "SELECT version, applied_at FROM schema_migrations") == first


async def test_pragmas(storage: SqliteStorage, db_path: Path) -> None:
    assert (raw(db_path, "PRAGMA journal_mode"))[0][0] == "wal"


def test_split_statements_respects_strings_and_comments() -> None:
    script = "-- a; comment\nCREATE TABLE a (x TEXT DEFAULT ';');\nINSERT INTO a VALUES ('b;c');\n-- tail\n"
    assert split_statements(script) == [
        "-- a; comment\nCREATE TABLE a (x TEXT DEFAULT ';');",
        "INSERT INTO a VALUES ('b;c');",
        "-- tail",
    ]


async def test_create_and_load_round_trip(storage: SqliteStorage) -> None:
    record = make_table(
        thread_id=101, message_id=102, options={"deck": "classic"}, status="active", state=b"\x00\xffstate",
        version=3, runtime=b'{"clock": 1}', deadline=1060.5, updated_at=1001.0,
    )  # fmt: skip
    table_id = await storage.create_table(record)
    assert (record.id, record.rev) == (table_id, 1)
    assert await storage.load_table(table_id) == record
    assert await storage.load_table(table_id + 1) is None


async def test_stale_writer_gets_stale_write_and_row_is_unchanged(storage: SqliteStorage) -> None:
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


async def test_concurrent_saves_of_one_rev_let_exactly_one_through(storage: SqliteStorage) -> None:
    table_id = await storage.create_table(make_table())
    copies = [await storage.load_table(table_id) for _ in range(2)]
    outcomes = await asyncio.gather(
        *(storage.save_table(copy, actions=[action("x")]) for copy in copies if copy is not None),
        return_exceptions=True,
    )
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["NoneType", "StaleWrite"]
    assert [line.seq for line in await storage.actions(table_id)] == [1]


async def test_actions_get_consecutive_seqs_across_saves(storage: SqliteStorage) -> None:
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


async def test_seats_are_rewritten_only_when_changed(storage: SqliteStorage) -> None:
    record = make_table()
    table_id = await storage.create_table(record)
    record.seats.append(SeatRecord(2, "Cid", 9))
    await storage.save_table(record)
    assert len((await storage.load_table(table_id) or make_table()).seats) == 2
    await storage.save_table(record, seats_changed=True)
    assert await storage.load_table(table_id) == record


async def test_result_is_written_with_the_final_state(storage: SqliteStorage) -> None:
    record = make_table(status="active")
    table_id = await storage.create_table(record)
    seats = [ResultSeat(0, "Ann", 7, False, 1, 10.0), ResultSeat(1, "Bot", None, True, 2, 3.0)]
    result = result_for(table_id, seats)
    record.status = "finished"
    await storage.save_table(record, actions=[action("win")], result=result)
    assert await storage.result(table_id) == result
    assert await storage.live_in(100) is None


async def test_failed_result_writes_nothing_of_that_save(storage: SqliteStorage) -> None:
    record = make_table(status="active")
    table_id = await storage.create_table(record)
    await storage.save_table(record, actions=[action("play")])
    before = await storage.load_table(table_id)

    duplicate = [ResultSeat(0, "Ann", 7, False, 1, 10.0), ResultSeat(0, "Ann", 7, False, 2, 3.0)]
    finished = make_table(id=table_id, rev=record.rev, status="finished", version=9)
    final_action = action("win")
    with pytest.raises(sqlite3.IntegrityError):
        await storage.save_table(finished, actions=[final_action], result=result_for(table_id, duplicate))

    assert (finished.rev, final_action.seq) == (2, 0)
    assert await storage.load_table(table_id) == before
    assert [line.key for line in await storage.actions(table_id)] == ["play"]
    assert await storage.result(table_id) is None


async def test_live_in_by_channel_and_thread_ignores_finished(storage: SqliteStorage) -> None:
    in_channel = await storage.create_table(make_table(channel_id=200))
    in_thread = await storage.create_table(make_table(channel_id=300, thread_id=301, status="active"))
    await storage.create_table(make_table(channel_id=400, status="finished"))

    assert await storage.live_in(200) == in_channel
    assert await storage.live_in(301) == in_thread
    assert await storage.live_in(300) is None  # the thread's parent channel holds no table itself
    assert await storage.live_in(400) is None


async def test_live_tables_survive_a_corrupt_row(storage: SqliteStorage, db_path: Path) -> None:
    lobby = await storage.create_table(make_table(channel_id=1))
    active = await storage.create_table(make_table(channel_id=2, status="active", deadline=1500.0))
    await storage.create_table(make_table(channel_id=3, status="finished"))
    raw(db_path, "UPDATE tables SET options = '{not json' WHERE id = ?", (active,))

    rows = await storage.live_tables()
    assert [(row.id, row.status, row.deadline) for row in rows] == [
        (lobby, "lobby", None),
        (active, "active", 1500.0),
    ]
    with pytest.raises(CorruptRecord, match=rf"table {active}: options") as caught:
        await storage.load_table(active)
    assert caught.value.table_id == active


async def test_corrupt_column_type_is_a_corrupt_record(storage: SqliteStorage, db_path: Path) -> None:
    table_id = await storage.create_table(make_table(status="active"))
    raw(db_path, "UPDATE tables SET seed = 'many', deadline = 'soon' WHERE id = ?", (table_id,))
    assert [row.deadline for row in await storage.live_tables()] == [0.0]
    with pytest.raises(CorruptRecord, match=rf"table {table_id}: .*seed"):
        await storage.load_table(table_id)


async def test_quarantine_marks_broken_and_keeps_data(storage: SqliteStorage) -> None:
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


async def test_user_settings_default_and_round_trip(storage: SqliteStorage) -> None:
    assert await storage.user_settings(5) == UserSettings(5, dm=False)
    await storage.save_user_settings(UserSettings(5, dm=True))
    assert await storage.user_settings(5) == UserSettings(5, dm=True)
    await storage.save_user_settings(UserSettings(5, dm=False))
    assert await storage.user_settings(5) == UserSettings(5, dm=False)


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
def test_open_storage_postgres_is_not_available_yet(url: str) -> None:
    with pytest.raises(ValueError, match="PostgreSQL support is not available yet"):
        open_storage(url)


@pytest.mark.parametrize("url", ["", "sqlite:///", "sqlite://data.db", "mysql://db/st", "data/supertable.db"])
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


async def test_every_operation_is_one_hop_to_the_database_thread(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save with its actions, a rated result and the rating updates is ONE hand-off to the
    database thread, in one transaction; so is every read."""
    record = make_table(status="active", seats=[SeatRecord(0, "Ann", 7), SeatRecord(1, "Ben", 8)])
    table_id = await storage.create_table(record)
    statements: list[tuple[str, str]] = []
    await storage._db.run(
        lambda conn: conn.set_trace_callback(
            lambda sql: statements.append((threading.current_thread().name, sql.split()[0]))
        )
    )
    executor = storage._db._executor
    submit = executor.submit
    hops = 0

    def counted(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        nonlocal hops
        hops += 1
        return submit(fn, *args, **kwargs)

    monkeypatch.setattr(executor, "submit", counted)
    result = result_for(
        table_id, [ResultSeat(0, "Ann", 7, False, 1, 0.0), ResultSeat(1, "Ben", 8, False, 2, 0.0)]
    )
    result.kind, result.sides, result.rated_scopes = "rated", [[0], [1]], [10, 0]
    record.status = "finished"
    await storage.save_table(
        record, seats_changed=True, actions=[action("play"), action("win")], result=result
    )

    assert hops == 1
    assert {thread for thread, _ in statements} == {"sqlite_0"}
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
        hops = 0
        await read
        assert hops == 1


async def test_close_waits_for_running_work_and_is_idempotent(storage: SqliteStorage) -> None:
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
    storage: SqliteStorage, db_path: Path
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

    raw(db_path, "UPDATE decks SET cards = ? WHERE user_id = 8", ("{not json",))
    broken = await storage.deck(8, "smashmasters", "spicy brunch")
    assert broken is not None and broken.cards == [], "a damaged deck reads as empty, never crashes"
