"""The Discord side of a tournament: its tables' threads, its message (status, standings image,
sign-up buttons) and its news; the sign-up buttons' clicks."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import ui

from bot.errors import UserError
from bot.storage.records import TournamentRecord
from bot.tournament import Bracket, champion, table
from bot.tournaments import TournamentService
from bot.user_text import clean_name
from cogs import ids
from cogs import ui as kit
from cogs.boards import board_picture
from cogs.opening import THREAD_AUTO_ARCHIVE_MINUTES
from cogs.replies import acknowledge, tell
from renderers.leaderboard_board import Board, Row

if TYPE_CHECKING:
    from bot.app import SuperTableBot

log = logging.getLogger(__name__)
STATUS = {
    "signup": "Sign-up open",
    "checkin": "Check-in open",
    "running": "Round {round} of {rounds}",
    "finished": "Finished",
    "cancelled": "Cancelled",
}
COG = "TournamentCommands"


def _service(bot: SuperTableBot) -> TournamentService:
    service = getattr(bot.get_cog(COG), "tournaments", None)
    assert isinstance(service, TournamentService)
    return service


async def tournament_button(
    bot: SuperTableBot, interaction: discord.Interaction, parsed: ids.TournamentAction
) -> None:
    """Join, Leave or Check in: the player is told privately, the sign-up message is refreshed."""
    await acknowledge(interaction)
    service = _service(bot)
    who = interaction.user
    if parsed.action == "join":
        record, bracket = await service.join(parsed.tournament, who.id, clean_name(who.display_name))
        said = "You are signed up. Come back at the start time to check in."
        if record.status == "checkin":
            said = "You are signed up and checked in."
    elif parsed.action == "leave":
        record, bracket = await service.leave(parsed.tournament, who.id)
        said = "You are off the list."
    else:
        record, bracket = await service.check_in(parsed.tournament, who.id)
        said = "You are checked in: your first table opens when the round begins."
    await service.desk.show(record, bracket, "")
    await tell(interaction, said)


class DiscordDesk:
    """The Discord side of a tournament: its tables' threads and its message."""

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot

    async def open_pod(self, record: TournamentRecord, bracket: Bracket, pod: int, seed: int) -> int:
        """A thread in the tournament's channel, the lobby with the pod's players, AI in the empty
        seats (at the tournament's level), started at once."""
        service = self.bot.service
        players = bracket.pods[pod].players
        names = {e.user_id: e.name for e in bracket.entrants}
        seats = max(bracket.pod_size, len(players))
        thread = await self._thread(
            record, f"Tournament #{record.id} · Round {bracket.round} · Table {pod + 1}"
        )
        host = players[0]
        live = await service.create_lobby(
            guild_id=record.guild_id, channel_id=record.channel_id, thread_id=thread.id, host_id=host,
            host_name=names[host], game=record.game, mode=record.mode, options=record.options,
            turn_timer=None, seed=seed if bracket.solo else None,
        )  # fmt: skip
        for user in players[1:]:
            live = await service.join(live.id, user, names[user])
        while len(live.record.seats) < seats:
            live = await service.add_ai(live.id, host)
        message = await thread.send(
            view=kit.lobby_view(live), allowed_mentions=discord.AllowedMentions.none()
        )
        await service.set_message(live.id, message.id)
        await service.start(live.id, host, hostless=True)  # no player may cancel it or kick
        await thread.send(
            f"🏟️ Tournament #{record.id}, round {bracket.round}: "
            + " ".join(f"<@{user}>" for user in players)
            + f", your game is here. It must end <t:{int(service.clock() + record.round_time)}:R>.",
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        return live.id

    async def _thread(self, record: TournamentRecord, name: str) -> discord.Thread:
        """A new public thread in the tournament's channel, or UserError saying why there can be none."""
        try:
            channel = self.bot.get_channel(record.channel_id) or await self.bot.fetch_channel(
                record.channel_id
            )
            if not isinstance(channel, discord.TextChannel):
                raise UserError("the tournament's channel is gone")
            return await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_AUTO_ARCHIVE_MINUTES,
            )
        except discord.NotFound:
            raise UserError("the tournament's channel is gone") from None
        except discord.Forbidden:
            raise UserError("I may no longer create threads in the tournament's channel") from None

    async def show(self, record: TournamentRecord, bracket: Bracket, news: str) -> None:
        """Edit the tournament's message (status, standings image, buttons); post the news."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        view, files = await self.message(record, bracket)
        if record.message_id is not None:
            try:
                await channel.get_partial_message(record.message_id).edit(view=view, attachments=files)
            except discord.HTTPException:
                log.exception("the message of tournament %s could not be edited", record.id)
        if news:
            if record.status == "finished":
                winner = champion(bracket)
                news += f" Champion: <@{winner.user_id}>!" if winner else ""
            try:
                await channel.send(
                    f"**Tournament #{record.id}**: {news}"[:2000],
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            except discord.HTTPException:  # the channel is gone or closed to the bot: the news is lost
                log.exception("the news of tournament %s could not be posted", record.id)

    async def message(
        self, record: TournamentRecord, bracket: Bracket
    ) -> tuple[ui.LayoutView, list[discord.File]]:
        engine = self.bot.service.registry[record.game]
        status = STATUS[record.status].format(round=bracket.round, rounds=bracket.rounds)
        when = f" · next step <t:{int(record.deadline)}:R>" if record.deadline else ""
        head = (
            f"## 🏟️ Tournament #{record.id}: {engine.meta.title} · {engine.meta.mode(record.mode).label}\n"
            f"{bracket.format.title()} · tables of {bracket.pod_size} · {status}{when}\n"
            f"{len(bracket.entrants)} signed up · organised by <@{record.organiser_id}>"
        )
        children: list[ui.Item[ui.LayoutView]] = [ui.TextDisplay(head)]
        files: list[discord.File] = []
        if bracket.round:
            picture = await board_picture(standings_board(record, bracket, engine.meta.title))
            if picture is not None:
                children.append(kit.gallery(picture.filename, picture.alt))
                files.append(picture.file())
        if record.status in ("signup", "checkin"):
            buttons = [
                kit.button("Join", ids.tournament(record.id, "join"), discord.ButtonStyle.success),
                kit.button("Leave", ids.tournament(record.id, "leave")),
            ]
            if record.status == "checkin":
                buttons.append(
                    kit.button("Check in", ids.tournament(record.id, "checkin"), discord.ButtonStyle.primary)
                )
            children.append(ui.ActionRow(*buttons))
        return kit.layout(*children), files


def standings_board(record: TournamentRecord, bracket: Bracket, title: str) -> Board:
    """The standings drawn as a leaderboard page: points and Buchholz, tables played."""
    names = {e.user_id: e for e in bracket.entrants}
    lines = table(bracket)
    played = {e.user_id: len(e.met) for e in bracket.entrants}
    rows = [
        Row(line.rank, names[line.user_id].name + (" (dropped)" if names[line.user_id].dropped else ""),
            f"{line.points:g} · {line.buchholz:g}", played.get(line.user_id, 0), None)
        for line in lines[:10]
    ]  # fmt: skip
    return Board(
        title=f"Tournament #{record.id} · {title}",
        scope=f"Round {bracket.round}" + (f" of {bracket.rounds}" if bracket.format == "swiss" else ""),
        metric="Points · Buchholz",
        rows=rows,
        empty_text="No results yet.",
    )
