"""What each button and select does: lobby, table, hand panel, rules and DM preference."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
import msgspec

from bot.errors import StaleChoice, UserError
from bot.live import LiveTable
from cogs import ids, picks, ui
from cogs.boards import BoardQuery, board_message
from cogs.media import hand_picture
from cogs.opening import open_rematch
from cogs.presenter import TablePresenter
from cogs.replies import NO_DMS, acknowledge, answer, can_manage_threads, tell
from cogs.tournament_desk import tournament_button
from engines.core import Decision
from engines.core.house_rules import rules_pages

if TYPE_CHECKING:
    from bot.app import SuperTableBot
    from bot.service import TableService


class Actions:
    """Routes parsed component ids to the TableService and answers the user."""

    def __init__(self, bot: SuperTableBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    async def route(self, interaction: discord.Interaction, parsed: ids.Parsed, values: list[str]) -> None:
        """Dispatch one click or selection."""
        if isinstance(parsed, ids.Choose):
            await self.choose(interaction, parsed, values)
        elif isinstance(parsed, ids.LobbyAction):
            await self.lobby(interaction, parsed)
        elif isinstance(parsed, ids.TableAction):
            await self.table(interaction, parsed)
        elif isinstance(parsed, ids.RulesPage):
            await self.rules_page(interaction, parsed)
        elif isinstance(parsed, ids.BoardPage):
            await self.board_page(interaction, parsed)
        elif isinstance(parsed, ids.TournamentAction):
            await tournament_button(self.bot, interaction, parsed)
        else:
            await acknowledge(interaction)
            await self.dm_preference(interaction, parsed.on)

    async def board_page(self, interaction: discord.Interaction, parsed: ids.BoardPage) -> None:
        """Another page of a leaderboard, highlighting the clicking player."""
        await interaction.response.defer()
        query = BoardQuery(parsed.game, parsed.mode, parsed.server, parsed.page, parsed.season)
        view, picture = await board_message(self.bot, query, interaction.guild_id, interaction.user.id)
        files = [picture.file()] if picture else []
        await interaction.edit_original_response(view=view, attachments=files)

    # ------------------------------------------------------------------ hand panel

    async def send_panel(self, interaction: discord.Interaction, live: LiveTable, notice: str = "") -> None:
        """A fresh ephemeral hand panel for the clicking player."""
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are watching this game: only seated players have a hand.")
        picture = await hand_picture(self.bot.render_pool, live, seat)
        view = ui.panel_view(live, seat, picture.filename, picture.alt, notice=notice)
        await answer(interaction, view=view, files=[picture.file()])
        self.remember_console(live, interaction)

    async def redraw_panel(
        self,
        interaction: discord.Interaction,
        table_id: int,
        notice: str = "",
        picked: tuple[int, ...] | None = None,
    ) -> None:
        """Edit the panel the player clicked on (ephemeral or DM) to the table's current state."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        live = await self.service.get(table_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise UserError(notice or "You are watching this game: only seated players have a hand.")
        picture = await hand_picture(self.bot.render_pool, live, seat)
        view = ui.panel_view(live, seat, picture.filename, picture.alt, notice=notice, picked=picked)
        await interaction.edit_original_response(view=view, attachments=[picture.file()])
        self.remember_console(live, interaction)

    def remember_console(self, live: LiveTable, interaction: discord.Interaction) -> None:
        """In a real-time game, this panel is the player's live console from now on; a panel with
        nothing to decide is refreshed when the player's turn comes."""
        presenter = self.service.listener
        if isinstance(presenter, TablePresenter):
            presenter.consoles.remember(live, interaction)

    async def choose(self, interaction: discord.Interaction, parsed: ids.Choose, values: list[str]) -> None:
        """A decision answer from a panel."""
        await interaction.response.defer()
        live = await self.service.get(parsed.table_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are watching this game: only seated players can act.")
        shown = picks.question(live.decisions_for(seat), seat, parsed.key)
        decision = next((d for d in shown if d.key == parsed.key), None)
        if not picks.is_split(shown):  # each menu is a question of its own
            shown = [decision] if decision is not None else []
        fresh = decision is not None and _fresh(live, seat, parsed)
        if parsed.select and decision is not None and (decision.max_choices > 1 or decision.whole):
            if not fresh:  # a menu of a question answered, or asked again, since
                await self.redraw_panel(interaction, parsed.table_id, str(StaleChoice(parsed.table_id)))
                return
            before = picks.picks_on(interaction.message, parsed.table_id, parsed.version, shown[0].key)
            picked = picks.merged(shown, parsed.key, values, before)
            await self.redraw_panel(interaction, parsed.table_id, picked=picked)
            return
        if parsed.indices is not None and fresh and decision is not None:
            problem = picks.count_problem(shown, len(parsed.indices))
            if problem and all(i < len(picks.options_of(shown)) for i in parsed.indices):
                await self.redraw_panel(interaction, parsed.table_id, f"⚠️ {problem}", picked=parsed.indices)
                return
        notice = ""
        try:
            choice = _answer(parsed, shown, values)
            await self.service.act(parsed.table_id, interaction.user.id, parsed.version, parsed.key, choice)
        except StaleChoice as exc:
            notice = str(exc)
        except UserError as exc:
            notice = f"⚠️ {exc}"
        await self.redraw_panel(interaction, parsed.table_id, notice)

    # ------------------------------------------------------------------ lobby

    async def lobby(self, interaction: discord.Interaction, parsed: ids.LobbyAction) -> None:
        """Join, Leave, Add AI, Remove AI, Start, Cancel."""
        user = interaction.user
        table_id, action = parsed.table_id, parsed.action
        if action == "join":
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.join(table_id, user.id, user.display_name)
            await self.joined(interaction, live)
        elif action == "leave":
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.get(table_id)
            if live.seat_of(user.id) is not None and not any(
                seat.user_id not in (None, user.id) for seat in live.record.seats
            ):
                await self.ask_to_close(interaction, table_id)
                return
            await self.service.leave(table_id, user.id)
            await tell(interaction, "You left the table.")
        elif action == "leave_yes":
            await interaction.response.defer()
            await self.service.leave(table_id, user.id)
            await interaction.edit_original_response(view=ui.notice_view("You left; the table is closed."))
        elif action == "ai":
            await interaction.response.defer()
            await self.service.add_ai(table_id, user.id)
        elif action == "unai":
            await interaction.response.defer()
            await self.service.remove_ai(table_id, user.id)
        elif action == "start":
            await interaction.response.defer()
            await self.service.start(table_id, user.id)
        else:
            await interaction.response.defer()
            await self.service.cancel(table_id, user.id, can_manage=can_manage_threads(interaction))

    async def ask_to_close(self, interaction: discord.Interaction, table_id: int) -> None:
        """The last person leaving a lobby closes it: asked first."""
        view = ui.offer_view(
            "Nobody else is seated: leaving closes this table. Leave and close it?",
            "Leave and close the table",
            ids.lobby(table_id, "leave_yes"),
        )
        await answer(interaction, view=view)

    async def joined(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The join confirmation, offering turns by DM in one click."""
        text = f"You joined **{live.title}**. "
        if not self.bot.settings.dms:
            await tell(interaction, text + "You will be pinged here when it is your turn.")
            return
        settings = await self.service.storage.user_settings(interaction.user.id)
        if settings.dm:
            await tell(interaction, text + "Your turns will come to your DMs (`/settings dm:off` to stop).")
            return
        view = ui.offer_view(
            text + "Want your turns sent to your DMs instead of pings here?",
            "Send my turns by DM",
            ids.dm(True),
            discord.ButtonStyle.primary,
        )
        await answer(interaction, view=view)

    async def dm_preference(self, interaction: discord.Interaction, on: bool) -> None:
        """Turn DMs on or off for this user."""
        if not self.bot.settings.dms:
            raise UserError(NO_DMS)
        storage = self.service.storage
        current = await storage.user_settings(interaction.user.id)
        await storage.save_user_settings(msgspec.structs.replace(current, dm=on))
        if on:
            await tell(
                interaction,
                "Done: your hand comes to your DMs when it is your turn. `/settings dm:off` undoes it.",
            )
        else:
            await tell(interaction, "Done: you will be pinged in the game's channel.")

    # ------------------------------------------------------------------ table

    async def table(self, interaction: discord.Interaction, parsed: ids.TableAction) -> None:
        """Open my hand, Rules, Forfeit (with confirmation), I'm back, Rematch, Refresh."""
        table_id, action, user = parsed.table_id, parsed.action, interaction.user
        if action == "hand":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.send_panel(interaction, await self.service.get(table_id))
        elif action == "refresh":
            await self.redraw_panel(interaction, table_id)
        elif action == "rules":
            await acknowledge(interaction)
            live = await self.service.get(table_id)
            await self.send_rules(interaction, live.record.game, 0)
        elif action == "forfeit":
            await acknowledge(interaction)
            live = await self.service.get(table_id)
            if live.seat_of(user.id) is None:
                raise UserError("You are watching this game: there is nothing to forfeit.")
            view = ui.offer_view(
                "Really forfeit? The AI finishes your seat and you are ranked last.",
                "Yes, forfeit",
                ids.table(table_id, "forfeit_yes"),
            )
            await answer(interaction, view=view)
        elif action == "forfeit_yes":
            await interaction.response.defer()
            await self.service.forfeit(table_id, user.id)
            await interaction.edit_original_response(
                view=ui.notice_view("You forfeited. Thanks for playing!")
            )
        elif action == "back":
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.back(table_id, user.id)
            await self.send_panel(interaction, live, notice="Welcome back: the seat is yours again.")
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await open_rematch(self.bot, interaction, table_id)

    async def send_rules(self, interaction: discord.Interaction, game: str, page: int) -> None:
        """A rules page, ephemeral."""
        engine = self.service.registry.get(game)
        if engine is None:
            raise UserError("I don't know that game.")
        view = ui.rules_view(game, engine.meta.title, rules_pages(engine.meta), page)
        await answer(interaction, view=view)

    async def rules_page(self, interaction: discord.Interaction, parsed: ids.RulesPage) -> None:
        """Previous/next on a rules message."""
        engine = self.service.registry.get(parsed.game)
        if engine is None:
            raise UserError("I don't know that game.")
        view = ui.rules_view(parsed.game, engine.meta.title, rules_pages(engine.meta), parsed.page)
        await interaction.response.edit_message(view=view)


def _fresh(live: LiveTable, seat: int, parsed: ids.Choose) -> bool:
    """Whether a click was made on the panel of the question open now (not one answered since,
    nor an earlier asking of it)."""
    clock = live.runtime.clock(seat, parsed.key)
    return clock is not None and parsed.version >= clock.since_version


def _answer(parsed: ids.Choose, shown: list[Decision], values: list[str]) -> list[str]:
    """The option ids a click stands for; confirmed indices (over every menu of the question) must
    still fit the open question."""
    if parsed.option is not None:
        return [parsed.option]
    if parsed.indices is None:
        return values
    options = picks.options_of(shown)
    if not shown or any(i >= len(options) for i in parsed.indices):
        raise StaleChoice(parsed.table_id)
    return [options[i].id for i in parsed.indices]
