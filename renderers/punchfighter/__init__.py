"""The Super Punch Fighter renderer, built from renderers.kit and reading views only.

One job per module: look (colours, marks, sizes), read (the facts of a view, read defensively, and
the board's shape from the game's content), words (phrases shared by images and alt text),
geometry (where things go on the table), pieces (hex tiles, tokens, letter tiles), frame (the
table's cached static layer: the arena and every space), board (marked spaces, pieces, trays),
panels (a player's panel), table (header, side column, log), cards (hand tiles), hand (a seat's
panel), alt (alt text), samples (views from real seeded engine games, for gallery and tests).
"""

from __future__ import annotations

from renderers.kit.game import GameRenderer
from renderers.punchfighter.alt import hand_alt, table_alt
from renderers.punchfighter.hand import draw_hand
from renderers.punchfighter.samples import samples
from renderers.punchfighter.table import draw_table

RENDERER = GameRenderer(draw_table, table_alt, draw_hand, hand_alt, samples)
"""Super Punch Fighter: the table (arena, offer, achievements, players) and a seat's hand panel."""

__all__ = ["RENDERER", "draw_hand", "draw_table", "hand_alt", "table_alt"]
