"""Slash commands about past games: /leaderboard, /stats, /history, /replay, /server settings."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.limits import MAX_MEMBER_TABLES, MAX_SERVER_TABLES, MEMBER_TABLES, SERVER_TABLES
from bot.lookup import find_game
from bot.ratings import Skill
from bot.replays import load_replay
from bot.storage.records import GLOBAL_SCOPE, GameStats, GuildSettings
from bot.user_text import plain
from cogs.boards import BoardQuery, board_choices, board_message
from cogs.media import replay_files
from cogs.preferences import ON_OFF
from cogs.rate_limits import MemberRate
from cogs.replies import answer, guarded, tell
from cogs.ui import MEDALS

if TYPE_CHECKING:
    from bot.app import SuperTableBot

HISTORY_SIZE = 10
# Per-member rate limits of the commands that draw: (uses, per seconds). A replay draws up to 120
# frames (seconds of work), a leaderboard one picture; its page buttons are not counted.
REPLAY_RATE = (2, 60.0)
BOARD_RATE = (5, 60.0)

SCOPES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="global", value="global"),
]


class RecordsCommands(commands.Cog):
    """Leaderboards, stats, history and replays of finished games."""

    server = app_commands.Group(
        name="server",
        description="SuperTable settings for this server",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot
        self.replays = MemberRate("replay", *REPLAY_RATE)
        self.boards = MemberRate("leaderboard", *BOARD_RATE)

    async def game_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        registry = self.bot.service.registry
        return [
            app_commands.Choice(name=engine.meta.title, value=gid)
            for gid, engine in registry.items()
            if current.lower() in gid or current.lower() in engine.meta.title.lower()
        ][:25]

    async def mode_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = find_game(self.bot.service.registry, str(getattr(interaction.namespace, "game", "") or ""))
        except UserError:
            return []
        engine = self.bot.service.registry[game]
        rated = [
            (mode.id, f"{mode.label} (rating)")
            for mode in engine.meta.modes
            if mode.id in engine.meta.rated_modes
        ]
        return [
            app_commands.Choice(name=label, value=board)
            for board, label in [*rated, *board_choices(engine)]
            if current.lower() in label.lower()
        ][:25]

    @staticmethod
    def _whose(
        interaction: discord.Interaction, user: discord.User | discord.Member | None
    ) -> tuple[discord.abc.User, int]:
        """Whose records to show, and in which scope: a server shows its own games; in DMs people
        see only their own records (everywhere), so nobody reads others' games across servers."""
        who = user or interaction.user
        if interaction.guild_id is None and who.id != interaction.user.id:
            raise UserError("In DMs you can only look at your own records; ask in a server you share.")
        return who, interaction.guild_id or GLOBAL_SCOPE

    def _game_title(self, game: str) -> str:
        engine = self.bot.service.registry.get(game)
        return engine.meta.title if engine else game

    # ------------------------------------------------------------------ leaderboard

    @app_commands.command(name="leaderboard", description="The best players of a game")
    @app_commands.describe(
        game="Which game",
        mode="A co-op or solo mode shows its high scores; versus modes share the game's rating",
        scope="This server (default) or everyone",
        page="Page number",
    )
    @app_commands.autocomplete(game=game_names, mode=mode_names)
    @app_commands.choices(scope=SCOPES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        scope: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1, 9999] = 1,
    ) -> None:
        async def work() -> None:
            server = interaction.guild_id is not None and (scope is None or scope.value == "server")
            query = BoardQuery(game, mode, server, page)
            self.boards.spend(interaction.user.id)
            view, picture = await board_message(self.bot, query, interaction.guild_id, interaction.user.id)
            files = [picture.file()] if picture else []
            await answer(interaction, view=view, files=files)

        await guarded(interaction, work)

    # ------------------------------------------------------------------ stats & history

    @app_commands.command(name="stats", description="A player's record, game by game")
    @app_commands.describe(user="Whose stats (you by default)", game="Only this game")
    @app_commands.autocomplete(game=game_names)
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None, game: str | None = None
    ) -> None:
        async def work() -> None:
            who, scope = self._whose(interaction, user)
            wanted = find_game(self.bot.service.registry, game) if game is not None else None
            found = await self.bot.service.storage.player_stats(who.id, scope)
            if wanted is not None:
                found = [entry for entry in found if entry.game == wanted]
            where = "in this server" if scope else "anywhere"
            if not found:
                raise UserError(f"{plain(who.display_name)} has no finished games {where} yet.")
            lines = [self._stats_line(entry) for entry in found]
            favourite = self._game_title(max(found, key=lambda e: e.games).game)
            heading = f"## 📊 {plain(who.display_name)} ({where})\nFavourite game: **{favourite}**"
            text = heading + "\n" + "\n".join(lines)
            await tell(interaction, text)

        await guarded(interaction, work)

    def _stats_line(self, entry: GameStats) -> str:
        rate = f"{entry.wins / entry.games:.0%}" if entry.games else "–"
        line = f"**{self._game_title(entry.game)}**: {entry.games} games, {entry.wins} wins ({rate})"
        if entry.rating is not None:
            shown = Skill(*entry.rating).shown
            line += f" · rating **{shown:,}** ({entry.trend:+d} over the last games)"
        best = []
        if entry.best_placement:
            best.append(f"best place {MEDALS.get(entry.best_placement, entry.best_placement)}")
        if entry.best_score:
            best.append(f"best score {entry.best_score:g}")
        return line + (f" · {', '.join(best)}" if best else "")

    @app_commands.command(name="history", description="A player's latest games, with ids for /replay")
    @app_commands.describe(user="Whose games (you by default)", game="Only this game")
    @app_commands.autocomplete(game=game_names)
    async def history(
        self, interaction: discord.Interaction, user: discord.User | None = None, game: str | None = None
    ) -> None:
        async def work() -> None:
            who, scope = self._whose(interaction, user)
            wanted = find_game(self.bot.service.registry, game) if game is not None else None
            entries = await self.bot.service.storage.history(who.id, wanted, scope, HISTORY_SIZE)
            if not entries:
                raise UserError(f"{plain(who.display_name)} has no recorded games here yet.")
            lines = []
            for entry in entries:
                when = discord.utils.format_dt(
                    datetime.datetime.fromtimestamp(entry.finished_at, datetime.UTC), "R"
                )
                if entry.status == "finished":
                    place = f"{MEDALS.get(entry.placement, f'#{entry.placement}')} of {entry.players}"
                else:
                    place = "cancelled"
                lines.append(
                    f"`#{entry.table_id}` {self._game_title(entry.game)} · {entry.mode} · {place} · {when}"
                )
            await tell(interaction, f"## 🕑 {plain(who.display_name)}'s latest games\n" + "\n".join(lines))

        await guarded(interaction, work)

    # ------------------------------------------------------------------ replay

    @app_commands.command(name="replay", description="Watch a finished game again (public table only)")
    @app_commands.describe(game_id="The game's number, from /history or its result message")
    async def replay(self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1]) -> None:
        async def work() -> None:
            storage = self.bot.service.storage
            record = await storage.load_table(game_id)
            played = record is not None and any(seat.user_id == interaction.user.id for seat in record.seats)
            if record is None or (record.guild_id != interaction.guild_id and not played):
                raise UserError(f"There is no game #{game_id} here.")
            self.replays.spend(interaction.user.id)
            story = await load_replay(storage, self.bot.service.registry, game_id)
            title = self._game_title(record.game)
            files = await replay_files(story, title)
            # The private acknowledgement is filled first: a follow-up sent before it would fill it.
            await tell(interaction, f"🎞️ Posting the replay of game #{game_id} here, for everyone…")
            await interaction.followup.send(
                f"🎞️ Replay of game #{game_id}: {title}, {len(story.frames)} moments.", files=files
            )

        await guarded(interaction, work)

    # ------------------------------------------------------------------ server settings

    @server.command(name="settings", description="Ratings and leaderboards in this server")
    @app_commands.describe(
        rate_ai="Rate games played against AI seats (for servers that mostly play against the bot)",
        min_games="Games a player needs before appearing on a leaderboard",
        member_tables="Lobbies and tables one member may have open at once",
        server_tables="Lobbies and tables open in this server at once",
    )
    @app_commands.choices(rate_ai=ON_OFF)
    async def server_settings(
        self,
        interaction: discord.Interaction,
        rate_ai: app_commands.Choice[str] | None = None,
        min_games: app_commands.Range[int, 1, 100] | None = None,
        member_tables: app_commands.Range[int, 1, MAX_MEMBER_TABLES] | None = None,
        server_tables: app_commands.Range[int, 1, MAX_SERVER_TABLES] | None = None,
    ) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            if not interaction.permissions.manage_guild:  # Discord hides the command; checked here too
                raise UserError("Only members who may **Manage Server** can see or change these settings.")
            storage = self.bot.service.storage
            current = await storage.guild_settings(interaction.guild_id)
            if any(choice is not None for choice in (rate_ai, min_games, member_tables, server_tables)):
                current = GuildSettings(
                    interaction.guild_id,
                    rate_ai=current.rate_ai if rate_ai is None else rate_ai.value == "on",
                    min_games=current.min_games if min_games is None else min_games,
                    member_tables=member_tables or current.member_tables,
                    server_tables=server_tables or current.server_tables,
                )
                await storage.save_guild_settings(current)
            shown_min = current.min_games or self.bot.settings.leaderboard_min_games
            await tell(
                interaction,
                f"Games against AI are **{'rated' if current.rate_ai else 'not rated'}** here; "
                f"players appear on leaderboards after **{shown_min}** "
                f"{'game' if shown_min == 1 else 'games'}.\n"
                f"A member may have **{current.member_tables or MEMBER_TABLES}** lobbies or tables open "
                f"at once, the server **{current.server_tables or SERVER_TABLES}**.",
            )

        await guarded(interaction, work)
