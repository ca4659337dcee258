"""Slash commands about past games: /leaderboard, /stats, /history, /replay, /server settings."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import discord
import msgspec
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.limits import MAX_MEMBER_TABLES, MAX_SERVER_TABLES, MEMBER_TABLES, SERVER_TABLES
from bot.lookup import find_game
from bot.ratings import Skill, shown
from bot.replays import load_replay
from bot.seasons import LENGTHS, season_of
from bot.storage.records import GLOBAL_SCOPE, GameStats, GuildSettings, SeasonStanding
from bot.user_text import plain
from cogs.boards import BoardQuery, board_choices, board_message, shown_value
from cogs.media import replay_files
from cogs.preferences import ON_OFF
from cogs.rate_limits import MemberRate
from cogs.replies import answer, guarded, tell
from cogs.ui import MEDALS
from engines.core.boards import board_label
from engines.core.words import counted, possessive

if TYPE_CHECKING:
    from bot.app import SuperTableBot

HISTORY_SIZE = 10
SEASON_LINES = 8
# Per-member rate limits of the commands that draw: (uses, per seconds). A replay draws up to 120
# frames (seconds of work), a leaderboard one picture; its page buttons are not counted.
REPLAY_RATE = (2, 60.0)
BOARD_RATE = (5, 60.0)

SCOPES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="global", value="global"),
]
SEASONS = [
    app_commands.Choice(name="current season", value="current"),
    app_commands.Choice(name="previous season", value="previous"),
    app_commands.Choice(name="all time", value="all"),
]
SEASON_LENGTHS = [
    app_commands.Choice(name="a calendar month (UTC)", value="month"),
    app_commands.Choice(name="a quarter (UTC)", value="quarter"),
    app_commands.Choice(name="off", value="off"),
]


def season_summary(settings: GuildSettings) -> str:
    """What a server's season settings mean, in one line."""
    if settings.season not in LENGTHS:
        return "Seasons are **off**: boards count every game since the start."
    where = (
        f"<#{settings.season_channel}>" if settings.season_channel else "no channel yet (set season_channel)"
    )
    role = f" and <@&{settings.champion_role}> goes to each champion" if settings.champion_role else ""
    return (
        f"Seasons last **a {'calendar month' if settings.season == 'month' else 'quarter'}** (UTC); "
        f"the final boards go to {where}{role}."
    )


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
        season="This server's current season (default when it runs seasons), the previous one, or all time",
    )
    @app_commands.autocomplete(game=game_names, mode=mode_names)
    @app_commands.choices(scope=SCOPES, season=SEASONS)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        scope: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1, 9999] = 1,
        season: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            server = interaction.guild_id is not None and (scope is None or scope.value == "server")
            query = BoardQuery(game, mode, server, page, season.value if season else "")
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
            if scope:
                standings = await self.bot.service.storage.player_seasons(who.id, scope, SEASON_LINES)
                standings = [s for s in standings if wanted is None or s.game == wanted]
                if standings:
                    text += "\n### Seasons\n" + "\n".join(self._season_line(s) for s in standings)
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

    def _season_line(self, standing: SeasonStanding) -> str:
        engine = self.bot.service.registry.get(standing.game)
        label = season_of(standing.season).label
        if standing.board and engine is not None:
            board = f"{engine.meta.title} · {board_label(engine.meta, standing.board)}"
            value = f"best {shown_value(standing.value, engine, standing.board)}"
        else:
            board = self._game_title(standing.game)
            value = f"rating {shown(standing.value):,}"
        place = MEDALS.get(standing.rank, f"#{standing.rank}")
        return (
            f"**{label}** · {board}: {place} of {standing.players} · {value} · "
            f"{counted(standing.games, 'game')}, {counted(standing.wins, 'win')}"
        )

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
            heading = f"## 🕑 {plain(possessive(who.display_name))} latest games"
            await tell(interaction, heading + "\n" + "\n".join(lines))

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

    @server.command(
        name="settings", description="Ratings, seasons, takebacks, spectators and table limits in this server"
    )
    @app_commands.describe(
        rate_ai="Rate games played against AI seats (for servers that mostly play against the bot)",
        min_games="Games a player needs before appearing on a leaderboard",
        season="Season boards restarting each calendar month or quarter (UTC), or off",
        season_channel="Where the bot posts each season's final boards and champions",
        champion_role="A role the bot gives each game's season champion (it needs Manage Roles)",
        takebacks="Let players ask to take back their last move (default on; for games started afterwards)",
        live_hands="Let spectators see, one round late, the hands of players who allow it (on by default)",
        member_tables="Lobbies and tables one member may have open at once",
        server_tables="Lobbies and tables open in this server at once",
    )
    @app_commands.choices(rate_ai=ON_OFF, season=SEASON_LENGTHS, takebacks=ON_OFF, live_hands=ON_OFF)
    async def server_settings(
        self,
        interaction: discord.Interaction,
        rate_ai: app_commands.Choice[str] | None = None,
        min_games: app_commands.Range[int, 1, 100] | None = None,
        season: app_commands.Choice[str] | None = None,
        season_channel: discord.TextChannel | None = None,
        champion_role: discord.Role | None = None,
        takebacks: app_commands.Choice[str] | None = None,
        live_hands: app_commands.Choice[str] | None = None,
        member_tables: app_commands.Range[int, 1, MAX_MEMBER_TABLES] | None = None,
        server_tables: app_commands.Range[int, 1, MAX_SERVER_TABLES] | None = None,
    ) -> None:
        async def work() -> None:
            assert interaction.guild_id is not None
            if not interaction.permissions.manage_guild:  # Discord hides the command; checked here too
                raise UserError("Only members who may **Manage Server** can see or change these settings.")
            storage = self.bot.service.storage
            current = await storage.guild_settings(interaction.guild_id)
            changes = {
                "rate_ai": None if rate_ai is None else rate_ai.value == "on",
                "min_games": min_games,
                "season": None if season is None else season.value,
                "season_channel": None if season_channel is None else season_channel.id,
                "champion_role": None if champion_role is None else champion_role.id,
                "takebacks": None if takebacks is None else takebacks.value == "on",
                "live_hands": None if live_hands is None else live_hands.value == "on",
                "member_tables": member_tables,
                "server_tables": server_tables,
            }
            if any(value is not None for value in changes.values()):
                given = {key: value for key, value in changes.items() if value is not None}
                current = msgspec.structs.replace(current, **given)
                await storage.save_guild_settings(current)
            shown_min = current.min_games or self.bot.settings.leaderboard_min_games
            await tell(
                interaction,
                f"Games against AI are **{'rated' if current.rate_ai else 'not rated'}** here; "
                f"players appear on leaderboards after **{shown_min}** "
                f"{'game' if shown_min == 1 else 'games'}; takebacks are "
                f"**{'allowed' if current.takebacks else 'off'}**; spectators "
                f"**{'may' if current.live_hands else 'may not'}** see hands while a game runs.\n"
                f"A member may have **{current.member_tables or MEMBER_TABLES}** lobbies or tables open "
                f"at once, the server **{current.server_tables or SERVER_TABLES}**.\n"
                + season_summary(current),
            )

        await guarded(interaction, work)
