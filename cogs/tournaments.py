"""/tournament: create a tournament (its sign-up message), and the organiser's drop, extend, cancel."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.lookup import find_game, find_mode
from bot.storage.records import TournamentRecord
from bot.tournament import FORMATS, Bracket
from bot.tournaments import TournamentService
from cogs.commands import parse_options
from cogs.replies import guarded, tell
from cogs.tournament_desk import DiscordDesk

if TYPE_CHECKING:
    from bot.app import SuperTableBot
    from bot.cluster import Cluster

log = logging.getLogger(__name__)


class TournamentCommands(commands.Cog):
    """/tournament: create one, and the organiser's drop, extend and cancel."""

    tournament = app_commands.Group(
        name="tournament", description="Run a tournament of a game", guild_only=True
    )

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot
        self.desk = DiscordDesk(bot)
        self.tournaments = TournamentService(
            bot.service.storage,
            bot.service.clock,
            bot.service.play_out,
            bot.service.forfeit,
            self.desk,
            lambda: bot.service.scheduler.wait_hook,
            owner=getattr(bot.service.storage, "process_id", None),
        )
        bot.service.on_finished = self.tournaments.table_finished
        self._sweeper: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        await self.tournaments.resume()
        cluster = self.bot.cluster
        if cluster is not None:  # other processes create tournaments and may stop mid-change
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep(cluster))

    async def _sweep(self, cluster: Cluster) -> None:
        while True:
            await cluster.wait_hook(asyncio.sleep(cluster.timings.sweep))
            try:
                await self.tournaments.sweep()
            except Exception:
                log.warning("looking for due tournaments failed; trying again", exc_info=True)

    async def cog_unload(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.tournaments.close()

    @tournament.command(
        name="create", description="Open a tournament: players sign up, then play rounds of tables"
    )
    @app_commands.describe(
        game="Which game",
        mode="Which mode (its table size sets the pods)",
        format="swiss: every round by points; knockout: winners go through",
        rounds="Swiss rounds (knockout plays until one is left)",
        round_minutes="Time each round has before the AI plays out unfinished tables",
        start_in_minutes="Sign-up time before check-in opens",
        table_size="Players per table (default: the mode's fewest); the AI fills empty seats",
        options="Table options as name=value (e.g. ai=hard for the AI seats' level)",
    )
    @app_commands.choices(format=[app_commands.Choice(name=f, value=f) for f in FORMATS])
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str,
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 12] = 3,
        round_minutes: app_commands.Range[int, 5, 1440] = 30,
        start_in_minutes: app_commands.Range[int, 1, 10080] = 15,
        table_size: app_commands.Range[int, 1, 8] | None = None,
        options: str | None = None,
    ) -> None:
        async def work() -> None:
            channel = interaction.channel
            if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
                raise UserError("Tournaments run in a server text channel (each table gets a thread).")
            perms = channel.permissions_for(channel.guild.me)
            if not (perms.create_public_threads and perms.send_messages_in_threads and perms.send_messages):
                raise UserError(
                    "Each tournament table gets its own thread: I need Send Messages, Create Public Threads "
                    "and Send Messages in Threads in this channel."
                )
            registry = self.bot.service.registry
            game_id = find_game(registry, game)
            engine = registry[game_id]
            mode_id = find_mode(engine.meta, mode)
            seats = engine.meta.mode(mode_id).seats
            size = table_size or seats.start
            if size not in seats:
                raise UserError(
                    f"{engine.meta.mode(mode_id).label} tables seat {seats.start} to {seats.stop - 1}."
                )
            chosen = parse_options(options)
            self.bot.service.validate_new(game_id, mode_id, chosen, None)
            now = self.bot.service.clock()
            record = TournamentRecord(
                guild_id=interaction.guild_id, channel_id=channel.id, organiser_id=interaction.user.id,
                game=game_id, mode=mode_id, options=chosen, round_time=round_minutes * 60.0,
                starts_at=now + start_in_minutes * 60.0,
            )  # fmt: skip
            bracket = Bracket(format=format.value, rounds=rounds, pod_size=size)
            record = await self.tournaments.create(record, bracket)
            view, files = await self.desk.message(record, bracket)
            message = await channel.send(
                view=view, files=files, allowed_mentions=discord.AllowedMentions.none()
            )

            def remember(stored: TournamentRecord, _: Bracket) -> str:
                stored.message_id = message.id
                return ""

            await self.tournaments.change(record.id, remember)
            await tell(interaction, f"🏟️ Tournament #{record.id} is open for sign-up.")

        await guarded(interaction, work)

    def _organiser(self, interaction: discord.Interaction, record: TournamentRecord) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.user.id != record.organiser_id and not (perms and perms.manage_guild):
            raise UserError("Only the tournament's organiser (or a server manager) can do that.")
        if record.guild_id != interaction.guild_id:
            raise UserError(f"There is no tournament #{record.id} here.")

    @tournament.command(name="drop", description="Organiser: drop a player from a tournament")
    async def drop(self, interaction: discord.Interaction, tournament: int, player: discord.User) -> None:
        async def work() -> None:
            record, _ = await self.tournaments.load(tournament)
            self._organiser(interaction, record)
            await tell(interaction, await self.tournaments.drop_player(tournament, player.id))

        await guarded(interaction, work)

    @tournament.command(name="extend", description="Organiser: give the current round more time")
    async def extend(
        self, interaction: discord.Interaction, tournament: int, minutes: app_commands.Range[int, 1, 1440]
    ) -> None:
        async def work() -> None:
            record, _ = await self.tournaments.load(tournament)
            self._organiser(interaction, record)
            await tell(interaction, await self.tournaments.extend(tournament, minutes))

        await guarded(interaction, work)

    @tournament.command(name="cancel", description="Organiser: cancel a tournament")
    async def cancel(self, interaction: discord.Interaction, tournament: int) -> None:
        async def work() -> None:
            record, _ = await self.tournaments.load(tournament)
            self._organiser(interaction, record)
            await tell(interaction, await self.tournaments.cancel(tournament))

        await guarded(interaction, work)
