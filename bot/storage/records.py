"""Plain records that cross the storage boundary."""

from __future__ import annotations

import msgspec

LIVE_STATUSES = ("lobby", "active")


class SeatRecord(msgspec.Struct):
    """Who sits at one seat. user_id is None for an AI seat."""

    index: int
    name: str
    user_id: int | None = None
    is_ai: bool = False


class TableRecord(msgspec.Struct, kw_only=True):
    """One table (lobby, game in progress, or finished) as stored.

    `version` is the engine state's version (it appears in button ids); `rev` is the row
    revision used for optimistic concurrency on every write. `runtime` is the bot's own
    per-table data (decision clocks, away seats...), opaque to storage.
    """

    id: int = 0
    guild_id: int | None
    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None
    game: str
    mode: str
    options: dict[str, str] = msgspec.field(default_factory=dict)
    status: str = "lobby"
    seed: int
    host_id: int
    turn_timer: float
    seats: list[SeatRecord] = msgspec.field(default_factory=list)
    state: bytes | None = None
    version: int = 0
    rev: int = 0
    runtime: bytes = b"{}"
    deadline: float | None = None
    broken_reason: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def place_id(self) -> int:
        """The channel or thread the table lives in."""
        return self.thread_id or self.channel_id


class LiveRow(msgspec.Struct):
    """What start-up needs to know of a live table without decoding its state."""

    id: int
    status: str
    deadline: float | None


class ActionRecord(msgspec.Struct):
    """One line of the append-only action log (seq is assigned by storage)."""

    seat: int
    key: str
    choice: list[str]
    at: float
    actor: str  # "human", "ai", "timeout" or "tick"
    seq: int = 0


class ResultSeat(msgspec.Struct):
    """One seat of a finished game."""

    seat: int
    name: str
    user_id: int | None
    is_ai: bool
    placement: int
    score: float


class ResultRecord(msgspec.Struct, kw_only=True):
    """A finished (or cancelled) game, written in the same transaction as its final state."""

    table_id: int
    game: str
    mode: str
    guild_id: int | None
    finished_at: float
    summary: str
    status: str  # "finished" or "cancelled"
    seats: list[ResultSeat]


class UserSettings(msgspec.Struct):
    """Per-user preferences."""

    user_id: int
    dm: bool = False
