"""The real bot, run as `python -m bot` runs it (`bot.launch.run_until_stopped`), minus Discord: it
logs in and connects to nothing, joins the cluster on DATABASE_URL, starts a game of one person and
one AI seat whose message it owns, waits for its render workers, prints what it holds as one JSON
line and runs until it is stopped by a signal.

`DATABASE_URL=postgresql://... RENDER_WORKERS=1 python -m tests.bot.bot_process`
"""

from __future__ import annotations

import asyncio
import json
import sys

import discord.client

from bot import launch
from bot.app import SuperTableBot
from bot.logs import setup_logging
from bot.settings import Settings
from tests.bot.service_kit import REGISTRY, Recorder, started_table

TOKEN = "offline"


class OfflineBot(SuperTableBot):
    """SuperTable with Discord's login, command sync and gateway left out."""

    async def login(self, token: str) -> None:
        if self.loop is discord.client._loop:  # what discord.py's login does first
            await self._async_setup_hook()

        async def no_sync(**_: object) -> list[object]:
            return []

        self.tree.sync = no_sync  # type: ignore[method-assign]
        await self.setup_hook()

    async def connect(self, *, reconnect: bool = True) -> None:
        self.service.listener = Recorder()  # no Discord to show tables on
        table_id = await started_table(self.service, humans=1, ai=1)
        assert self.cluster is not None
        await self.cluster.edits_message(table_id)
        await self.render_pool.warmed()
        workers = self.render_pool.worker_pids()
        held = {"table": table_id, "process": self.cluster.process_id, "workers": workers}
        print(json.dumps(held), flush=True)
        await asyncio.Event().wait()  # until stopped


def main() -> int:
    settings = Settings.from_env()
    setup_logging(settings.log_level, TOKEN)
    launch.create_bot = lambda found: OfflineBot(found, REGISTRY)  # type: ignore[assignment,misc]
    return launch.run_until_stopped(settings, TOKEN)


if __name__ == "__main__":
    sys.exit(main())
