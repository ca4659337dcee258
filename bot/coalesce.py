"""Coalescing of bursts: at most one run per interval per key, the latest request wins."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

K = TypeVar("K")
log = logging.getLogger(__name__)


class RetryLater(Exception):
    """Raised by coalesced work that was refused for now (a rate limit): run again after `delay`."""

    def __init__(self, delay: float) -> None:
        super().__init__(f"retry in {delay:.2f} s")
        self.delay = delay


class Coalescer(Generic[K]):
    """Runs `work(key)` at once when idle; later requests wait out a cool-down of `interval`.

    The first request of a quiet period runs immediately (a single click feels instant); any
    requests arriving during a run or its cool-down collapse into one trailing run, so a key
    never runs more than once per interval and the last run always sees the latest state.
    Work that raises RetryLater runs again after its delay (with whatever state is newest then).
    """

    def __init__(self, work: Callable[[K], Awaitable[None]], interval: float) -> None:
        self._work = work
        self._interval = interval
        self._tasks: dict[K, asyncio.Task[None]] = {}
        self._dirty: set[K] = set()

    def request(self, key: K) -> None:
        """Ask for a run for this key."""
        self._dirty.add(key)
        if key not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._drain(key))
            self._tasks[key] = task

    async def flush(self, key: K) -> None:
        """Wait until pending runs for this key are done."""
        task = self._tasks.get(key)
        if task is not None:
            await asyncio.shield(task)

    async def close(self, grace: float) -> None:
        """Let pending runs finish for up to `grace` seconds, then cancel the rest."""
        tasks = list(self._tasks.values())
        if not tasks:
            return
        _, pending = await asyncio.wait(tasks, timeout=grace)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def _drain(self, key: K) -> None:
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                pause = self._interval
                try:
                    await self._work(key)
                except RetryLater as retry:
                    log.info("coalesced work for %s refused for now: %s", key, retry)
                    self._dirty.add(key)
                    pause = max(pause, retry.delay)
                except Exception:
                    log.exception("coalesced work for %s failed", key)
                if pause > 0:
                    await asyncio.sleep(pause)
        finally:
            self._tasks.pop(key, None)
