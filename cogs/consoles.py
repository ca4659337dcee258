"""Live consoles for real-time games: each player's open panel is edited through its interaction
token whenever the table changes (a GO!/HOLD! switch, a rival's play), not only when they click.

A token lives 15 minutes, so a console is refreshed for 14 and warns from 12 on that a fresh one
(Open console) keeps it live. Edits are coalesced per console, so a burst of changes is one edit.
When the game ends, each console gets a last edit (the game is over) and is let go.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from bot.coalesce import Coalescer
from bot.errors import UserError
from bot.live import LiveTable
from bot.render_pool import RenderPool
from bot.service import TableService
from cogs import ui
from cogs.media import hand_picture
from cogs.refusals import as_retry

log = logging.getLogger(__name__)
TOKEN_LIFETIME = 14 * 60.0
WARN_AFTER = 12 * 60.0
PING_EVERY = 60.0  # a player with no live console is pinged at most this often
EXPIRING = "⏳ This console stops updating soon: press **Open console** on the table for a fresh one."

Key = tuple[int, int]  # (table id, user id)


@dataclass
class Console:
    """The interaction whose ephemeral message is a player's console, and when it was opened."""

    interaction: discord.Interaction
    opened: float


class Consoles:
    """The open consoles of real-time tables, refreshed on every change; and the hand panels of
    turn-based tables that said "Nothing to decide right now.", refreshed once when their player's
    decision opens."""

    def __init__(self, service: TableService, pool: RenderPool, interval: float) -> None:
        self.service = service
        self.pool = pool
        self._open: dict[int, dict[int, Console]] = {}  # table id -> user id -> console
        self._tables: dict[int, LiveTable] = {}  # the latest table each pending refresh shows
        self._pinged: dict[Key, float] = {}
        self._edits: Coalescer[Key] = Coalescer(self._refresh, interval)

    def remember(self, live: LiveTable, interaction: discord.Interaction) -> None:
        """A player's console of a real-time table (or panel with nothing to decide yet) was just
        sent or clicked: its token is the freshest."""
        seat = live.seat_of(interaction.user.id)
        waiting = seat is not None and not live.decisions_for(seat)
        if (live.engine.meta.live_play or waiting) and live.record.status == "active":
            self._open.setdefault(live.id, {})[interaction.user.id] = Console(
                interaction, self.service.clock()
            )
            self._pinged.pop((live.id, interaction.user.id), None)
            self.service.seen(live, interaction.user.id)

    def showing(self, table_id: int) -> bool:
        """Whether someone has a console of this table open here."""
        return bool(self._open.get(table_id))

    def changed(self, live: LiveTable) -> None:
        """The table changed: refresh every console open on it (coalesced); a closed table's
        consoles get a last refresh, then are let go."""
        consoles = self._open.get(live.id)
        if not consoles:
            self._forget_pings(live)
            return
        self._tables[live.id] = live
        for user_id in consoles:
            self._edits.request((live.id, user_id))

    async def close(self) -> None:
        """At shutdown: stop refreshing consoles (their tokens die with this process anyway)."""
        await self._edits.close(0.0)

    def wants_ping(self, live: LiveTable, user_id: int) -> bool:
        """Whether to ping this player about a new decision: only without a live console, and not
        more than once every PING_EVERY seconds."""
        now = self.service.clock()
        console = self._open.get(live.id, {}).get(user_id)
        if live.engine.meta.live_play and console is not None and now - console.opened < TOKEN_LIFETIME:
            return False
        last = self._pinged.get((live.id, user_id))
        if last is not None and now - last < PING_EVERY:
            return False
        self._pinged[(live.id, user_id)] = now
        return True

    def _forget_pings(self, live: LiveTable) -> None:
        if live.record.status != "active":
            for key in [k for k in self._pinged if k[0] == live.id]:
                del self._pinged[key]

    def _forget(self, table_id: int, user_id: int) -> None:
        consoles = self._open.get(table_id, {})
        consoles.pop(user_id, None)
        if not consoles:
            self._open.pop(table_id, None)
            self._tables.pop(table_id, None)

    async def _refresh(self, key: Key) -> None:
        table_id, user_id = key
        console = self._open.get(table_id, {}).get(user_id)
        live = self._tables.get(table_id)
        if console is None or live is None:
            return
        if live.record.status == "active":
            try:  # as stored: a change that failed half-way is never drawn
                live = await self.service.get(table_id)
            except UserError:
                self._forget(table_id, user_id)
                return
        age = self.service.clock() - console.opened
        seat = live.seat_of(user_id)
        closed = live.record.status != "active"
        retrying = False
        waited = not live.engine.meta.live_play  # a turn-based panel: refreshed once, its turn come
        try:
            if age > TOKEN_LIFETIME or seat is None:
                return
            if waited and not closed and not live.decisions_for(seat):
                waited = False  # still nothing to decide: kept as it is
                return
            picture = await hand_picture(self.pool, live, seat)
            notice = EXPIRING if age > WARN_AFTER and not closed else ""
            now = self.service.clock()
            view = ui.panel_view(live, seat, picture.filename, picture.alt, notice=notice, now=now)
            await console.interaction.edit_original_response(view=view, attachments=[picture.file()])
        except discord.HTTPException as exc:
            retry = as_retry(exc)
            if retry is not None:  # rate limited: edit again after the delay, with the newest state
                retrying = True
                raise retry from exc
            log.info("console of user %s at table %s is gone: %s", user_id, table_id, exc)
            closed = True
        finally:
            if not retrying and (closed or waited or age > TOKEN_LIFETIME or seat is None):
                self._forget(table_id, user_id)
                self._forget_pings(live)
