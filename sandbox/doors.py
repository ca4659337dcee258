"""One loopback address per member, each opening SimCord's preview as that member.

SimCord serves one preview session per simulated Discord. Which member a page acts as is chosen
in the page ("Viewing as"), and a new page starts as the first member. A door is a small reverse
proxy on its own 127.0.0.1 port: it passes every request to the preview unchanged, except that a
page opened through it starts as the door's member. So every member has a URL, and one person can
play several members from several browser tabs.

Doors also keep every tab current. A click re-publishes only the page it came from, and the bot
changes tables by itself too (coalesced table edits, timers, AI turns), so after each page action,
and whenever the bot has made requests since pages were last published, the pages are refreshed.
Everything that drives the simulation goes through one `Gate`, so a refresh never overlaps an action.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import simcord
from aiohttp import web
from simcord.preview import Preview

log = logging.getLogger(__name__)

# Headers that belong to one connection, or that aiohttp recomputes for the forwarded message.
_NOT_FORWARDED = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
        "accept-encoding",
        "content-encoding",
        "referer",
    }
)


class Gate:
    """Serialises everything that drives the simulation, and refreshes pages the bot has changed."""

    def __init__(self, env: simcord.Env, preview: Preview) -> None:
        self.env = env
        self.preview = preview
        self.lock = asyncio.Lock()
        self._shown = -1  # how many bot requests the pages showed when last published

    def behind(self) -> bool:
        """Whether the bot made requests (posts, edits) that the pages do not show yet."""
        return len(self.env.http_requests) != self._shown

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Hold the simulation for one step, then refresh the pages if the step changed anything."""
        async with self.lock:
            try:
                yield
            finally:
                await self.refresh()

    async def refresh(self) -> None:
        """Publish the latest state to every page (the caller holds the lock)."""
        if not self.behind():
            return
        try:
            await self.preview.refresh()
        except simcord.SetupError:
            return  # the preview session is closed
        except TimeoutError:
            log.warning("the bot did not settle in time; the pages will be refreshed later")
            return
        self._shown = len(self.env.http_requests)


class Door:
    """The preview, opened as one member, on its own loopback port."""

    def __init__(
        self,
        name: str,
        member_id: int,
        preview: Preview,
        gate: Gate,
        session: aiohttp.ClientSession,
    ) -> None:
        self.name = name
        self.member_id = member_id
        self.preview = preview
        self.gate = gate
        self.session = session
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        """The member's page. It carries the preview's secret: whoever has it can play as the member."""
        if self.port is None:
            raise RuntimeError("the door is not open")
        capability = self.preview.url.partition("#")[2]
        return f"http://127.0.0.1:{self.port}/#{capability}"

    async def open(self, port: int = 0) -> None:
        """Listen on 127.0.0.1 (port 0: any free port)."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_route("*", "/{path:.*}", self._forward)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
            sock.listen(128)
            sock.setblocking(False)
            await web.SockSite(runner, sock).start()
        except BaseException:
            sock.close()
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(sock.getsockname()[1])

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.port = None

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        upstream = self.preview.url.partition("#")[0].rstrip("/")
        body = await request.read()
        if request.method == "POST" and request.path == "/api/pages":
            body = self._as_member(body)
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _NOT_FORWARDED}
        if "Origin" in headers:
            headers["Origin"] = upstream
        if request.method == "POST" and request.path == "/api/action":
            async with self.gate.turn():
                return await self._pass(request, upstream, headers, body)
        return await self._pass(request, upstream, headers, body)

    def _as_member(self, body: bytes) -> bytes:
        """A new page starts as this door's member unless it asks for someone."""
        try:
            opened = json.loads(body or b"{}")
        except ValueError:
            return body  # let the preview reject it
        if isinstance(opened, dict) and opened.get("viewer_id") is None:
            opened["viewer_id"] = str(self.member_id)
            return json.dumps(opened).encode()
        return body

    async def _pass(
        self, request: web.Request, upstream: str, headers: dict[str, str], body: bytes
    ) -> web.Response:
        async with self.session.request(
            request.method,
            upstream + request.rel_url.path_qs,
            headers=headers,
            data=body or None,
            allow_redirects=False,
        ) as answer:
            content = await answer.read()
            kept = {k: v for k, v in answer.headers.items() if k.lower() not in _NOT_FORWARDED}
            return web.Response(status=answer.status, body=content, headers=kept)
