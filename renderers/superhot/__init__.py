"""The SUPERHOT The Card Game renderer, built from renderers.kit and reading views only.

One job per module: look (colours, symbols, card styles, sizes), read (the facts of a view, read
defensively), words (phrases shared by images and alt text), cards (card faces, strips, layers),
room (the backdrop and the header), geometry (where things go on the table), frame (the table's
cached static layer), table (The Line, piles and counts over it), players (the players band), hand
(a seat's hand), alt (alt text), samples (views from real engine games, for the gallery and tests).
"""

from __future__ import annotations

from PIL import Image

from renderers.kit.views import View
from renderers.superhot.alt import hand_alt, table_alt
from renderers.superhot.cards import card_tile
from renderers.superhot.hand import draw_hand
from renderers.superhot.look import KINDS, NEEDS, TABLE_SIZE
from renderers.superhot.samples import samples
from renderers.superhot.table import draw_table
from renderers.superhot.words import level_text


class SuperhotRenderer:
    """Draws SUPERHOT views: the table (goals, The Line, the players) and a seat's hand."""

    def table(self, view: View) -> Image.Image:
        """The public table; never draws a hand, even when given a seat's view."""
        return draw_table(view)

    def table_alt(self, view: View) -> str:
        """The table in words: level, phase, goals, The Line from its START, piles, players."""
        return table_alt(view)

    def hand(self, view: View) -> Image.Image:
        """A seat's hand: every card large, both halves legible."""
        return draw_hand(view)

    def hand_alt(self, view: View) -> str:
        """The hand in words, each card by both halves."""
        return hand_alt(view)

    def samples(self) -> dict[str, tuple[View, View]]:
        """Views of seeded engine games at interesting moments, in every mode (built once)."""
        return samples()


__all__ = [
    "KINDS",
    "NEEDS",
    "TABLE_SIZE",
    "SuperhotRenderer",
    "card_tile",
    "hand_alt",
    "level_text",
    "table_alt",
]
