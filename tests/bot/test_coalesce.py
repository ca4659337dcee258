"""Table edits are coalesced: a burst becomes at most one run per interval, with the latest state."""

from __future__ import annotations

import asyncio
import itertools

from bot.coalesce import Coalescer, RetryLater


async def test_a_burst_runs_once_now_and_once_more_with_the_latest_state() -> None:
    seen: list[int] = []
    state = {"value": 0}

    async def work(key: str) -> None:
        seen.append(state["value"])

    coalescer: Coalescer[str] = Coalescer(work, interval=0.2)
    for value in range(1, 11):
        state["value"] = value
        coalescer.request("table")
        await asyncio.sleep(0.005)
    await coalescer.flush("table")
    assert seen == [1, 10]


async def test_runs_are_at_least_an_interval_apart() -> None:
    times: list[float] = []
    loop = asyncio.get_running_loop()

    async def work(key: str) -> None:
        times.append(loop.time())

    coalescer: Coalescer[str] = Coalescer(work, interval=0.1)
    for _ in range(3):
        coalescer.request("t")
        await asyncio.sleep(0.03)
        coalescer.request("t")
        await coalescer.flush("t")
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert gaps and min(gaps) >= 0.095


async def test_refused_work_runs_again_after_its_delay_with_the_newest_state() -> None:
    seen: list[int] = []
    state = {"value": 1}

    async def work(key: str) -> None:
        seen.append(state["value"])
        if len(seen) == 1:
            state["value"] = 2  # the table changed while the edit was refused
            raise RetryLater(0.05)

    coalescer: Coalescer[str] = Coalescer(work, interval=0.01)
    coalescer.request("table")
    await coalescer.flush("table")
    assert seen == [1, 2]


async def test_close_cancels_what_is_still_pending() -> None:
    started = asyncio.Event()

    async def work(key: str) -> None:
        started.set()
        await asyncio.sleep(3600)

    coalescer: Coalescer[str] = Coalescer(work, interval=0.01)
    coalescer.request("table")
    await started.wait()
    await coalescer.close(0.01)
    await coalescer.flush("table")  # nothing left to wait for
