"""Watching a game: the Watch button on the table and `/game watch` open a private spectator
panel (the table, whose turn it is, the latest log, and the hands their players let spectators
see), redrawn by its Refresh button. The rules of who sees what are bot/watching.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from bot.errors import UserError
from bot.live import LiveTable
from bot.render_pool import Urgency
from bot.user_text import plain
from bot.watching import AFTER, HIDDEN, LIVE, HandRule, check_watcher, shown_view, spectator_rules
from cogs import watch_ids
from cogs.cards_ids import cards_button
from cogs.components import RawIdButton
from cogs.media import Picture, table_picture
from cogs.replies import answer, can_see_channel, guarded
from cogs.ui import button, gallery, layout, waiting_line
from renderers.sheets import has_sheet

if TYPE_CHECKING:
    from bot.app import SuperTableBot

LOG_SHOWN = 6
HIDDEN_WHY = {
    HIDDEN: "hidden (they keep it to themselves)",
    AFTER: "shown once the game is over",
    LIVE: "shown one round late, from their second turn",
}


async def _hand(bot: SuperTableBot, live: LiveTable, rule: HandRule) -> Picture | None:
    """A seat's hand as a spectator may see it now, or None (hidden, or not yet)."""
    view = await shown_view(live, bot.service.storage, rule)
    if view is None:
        return None
    image = await bot.render_pool.render("hand", live.record.game, view, Urgency.WAITED_ON)
    late = " one round ago" if rule.shows == LIVE else ""
    return Picture(image.png, f"watch-{live.id}-{rule.seat}.png", f"{rule.name}'s hand{late}: {image.alt}")


async def spectator_panel(bot: SuperTableBot, live: LiveTable) -> tuple[ui.LayoutView, list[Picture]]:
    """The spectator panel of a table as it is now, with its images."""
    rules = await spectator_rules(live, bot.service.storage)
    table = await table_picture(bot.render_pool, live, Urgency.WAITED_ON)
    status = {"finished": " — 🏁 game over", "cancelled": " — 🛑 cancelled"}.get(live.record.status, "")
    parts: list[ui.Item[ui.LayoutView]] = [
        ui.TextDisplay(f"## 👀 Watching · {live.title} · {live.mode_label}{status}"),
        gallery(table.filename, table.alt),
    ]
    turn = waiting_line(live)
    if turn and live.record.status == "active":
        parts.append(ui.TextDisplay(turn))
    if live.runtime.log:
        parts.append(ui.TextDisplay("\n".join(f"-# {plain(line)}" for line in live.runtime.log[-LOG_SHOWN:])))
    pictures = [table]
    hidden = []
    for rule in rules:
        picture = await _hand(bot, live, rule)
        if picture is None:
            hidden.append(f"{plain(rule.name)}: {HIDDEN_WHY.get(rule.shows, HIDDEN_WHY[LIVE])}")
            continue
        pictures.append(picture)
        parts.append(gallery(picture.filename, picture.alt))
    if hidden:
        parts.append(ui.TextDisplay("**Hands** · " + " · ".join(hidden)))
    row = [button("Refresh", watch_ids.watch_id(live.id, "refresh"), emoji="🔄")]
    if live.record.status in ("active", "finished") and has_sheet(live.record.game):
        row.append(cards_button(live.id))
    parts.append(ui.ActionRow(*row))
    return layout(*parts), pictures


def shows_live_hand(view_pictures: list[Picture]) -> bool:
    """Whether a panel shows any hand (beyond the table image)."""
    return len(view_pictures) > 1


async def open_watch(bot: SuperTableBot, interaction: discord.Interaction, table_id: int) -> None:
    """Send (or, from a Refresh, redraw) the spectator panel of a table for the clicking member."""
    live = await bot.service.get(table_id)
    if live.record.guild_id != interaction.guild_id or not can_see_channel(
        interaction, live.record.channel_id
    ):
        raise UserError(f"There is no game #{table_id} here.")
    check_watcher(live, interaction.user.id)
    if live.record.status == "lobby":
        raise UserError("This game has not started yet: join it, or watch once it starts.")
    view, pictures = await spectator_panel(bot, live)
    running_hands = live.record.status == "active" and shows_live_hand(pictures)
    await bot.service.watch(table_id, interaction.user.id, running_hands)
    files = [p.file() for p in pictures]
    if interaction.response.type == discord.InteractionResponseType.deferred_message_update:
        await interaction.edit_original_response(view=view, attachments=files)
    else:
        await answer(interaction, view=view, files=files)


class WatchButton(RawIdButton, template=watch_ids.PATTERN):
    """Watch on the table message, Refresh on a spectator panel."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client

        async def work() -> None:
            table_id, action = watch_ids.parse(self.raw_id)
            if action == "refresh":
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            await open_watch(bot, interaction, table_id)

        await guarded(interaction, work, ack=False)
