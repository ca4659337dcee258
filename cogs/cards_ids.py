"""The Cards button and its custom_ids (kept apart from cogs/ids.py, like watch_ids.py):
sh:{table}:open      open the card list of a table (table message, spectator panel, hand panel)
sh:{table}:{page}    show another page of a card list, in place
"""

from __future__ import annotations

import re

import discord
from discord import ui

from cogs.ids import ForgedId

PATTERN = r"sh:.{0,97}"
_ID = re.compile(r"sh:(\d{1,18}):(open|\d{1,3})")
LABEL, EMOJI = "Cards", "📜"


def cards_id(table_id: int, page: int | None = None) -> str:
    """The Cards button of a table (`page` None) or a card list's button to one of its pages."""
    return f"sh:{table_id}:{'open' if page is None else page}"


def parse(custom_id: str) -> tuple[int, int | None]:
    """(table id, page; None for the Cards button), or ForgedId."""
    found = _ID.fullmatch(custom_id)
    if found is None:
        raise ForgedId(custom_id)
    return int(found[1]), None if found[2] == "open" else int(found[2])


def cards_button(table_id: int) -> ui.Button[ui.LayoutView]:
    """The Cards button: the cards in play as text, privately."""
    return ui.Button(
        label=LABEL, custom_id=cards_id(table_id), emoji=EMOJI, style=discord.ButtonStyle.secondary
    )
