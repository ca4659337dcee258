"""What the TableService tells the presentation layer after each change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engines.core import Event


@dataclass(frozen=True)
class DecisionRef:
    """A human decision that has just opened; `new_turn` when it opens the player's turn (or an
    out-of-turn decision) rather than continuing what they are doing (someone to ping)."""

    seat: int
    user_id: int
    key: str
    prompt: str
    new_turn: bool = True


@dataclass(frozen=True)
class TableChange:
    """One published change: kind is lobby, started, step, finished or cancelled, or remote (saved
    by another process sharing the database: only its table id is known here)."""

    table_id: int
    kind: str
    events: tuple[Event, ...] = ()
    notes: tuple[str, ...] = ()
    opened: tuple[DecisionRef, ...] = ()
    warnings: tuple[int, ...] = ()
    by_person: bool = False  # a person's click made it (its image is more urgent than an AI move's)


class TableListener(Protocol):
    """Receives changes after they are saved (outside the table lock)."""

    async def on_change(self, change: TableChange) -> None:
        """Show the change to people."""
        ...

    async def close(self) -> None:
        """Finish or cancel what is still being shown, before the connection to Discord closes."""
        ...
