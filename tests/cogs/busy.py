"""A busy database for end-to-end tests: another process holds SQLite's write lock.

While `BusyDatabase.held()` is open, a second connection holds the write lock (`BEGIN IMMEDIATE`, as
a second bot process saving would) and one of the bot's own saves waits behind it, so every storage
operation of the bot queues until the lock goes. The lock is released the moment the bot
acknowledges the interaction (so the handler then finishes normally) or, failing that, after
`LONGEST_HOLD` seconds. An interaction acknowledged while the lock was still held never waited for
the database before answering Discord, which drops interactions not acknowledged within 3 s.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from simcord.http import router

from bot import SuperTableBot
from bot.storage.records import UserSettings

LONGEST_HOLD = 2.5  # seconds: a handler that reads storage first would still be waiting then
CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
STUCK_USER = 999_999  # whose save waits behind the lock, holding up the bot's storage queue


class BusyDatabase:
    """Holds the bot database's write lock around one interaction at a time."""

    def __init__(self, bot: SuperTableBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.bot = bot
        self.path = bot.settings.database_url.removeprefix("sqlite:///")
        self._holder: sqlite3.Connection | None = None
        self._mutex = threading.Lock()
        self.in_time = 0  # interactions acknowledged while the lock was held
        self.late = 0  # interactions acknowledged only after the lock gave way
        dispatch = router.dispatch

        def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if method == "POST" and CALLBACK.match(path):
                if self._release():
                    self.in_time += 1
                else:
                    self.late += 1
            return dispatch(backend, method, path, **kwargs)

        monkeypatch.setattr(router, "dispatch", watched)

    def _release(self) -> bool:
        """Let go of the lock; whether it was still held."""
        with self._mutex:
            holder, self._holder = self._holder, None
        if holder is None:
            return False
        holder.execute("ROLLBACK")
        holder.close()
        return True

    @asynccontextmanager
    async def held(self) -> AsyncIterator[BusyDatabase]:
        """The lock held (and a save of the bot queued behind it) until the next acknowledgement."""
        holder = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
        holder.execute("BEGIN IMMEDIATE")
        self._holder = holder
        self.in_time = self.late = 0
        safety = threading.Timer(LONGEST_HOLD, self._release)
        safety.start()
        storage = self.bot.service.storage
        stuck = asyncio.get_running_loop().create_task(
            storage.save_user_settings(UserSettings(STUCK_USER, dm=False))
        )
        await asyncio.sleep(0.05)  # the stuck save is in the storage queue before anything else
        try:
            yield self
        finally:
            safety.cancel()
            self._release()
            await stuck
