"""The sandbox: the real bot in SimCord's simulated Discord, with a browser page per member."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack
from dataclasses import replace
from typing import Any

import aiohttp
import simcord
from simcord.preview import Preview

from bot import Settings, SuperTableBot, create_bot
from engines.core import Engine
from sandbox.clock import PULSE, catch_up, on_simcord_time
from sandbox.doors import Door
from sandbox.gate import Gate
from sandbox.home import Home, Links
from sandbox.media import SandboxMedia
from sandbox.world import World, build_world, catch_up_clock

log = logging.getLogger(__name__)
SETTLE_TIMEOUT = 30.0  # seconds the bot may take over one step before SimCord gives up on it
FIRST_PORT = 8765  # the members' pages of a first run: 8765 to 8768, below the OS's ephemeral ports


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
        self.moved: list[str] = []  # members whose kept port was taken: their link changed this run
        self._registry = registry
        self._home = Home(settings.database_url)
        self._stack = AsyncExitStack()
        self._bot: SuperTableBot | None = None
        self._env: simcord.Env | None = None
        self._world: World | None = None
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
        """Hold the database, build the server, start the bot (commands synced, saved games
        resumed), open the pages. Raises `sandbox.home.SandboxBusy` if another sandbox holds the
        database, OSError if an explicitly chosen port is taken."""
        if self._env is not None:
            raise RuntimeError("the sandbox is already started")
        try:
            await self._start()
        except BaseException:
            await self.stop()
            raise

    async def _start(self) -> None:
        self.moved = []
        self._home.lock()
        self._stack.callback(self._home.unlock)
        bot = self._bot = create_bot(self.settings, registry=self._registry)
        self._stack.push_async_callback(_close_storage, bot)
        env = self._env = simcord.Env(bot, settle_timeout=SETTLE_TIMEOUT)
        world = self._world = build_world(env)
        catch_up_clock(env)
        await env.start()
        self._stack.push_async_callback(env.shutdown)
        on_simcord_time(bot, env)
        links = self._home.links()
        preview = await self._open_preview(env, world, links.secret)
        gate = self._gate = Gate(env, preview)
        session = await self._stack.enter_async_context(
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_read=SETTLE_TIMEOUT * 4))
        )
        await self._open_doors(world, preview, gate, session, links)
        self._home.announce(f"http://127.0.0.1:{self._doors[0].port}/")
        follower = asyncio.get_running_loop().create_task(self._follow(), name="sandbox-follow")
        self._stack.push_async_callback(_cancel, follower)

    async def _open_preview(self, env: simcord.Env, world: World, secret: str) -> Preview:
        """SimCord's preview of #games, with the kept secret and the sandbox's picture checks."""
        preview = env.preview(world.games, viewers=list(world.members.values()), layout="channel")
        preview.capability = secret
        entered: Preview = await self._stack.enter_async_context(preview)
        entered._media_worker = SandboxMedia()
        return entered

    async def _open_doors(
        self, world: World, preview: Preview, gate: Gate, session: aiohttp.ClientSession, links: Links
    ) -> None:
        """One door per member: on the chosen ports, else on the kept ones, else (a first run) on
        FIRST_PORT and the next three; a kept or first port that is taken gives way to a free one."""
        for offset, (name, member) in enumerate(world.members.items()):
            members = {each: actor.id for each, actor in world.members.items()}
            door = Door(name, member.id, preview, gate, session, members)
            if self.port:
                await door.open(self.port + offset)
            else:
                kept = links.ports[offset]
                try:
                    await door.open(kept or FIRST_PORT + offset)
                except OSError:
                    if kept:
                        self.moved.append(name)
                    await door.open(0)
            self._stack.push_async_callback(door.close)
            self._doors.append(door)
        ports = tuple(door.port or 0 for door in self._doors)
        if self.port or not any(links.ports):
            self._home.keep(replace(links, ports=ports))

    async def stop(self) -> None:
        """Close the pages, stop the bot, close its database and let it go. Safe to call twice."""
        try:
            await self._stack.aclose()
        finally:
            self._doors.clear()
            self._stack = AsyncExitStack()
            self._env = self._gate = None

    async def wait_closed(self) -> None:
        """Return when someone ends the session from a page (More > End preview session)."""
        if self._gate is None:
            return
        await self._gate.preview.wait_closed()

    @contextlib.asynccontextmanager
    async def driving(self) -> AsyncIterator[None]:
        """Drive members from Python (tests): no page action, pulse or publication runs meanwhile."""
        if self._gate is None:
            raise RuntimeError("the sandbox is not started")
        async with self._gate.lock:
            yield

    async def _follow(self) -> None:
        """Keep SimCord's clock on the real time (deadlines, timers), and log the bot's errors."""
        assert self._gate is not None and self._env is not None
        gate, env = self._gate, self._env
        cursor = env.error_cursor
        while True:
            await asyncio.sleep(PULSE)
            async with gate.lock:
                await catch_up(env)
            for error in env.errors_since(cursor):
                log.error("the bot raised an error", exc_info=error)
            cursor = env.error_cursor


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
