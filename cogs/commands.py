"""Slash commands: /play, /game ..., /rules, /help, /settings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
import msgspec
from discord import app_commands
from discord.ext import commands

from bot.clock import format_seconds
from bot.errors import UserError
from bot.live import LiveTable
from bot.lookup import find_game, find_mode
from bot.user_text import plain, quoted
from cogs import takebacks, ui, watching
from cogs.actions import Actions
from cogs.deck_books import BOOKS, deck_games
from cogs.decks import deck_choices
from cogs.exports import export_file, export_text, game_export
from cogs.opening import open_table
from cogs.preferences import ON_OFF, SPECTATORS, settings_text
from cogs.replies import NO_DMS, answer, can_manage_threads, guarded, tell
from cogs.shelf import DeckShelf
from engines.core import Engine

if TYPE_CHECKING:
    from bot.app import SuperTableBot

TIMER_CHOICES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        ("30 seconds", 30),
        ("1 minute", 60),
        ("2 minutes", 120),
        ("5 minutes", 300),
        ("10 minutes (default)", 600),
        ("30 minutes", 1800),
        ("1 hour", 3600),
        ("6 hours", 21600),
        ("12 hours", 43200),
        ("24 hours", 86400),
    )
]


def parse_options(text: str | None) -> dict[str, str]:
    """`key=value key2=value2` (commas also separate) into a dict, or UserError. A value may hold
    commas itself (`decks=kc,ld,ga`): a piece without `=` continues the value before it."""
    options: dict[str, str] = {}
    key = ""
    for part in (text or "").replace(",", " , ").split():
        if part == ",":
            continue
        name, sep, value = part.partition("=")
        if not sep and key:
            options[key] += f",{part}"
            continue
        if not sep or not name or not value:
            raise UserError(f"Options look like `name=value`; I could not read {quoted(part)}.")
        key = name.strip().lower()
        options[key] = value.strip()
    return options


class GameCommands(commands.Cog):
    """Everything players type."""

    game = app_commands.Group(name="game", description="The game in this channel or thread", guild_only=True)

    def __init__(self, bot: SuperTableBot, shelf: DeckShelf) -> None:
        self.bot = bot
        self.shelf = shelf
        self.actions = Actions(bot)

    # ------------------------------------------------------------------ autocomplete

    def chosen_id(self, interaction: discord.Interaction) -> str | None:
        """The id of the game already typed into the command being filled in."""
        try:
            return find_game(self.bot.service.registry, str(getattr(interaction.namespace, "game", "") or ""))
        except UserError:
            return None

    def chosen_game(self, interaction: discord.Interaction) -> Engine[Any] | None:
        """The engine of the game already typed into the command being filled in."""
        game_id = self.chosen_id(interaction)
        return self.bot.service.registry[game_id] if game_id is not None else None

    async def game_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        current = current.lower()
        return [
            app_commands.Choice(name=engine.meta.title, value=game_id)
            for game_id, engine in self.bot.service.registry.items()
            if current in game_id or current in engine.meta.title.lower()
        ][:25]

    async def mode_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        engine = self.chosen_game(interaction)
        if engine is None:
            return []
        return [
            app_commands.Choice(name=f"{m.label} ({ui.player_count(m.seats)})", value=m.id)
            for m in engine.meta.modes
            if current.lower() in m.id or current.lower() in m.label.lower()
        ][:25]

    async def option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        engine = self.chosen_game(interaction)
        if engine is None:
            return []
        try:
            mode = find_mode(engine.meta, str(getattr(interaction.namespace, "mode", "") or ""))
        except UserError:
            mode = engine.meta.modes[0].id  # what /play picks when no mode is given
        return [
            app_commands.Choice(name=f"{o.label}: {choice}"[:100], value=f"{o.id}={choice}")
            for o in engine.meta.options
            if o.applies_to(mode)
            for choice in o.choices
            if current.lower() in f"{o.id}={choice}".lower()
        ][:25]

    async def deck_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.shelf, interaction.user.id, current, self.chosen_id(interaction))

    # ------------------------------------------------------------------ /play

    @app_commands.command(name="play", description="Open a table for a game in this channel")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game",
        mode="How to play it (defaults to the first mode)",
        turn_timer="Time each player has per decision",
        options="Variants, as name=value",
        deck="Smash Masters or Letopsulle: one of your decks for this game, from /deck",
    )
    @app_commands.choices(turn_timer=TIMER_CHOICES)
    @app_commands.autocomplete(game=game_names, mode=mode_names, options=option_names, deck=deck_names)
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        turn_timer: app_commands.Choice[int] | None = None,
        options: str | None = None,
        deck: str | None = None,
    ) -> None:
        async def work() -> None:
            game_id = find_game(self.bot.service.registry, game)
            engine = self.bot.service.registry[game_id]
            if deck is not None and game_id not in BOOKS:
                raise UserError(f"Only {deck_games()} are played with your own decks.")
            chosen = await self.shelf.ready(interaction.user.id, deck, game_id) if deck else None
            live = await open_table(
                self.bot,
                interaction,
                game=game_id,
                mode=find_mode(engine.meta, mode) if mode else engine.meta.modes[0].id,
                options=parse_options(options),
                turn_timer=float(turn_timer.value) if turn_timer else None,
            )
            if chosen is not None:
                await self.bot.service.bring_deck(live.id, interaction.user.id, chosen.name, chosen.cards)

        await guarded(interaction, work)

    # ------------------------------------------------------------------ /game

    async def here(self, interaction: discord.Interaction) -> LiveTable:
        """The live table of the channel or thread the command was used in."""
        table_id = await self.bot.service.storage.live_in(interaction.channel_id or 0)
        if table_id is None:
            raise UserError("There is no game here. Start one with `/play`.")
        return await self.bot.service.get(table_id)

    async def game_here(self, interaction: discord.Interaction) -> int:
        """The id of the running game here, for commands that also take a finished game's number."""
        table_id = await self.bot.service.storage.live_in(interaction.channel_id or 0)
        if table_id is None:
            raise UserError(
                "There is no running game here: give a game's number (from /history or its result)."
            )
        return table_id

    @game.command(name="status", description="Who is playing and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            live = await self.here(interaction)
            seats = "\n".join(ui.seat_line(live, i) for i in range(len(live.record.seats)))
            state = {"lobby": "waiting in the lobby", "active": "in play"}.get(
                live.record.status, live.record.status
            )
            turn = ui.waiting_line(live)
            text = (
                f"## {live.title} · {live.mode_label} — {state}\n{seats}\n"
                f"Turn timer: {format_seconds(live.record.turn_timer)}" + (f"\n{turn}" if turn else "")
            )
            await tell(interaction, text)

        await guarded(interaction, work)

    @game.command(name="forfeit", description="Give up your seat in this game")
    async def forfeit(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            live = await self.here(interaction)
            await self.bot.service.forfeit(live.id, interaction.user.id)
            await tell(interaction, "You forfeited. The AI finishes your seat; thanks for playing!")

        await guarded(interaction, work)

    @game.command(name="kick", description="Remove a player (host or Manage Threads); the AI takes the seat")
    @app_commands.describe(user="Who to remove")
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        async def work() -> None:
            live = await self.here(interaction)
            await self.bot.service.kick(
                live.id, user.id, interaction.user.id, can_manage=can_manage_threads(interaction)
            )
            await tell(interaction, f"{plain(user.display_name)} was removed from the table.")

        await guarded(interaction, work)

    @game.command(name="cancel", description="Cancel the table here (host or Manage Threads)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            live = await self.here(interaction)
            await self.bot.service.cancel(
                live.id, interaction.user.id, can_manage=can_manage_threads(interaction)
            )
            await tell(interaction, "The table was cancelled.")

        await guarded(interaction, work)

    @game.command(name="export", description="A game as a file: finished whole, running as you see it")
    @app_commands.describe(
        game_id="The game's number (from /history or its result); the game here by default"
    )
    async def export(
        self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1] | None = None
    ) -> None:
        async def work() -> None:
            table_id = game_id or await self.game_here(interaction)
            found = await game_export(self.bot, interaction, table_id)
            await answer(interaction, export_text(found), files=[export_file(found)])

        await guarded(interaction, work)

    @game.command(name="watch", description="Watch a game privately: the table, the log, hands players allow")
    @app_commands.describe(
        game_id="A game's number (a finished one shows its hands); the game here by default"
    )
    async def watch(
        self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1] | None = None
    ) -> None:
        async def work() -> None:
            table_id = game_id or await self.game_here(interaction)
            await watching.open_watch(self.bot, interaction, table_id)

        await guarded(interaction, work)

    @game.command(name="takeback", description="Ask to take back your last move (if it revealed nothing)")
    async def takeback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await takebacks.ask(self.bot, interaction, (await self.here(interaction)).id, panel=False)

        await guarded(interaction, work)

    # ------------------------------------------------------------------ help & settings

    @app_commands.command(name="rules", description="How to play a game, in short pages")
    @app_commands.autocomplete(game=game_names)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        registry = self.bot.service.registry
        await guarded(
            interaction, lambda: self.actions.send_rules(interaction, find_game(registry, game), 0), ack=False
        )

    @app_commands.command(name="help", description="What SuperTable can do")
    async def help(self, interaction: discord.Interaction) -> None:
        games = (
            "\n".join(
                f"• **{e.meta.title}** (`{gid}`)"
                + (f": {e.meta.tagline}" if e.meta.tagline else "")
                + f" — modes: {', '.join(m.label for m in e.meta.modes)}"
                for gid, e in self.bot.service.registry.items()
            )
            or "• No games are installed yet."
        )
        text = (
            "## SuperTable\nCard games in your server: open a table, invite friends, "
            "play from your private hand.\n"
            f"### Games\n{games}\n### Commands\n"
            "`/play game mode turn_timer options` open a table (in a new thread)\n"
            "`/game status` · `/game forfeit` · `/game kick @user` · `/game cancel`\n"
            "`/game export` a game as a file · `/game takeback` undo a misclick, if the others allow\n"
            "`/game watch` (or **Watch**) follow a game · `/settings spectators` who sees your hand\n"
            "`/rules game` how to play, and its house rules · "
            "`/deck build` your own deck (Smash Masters, Letopsulle)"
            + (" · `/settings dm:on` get your turns by DM" if self.bot.settings.dms else "")
            + "\n"
            "`/tournament create` a Swiss or knockout tournament, tables in threads\n"
            "`/leaderboard game season` this season or all time · `/stats` your record and seasons · "
            "`/server settings season:month` seasons with champions\n"
            "On the table: **Open my hand** shows your cards and your choices, privately "
            "(in Super Nova Smash!, **Open console** opens a live console that updates itself)."
        )
        await interaction.response.send_message(view=ui.layout(discord.ui.TextDisplay(text)), ephemeral=True)

    @app_commands.command(name="settings", description="Your SuperTable preferences")
    @app_commands.describe(
        dm="Send your hand to your DMs when it is your turn",
        auto_defence="When your time to answer an attack runs out, let the AI defend for you",
        spectators="When people watching your game may see your hand",
    )
    @app_commands.choices(dm=ON_OFF, auto_defence=ON_OFF, spectators=SPECTATORS)
    async def settings(
        self,
        interaction: discord.Interaction,
        dm: app_commands.Choice[str] | None = None,
        auto_defence: app_commands.Choice[str] | None = None,
        spectators: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            dms = self.bot.settings.dms
            if dm is not None and not dms:
                raise UserError(NO_DMS)
            storage = self.bot.service.storage
            current = await storage.user_settings(interaction.user.id)
            wanted = current
            if dm is not None:
                wanted = msgspec.structs.replace(wanted, dm=dm.value == "on")
            if auto_defence is not None:
                wanted = msgspec.structs.replace(wanted, auto_defence=auto_defence.value == "on")
            if spectators is not None:
                wanted = msgspec.structs.replace(wanted, spectators=spectators.value)
            if wanted != current:
                await storage.save_user_settings(wanted)
            await tell(interaction, settings_text(wanted, dms))

        await guarded(interaction, work)
