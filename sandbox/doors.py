"""One loopback address per member, each opening SimCord's preview as that member.

SimCord serves one preview session per simulated Discord. Which member a page acts as is chosen
in the page ("Viewing as"), and a new page starts as the first member. A door is a small reverse
proxy on its own 127.0.0.1 port: it passes every request to the preview, except that

- a request naming another host, or sent by a page of another origin, is refused, as SimCord
  refuses them (the preview sees the door's Host and Origin, not the browser's);
- a page opened through it starts as the door's member;
- a page action (a click, a command) runs alone on the simulation, through the `Gate`;
- a page reading its state is first published the latest state (`Gate.show`), and the pictures
  that state shows are fetched for it at once and served from the door (`sandbox.assets`);
- a click made just as the page was getting a newer state counts, if the control pressed is
  unchanged in it (`sandbox.controls`);
- a slash command typed whole as a message runs as that command when it parses, and is answered
  with how to pick it from the command list when it does not (`sandbox.typed`);
- the page gets `page.js`, the sandbox's additions to SimCord's page (pictures swap without a gap,
  relative timestamps count on).

So every member has a URL, one person can play several members from several browser tabs, and
every tab shows the table as it is now.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import aiohttp
import discord
import simcord
from aiohttp import web
from simcord.preview import Preview
from simcord.preview._commands import build_catalog

from sandbox.assets import Picture, Pictures, png_ids
from sandbox.controls import Controls
from sandbox.gate import Gate
from sandbox.typed import NotReadable, how_to_pick, is_typed_command, read_command

log = logging.getLogger(__name__)
PAGE_SCRIPT = "/sandbox/page.js"
SCRIPT_TAG = f'<script src="{PAGE_SCRIPT}"></script>'
APP_TAG = '<script type="module" src="/app.js"></script>'
SCRIPT_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
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


@dataclass(frozen=True)
class Answer:
    """The preview's answer to one forwarded request."""

    status: int
    body: bytes
    headers: dict[str, str]

    def response(self) -> web.Response:
        return web.Response(status=self.status, body=self.body, headers=self.headers)


