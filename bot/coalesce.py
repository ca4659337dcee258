"""Coalescing of bursts: at most one run per interval per key, the latest request wins."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

K = TypeVar("K")
log = logging.getLogger(__name__)


class Coalescer(Generic[K]):
    """Runs `work(key)` at once when idle; later requests wait out a cool-down of `interval`.

    The first request of a quiet period runs immediately (a single click feels instant); any
    requests arriving during a run or its cool-down collapse into one trailing run, so a key
    never runs more than once per interval and the last run always sees the latest state.
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

    async def _drain(self, key: K) -> None:
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                try:
                    await self._work(key)
                except Exception:
                    log.exception("coalesced work for %s failed", key)
                if self._interval > 0:
                    await asyncio.sleep(self._interval)
        finally:
            self._tasks.pop(key, None)
