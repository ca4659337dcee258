"""What the TableService tells the presentation layer after each change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engines.core import Event


@dataclass(frozen=True)
class DecisionRef:
    """A human decision that has just opened (someone to ping)."""

    seat: int
    user_id: int
    key: str
    prompt: str


@dataclass(frozen=True)
class TableChange:
    """One published change: kind is lobby, started, step, finished or cancelled."""

    table_id: int
    kind: str
    events: tuple[Event, ...] = ()
    notes: tuple[str, ...] = ()
    opened: tuple[DecisionRef, ...] = ()
    warnings: tuple[int, ...] = ()


class TableListener(Protocol):
    """Receives changes after they are saved (outside the table lock)."""

    async def on_change(self, change: TableChange) -> None:
        """Show the change to people."""
        ...
