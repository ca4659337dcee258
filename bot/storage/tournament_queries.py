"""Plans for tournaments: one row each, written optimistically on rev; due round changes claimed
by one process; the tables each tournament opened."""

from __future__ import annotations

import msgspec

from bot.storage.base import StaleWrite
from bot.storage.plan import Fetch, Plan
from bot.storage.records import TournamentRecord

_COLUMNS = (
    "guild_id, channel_id, message_id, organiser_id, game, mode, options, round_time, starts_at, status,"
    " deadline, bracket, created_at"
)


def _params(record: TournamentRecord) -> tuple[object, ...]:
    return (
        record.guild_id, record.channel_id, record.message_id, record.organiser_id, record.game, record.mode,
        msgspec.json.encode(record.options).decode(), record.round_time, record.starts_at, record.status,
        record.deadline, record.bracket.decode(), record.created_at,
    )  # fmt: skip


def create(record: TournamentRecord) -> Plan[int]:
    rows = yield Fetch(
        f"INSERT INTO tournaments ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        _params(record),
    )
    return int(rows[0]["id"])


def save(record: TournamentRecord) -> Plan[None]:
    """Write the row if it is still at record.rev (else StaleWrite); the lease is released."""
    assignments = ", ".join(f"{column.strip()} = ?" for column in _COLUMNS.split(","))
    rows = yield Fetch(
        f"UPDATE tournaments SET {assignments}, rev = rev + 1, lease_owner = NULL, lease_until = NULL"
        " WHERE id = ? AND rev = ? RETURNING rev",
        (*_params(record), record.id, record.rev),
    )
    if not rows:
        raise StaleWrite(f"tournament {record.id} changed since it was read")


def load(tournament_id: int) -> Plan[TournamentRecord | None]:
    rows = yield Fetch(f"SELECT id, rev, {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
    if not rows:
        return None
    row = dict(rows[0])
    row["options"] = msgspec.json.decode(row["options"])
    row["bracket"] = str(row["bracket"]).encode()
    return msgspec.convert(row, TournamentRecord)


def due(now: float) -> Plan[list[int]]:
    """Live tournaments whose next change is due and that no process holds."""
    rows = yield Fetch(
        "SELECT id FROM tournaments WHERE status IN ('signup', 'checkin', 'running') AND deadline <= ?"
        " AND (lease_until IS NULL OR lease_until < ?) ORDER BY deadline",
        (now, now),
    )
    return [int(row["id"]) for row in rows]


def live() -> Plan[list[tuple[int, float | None]]]:
    rows = yield Fetch(
        "SELECT id, deadline FROM tournaments WHERE status IN ('signup', 'checkin', 'running')"
    )
    return [(int(row["id"]), row["deadline"]) for row in rows]


def claim(tournament_id: int, owner: str, now: float, until: float) -> Plan[bool]:
    """Hold the tournament's due change until `until` unless another process holds it."""
    rows = yield Fetch(
        "UPDATE tournaments SET lease_owner = ?, lease_until = ? WHERE id = ?"
        " AND (lease_until IS NULL OR lease_until < ? OR lease_owner = ?) RETURNING id",
        (owner, until, tournament_id, now, owner),
    )
    return bool(rows)


def link_table(tournament_id: int, table_id: int, round_number: int, pod: int) -> Plan[None]:
    yield Fetch(
        "INSERT INTO tournament_tables (table_id, tournament_id, round, pod) VALUES (?, ?, ?, ?)",
        (table_id, tournament_id, round_number, pod),
    )


def round_tables(tournament_id: int, round_number: int) -> Plan[dict[int, int]]:
    """Pod -> table id of the tables already opened for a round."""
    rows = yield Fetch(
        "SELECT pod, table_id FROM tournament_tables WHERE tournament_id = ? AND round = ?",
        (tournament_id, round_number),
    )
    return {int(row["pod"]): int(row["table_id"]) for row in rows}


def of_table(table_id: int) -> Plan[int | None]:
    rows = yield Fetch("SELECT tournament_id FROM tournament_tables WHERE table_id = ?", (table_id,))
    return int(rows[0]["tournament_id"]) if rows else None
