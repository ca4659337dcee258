"""Which games list their cards as text (the Cards button, issue 36): game id -> card sheet.

A game without an entry has no Cards button. Sheets read views only, like the images."""

from __future__ import annotations

from renderers.kit.sheet import CardGroup, CardSheet
from renderers.kit.views import View
from renderers.letopsulle.sheet import card_sheet as letopsulle
from renderers.punchfighter.sheet import card_sheet as punchfighter
from renderers.smashmasters.sheet import card_sheet as smashmasters
from renderers.superhot.sheet import card_sheet as superhot
from renderers.supernova.sheet import card_sheet as supernova

SHEETS: dict[str, CardSheet] = {
    "superhot": superhot,
    "smashmasters": smashmasters,
    "supernova": supernova,
    "punchfighter": punchfighter,
    "letopsulle": letopsulle,
}


def has_sheet(game_id: str) -> bool:
    """Whether the game lists its cards as text."""
    return game_id in SHEETS


def card_sheet(game_id: str, view: View) -> list[CardGroup]:
    """The cards a view shows, grouped as on the table ([] for a game without a sheet)."""
    sheet = SHEETS.get(game_id)
    return sheet(view) if sheet is not None else []
