"""The end of a season on Discord: the final boards and champions posted in the server's chosen
channel, and the champion role given when the server set one and the bot may manage it."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.season_watch import SeasonWatch
from bot.seasons import season_of
from bot.storage.records import GuildSettings
from cogs.boards import BoardQuery, board_picture, load_board
from cogs.media import Picture
from engines.core.boards import board_label

if TYPE_CHECKING:
    from bot.app import SuperTableBot

log = logging.getLogger(__name__)
MAX_BOARDS = 10  # attachments on one message


@dataclass(frozen=True)
class Champion:
    """The winner of one season board."""

    user_id: int
    name: str
    board: str  # "High Card" or "Super Nova Smash! · Solo"
    value: str


class SeasonPosts(commands.Cog):
    """Watches for ended seasons and posts them."""

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot
        owner = getattr(bot.service.storage, "process_id", None) or f"supertable-{uuid.uuid4().hex[:12]}"
        self.watch = SeasonWatch(
            bot.service.storage, bot.service.clock, self.post, owner, lambda: bot.service.scheduler.wait_hook
        )

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        self.watch.start()

    async def cog_unload(self) -> None:
        await self.watch.stop()

    async def post(self, guild_id: int, key: str) -> None:
        """Post a finished season's boards and champions (nothing to post without a channel)."""
        settings = await self.bot.service.storage.guild_settings(guild_id)
        if settings.season_channel is None:
            log.info("season %s of server %s ended; it chose no channel for the post", key, guild_id)
            return
        season = season_of(key)
        champions: list[Champion] = []
        pictures: list[Picture] = []
        for game, board in await self.bot.service.storage.season_boards(guild_id, key):
            engine = self.bot.service.registry.get(game)
            if engine is None:
                continue
            query = BoardQuery(game, board or None, True, 1, "all")
            found, _, stored = await load_board(self.bot, query, guild_id, viewer=0, season=season)
            if not found.rows:
                continue
            top = found.rows[0]
            title = engine.meta.title + (f" · {board_label(engine.meta, board)}" if board else "")
            champions.append(Champion(stored[0].user_id, top.name, title, top.value))
            picture = await board_picture(found) if len(pictures) < MAX_BOARDS else None
            if picture is not None:  # every champion is named; the first boards are shown
                pictures.append(picture)
        lines = [f"## 🏆 The {season.label} season is over"]
        if not champions:
            lines.append("Nobody played enough games to be ranked this season.")
        lines += [f"**{c.board}**: 🥇 <@{c.user_id}> ({c.value})" for c in champions]
        if champions and settings.champion_role is not None:
            lines.append(await self._crown(guild_id, settings, champions))
        lines.append("A new season starts now: every board begins again from a soft reset.")
        try:
            channel = self.bot.get_channel(settings.season_channel) or await self.bot.fetch_channel(
                settings.season_channel
            )
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(
                    "\n".join(lines)[:2000],
                    files=[picture.file() for picture in pictures],
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        except (discord.NotFound, discord.Forbidden):  # posting again would fail the same way
            pass
        log.warning("season %s of server %s ended; its channel is gone or closed to me", key, guild_id)

    async def _crown(self, guild_id: int, settings: GuildSettings, champions: list[Champion]) -> str:
        """Give the champion role; the sentence saying what happened."""
        guild = self.bot.get_guild(guild_id)
        role = guild.get_role(settings.champion_role or 0) if guild is not None else None
        if guild is None or role is None:
            return "⚠️ The champion role set for this server is gone: choose another in /server settings."
        me = guild.me
        if me is None or not me.guild_permissions.manage_roles or role >= me.top_role:
            return (
                f"⚠️ I could not give {role.mention}: I need the Manage Roles permission and a role of "
                "mine placed above it (Server Settings → Roles)."
            )
        given = []
        for user_id in dict.fromkeys(c.user_id for c in champions):
            try:
                member = guild.get_member(user_id) or await guild.fetch_member(user_id)
                await member.add_roles(role, reason="SuperTable season champion")
                given.append(f"<@{user_id}>")
            except discord.NotFound:
                continue  # the champion left the server
            except discord.HTTPException:
                return f"⚠️ Discord refused to give {role.mention}; check my Manage Roles permission."
        return f"{role.mention} goes to " + ", ".join(given) + "." if given else ""
