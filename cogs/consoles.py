"""Live consoles for real-time games: each player's open hand panel is edited through its interaction
token whenever the table changes (a GO!/HOLD! switch, a rival's play), not only when they click.

A token lives 15 minutes, so a console is refreshed for 14 and warns from 12 on that a fresh one
(Open console) keeps it live. Edits are coalesced per console, so a burst of changes is one edit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from bot.coalesce import Coalescer
from bot.errors import UserError
from bot.live import LiveTable
from bot.service import TableService
from cogs import ui
from cogs.media import hand_picture

log = logging.getLogger(__name__)
TOKEN_LIFETIME = 14 * 60.0
WARN_AFTER = 12 * 60.0
EXPIRING = "⏳ This console stops updating soon: press **Open console** on the table for a fresh one."

Key = tuple[int, int]  # (table id, user id)


@dataclass
class Console:
    """The interaction whose ephemeral message is a player's console, and when it was opened."""

    interaction: discord.Interaction
    opened: float


class Consoles:
    """The open consoles of real-time tables, refreshed on every change."""

    def __init__(self, service: TableService, interval: float) -> None:
        self.service = service
        self._open: dict[Key, Console] = {}
        self._edits: Coalescer[Key] = Coalescer(self._refresh, interval)

    def remember(self, live: LiveTable, interaction: discord.Interaction) -> None:
        """A player's console of a real-time table was just sent or clicked: its token is the freshest."""
        if live.engine.meta.live_play:
            self._open[(live.id, interaction.user.id)] = Console(interaction, self.service.clock())

    def changed(self, live: LiveTable) -> None:
        """The table changed: refresh every console open on it (coalesced)."""
        for key in [k for k in self._open if k[0] == live.id]:
            if live.record.status != "active":
                self._open.pop(key, None)
            else:
                self._edits.request(key)

    async def _refresh(self, key: Key) -> None:
        console = self._open.get(key)
        if console is None:
            return
        age = self.service.clock() - console.opened
        if age > TOKEN_LIFETIME:
            self._open.pop(key, None)
            return
        try:
            live = await self.service.get(key[0])
        except UserError:
            self._open.pop(key, None)
            return
        seat = live.seat_of(key[1])
        if seat is None:
            self._open.pop(key, None)
            return
        picture = await hand_picture(live, seat)
        notice = EXPIRING if age > WARN_AFTER else ""
        view = ui.panel_view(live, seat, picture.filename, picture.alt, notice=notice)
        try:
            await console.interaction.edit_original_response(view=view, attachments=[picture.file()])
        except discord.HTTPException as exc:
            log.info("console of user %s at table %s is gone: %s", key[1], key[0], exc)
            self._open.pop(key, None)