class Door:
    """The preview, opened as one member, on its own loopback port."""

    def __init__(
        self,
        name: str,
        member_id: int,
        preview: Preview,
        gate: Gate,
        session: aiohttp.ClientSession,
        members: Mapping[str, int] | None = None,
    ) -> None:
        self.name = name
        self.members = dict(members or {})  # every member's name and id, for typed commands
        self.member_id = member_id
        self.preview = preview
        self.gate = gate
        self.session = session
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._pictures = Pictures()
        self._controls = Controls()
        self._script = resources.files("sandbox").joinpath("page.js").read_bytes()

    @property
    def url(self) -> str:
        """The member's page. It carries the preview's secret: whoever has it can play as the member."""
        if self.port is None:
            raise RuntimeError("the door is not open")
        return f"http://127.0.0.1:{self.port}/#{self.preview.capability}"

    @property
    def _upstream(self) -> str:
        return self.preview.url.partition("#")[0].rstrip("/")

    async def open(self, port: int = 0) -> None:
        """Listen on 127.0.0.1 (port 0: any free port); OSError if the port is taken."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_route("*", "/{path:.*}", self._forward)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if sys.platform != "win32":  # reuse the port of a sandbox just stopped (never a live one)
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
        refused = self._refusal(request)
        if refused is not None:
            return refused
        method, path = request.method, request.path
        context = request.headers.get("X-Simcord-Context")
        if method == "GET" and path == PAGE_SCRIPT:
            return web.Response(
                body=self._script, content_type="application/javascript", headers=SCRIPT_HEADERS
            )
        if method == "GET" and path.startswith("/api/assets/") and not request.query_string:
            picture = self._picture(request, context, path.removeprefix("/api/assets/"))
            if picture is not None:
                return web.Response(body=picture.body, headers=dict(picture.headers))
        body = await request.read()
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _NOT_FORWARDED}
        if "Origin" in headers:
            headers["Origin"] = self._upstream
        if method == "POST" and path == "/api/action":
            async with self.gate.action(context):
                body, advice = self._typed(context, self._on_latest(context, body))
                answer = await self._pass(request, headers, body)
                if advice is not None and answer.status == 200:
                    await self._advise(context, advice)
                return answer.response()
        if method == "POST" and path == "/api/pages":
            async with self.gate.lock:
                answer = await self._pass(request, headers, self._as_member(body))
                await self._handed(answer, headers, None)
            return answer.response()
        if method == "GET" and path == "/api/state":
            async with self.gate.lock:
                with contextlib.suppress(simcord.SetupError):  # an unknown page: the preview says so
                    self.gate.show(context)
                answer = await self._pass(request, headers, body)
                await self._handed(answer, headers, context)
            return answer.response()
        answer = await self._pass(request, headers, body)
        if method == "GET" and path == "/":
            return self._with_script(answer).response()
        return answer.response()

    def _refusal(self, request: web.Request) -> web.Response | None:
        """SimCord's own checks, made here for the door (the preview sees the door's requests, with
        its own Host and Origin): a request naming another host (DNS rebinding) is forbidden, one
        from a page of another origin is not authorised."""
        hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        if request.headers.get("Host", "") not in hosts:
            return web.Response(status=403, text="This page is served to 127.0.0.1 only.")
        origin = request.headers.get("Origin")
        if origin is not None and origin not in {f"http://{host}" for host in hosts} | {"null"}:
            return web.Response(status=401, text="Requests from other sites are refused.")
        return None

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

    def _with_script(self, page: Answer) -> Answer:
        """SimCord's page, with the sandbox's additions loaded before the page's own code."""
        html = page.body.decode("utf-8", errors="replace")
        if page.status != 200 or APP_TAG not in html:
            log.warning("SimCord's page changed: the sandbox's page additions are not loaded")
            return page
        return Answer(page.status, html.replace(APP_TAG, SCRIPT_TAG + APP_TAG, 1).encode(), page.headers)

    def _on_latest(self, context: str | None, body: bytes) -> bytes:
        """A click made on the state the page was just replacing, moved to its latest state when the
        control pressed is unchanged there (`sandbox.controls`)."""
        page = self.preview._pages.get(context or "")
        if page is None:
            return body
        try:
            action = json.loads(body)
        except ValueError:
            return body  # not JSON (a form with uploads): as it is
        if not self._controls.knows(page.id, page.revision) and page.snapshot:
            # published without being read (another member's command republishes every page)
            self._controls.shown(page.id, {**page.snapshot, "publishedRevision": page.revision})
        if isinstance(action, dict) and self._controls.catch_up(page.id, action, page.revision):
            return json.dumps(action).encode()
        return body

    def _typed(self, context: str | None, body: bytes) -> tuple[bytes, str | None]:
        """A message that is a slash command typed whole: the command's action when it parses, else
        the message as it is and what to tell its author (`sandbox.typed`)."""
        page = self.preview._pages.get(context or "")
        try:
            action = json.loads(body)
        except ValueError:
            return body, None
        if page is None or not isinstance(action, dict) or action.get("kind") != "send_message":
            return body, None
        content = action.get("content")
        if not isinstance(content, str) or not is_typed_command(content):
            return body, None
        try:
            command = read_command(content, build_catalog(self.preview, page), self.members)
        except NotReadable as problem:
            return body, how_to_pick(content, str(problem))
        return json.dumps(command.action(action)).encode(), None

    async def _advise(self, context: str | None, advice: str) -> None:
        """The bot answers a typed command it could not read, in the page's channel (the caller
        holds the gate)."""
        page = self.preview._pages.get(context or "")
        channel = None if page is None else self.preview.env.bot.get_channel(page.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            quiet = discord.AllowedMentions.none()
            await channel.send(f"<@{self.member_id}> {advice}", allowed_mentions=quiet)

    def _picture(self, request: web.Request, context: str | None, asset_id: str) -> Picture | None:
        """A picture this page was sent, to a request carrying the preview's secret."""
        if context is None or request.headers.get("X-Simcord-Capability") != self.preview.capability:
            return None
        return self._pictures.get(context, asset_id)

    async def _handed(self, answer: Answer, headers: dict[str, str], context: str | None) -> None:
        """A page is about to get this state (the caller holds the gate): note its controls, and
        fetch its new pictures while they are the ones it shows."""
        if answer.status != 200:
            return
        try:
            state: Any = json.loads(answer.body)
            context = context or state["context"]["id"]
        except (ValueError, TypeError, KeyError):
            return
        if not isinstance(state, dict) or not isinstance(context, str):
            return
        self._controls.shown(context, state)
        shown = png_ids(state)
        fetched: dict[str, Picture] = {}
        asking = {**headers, "X-Simcord-Context": context}
        for asset_id in self._pictures.missing(context, shown):
            async with self.session.get(f"{self._upstream}/api/assets/{asset_id}", headers=asking) as got:
                if got.status == 200:
                    kept = {k: v for k, v in got.headers.items() if k.lower() not in _NOT_FORWARDED}
                    fetched[asset_id] = Picture(await got.read(), kept)
        self._pictures.sent(context, shown, fetched)
        pages = self.preview._pages.keys()
        self._pictures.keep_only(pages)
        self._controls.keep_only(pages)

    async def _pass(self, request: web.Request, headers: dict[str, str], body: bytes) -> Answer:
        async with self.session.request(
            request.method,
            self._upstream + request.rel_url.path_qs,
            headers=headers,
            data=body or None,
            allow_redirects=False,
        ) as answer:
            content = await answer.read()
            kept = {k: v for k, v in answer.headers.items() if k.lower() not in _NOT_FORWARDED}
            return Answer(answer.status, content, kept)
