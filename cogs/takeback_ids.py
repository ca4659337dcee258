"""The custom_ids of takebacks (kept apart from cogs/ids.py, which the table's buttons own):
sk:{table}:ask                      a player asks to take back their last move
sk:{table}:{version}:{y|n}          another player's answer to the question of that version
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from discord import ui

from bot.live import LiveTable
from cogs.ids import ForgedId

PATTERN = r"sk:.{0,97}"
_ASK = re.compile(r"sk:(\d{1,18}):ask")
_ANSWER = re.compile(r"sk:(\d{1,18}):(\d{1,9}):([yn])")
LABEL = "Take back my last move"


@dataclass(frozen=True)
class TakebackId:
    """A parsed takeback button: an ask (version None) or an answer."""

    table_id: int
    version: int | None = None
    yes: bool = False


def ask(table_id: int) -> str:
    return f"sk:{table_id}:ask"


def answer(table_id: int, version: int, yes: bool) -> str:
    return f"sk:{table_id}:{version}:{'y' if yes else 'n'}"


def parse(custom_id: str) -> TakebackId:
    """A takeback button's id, or ForgedId."""
    if found := _ASK.fullmatch(custom_id):
        return TakebackId(int(found[1]))
    if found := _ANSWER.fullmatch(custom_id):
        return TakebackId(int(found[1]), int(found[2]), found[3] == "y")
    raise ForgedId(custom_id)


def offered(live: LiveTable, seat: int) -> bool:
    """Whether this seat may ask to take back its last move right now."""
    undo = live.runtime.undo
    return (
        undo is not None
        and undo.seat == seat
        and undo.version == live.version
        and live.runtime.takeback_ask is None
    )


def takeback_row(live: LiveTable, seat: int) -> ui.ActionRow[ui.LayoutView] | None:
    """The panel's Take back button, while the seat's last move may be taken back."""
    if not offered(live, seat):
        return None
    return ui.ActionRow(ui.Button(label=LABEL, custom_id=ask(live.id), emoji="↩️"))
