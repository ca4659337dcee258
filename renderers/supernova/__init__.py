"""The Super Nova Smash! renderer, built from renderers.kit and reading views only.

One job per module: look (colours, marks, sizes), read (the facts of a view, read defensively),
words (phrases shared by images and alt text), cards (value cards, backs), geometry (where things go
on the table), frame (the table's cached static layer), table (piles, lanes, header, log), hand (a
seat's console), alt (alt text), samples (views from real seeded engine games, for gallery and tests).
"""

from __future__ import annotations

from renderers.kit.game import GameRenderer
from renderers.supernova.alt import hand_alt, table_alt
from renderers.supernova.hand import draw_hand
from renderers.supernova.samples import samples
from renderers.supernova.table import draw_table

RENDERER = GameRenderer(draw_table, table_alt, draw_hand, hand_alt, samples)
"""Super Nova Smash!: the table (piles with their GO!/HOLD! screens, the race) and a seat's console."""

__all__ = ["RENDERER", "draw_hand", "draw_table", "hand_alt", "table_alt"]
