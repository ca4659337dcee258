"""The SUPERHOT The Card Game renderer, built from renderers.kit and reading views only.

One job per module: look (colours, symbols, card styles, sizes), read (the facts of a view, read
defensively), words (phrases shared by images and alt text), cards (card faces, strips, layers),
room (the backdrop and the header), geometry (where things go on the table), frame (the table's
cached static layer), table (The Line, piles and counts over it), players (the players band), hand
(a seat's hand), alt (alt text), samples (views from real engine games, for the gallery and tests).
"""

from __future__ import annotations

from renderers.kit.game import GameRenderer
from renderers.superhot.alt import hand_alt, table_alt
from renderers.superhot.cards import card_tile
from renderers.superhot.hand import draw_hand
from renderers.superhot.look import KINDS, NEEDS, TABLE_SIZE
from renderers.superhot.samples import samples
from renderers.superhot.table import draw_table
from renderers.superhot.words import level_text

RENDERER = GameRenderer(draw_table, table_alt, draw_hand, hand_alt, samples)
"""SUPERHOT: the table (goals, The Line from its START, the players) and a seat's hand."""

__all__ = [
    "KINDS",
    "NEEDS",
    "RENDERER",
    "TABLE_SIZE",
    "card_tile",
    "hand_alt",
    "level_text",
    "table_alt",
]
