"""The embedded SQLite backend: one connection in its own thread, WAL, optimistic writes on `rev`.

Every operation is one synchronous function run in the connection's thread (`SqliteThread`), its
transaction included: one hand-off from the event loop per operation, however many statements,
and no operation ever runs inside another's transaction. Writers take the database write lock
up front (BEGIN IMMEDIATE), so other processes sharing the file wait (busy_timeout) instead of
failing mid-transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from bot.ratings import Skill
from bot.storage import sqlite_records
from bot.storage.base import StaleWrite
from bot.storage.errors import CorruptRecord, PlaceTaken
from bot.storage.migrate import apply_migrations
from bot.storage.records import (
    LIVE_STATUSES,
    ActionRecord,
    BoardPage,
    DeckRecord,
    GameStats,
    GuildSettings,
    HistoryEntry,
    LiveRow,
    ResultRecord,
    SeatRecord,
    TableRecord,
    UserSettings,
)
from bot.storage.sqlite_thread import SqliteThread, transaction

MEMORY = ":memory:"
BUSY_TIMEOUT_MS = 5000
_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)

# Must read exactly like the partial indexes' predicate so SQLite uses them.
_LIVE = "status IN ({})".format(", ".join(f"'{status}'" for status in LIVE_STATUSES))
_TABLE_COLUMNS = (
    "guild_id", "channel_id", "thread_id", "message_id", "game", "mode", "options", "status", "seed",
    "host_id", "turn_timer", "state", "version", "runtime", "deadline", "broken_reason", "created_at",
    "updated_at",
)  # fmt: skip
_PLACEHOLDERS = ", ".join("?" * len(_TABLE_COLUMNS))
_INSERT_TABLE = f"INSERT INTO tables ({', '.join(_TABLE_COLUMNS)}, rev) VALUES ({_PLACEHOLDERS}, 1)"
_UPDATE_TABLE = (
    f"UPDATE tables SET {', '.join(f'{column} = ?' for column in _TABLE_COLUMNS)}, rev = rev + 1"
    " WHERE id = ? AND rev = ?"
)
_SELECT_TABLE = f"SELECT id, rev, {', '.join(_TABLE_COLUMNS)} FROM tables WHERE id = ?"

T = TypeVar("T")


class SqliteStorage:
    """Storage in one SQLite file (or `:memory:`); the file's folder is created on open."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: SqliteThread | None = None

    async def open(self) -> None:
        """Connect, set the pragmas and apply pending migrations."""
        if self.path != MEMORY:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = SqliteThread(self.path)
        try:
            await db.open()
            await db.run(_prepare)
        except BaseException:
            await db.close()
            raise
        self._conn = db

    async def close(self) -> None:
        """Close the connection once running work is done (idempotent)."""
        if self._conn is not None:
            conn = self._conn
            await conn.close()
            if self._conn is conn:
                self._conn = None

    async def create_table(self, record: TableRecord) -> int:
        """Insert a new table with its seats; sets record.id and record.rev (1)."""

        def create(conn: sqlite3.Connection) -> int:
            with transaction(conn):
                table_id = conn.execute(_INSERT_TABLE, _table_params(record)).lastrowid
                if table_id is None:
                    raise RuntimeError("SQLite returned no id for the new table")
                _insert_seats(conn, table_id, record.seats)
            return table_id

        try:
            table_id = await self._db.run(create)
        except sqlite3.IntegrityError as exc:
            if "tables_one_live_per_place" in str(exc):
                raise PlaceTaken(str(record.thread_id or record.channel_id)) from exc
            raise
        record.id, record.rev = table_id, 1
        return table_id

    async def save_table(
        self,
        record: TableRecord,
        *,
        seats_changed: bool = False,
        actions: Sequence[ActionRecord] = (),
        result: ResultRecord | None = None,
    ) -> None:
        """Write the row, seats (if changed), new actions and the result in one transaction.

        Raises StaleWrite, writing nothing, unless the stored rev is record.rev. On success
        record.rev is the new rev and each action's seq is set.
        """

        def save(conn: sqlite3.Connection) -> list[int]:
            with transaction(conn):
                cursor = conn.execute(_UPDATE_TABLE, (*_table_params(record), record.id, record.rev))
                if cursor.rowcount != 1:
                    raise StaleWrite(f"table {record.id} is missing or no longer at rev {record.rev}")
                if seats_changed:
                    conn.execute("DELETE FROM seats WHERE table_id = ?", (record.id,))
                    _insert_seats(conn, record.id, record.seats)
                seqs = _append_actions(conn, record.id, actions)
                if result is not None:
                    _insert_result(conn, result)
                    sqlite_records.record_result(conn, result)
            return seqs

        seqs = await self._db.run(save)
        record.rev += 1
        for action, seq in zip(actions, seqs, strict=True):
            action.seq = seq

    async def load_table(self, table_id: int) -> TableRecord | None:
        """One table with its seats, or None; raises CorruptRecord if a column cannot be decoded."""

        def load(conn: sqlite3.Connection) -> TableRecord | None:
            with transaction(conn, write=False):
                row = conn.execute(_SELECT_TABLE, (table_id,)).fetchone()
                seats = conn.execute(
                    "SELECT idx, name, user_id, is_ai FROM seats WHERE table_id = ? ORDER BY idx", (table_id,)
                ).fetchall()
            return None if row is None else _decode_table(row, seats)

        return await self._db.run(load)

    async def live_in(self, place_id: int) -> int | None:
        """The newest lobby or active table whose thread, or threadless channel, is place_id.

        Two halves joined by UNION ALL so each uses its partial index (an OR would not).
        """
        rows = await self._query(
            f"SELECT id FROM tables WHERE {_LIVE} AND thread_id = ?"
            f" UNION ALL SELECT id FROM tables WHERE {_LIVE} AND thread_id IS NULL AND channel_id = ?"
            " ORDER BY id DESC LIMIT 1",
            (place_id, place_id),
        )
        return int(rows[0]["id"]) if rows else None

    async def live_tables(self) -> list[LiveRow]:
        """Every lobby and active table by id; never decodes anything that could be corrupt."""
        rows = await self._query(
            f"SELECT id, status, deadline, updated_at FROM tables WHERE {_LIVE} ORDER BY id"
        )
        return [
            LiveRow(
                int(row["id"]),
                str(row["status"]),
                _seconds(row["deadline"]),
                _seconds(row["updated_at"]) or 0.0,
            )
            for row in rows
        ]

    async def quarantine(self, table_id: int, reason: str) -> None:
        """Mark the table broken (data kept); bumps rev so writers holding the old one go stale."""
        await self._execute(
            "UPDATE tables SET status = 'broken', broken_reason = ?, rev = rev + 1 WHERE id = ?",
            (reason, table_id),
        )

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The action log of a table by seq; raises CorruptRecord if a line cannot be decoded."""

        def read(conn: sqlite3.Connection) -> list[ActionRecord]:
            rows = conn.execute(
                "SELECT seq, seat, key, choice, at, actor FROM actions WHERE table_id = ? ORDER BY seq",
                (table_id,),
            )
            return [_decode_action(table_id, row) for row in rows]

        return await self._db.run(read)

    async def result(self, table_id: int) -> ResultRecord | None:
        """The result of a finished table with its seats by seat index, or None."""

        def read(conn: sqlite3.Connection) -> ResultRecord | None:
            with transaction(conn, write=False):
                row = conn.execute(
                    "SELECT table_id, game, mode, guild_id, finished_at, summary, status, kind, won"
                    " FROM results WHERE table_id = ?",
                    (table_id,),
                ).fetchone()
                seats = conn.execute(
                    "SELECT seat, name, user_id, is_ai, placement, score FROM result_seats"
                    " WHERE table_id = ? ORDER BY seat",
                    (table_id,),
                ).fetchall()
                changes = conn.execute(
                    "SELECT user_id, before_mu, before_sigma, after_mu, after_sigma FROM rating_changes"
                    " WHERE table_id = ? AND guild_id = (SELECT coalesce(guild_id, 0) FROM results"
                    " WHERE table_id = ?)",
                    (table_id, table_id),
                ).fetchall()
            if row is None:
                return None
            result = _convert(table_id, {**dict(row), "seats": [dict(seat) for seat in seats]}, ResultRecord)
            result.changes = {
                c["user_id"]: (
                    Skill(c["before_mu"], c["before_sigma"]).shown,
                    Skill(c["after_mu"], c["after_sigma"]).shown,
                )
                for c in changes
            }
            return result

        return await self._db.run(read)

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's settings, or the defaults."""
        rows = await self._query("SELECT dm FROM user_settings WHERE user_id = ?", (user_id,))
        return UserSettings(user_id, dm=bool(rows[0]["dm"])) if rows else UserSettings(user_id)

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Insert or replace a user's settings."""
        await self._execute(
            "INSERT INTO user_settings (user_id, dm) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm",
            (settings.user_id, int(settings.dm)),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings, or the defaults (unknown or malformed stored keys are ignored)."""
        rows = await self._query("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if not rows:
            return GuildSettings(guild_id)
        try:
            stored = msgspec.json.decode(rows[0]["settings"])
            known = {k: v for k, v in stored.items() if k in GuildSettings.__struct_fields__}
            return msgspec.convert({**known, "guild_id": guild_id}, GuildSettings)
        except (msgspec.DecodeError, msgspec.ValidationError, AttributeError):
            return GuildSettings(guild_id)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace a server's settings."""
        body = msgspec.json.encode(
            {k: v for k, v in msgspec.to_builtins(settings).items() if k != "guild_id"}
        )
        await self._execute(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (settings.guild_id, body.decode()),
        )

    async def leaderboard(
        self,
        game: str,
        mode: str | None,
        scope: int,
        *,
        min_games: int,
        offset: int,
        limit: int,
        viewer: int,
    ) -> BoardPage:
        """A page of the rating board of a game (mode None) or of a mode's high-score board.

        scope is a server id, or 0 for the global board.
        """

        def read(conn: sqlite3.Connection) -> BoardPage:
            with transaction(conn, write=False):
                if mode is None:
                    return sqlite_records.rating_board(conn, game, scope, min_games, offset, limit, viewer)
                return sqlite_records.high_score_board(
                    conn, game, mode, scope, min_games, offset, limit, viewer
                )

        return await self._db.run(read)

    async def player_stats(self, user_id: int, scope: int) -> list[GameStats]:
        """A player's record per game in a scope (a server id, or 0 for everywhere)."""

        def read(conn: sqlite3.Connection) -> list[GameStats]:
            with transaction(conn, write=False):
                return sqlite_records.player_stats(conn, user_id, scope)

        return await self._db.run(read)

    async def history(self, user_id: int, game: str | None, scope: int, limit: int) -> list[HistoryEntry]:
        """A player's latest recorded games, newest first."""

        def read(conn: sqlite3.Connection) -> list[HistoryEntry]:
            with transaction(conn, write=False):
                return sqlite_records.history(conn, user_id, game, scope, limit)

        return await self._db.run(read)

    async def finished_tables(self) -> list[int]:
        """Ids of every finished game (for replay checks)."""
        rows = await self._query("SELECT table_id FROM results WHERE status = 'finished' ORDER BY table_id")
        return [row["table_id"] for row in rows]

    @property
    def _db(self) -> SqliteThread:
        """The open connection."""
        if self._conn is None:
            raise RuntimeError("SqliteStorage is not open: await open() first")
        return self._conn

    async def deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        """A user's deck by name (any case), or None; a deck whose cards do not decode reads as empty."""
        rows = await self._query(
            f"SELECT {_DECK_COLUMNS} FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
            (user_id, game, name.casefold()),
        )
        return _decode_deck(rows[0]) if rows else None

    async def decks(self, user_id: int, game: str) -> list[DeckRecord]:
        """A user's decks for a game, by name."""
        rows = await self._query(
            f"SELECT {_DECK_COLUMNS} FROM decks WHERE user_id = ? AND game = ? ORDER BY name_key",
            (user_id, game),
        )
        return [_decode_deck(row) for row in rows]

    async def save_deck(self, deck: DeckRecord) -> None:
        """Insert or replace a deck (same user, game and name ignoring case)."""
        await self._execute(
            "INSERT INTO decks (user_id, game, name_key, name, cards, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, game, name_key) DO UPDATE SET"
            " name = excluded.name, cards = excluded.cards, updated_at = excluded.updated_at",
            (deck.user_id, deck.game, deck.name.casefold(), deck.name, _json(deck.cards), deck.updated_at),
        )

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Delete a deck; False when there was none by that name."""

        def delete(conn: sqlite3.Connection) -> bool:
            cursor = conn.execute(
                "DELETE FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
                (user_id, game, name.casefold()),
            )
            return cursor.rowcount > 0

        return await self._db.run(delete)

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """All rows of one read statement."""
        return await self._db.run(lambda conn: conn.execute(sql, params).fetchall())

    async def _execute(self, sql: str, params: Sequence[Any]) -> None:
        """One write statement (autocommitted on its own)."""
        await self._db.run(lambda conn: conn.execute(sql, params))


def _prepare(conn: sqlite3.Connection) -> None:
    """Set the pragmas and apply pending migrations."""
    conn.executescript(";\n".join(_PRAGMAS))
    apply_migrations(conn)


_DECK_COLUMNS = "user_id, game, name, cards, updated_at"


def _decode_deck(row: sqlite3.Row) -> DeckRecord:
    try:
        cards = msgspec.json.decode(row["cards"], type=list[str])
    except msgspec.DecodeError:
        cards = []
    return DeckRecord(
        int(row["user_id"]), str(row["game"]), str(row["name"]), cards, float(row["updated_at"])
    )


def _table_params(record: TableRecord) -> tuple[Any, ...]:
    """The values of _TABLE_COLUMNS for a record."""
    return (
        record.guild_id, record.channel_id, record.thread_id, record.message_id, record.game,
        record.mode, _json(record.options), record.status, record.seed, record.host_id,
        record.turn_timer, record.state, record.version, record.runtime, record.deadline,
        record.broken_reason, record.created_at, record.updated_at,
    )  # fmt: skip


def _insert_seats(db: sqlite3.Connection, table_id: int, seats: Sequence[SeatRecord]) -> None:
    """Insert a table's seats."""
    db.executemany(
        "INSERT INTO seats (table_id, idx, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
        [(table_id, seat.index, seat.user_id, seat.name, int(seat.is_ai)) for seat in seats],
    )


def _append_actions(db: sqlite3.Connection, table_id: int, actions: Sequence[ActionRecord]) -> list[int]:
    """Append action-log lines after the table's last seq; returns the seqs given."""
    if not actions:
        return []
    last = db.execute("SELECT MAX(seq) FROM actions WHERE table_id = ?", (table_id,)).fetchone()[0] or 0
    seqs = list(range(last + 1, last + 1 + len(actions)))
    db.executemany(
        "INSERT INTO actions (table_id, seq, seat, key, choice, at, actor) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (table_id, seq, action.seat, action.key, _json(action.choice), action.at, action.actor)
            for seq, action in zip(seqs, actions, strict=True)
        ],
    )
    return seqs


