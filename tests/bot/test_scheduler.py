"""The deadline scheduler: one waiting task fires each table's latest deadline, in order."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.scheduler import Scheduler


class Fired:
    """Records which tables fired, in order."""

    def __init__(self) -> None:
        self.tables: list[int] = []

    async def __call__(self, table_id: int) -> None:
        self.tables.append(table_id)


async def test_deadlines_fire_in_order_and_rearming_keeps_only_the_latest() -> None:
    fired = Fired()
    scheduler = Scheduler(fired, time.time)
    now = time.time()
    scheduler.arm(1, now + 0.15)
    scheduler.arm(2, now + 0.05)
    scheduler.arm(3, now + 0.10)
    scheduler.arm(3, now + 0.20)  # re-armed later: the earlier deadline no longer counts
    scheduler.arm(4, now + 0.05)
    scheduler.arm(4, None)  # cleared
    await asyncio.sleep(0.3)
    assert fired.tables == [2, 1, 3]
    assert not any(scheduler.armed(t) for t in (1, 2, 3, 4))
    scheduler.cancel_all()


async def test_a_sooner_deadline_wakes_a_scheduler_waiting_for_a_later_one() -> None:
    fired = Fired()
    scheduler = Scheduler(fired, time.time)
    scheduler.arm(1, time.time() + 60)
    await asyncio.sleep(0.01)  # the driver now waits a minute
    scheduler.arm(2, time.time() + 0.02)
    await asyncio.sleep(0.1)
    assert fired.tables == [2] and scheduler.armed(1) and scheduler.due(2) is None
    scheduler.cancel_all()
    assert not scheduler.armed(1)


async def test_thousands_of_rearms_keep_the_heap_small() -> None:
    fired = Fired()
    scheduler = Scheduler(fired, time.time)
    later = time.time() + 60
    for step in range(5_000):
        scheduler.arm(step % 10, later + step)
    assert len(scheduler._heap) <= 2 * 10 + 64
    assert scheduler.due(9) == later + 4_999
    scheduler.cancel_all()


async def test_the_idle_wait_goes_through_the_wait_hook() -> None:
    fired = Fired()
    hooked: list[Any] = []

    async def hook(waiting: Any) -> Any:
        hooked.append(waiting)
        return await waiting

    scheduler = Scheduler(fired, time.time, wait_hook=hook)
    scheduler.arm(5, time.time() + 0.02)
    await asyncio.sleep(0.1)
    assert fired.tables == [5] and hooked, "a harness that owns time sees every idle wait"
    scheduler.cancel_all()


async def test_a_failing_wait_hook_does_not_stop_the_timers() -> None:
    fired = Fired()

    def broken(waiting: Any) -> Any:
        waiting.close()
        raise RuntimeError("harness refused the wait")

    scheduler = Scheduler(fired, time.time, wait_hook=broken)
    scheduler.arm(6, time.time() + 0.02)
    await asyncio.sleep(0.1)
    assert fired.tables == [6]
    scheduler.cancel_all()
