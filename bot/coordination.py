"""What a TableService asks before acting where several bot processes could: whether this process
fires a table's due deadline and whether it edits the table's message. One process alone (SQLite,
or PostgreSQL without others) always may; `bot.cluster.Cluster` answers for a cluster."""

from __future__ import annotations

from typing import Protocol


class Coordinator(Protocol):
    """Who does what among the processes sharing one database."""

    shared: bool  # whether other processes may use the database (state kept only here is unseen)

    async def claim_deadline(self, table_id: int, now: float) -> bool:
        """Whether this process fires the table's deadline now (at most one process does)."""
        ...

    async def edits_message(self, table_id: int) -> bool:
        """Whether this process edits the table's message (one owner at a time)."""
        ...

    def owns_message(self, table_id: int) -> bool:
        """Whether this process is known to edit the table's message (no database round trip)."""
        ...

    def forget(self, table_id: int) -> None:
        """The table closed: nothing of it is held any more."""
        ...


class Alone:
    """A process with the database to itself: it does everything."""

    shared = False

    async def claim_deadline(self, table_id: int, now: float) -> bool:
        return True

    async def edits_message(self, table_id: int) -> bool:
        return True

    def owns_message(self, table_id: int) -> bool:
        return True

    def forget(self, table_id: int) -> None:
        return None
