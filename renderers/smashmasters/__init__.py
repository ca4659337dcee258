"""The Super Powered Smash Masters renderer, built from renderers.kit and reading views only.

One job per module: look (colours, symbols for power types, timings and card kinds, sizes), read
(the facts of a view, read defensively), words (phrases shared by images and alt text), cards
(card faces and layers, cached), geometry (where teams, cards and the battle band go), frame (the
table's cached static layer), players (the teams' cards and piles), battle (the Smash Battle
chain, the last Story, the log line), table (the whole table), hand (a seat's hand and its own
characters), alt (alt text), samples (views from real engine games, for the gallery and tests).
"""

from __future__ import annotations

from renderers.kit.game import GameRenderer
from renderers.smashmasters.alt import hand_alt, table_alt
from renderers.smashmasters.hand import draw_hand
from renderers.smashmasters.look import HAND_W, KINDS, POWER_TYPES, TABLE_W, TIMINGS
from renderers.smashmasters.samples import samples
from renderers.smashmasters.table import draw_table

RENDERER = GameRenderer(draw_table, table_alt, draw_hand, hand_alt, samples)
"""Smash Masters: the table (every team, the battle chain, the last Story) and a seat's hand."""

__all__ = [
    "HAND_W",
    "KINDS",
    "POWER_TYPES",
    "RENDERER",
    "TABLE_W",
    "TIMINGS",
    "hand_alt",
    "table_alt",
]
