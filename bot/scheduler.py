"""Per-table deadlines driven by one waiting task; deadlines themselves are stored with each table.

A heap of (when, table) pairs and a single driver task that sleeps until the earliest one; a
sooner deadline replaces the sleeping driver. Re-arming only pushes a new pair (stale pairs are
skipped and compacted away), so nothing polls and a real-time game re-arming many times a second
costs a heap push. After a restart the TableService re-arms every stored deadline.

The driver's sleep goes through `wait_hook`: harnesses that own time (SimCord) declare it there
as an intentional wait, so deadlines fire on their virtual clock only.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.clock import Clock

log = logging.getLogger(__name__)
RETRY_AFTER = 30.0
WaitHook = Callable[[Awaitable[Any]], Awaitable[Any]]


def await_directly(waiting: Awaitable[Any]) -> Awaitable[Any]:
    return waiting


class Scheduler:
    """Calls `fire(table_id)` at each table's deadline (epoch seconds)."""

    def __init__(
        self, fire: Callable[[int], Awaitable[None]], clock: Clock, wait_hook: WaitHook = await_directly
    ) -> None:
        self._fire = fire
        self._clock = clock
        self.wait_hook = wait_hook
        self._due: dict[int, float] = {}
        self._heap: list[tuple[float, int]] = []
        self._driver: asyncio.Task[None] | None = None
        self._sleeping_until: float | None = None
        self._running: set[asyncio.Task[None]] = set()

    def arm(self, table_id: int, when: float | None) -> None:
        """Set (or clear, with None) the table's next deadline."""
        if when is None:
            self._due.pop(table_id, None)
            return
        self._due[table_id] = when
        heapq.heappush(self._heap, (when, table_id))
        if len(self._heap) > 2 * len(self._due) + 64:
            self._compact()
        if self._driver is not None and self._sleeping_until is not None and when < self._sleeping_until:
            self._driver.cancel()  # asleep until later: a fresh driver sleeps until this one
            self._driver = None
        if self._driver is None or self._driver.done():
            self._sleeping_until = None
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def __len__(self) -> int:
        """How many tables have a deadline armed (every lobby and running game does)."""
        return len(self._due)

    def armed(self, table_id: int) -> bool:
        """Whether a deadline is armed for this table."""
        return table_id in self._due

    def due(self, table_id: int) -> float | None:
        """The table's armed deadline, if any."""
        return self._due.get(table_id)

    def cancel_all(self) -> None:
        """Stop every timer (on shutdown)."""
        self._due.clear()
        self._heap.clear()
        if self._driver is not None:
            self._driver.cancel()
            self._driver = None

    def _compact(self) -> None:
        self._heap = [(when, table_id) for table_id, when in self._due.items()]
        heapq.heapify(self._heap)

    async def _drive(self) -> None:
        """Fire what is due, sleep until the next deadline; end when none is left."""
        while True:
            while self._heap and self._due.get(self._heap[0][1]) != self._heap[0][0]:
                heapq.heappop(self._heap)
            if not self._heap:
                self._driver = None
                return
            when, table_id = self._heap[0]
            if when <= self._clock():
                heapq.heappop(self._heap)
                del self._due[table_id]
                self._start(table_id)
                continue
            self._sleeping_until = when
            sleeping = asyncio.sleep(when - self._clock())
            try:
                await self.wait_hook(sleeping)
            except Exception:  # a broken hook must not stop every table's timers
                sleeping.close()
                log.exception("the scheduler's wait hook failed; sleeping without it from now on")
                self.wait_hook = await_directly
                await asyncio.sleep(max(0.0, when - self._clock()))
            self._sleeping_until = None

    def _start(self, table_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._run(table_id))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, table_id: int) -> None:
        try:
            await self._fire(table_id)
        except Exception:
            log.exception("deadline of table %s failed; retrying in %ss", table_id, RETRY_AFTER)
            if table_id not in self._due:
                self.arm(table_id, self._clock() + RETRY_AFTER)
