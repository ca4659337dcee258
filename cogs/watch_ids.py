"""The Watch button and its custom_ids (kept apart from cogs/ids.py, which the table's buttons own):
sw:{table}:watch      open a spectator panel
sw:{table}:refresh    redraw a spectator panel
"""

from __future__ import annotations

import re

from discord import ui

from bot.live import LiveTable
from cogs.ids import ForgedId

PATTERN = r"sw:.{0,97}"
_ID = re.compile(r"sw:(\d{1,18}):(watch|refresh)")


def watch_id(table_id: int, action: str = "watch") -> str:
    """The Watch button of a table (`watch`) or a spectator panel's Refresh (`refresh`)."""
    return f"sw:{table_id}:{action}"


def parse(custom_id: str) -> tuple[int, str]:
    """(table id, "watch" or "refresh"), or ForgedId."""
    found = _ID.fullmatch(custom_id)
    if found is None:
        raise ForgedId(custom_id)
    return int(found[1]), found[2]


def watch_button(table_id: int) -> ui.Button[ui.LayoutView]:
    """The table message's Watch button."""
    return ui.Button(label="Watch", custom_id=watch_id(table_id), emoji="👀")


def watching_line(live: LiveTable) -> str:
    """How many members watch the table ("" when nobody does)."""
    count = len(live.runtime.watchers)
    return f"-# 👀 {count} watching" if count else ""
