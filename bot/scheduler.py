"""Per-table deadlines as event-loop timers; deadlines themselves are stored with each table.

One timer handle per table (re-armed on every change), so nothing polls. After a restart the
TableService re-arms every stored deadline.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.clock import Clock

log = logging.getLogger(__name__)
RETRY_AFTER = 30.0


class Scheduler:
    """Calls `fire(table_id)` at each table's deadline (epoch seconds)."""

    def __init__(self, fire: Callable[[int], Awaitable[None]], clock: Clock) -> None:
        self._fire = fire
        self._clock = clock
        self._handles: dict[int, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()

    def arm(self, table_id: int, when: float | None) -> None:
        """Set (or clear, with None) the table's next deadline."""
        handle = self._handles.pop(table_id, None)
        if handle is not None:
            handle.cancel()
        if when is None:
            return
        delay = max(0.0, when - self._clock())
        loop = asyncio.get_running_loop()
        self._handles[table_id] = loop.call_later(delay, self._start, table_id)

    def armed(self, table_id: int) -> bool:
        """Whether a deadline is armed for this table."""
        return table_id in self._handles

    def cancel_all(self) -> None:
        """Stop every timer (on shutdown)."""
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()

    def _start(self, table_id: int) -> None:
        self._handles.pop(table_id, None)
        task = asyncio.get_running_loop().create_task(self._run(table_id))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, table_id: int) -> None:
        try:
            await self._fire(table_id)
        except Exception:
            log.exception("deadline of table %s failed; retrying in %ss", table_id, RETRY_AFTER)
            if table_id not in self._handles:
                self.arm(table_id, self._clock() + RETRY_AFTER)
