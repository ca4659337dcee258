"""Rows to records and back, the same for every SQL backend (rows read as mappings by column name)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from bot.storage.errors import CorruptRecord
from bot.storage.records import ActionRecord, DeckRecord, GuildSettings, TableRecord

T = TypeVar("T")

TABLE_COLUMNS = (
    "guild_id", "channel_id", "thread_id", "message_id", "game", "mode", "options", "status", "seed",
    "host_id", "turn_timer", "state", "version", "runtime", "deadline", "broken_reason", "created_at",
    "updated_at",
)  # fmt: skip
DECK_COLUMNS = "user_id, game, name, cards, updated_at"


def table_params(record: TableRecord) -> tuple[Any, ...]:
    """The values of TABLE_COLUMNS for a record."""
    return (
        record.guild_id, record.channel_id, record.thread_id, record.message_id, record.game,
        record.mode, to_json(record.options), record.status, record.seed, record.host_id,
        float(record.turn_timer), record.state, record.version, record.runtime, _float(record.deadline),
        record.broken_reason, float(record.created_at), float(record.updated_at),
    )  # fmt: skip


def decode_table(row: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> TableRecord:
    """A TableRecord from its row and seat rows; raises CorruptRecord naming a bad column."""
    table_id = int(row["id"])
    fields = {
        **dict(row),
        "options": decode_json(table_id, "options", row["options"], dict[str, str]),
        "seats": [
            {"index": seat["idx"], "name": seat["name"], "user_id": seat["user_id"], "is_ai": seat["is_ai"]}
            for seat in seats
        ],
    }
    return convert(table_id, fields, TableRecord)


def decode_action(table_id: int, row: Mapping[str, Any]) -> ActionRecord:
    """An ActionRecord from its row."""
    choice = decode_json(table_id, f"action {row['seq']} choice", row["choice"], list[str])
    return convert(table_id, {**dict(row), "choice": choice}, ActionRecord)


def decode_deck(row: Mapping[str, Any]) -> DeckRecord:
    """A DeckRecord; cards that do not decode read as an empty deck."""
    try:
        cards = msgspec.json.decode(row["cards"], type=list[str])
    except msgspec.DecodeError:
        cards = []
    return DeckRecord(
        int(row["user_id"]), str(row["game"]), str(row["name"]), cards, float(row["updated_at"])
    )


def decode_guild_settings(guild_id: int, body: str | bytes) -> GuildSettings:
    """A server's stored settings JSON; unknown or malformed keys are ignored."""
    try:
        stored = msgspec.json.decode(body)
        known = {k: v for k, v in stored.items() if k in GuildSettings.__struct_fields__}
        return msgspec.convert({**known, "guild_id": guild_id}, GuildSettings)
    except (msgspec.DecodeError, msgspec.ValidationError, AttributeError):
        return GuildSettings(guild_id)


def encode_guild_settings(settings: GuildSettings) -> str:
    """The JSON stored for a server's settings (without its id)."""
    return to_json({k: v for k, v in msgspec.to_builtins(settings).items() if k != "guild_id"})


def to_json(value: object) -> str:
    """JSON text for a JSON column."""
    return msgspec.json.encode(value).decode()


def decode_json(table_id: int, column: str, value: Any, kind: type[T]) -> T:
    """Decode a JSON column, or raise CorruptRecord naming it."""
    try:
        return msgspec.json.decode(value, type=kind)
    except (msgspec.MsgspecError, TypeError) as exc:
        raise CorruptRecord(table_id, f"{column} column cannot be decoded ({exc}): {value!r:.80}") from exc


def convert(table_id: int, fields: dict[str, Any], kind: type[T]) -> T:
    """Build a record from column values, or raise CorruptRecord naming the bad field."""
    try:
        return msgspec.convert(fields, kind, strict=False)
    except msgspec.ValidationError as exc:
        raise CorruptRecord(table_id, f"bad column value for {kind.__name__}: {exc}") from exc


def seconds(value: object) -> float | None:
    """A stored time (a deadline, a last update); a corrupt one reads as 0.0 (long past), so a
    corrupt deadline is due now and its owner loads and quarantines the table."""
    if value is None:
        return None
    return float(value) if isinstance(value, int | float) else 0.0


def _float(value: float | None) -> float | None:
    """A time for a DOUBLE PRECISION column (PostgreSQL's driver takes no int there)."""
    return None if value is None else float(value)
