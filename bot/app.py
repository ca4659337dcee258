"""The Discord bot object: opens storage, builds the TableService, loads the Discord layer."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import engines
from bot.render_pool import RenderPool
from bot.service import TableService
from bot.settings import Settings
from bot.storage import Storage, open_storage
from engines.core import Engine

if TYPE_CHECKING:
    from bot.cluster import Cluster
    from bot.metrics import MetricsServer

log = logging.getLogger(__name__)
DISCORD_LAYER = "cogs"  # loaded as an extension by name: bot/ never imports the Discord adapters
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
GIL_SWITCH_INTERVAL = 0.001
"""Render threads hold the GIL while drawing; handing it over every 1 ms instead of Python's 5 ms lets
the event loop in sooner (measured with `python -m bench`: act p99 under load 80 -> 58 ms)."""
SHOW_WAIT = 3.0
"""Seconds a real-time game's clock waits, at most, for its first table image to be on Discord."""
RESUMED_NOTE_SPACING = 0.25  # seconds between "resumed" notes, well inside Discord's global rate limit


def tune_interpreter() -> None:
    """Process-wide settings for a responsive event loop beside the render threads."""
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)


def silence_voice_warnings() -> None:
    """SuperTable never joins a voice channel: discord.py need not warn, on every start, that its
    voice libraries (PyNaCl, davey) are missing. It warns once per process and then clears these."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def cluster_for(storage: Storage, settings: Settings) -> Cluster | None:
    """Cluster mode on PostgreSQL (other processes may share the database); None on SQLite."""
    postgres = sys.modules.get("bot.storage.postgres")  # imported only when a PostgreSQL URL was opened
    if postgres is None or not isinstance(storage, postgres.PostgresStorage):
        return None
    from bot.cluster import Cluster

    return Cluster(storage, shards=settings.shard_ids or ())


class SuperTableBot(commands.Bot):
    """SuperTable: slash commands and buttons only, so no privileged intents are needed."""

    service: TableService

    def __init__(
        self,
        settings: Settings,
        registry: Mapping[str, Engine[Any]],
        storage: Storage | None = None,
        **shards: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        silence_voice_warnings()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=MENTIONS,
            **shards,
        )
        self.settings = settings
        self.registry = dict(registry)
        self._storage = storage
        self._resumed: list[int] = []
        self._announcer: asyncio.Task[None] | None = None
        self.render_pool = RenderPool(settings.render_workers)
        self.cluster: Cluster | None = None
        self.metrics: MetricsServer | None = None

    async def setup_hook(self) -> None:
        """Start the render workers, open storage, build the service, load the Discord layer, sync
        commands, reload tables."""
        self.render_pool.start()  # the workers spawn and warm up while the rest starts
        storage = self._storage or open_storage(self.settings.database_url)
        await storage.open()
        self.cluster = cluster_for(storage, self.settings)
        self.service = TableService(
            storage,
            self.registry,
            default_turn_timer=self.settings.default_turn_timer,
            cache_size=self.settings.table_cache_size,
            show_wait=SHOW_WAIT,
            coordinator=self.cluster,
        )
        await self.load_extension(DISCORD_LAYER)
        if self.settings.metrics_port is not None:
            from bot.metrics import start_metrics  # prometheus-client is imported only then

            self.metrics = await start_metrics(self, self.settings.metrics_host, self.settings.metrics_port)
        if self.settings.sync_guild_id:
            guild = discord.Object(self.settings.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self.cluster is not None:
            from bot.cluster import join

            await join(self.cluster, self.service)
        self._resumed = await self.service.resume_all()
        log.info("ready to serve; %d recently played game(s) will get a resumed note", len(self._resumed))

    async def on_ready(self) -> None:
        """Once per process: tell recently played tables, one by one in the background, that play goes on."""
        if self._announcer is None:
            self._announcer = asyncio.get_running_loop().create_task(self._announce_resumed())

    async def _announce_resumed(self) -> None:
        for index, table_id in enumerate(self._resumed):
            if index:
                await asyncio.sleep(RESUMED_NOTE_SPACING)
            try:
                await self.service.announce_resumed(table_id)
            except Exception:
                log.exception("the resumed note of table %s failed", table_id)

    async def close(self) -> None:
        """Finish showing changes, stop timers, close storage, then disconnect."""
        service: TableService | None = getattr(self, "service", None)
        if self._announcer is not None:
            self._announcer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._announcer
        if service is not None:
            if self.cluster is not None:  # no more notices, sweeps or heartbeats
                await self.cluster.quiet()
            service.close()  # no more timers: nothing new to show
            if service.listener is not None:  # pending table edits need storage and the HTTP session
                await service.listener.close()
            if self.cluster is not None:  # hand this process's tables over to the others
                await self.cluster.leave()
            await service.storage.close()
        await self.render_pool.close()
        if self.metrics is not None:
            await self.metrics.close()
        await super().close()


class ShardedSuperTableBot(SuperTableBot, commands.AutoShardedBot):
    """SuperTable running several shards in one process (SHARD_COUNT / SHARD_IDS)."""


def create_bot(
    settings: Settings | None = None,
    *,
    registry: Mapping[str, Engine[Any]] | None = None,
    storage: Storage | None = None,
) -> SuperTableBot:
    """Build the bot without connecting; settings default to the environment.

    With SHARD_COUNT set the bot runs those shards (or SHARD_IDS of them) in this process.
    """
    settings = settings or Settings.from_env()
    games = engines.REGISTRY if registry is None else registry
    if settings.shard_count is None:
        return SuperTableBot(settings, games, storage)
    ids = list(settings.shard_ids) if settings.shard_ids else None
    return ShardedSuperTableBot(settings, games, storage, shard_count=settings.shard_count, shard_ids=ids)
