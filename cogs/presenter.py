"""Shows table changes on Discord: coalesced table edits, pings, DMs, results, archiving.

The TableService hands every saved change to `on_change`, which returns at once: the work
runs in a background task, in order per table, so a click is answered without waiting for
edits, pings or DMs, and one failing step (a closed DM, a deleted message) never skips the next.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any
from weakref import WeakValueDictionary

import discord

from bot.clock import format_seconds
from bot.coalesce import Coalescer
from bot.errors import UserError
from bot.listener import DecisionRef, TableChange
from bot.live import LiveTable
from bot.render_pool import Urgency
from bot.user_text import plain
from cogs import ui
from cogs.consoles import Consoles
from cogs.media import hand_picture, table_picture
from cogs.refusals import DMS_CLOSED, THREAD_ARCHIVED, as_retry, retry_after
from cogs.result_view import result_view

if TYPE_CHECKING:
    from bot.app import SuperTableBot
    from bot.service import TableService

log = logging.getLogger(__name__)
CLICK_IS_RECENT = 3.0  # seconds after a person acted at a table during which its image is urgent
CLOSE_WAIT = 3.0  # seconds pending table edits may take at shutdown, before the connection closes
QUIET = discord.AllowedMentions.none()
CANCELLED = "This table was cancelled."
RESUMED = "♻️ SuperTable restarted; this game carries on where it left off."
PING = discord.AllowedMentions(users=True)


class TablePresenter:
    """The TableService's listener on Discord."""

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot
        self.table_edits: Coalescer[int] = Coalescer(self.refresh_table, bot.settings.table_edit_interval)
        self._order: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._tasks: set[asyncio.Task[None]] = set()
        self._dm_failed: set[tuple[int, int]] = set()
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id, so a DM costs one request
        self._archives: dict[int, asyncio.TimerHandle] = {}
        self.consoles = Consoles(bot.service, bot.render_pool, bot.settings.console_edit_interval)
        self._clicked: dict[int, float] = {}  # table id -> when a person last acted there
        self._closing: dict[int, str] = {}  # table id -> the note its message closes with
        self._closed = False  # shutting down: changes are no longer shown

    @property
    def service(self) -> TableService:
        return self.bot.service

    async def on_change(self, change: TableChange) -> None:
        """Queue one saved change for display (returns at once; order kept per table). The table
        edit is asked for at once, so pings and DMs queued before it never hold it back."""
        if self._closed:
            return
        if change.kind == "remote":
            self.show_remote(change.table_id)
            return
        if change.kind in ("started", "step", "finished", "resumed"):
            if change.by_person:
                self._clicked[change.table_id] = asyncio.get_running_loop().time()
            self.table_edits.request(change.table_id)
        lock = self._order.get(change.table_id)
        if lock is None:
            lock = self._order[change.table_id] = asyncio.Lock()
        self._spawn(self._in_order(lock, change))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run presentation work in the background (cancelled at shutdown)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def show_remote(self, table_id: int) -> None:
        """Another process changed the table: edit its message if it is ours, and refresh the
        consoles opened here (their clicks came to this process)."""
        if self.service.coordinator.owns_message(table_id):
            self.table_edits.request(table_id)
        if self.consoles.showing(table_id):
            self._spawn(self._refresh_consoles(table_id))

    async def _refresh_consoles(self, table_id: int) -> None:
        try:
            self.consoles.changed(await self.service.get(table_id))
        except UserError:
            return

    async def _in_order(self, lock: asyncio.Lock, change: TableChange) -> None:
        async with lock:
            try:
                live = await self.service.get(change.table_id)
            except UserError:
                return
            await self.show(live, change)

    async def show(self, live: LiveTable, change: TableChange) -> None:
        """Every visible consequence of a change, each step on its own."""
        if change.kind == "lobby":
            self.table_edits.request(live.id)
        elif change.kind == "cancelled":
            reason = change.notes[0] if change.notes else CANCELLED
            self._closing[live.id] = f"🛑 {reason}"
            self.table_edits.request(live.id)
            await self.table_edits.flush(live.id)
            self.consoles.changed(live)
            self.finish(live)
        elif change.kind == "resumed":
            if not await self.service.coordinator.edits_message(live.id):
                return  # another process shows this table
            note = "\n".join([RESUMED, *change.notes])  # and whose last click the stop cut off
            await _safely(self.say(live, note), "note")
        else:
            self.consoles.changed(live)
            if change.kind == "started" and live.engine.meta.live_play:
                await self.table_edits.flush(live.id)  # the race starts once its table is there
                await _safely(self.service.shown(live.id), "starting the game clock")
            await _safely(self.notify(live, change), "notifications")
            if change.kind == "finished":
                await self.table_edits.flush(live.id)
                await _safely(self.post_result(live), "result")
                self.finish(live)

    async def close(self) -> None:
        """At shutdown, before the HTTP session closes: let pending table edits finish for a moment,
        then cancel them and everything else still being shown."""
        self._closed = True
        await self.table_edits.close(CLOSE_WAIT)
        await self.consoles.close()
        for handle in self._archives.values():
            handle.cancel()
        self._archives.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def finish(self, live: LiveTable) -> None:
        """A closed table: archive its thread later and free its memory."""
        if live.record.thread_id is not None:
            self.schedule_archive(live.record.thread_id)
        self.service.evict(live.id)

    # ------------------------------------------------------------------ messages

    def channel(self, live: LiveTable) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(live.record.place_id, guild_id=live.record.guild_id)

    async def edit_table_message(self, live: LiveTable, fields: Callable[[], dict[str, Any]]) -> None:
        """Edit the lobby or table message; in a thread Discord archived meanwhile (it refuses edits
        there), the thread is reopened and the edit made again. `fields` makes fresh arguments for
        each attempt (a file can be sent only once)."""
        assert live.record.message_id is not None
        message = self.channel(live).get_partial_message(live.record.message_id)
        try:
            await message.edit(**fields())
        except discord.HTTPException as exc:
            thread_id = live.record.thread_id
            if exc.code != THREAD_ARCHIVED or thread_id is None:
                raise
            await self.bot.http.edit_channel(thread_id, archived=False, reason="a table in it changed")
            await message.edit(**fields())

    async def refresh_table(self, table_id: int) -> None:
        """Draw the latest state into the table message, run through the coalescer: the lobby, the
        table with its image, or the closed note of a cancelled table. One place edits the message,
        so edits never overtake each other, and a rate-limited one is made again."""
        if not await self.service.coordinator.edits_message(table_id):
            return  # another process owns this table's message; our change reaches it as a notice
        try:
            live = await self.service.get(table_id)
        except UserError:
            return
        closing = None
        if live.record.status == "cancelled":  # closed here, or in another process (a plain note)
            closing = self._closing.pop(table_id, None) or f"🛑 {CANCELLED}"
        if live.record.message_id is None:
            if closing is None:
                await self.repost(live)
            return
        fields = await self.message_fields(live, closing)
        if not self.service.coordinator.owns_message(table_id):
            return  # paused while drawing: its heartbeats lapsed, another process may own it now
        try:
            await self.edit_table_message(live, fields)
        except discord.NotFound:
            if closing is None:
                await self.repost(live)
        except discord.HTTPException as exc:
            if closing is not None:
                self._closing[table_id] = closing  # the closed note is made again after the delay
            retry = as_retry(exc)
            if retry is None:
                raise
            raise retry from exc  # the coalescer edits again, with the newest state, after the delay

    async def message_fields(self, live: LiveTable, closing: str | None) -> Callable[[], dict[str, Any]]:
        """What the table message shows now, as fresh edit arguments for each attempt."""
        if closing is not None:
            closed = ui.closed_lobby_view(live, closing)
            return lambda: {"view": closed, "attachments": []}
        if live.record.status == "lobby":
            lobby = ui.lobby_view(live)
            return lambda: {"view": lobby, "allowed_mentions": QUIET}
        clicked = self._clicked.pop(live.id, None)
        recent = clicked is not None and asyncio.get_running_loop().time() - clicked < CLICK_IS_RECENT
        urgency = Urgency.CLICKED if recent else Urgency.BACKGROUND
        picture = await table_picture(self.bot.render_pool, live, urgency)
        view = ui.table_view(live, picture.filename, picture.alt)
        return lambda: {"view": view, "attachments": [picture.file()], "allowed_mentions": QUIET}

    async def repost(self, live: LiveTable) -> None:
        """Post a new table (or lobby) message when the old one is gone."""
        if live.record.status == "lobby":
            message = await self.channel(live).send(view=ui.lobby_view(live), allowed_mentions=QUIET)
        else:
            picture = await table_picture(self.bot.render_pool, live, Urgency.CLICKED)
            view = ui.table_view(live, picture.filename, picture.alt)
            message = await self.channel(live).send(view=view, file=picture.file(), allowed_mentions=QUIET)
        await self.service.set_message(live.id, message.id)

    async def post_result(self, live: LiveTable) -> None:
        """The result message."""
        result = await self.service.storage.result(live.id)
        if result is not None:
            await self.channel(live).send(view=result_view(live, result), allowed_mentions=QUIET)

    def schedule_archive(self, thread_id: int) -> None:
        """Archive the thread after THREAD_ARCHIVE_AFTER unless a new game started there."""
        old = self._archives.pop(thread_id, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        delay = self.bot.settings.thread_archive_after
        self._archives[thread_id] = loop.call_later(delay, self._start_archive, thread_id)

    def _start_archive(self, thread_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._archive(thread_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _archive(self, thread_id: int) -> None:
        self._archives.pop(thread_id, None)
        if await self.service.storage.live_in(thread_id) is not None:
            return
        try:
            thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except discord.HTTPException:
            log.info("could not archive thread %s", thread_id)

    # ------------------------------------------------------------------ people

    async def notify(self, live: LiveTable, change: TableChange) -> None:
        """Post notes (timeouts, away, forfeits), ping or DM whoever must decide, warn the slow."""
        if change.notes:
            await self.say(live, "\n".join(f"ℹ️ {plain(note)}" for note in change.notes), mentions=False)
        channel_pings: list[DecisionRef] = []
        if live.engine.meta.live_play:  # consoles refresh themselves: ping only players without one
            first: dict[int, DecisionRef] = {}
            for ref in change.opened:
                first.setdefault(ref.user_id, ref)
            channel_pings = [ref for ref in first.values() if self.consoles.wants_ping(live, ref.user_id)]
        else:  # once when a turn opens; its next steps go to the panel the player is using
            turns: dict[int, DecisionRef] = {}
            for ref in change.opened:
                if ref.new_turn:
                    turns.setdefault(ref.user_id, ref)
            for ref in turns.values():
                if not await self.dm_panel(live, ref):
                    channel_pings.append(ref)
        if channel_pings:
            await self.say(live, ping_text(live, channel_pings))
        warned = [live.record.seats[s].user_id for s in change.warnings if 0 <= s < len(live.record.seats)]
        if any(warned):
            timer = live.idle_timer() if live.engine.meta.live_play else live.record.turn_timer
            left = format_seconds(timer * 0.25)
            users = " ".join(f"<@{u}>" for u in warned if u)
            if live.engine.meta.live_play:
                warning = f"you have not played for a while: in about {left} the AI takes over your seat."
            else:
                warning = f"about {left} left to decide, then the AI chooses for you."
            await self.say(live, f"⏰ {users}: {warning}")

    async def say(self, live: LiveTable, text: str, *, mentions: bool = True) -> None:
        """A short message in the table's channel, pinging only users named in it (if mentions)."""
        await self.channel(live).send(text[:2000], allowed_mentions=PING if mentions else QUIET)

    async def dm_panel(self, live: LiveTable, ref: DecisionRef) -> bool:
        """Send the hand panel by DM to players who opted in; False when a channel ping is needed."""
        if not self.bot.settings.dms:
            return False
        settings = await self.service.storage.user_settings(ref.user_id)
        if not settings.dm or (live.id, ref.user_id) in self._dm_failed:
            return False
        try:
            picture = await hand_picture(self.bot.render_pool, live, ref.seat)
            deadline = timed(live).get((ref.seat, ref.key))
            notice = f"Your turn at {live.title}."
            if deadline is not None:  # a question asked out of turn, which the game times (a defence)
                notice = f"Answer now at {live.title}: time runs out <t:{int(deadline)}:R>."
            view = ui.panel_view(live, ref.seat, picture.filename, picture.alt, notice=notice)
            channel = await self.dm_channel(ref.user_id)
            await channel.send(view=view, file=picture.file())
        except discord.HTTPException as exc:
            if retry_after(exc) is not None:  # rate limited: a ping in the channel this once
                log.info("DM to %s rate limited; pinging in the channel instead", ref.user_id)
                return False
            self._dm_failed.add((live.id, ref.user_id))
            reason = "they are closed" if getattr(exc, "code", 0) == DMS_CLOSED else "Discord refused it"
            await self.say(
                live,
                f"<@{ref.user_id}>, I can't send you DMs ({reason}), so I'll ping you here for this game. "
                "Allow direct messages from server members, or use `/settings dm:off`.",
            )
            return False
        return True

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: opened once, then known by id (no user look-up per turn)."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel = await self.bot.create_dm(discord.Object(user_id))
            channel_id = self._dm_channels[user_id] = channel.id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)


def timed(live: LiveTable) -> dict[tuple[int, str], float]:
    """The open decisions the game times itself (a defence asked on another player's turn), by
    seat and key: when each runs out."""
    return {(d.seat, d.key): d.deadline for d in live.decisions() if d.deadline is not None}


def ping_text(live: LiveTable, refs: list[DecisionRef]) -> str:
    """The channel ping of players whose decision opened: their question, and for one the game
    times (a defence asked out of turn: seconds, not the turn timer) when it runs out."""
    deadlines = timed(live)
    lines: dict[str, list[str]] = {}
    for ref in refs:
        deadline = deadlines.get((ref.seat, ref.key))
        if deadline is None or live.engine.meta.live_play:
            line = f"your turn — {plain(ref.prompt)}"
        else:
            line = f"{plain(ref.prompt)} ⏱️ time runs out <t:{int(deadline)}:R>"
        lines.setdefault(line, []).append(f"<@{ref.user_id}>")
    text = "\n".join(f"{' '.join(users)}: {line}" for line, users in lines.items())
    return text + f"\n-# Press **{ui.hand_label(live)}** on the table to play."


async def _safely(work: Awaitable[None], what: str) -> None:
    """Run one presentation step; a Discord error is logged and the next steps still run."""
    try:
        await work
    except discord.HTTPException as exc:
        log.warning("%s failed: %s", what, exc)
    except Exception:
        log.exception("%s failed", what)
