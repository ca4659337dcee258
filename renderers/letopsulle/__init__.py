"""The Letopsulle renderer, built from renderers.kit and reading views only.

One job per module: look (colours, sizes), read (the facts of a view, read defensively), words
(phrases shared by images and alt text), rows (where a row's cards go, summarised past a width),
tiles (cards in play), panels (a player's panel), table (header, plot twist, last battle, the
panels), cards (whole card faces for the hand), hand (a seat's panel), alt (alt text), samples
(views from real seeded engine games) and handmade (crowded states no real game reaches).
"""

from __future__ import annotations

from renderers.kit.game import GameRenderer
from renderers.letopsulle.alt import hand_alt, table_alt
from renderers.letopsulle.hand import draw_hand
from renderers.letopsulle.samples import samples
from renderers.letopsulle.table import draw_table

RENDERER = GameRenderer(draw_table, table_alt, draw_hand, hand_alt, samples)
"""Letopsulle: the table (plot twist, last battle, every player's heroes and villains) and a hand."""

__all__ = ["RENDERER", "draw_hand", "draw_table", "hand_alt", "table_alt"]
