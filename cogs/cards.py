"""The Cards button: every card in play that the asker may see, as text, in a private message
(issue 36). A seated player gets their own view (their hand and the table); anybody else the
public view and the hands the spectator panel would show them now ("Ana's hand", as each player
chose in /settings: bot/watching.py decides), so no other hidden card reaches a spectator. The
cards come grouped as the table shows them (renderers/sheets.py) and are paged with Previous and
Next when they do not fit one message. A running or finished game answers (after the game, the
final table and the hands shown after it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from bot.errors import UserError
from bot.live import LiveTable
from bot.runtime import clip
from bot.storage.base import Storage
from bot.user_text import plain
from bot.watching import LIVE, shown_view, spectator_rules
from cogs import cards_ids
from cogs.components import RawIdButton
from cogs.replies import answer, can_see_channel, guarded
from cogs.ui import MAX_TEXT, button, layout
from renderers.kit.sheet import CardGroup, SheetCard, owned_by
from renderers.sheets import card_sheet, has_sheet

HEAD_ROOM = 400  # characters of a page kept for its heading, who it is for, and the page count
PAGE_TEXT = MAX_TEXT - HEAD_ROOM
MAX_SECTIONS = 30  # text displays on a page: with the container, heading and page buttons, well under 40
WORDS = {
    "title": "## {emoji} Cards · {game}",
    "seated": "-# Your hand and the table, as only you see them.",
    "public": "-# The table as everyone sees it: players' hands stay hidden.",
    "watching": "-# The table as everyone sees it, and the hands their players let spectators see.",
    "late": " (one round ago)",
    "empty": "No cards are in play that you can see.",
    "continued": "(continued)",
    "page": "-# Page {page} of {pages}",
    "previous": "Previous",
    "next": "Next",
    "elsewhere": "There is no game #{table} here.",
    "lobby": "This game has not started yet: the cards are dealt when it starts.",
    "closed": "Game #{table} was closed: its cards are no longer in play.",
    "no_sheet": "This game has no cards to list.",
}


def card_entry(card: SheetCard, limit: int) -> str:
    """One card as text: its name in bold, its numbers, then its rules text on the next line."""
    head = f"**{plain(card.name)}**" + (f" · {plain(card.facts)}" if card.facts else "")
    return clip(head + (f"\n{plain(card.text)}" if card.text else ""), limit)


def paginate(
    groups: Sequence[CardGroup], budget: int = PAGE_TEXT, most: int = MAX_SECTIONS
) -> list[list[str]]:
    """The groups as pages of sections (one text each: a heading and its cards), each page within
    `budget` characters and `most` sections. A group that does not fit goes on with its heading
    marked as continued; a card is never split, and one too long for a page alone is shortened."""
    pages: list[list[str]] = []
    page: list[str] = []
    used = 0
    for found in groups:
        heading = f"### {plain(found.title)}"
        continued = f"{heading} {WORDS['continued']}"
        entries = [card_entry(card, budget - len(continued) - 1) for card in found.cards]
        section, filled = heading, False
        for entry in entries:
            if used + len(section) + 1 + len(entry) > budget or len(page) >= most:
                if filled:
                    page.append(section)
                if page:
                    pages.append(page)
                page, used = [], 0
                section = continued if filled else heading
            section += "\n" + entry
            filled = True
        if filled:
            page.append(section)
            used += len(section)
    if page:
        pages.append(page)
    return pages


def cards_view(table_id: int, title: str, whose: str, pages: list[list[str]], page: int) -> ui.LayoutView:
    """One page of a table's card list (`title`: the game's; `whose`: "seated", "public" or
    "watching", who it is for), with Previous and Next when there are several (a page past the end,
    after the table changed, shows the last one)."""
    page = max(0, min(page, len(pages) - 1))
    heading = WORDS["title"].format(emoji=cards_ids.EMOJI, game=title)
    intro = WORDS[whose]
    parts: list[ui.Item[ui.LayoutView]] = [ui.TextDisplay(f"{heading}\n{intro}")]
    if not pages:
        parts.append(ui.TextDisplay(WORDS["empty"]))
        return layout(*parts)
    parts += [ui.TextDisplay(section) for section in pages[page]]
    if len(pages) > 1:
        parts.append(ui.TextDisplay(WORDS["page"].format(page=page + 1, pages=len(pages))))
        parts.append(
            ui.ActionRow(
                button(WORDS["previous"], cards_ids.cards_id(table_id, max(0, page - 1)), disabled=page == 0),
                button(
                    WORDS["next"],
                    cards_ids.cards_id(table_id, min(len(pages) - 1, page + 1)),
                    disabled=page >= len(pages) - 1,
                ),
            )
        )
    return layout(*parts)


def check_asker(live: LiveTable, interaction: discord.Interaction, seat: int | None) -> None:
    """A seated player may always ask; anybody else only where the game is played (a member of
    that server who can see its channel, as for watching). A running or finished game answers."""
    table = live.id
    if seat is None and (
        live.record.guild_id != interaction.guild_id
        or not can_see_channel(interaction, live.record.channel_id)
    ):
        raise UserError(WORDS["elsewhere"].format(table=table))
    status = live.record.status
    if status == "lobby":
        raise UserError(WORDS["lobby"])
    if status not in ("active", "finished"):
        raise UserError(WORDS["closed"].format(table=table))
    if not has_sheet(live.record.game):
        raise UserError(WORDS["no_sheet"])


async def shown_hands(live: LiveTable, storage: Storage) -> tuple[list[CardGroup], bool]:
    """The hands a spectator may see now, as the spectator panel shows them ("Ana's hand"), and
    whether one is shown while the game runs."""
    groups: list[CardGroup] = []
    running = False
    for rule in await spectator_rules(live, storage):
        view = await shown_view(live, storage, rule)
        if view is None:
            continue
        late = WORDS["late"] if rule.shows == LIVE else ""
        groups += owned_by(card_sheet(live.record.game, view), rule.name, late)
        running = running or live.record.status == "active"
    return groups, running


async def show_cards(bot: Any, interaction: discord.Interaction, table_id: int, page: int | None) -> None:
    """Answer a Cards click with a new private card list, or a page click by editing the list."""
    live = await bot.service.get(table_id)
    seat = live.seat_of(interaction.user.id)
    check_asker(live, interaction, seat)
    groups = card_sheet(live.record.game, live.view(seat))
    whose = "seated"
    if seat is None:
        hands, running = await shown_hands(live, bot.service.storage)
        groups, whose = hands + groups, "watching" if hands else "public"
        if running:  # remembered as the spectator panel does (bot/watching.py)
            await bot.service.watch(table_id, interaction.user.id, True)
    view = cards_view(live.id, live.title, whose, paginate(groups, PAGE_TEXT), page or 0)
    if page is None:
        await answer(interaction, view=view)
    else:
        await interaction.edit_original_response(view=view)


class CardsButton(RawIdButton, template=cards_ids.PATTERN):
    """Cards on the table message, the spectator panel and the hand panel; a card list's pages."""

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            table_id, page = cards_ids.parse(self.raw_id)
            if page is None:
                await interaction.response.defer(ephemeral=True, thinking=True)
            else:
                await interaction.response.defer()
            await show_cards(interaction.client, interaction, table_id, page)

        await guarded(interaction, work, ack=False)
