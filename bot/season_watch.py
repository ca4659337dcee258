"""Closing seasons: find every server season whose end has passed and have it posted, once.

Which seasons are due is read from storage (the `seasons` rows written with the results), so a
season that ended while the bot was down is posted at the next start; the timer only decides when
to look again (at the next month's first instant in UTC, at least daily, and CLAIM_FOR seconds after
a post that failed or was held by another process).
Each post is claimed in storage first, so in cluster mode one process posts it; a process that
dies mid-post leaves a claim that runs out after CLAIM_FOR seconds, and another one posts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.clock import Clock
from bot.scheduler import WaitHook
from bot.seasons import season_at
from bot.storage.base import Storage

log = logging.getLogger(__name__)
CHECK_EVERY = 86400.0
CLAIM_FOR = 600.0
Post = Callable[[int, str], Awaitable[None]]


class SeasonWatch:
    """Calls `post(guild_id, season)` for each ended season, then marks it closed."""

    def __init__(
        self, storage: Storage, clock: Clock, post: Post, owner: str, wait_hook: Callable[[], WaitHook]
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.post = post
        self.owner = owner
        self.wait_hook = wait_hook  # read at each pause: a harness that owns time may set it late
        self._task: asyncio.Task[None] | None = None
        self._pending = False  # a due season was left for later (failed, or claimed elsewhere)

    def start(self) -> None:
        """Look now, then at each month's start (idempotent)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def close_due(self) -> list[tuple[int, str]]:
        """Post every season that is due and not held by another process; returns those posted."""
        posted = []
        due_now = await self.storage.seasons_to_close(self.clock())
        for due in due_now:
            now = self.clock()
            if not await self.storage.claim_season(
                due.guild_id, due.season, self.owner, now, now + CLAIM_FOR
            ):
                continue
            try:
                await self.post(due.guild_id, due.season)
            except Exception:
                log.exception(
                    "the end of season %s in server %s was not posted; retrying later",
                    due.season,
                    due.guild_id,
                )
                continue
            await self.storage.close_season(due.guild_id, due.season, self.clock())
            posted.append((due.guild_id, due.season))
        self._pending = len(posted) < len(due_now)
        return posted

    def next_look(self, now: float) -> float:
        """When to look next: the next month's first instant (every season ends on one), sooner when
        a season was left for later, and at least daily."""
        return min(season_at(now, "month").end, now + (CLAIM_FOR if self._pending else CHECK_EVERY))

    async def _run(self) -> None:
        while True:
            try:
                await self.close_due()
            except Exception:
                log.exception("looking for ended seasons failed; looking again later")
            now = self.clock()
            await self.wait_hook()(asyncio.sleep(max(0.0, self.next_look(now) - now)))
