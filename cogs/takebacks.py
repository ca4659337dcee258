"""Taking back a misclick on Discord: the Take back button on a player's panel and
`/game takeback`, the question to the other people on the table (Allow / Refuse; silence is a no),
and their answers. The rules are the TableService's (bot/takebacks.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from bot.errors import UserError
from bot.live import LiveTable
from bot.takebacks import TAKEBACK_WAIT
from bot.user_text import clean_name, plain
from cogs import takeback_ids
from cogs.components import RawIdButton, actions_of
from cogs.replies import guarded, tell
from cogs.ui import button, layout

if TYPE_CHECKING:
    from bot.app import SuperTableBot

GRANTED = "↩️ Your last move is taken back: choose again."
ASKED = f"↩️ The other players are asked on the table; no answer within {TAKEBACK_WAIT:.0f} s is a no."


def question_view(live: LiveTable, status: str = "") -> ui.LayoutView:
    """The question on the table: who asks, who must answer, Allow and Refuse (none once decided)."""
    question = live.runtime.takeback_ask
    if question is None:
        return layout(ui.TextDisplay(status or "↩️ This takeback question is closed."), accent=None)
    asker = live.record.seats[question.seat].user_id
    waiting = " ".join(f"<@{live.record.seats[s].user_id}>" for s in question.waiting)
    text = (
        f"↩️ <@{asker}> asks to take back their last move. {waiting}: do you allow it? "
        f"No answer within {TAKEBACK_WAIT:.0f} s counts as no."
    )
    if question.agreed:
        text += "\n-# Allowed by " + ", ".join(plain(live.seat_name(s)) for s in question.agreed) + "."
    row = ui.ActionRow(
        button("Allow", takeback_ids.answer(live.id, question.version, True), discord.ButtonStyle.success),
        button("Refuse", takeback_ids.answer(live.id, question.version, False), discord.ButtonStyle.danger),
    )
    return layout(ui.TextDisplay(text), row)


async def ask(bot: SuperTableBot, interaction: discord.Interaction, table_id: int, *, panel: bool) -> None:
    """A player asks: granted at once with no other person at the table, else the question goes up
    on the table. From a panel the panel is redrawn with the news; from a command, told."""
    if panel:
        await interaction.response.defer()
    at_once = await bot.service.take_back(table_id, interaction.user.id)
    live = await bot.service.get(table_id)
    if not at_once:
        place = bot.get_partial_messageable(live.record.place_id, guild_id=live.record.guild_id)
        await place.send(
            view=question_view(live), allowed_mentions=discord.AllowedMentions(users=True, everyone=False)
        )
    news = GRANTED if at_once else ASKED
    if panel:
        await actions_of(interaction).redraw_panel(interaction, table_id, news)
    else:
        await tell(interaction, news)


async def answer(
    bot: SuperTableBot, interaction: discord.Interaction, parsed: takeback_ids.TakebackId
) -> None:
    """Allow or Refuse, pressed on the question: the question shows the answer."""
    assert parsed.version is not None
    await interaction.response.defer()
    try:
        outcome = await bot.service.answer_takeback(
            parsed.table_id, interaction.user.id, parsed.version, parsed.yes
        )
    except UserError:
        live = await bot.service.get(parsed.table_id)
        question = live.runtime.takeback_ask
        if question is None or question.version != parsed.version:  # closed: its buttons go too
            await interaction.edit_original_response(view=question_view(live))
        raise
    live = await bot.service.get(parsed.table_id)
    who = plain(clean_name(interaction.user.display_name))
    closing = {
        "granted": f"↩️ Takeback allowed (last by {who}): the move is taken back.",
        "refused": f"↩️ {who} refused the takeback: the move stands.",
    }.get(outcome, "")
    await interaction.edit_original_response(
        view=question_view(live, closing), allowed_mentions=discord.AllowedMentions.none()
    )


class TakebackButton(RawIdButton, template=takeback_ids.PATTERN):
    """Every takeback button: Take back on a panel, Allow and Refuse on a question."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client

        async def work() -> None:
            parsed = takeback_ids.parse(self.raw_id)
            if parsed.version is None:
                await ask(bot, interaction, parsed.table_id, panel=True)
            else:
                await answer(bot, interaction, parsed)

        await guarded(interaction, work, ack=False)
