"""The sandbox: the real bot in SimCord's simulated Discord, with a browser page per member."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack
from typing import Any

import aiohttp
import simcord
from simcord.preview import Preview

from bot import Settings, SuperTableBot, create_bot
from engines.core import Engine
from sandbox.doors import Door, Gate
from sandbox.world import World, build_world, catch_up_clock

log = logging.getLogger(__name__)
SETTLE_TIMEOUT = 30.0  # seconds the bot may take over one step (rendering, an AI playing on)
FOLLOW_EVERY = 0.25  # seconds between checks for changes the bot made by itself


class Sandbox:
    """Boots the real bot, unmodified, inside SimCord, and serves one preview page per member.

    `start()`, then open `urls[name]` in a browser; `stop()` shuts everything down (idempotent).
    Tests drive members directly inside `async with sandbox.driving():`.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        port: int = 0,
        registry: Mapping[str, Engine[Any]] | None = None,
    ) -> None:
        self.settings = settings
        self.port = port
        self._registry = registry
        self._stack = AsyncExitStack()
        self._bot: SuperTableBot | None = None
        self._env: simcord.Env | None = None
        self._world: World | None = None
        self._preview: Preview | None = None
        self._gate: Gate | None = None
        self._doors: list[Door] = []

    # ------------------------------------------------------------------ what it is made of

    @property
    def env(self) -> simcord.Env:
        if self._env is None:
            raise RuntimeError("the sandbox is not started")
        return self._env

    @property
    def bot(self) -> SuperTableBot:
        if self._bot is None:
            raise RuntimeError("the sandbox is not started")
        return self._bot

    @property
    def world(self) -> World:
        if self._world is None:
            raise RuntimeError("the sandbox is not started")
        return self._world

    @property
    def games(self) -> simcord.ChannelHandle:
        return self.world.games

    @property
    def members(self) -> dict[str, simcord.MemberActor]:
        return self.world.members

    @property
    def urls(self) -> dict[str, str]:
        """Member name -> the browser address that plays as that member (loopback only)."""
        return {door.name: door.url for door in self._doors}

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Build the server, start the bot (commands synced, saved games resumed), open the pages."""
        if self._env is not None:
            raise RuntimeError("the sandbox is already started")
        try:
            await self._start()
        except BaseException:
            await self.stop()
            raise

    async def _start(self) -> None:
        bot = self._bot = create_bot(self.settings, registry=self._registry)
        self._stack.push_async_callback(_close_storage, bot)
        env = self._env = simcord.Env(bot, settle_timeout=SETTLE_TIMEOUT)
        world = self._world = build_world(env)
        catch_up_clock(env)
        await env.start()
        self._stack.push_async_callback(env.shutdown)
        preview = env.preview(world.games, viewers=list(world.members.values()), layout="channel")
        self._preview = await self._stack.enter_async_context(preview)
        gate = self._gate = Gate(env, self._preview)
        session = await self._stack.enter_async_context(
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_read=SETTLE_TIMEOUT * 4))
        )
        for offset, (name, member) in enumerate(world.members.items()):
            door = Door(name, member.id, self._preview, gate, session)
            await door.open(self.port + offset if self.port else 0)
            self._stack.push_async_callback(door.close)
            self._doors.append(door)
        follower = asyncio.get_running_loop().create_task(self._follow(), name="sandbox-follow")
        self._stack.push_async_callback(_cancel, follower)
        async with gate.lock:
            await gate.refresh()

    async def stop(self) -> None:
        """Close the pages, stop the bot and close its database. Safe to call twice."""
        try:
            await self._stack.aclose()
        finally:
            self._doors.clear()
            self._stack = AsyncExitStack()
            self._env = self._preview = self._gate = None

    async def wait_closed(self) -> None:
        """Return when someone ends the session from a page (More > End preview session)."""
        if self._preview is None:
            return
        await self._preview.wait_closed()

    @contextlib.asynccontextmanager
    async def driving(self) -> AsyncIterator[None]:
        """Drive members from Python (tests): no page action runs meanwhile; pages refresh after."""
        if self._gate is None:
            raise RuntimeError("the sandbox is not started")
        async with self._gate.turn():
            yield

    async def _follow(self) -> None:
        """Show what the bot does by itself (timers, coalesced edits), and log the bot's errors."""
        assert self._gate is not None and self._env is not None
        gate, env = self._gate, self._env
        cursor = env.error_cursor
        while True:
            await asyncio.sleep(FOLLOW_EVERY)
            for error in env.errors_since(cursor):
                log.error("the bot raised an error", exc_info=error)
            cursor = env.error_cursor
            if gate.behind() and not gate.lock.locked():
                async with gate.lock:
                    await gate.refresh()


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def _close_storage(bot: SuperTableBot) -> None:
    """Stop the bot's timers and close its database (SimCord detaches a bot without closing it)."""
    service = getattr(bot, "service", None)
    if service is not None:
        service.close()
        await service.storage.close()