def _insert_result(db: sqlite3.Connection, result: ResultRecord) -> None:
    """Insert a result and its seats."""
    db.execute(
        "INSERT INTO results (table_id, game, mode, guild_id, finished_at, summary, status, kind, won)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            result.table_id, result.game, result.mode, result.guild_id, result.finished_at,
            result.summary, result.status, result.kind, None if result.won is None else int(result.won),
        ),
    )  # fmt: skip
    db.executemany(
        "INSERT INTO result_seats (table_id, seat, name, user_id, is_ai, placement, score)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (result.table_id, s.seat, s.name, s.user_id, int(s.is_ai), s.placement, s.score)
            for s in result.seats
        ],
    )


def _decode_table(row: sqlite3.Row, seats: list[sqlite3.Row]) -> TableRecord:
    """A TableRecord from its row and seat rows."""
    table_id = int(row["id"])
    fields = {
        **dict(row),
        "options": _decode_json(table_id, "options", row["options"], dict[str, str]),
        "seats": [
            {"index": seat["idx"], "name": seat["name"], "user_id": seat["user_id"], "is_ai": seat["is_ai"]}
            for seat in seats
        ],
    }
    return _convert(table_id, fields, TableRecord)


def _decode_action(table_id: int, row: sqlite3.Row) -> ActionRecord:
    """An ActionRecord from its row."""
    choice = _decode_json(table_id, f"action {row['seq']} choice", row["choice"], list[str])
    return _convert(table_id, {**dict(row), "choice": choice}, ActionRecord)


def _json(value: object) -> str:
    """JSON text for a JSON column."""
    return msgspec.json.encode(value).decode()


def _decode_json(table_id: int, column: str, value: Any, kind: type[T]) -> T:
    """Decode a JSON column, or raise CorruptRecord naming it."""
    try:
        return msgspec.json.decode(value, type=kind)
    except (msgspec.MsgspecError, TypeError) as exc:
        raise CorruptRecord(table_id, f"{column} column cannot be decoded ({exc}): {value!r:.80}") from exc


def _convert(table_id: int, fields: dict[str, Any], kind: type[T]) -> T:
    """Build a record from column values, or raise CorruptRecord naming the bad field."""
    try:
        return msgspec.convert(fields, kind, strict=False)
    except msgspec.ValidationError as exc:
        raise CorruptRecord(table_id, f"bad column value for {kind.__name__}: {exc}") from exc


def _seconds(value: object) -> float | None:
    """A stored time (a deadline, a last update); a corrupt one reads as 0.0 (long past), so a
    corrupt deadline is due now and its owner loads and quarantines the table."""
    if value is None:
        return None
    return float(value) if isinstance(value, int | float) else 0.0
