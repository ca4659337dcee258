"""The bot's own per-table data that lives beside the engine state (timers, away seats, log)."""

from __future__ import annotations

import msgspec

from engines.core import Decision

LOG_LINES = 8


class DecisionClock(msgspec.Struct):
    """An open human decision: since which state version it has been open, and its timer."""

    seat: int
    key: str
    signature: str
    since_version: int
    opened_at: float
    warned: bool = False


class Runtime(msgspec.Struct):
    """Persisted with the table row; opaque to storage."""

    clocks: list[DecisionClock] = msgspec.field(default_factory=list)
    missed: dict[int, int] = msgspec.field(default_factory=dict)
    away: list[int] = msgspec.field(default_factory=list)
    forfeited: list[int] = msgspec.field(default_factory=list)
    log: list[str] = msgspec.field(default_factory=list)

    def clock(self, seat: int, key: str) -> DecisionClock | None:
        """The clock of this seat's open decision with this key."""
        return next((c for c in self.clocks if c.seat == seat and c.key == key), None)

    def remember(self, texts: list[str]) -> None:
        """Keep the last few public lines for the table message."""
        self.log = (self.log + texts)[-LOG_LINES:]


def signature(decision: Decision) -> str:
    """Identity of a decision as a player sees it: same key, prompt and options."""
    return "\x1f".join([decision.key, decision.prompt, *(o.id for o in decision.options)])


def encode_runtime(runtime: Runtime) -> bytes:
    """Runtime as JSON."""
    return msgspec.json.encode(runtime)


def decode_runtime(data: bytes) -> Runtime:
    """Runtime back from JSON."""
    return msgspec.json.decode(data or b"{}", type=Runtime)
