"""The Super Powered Smash Masters renderer, built from renderers.kit and reading views only.

One job per module: look (colours, symbols for power types, timings and card kinds, sizes), read
(the facts of a view, read defensively), words (phrases shared by images and alt text), cards
(card faces and layers, cached), geometry (where teams, cards and the battle band go), frame (the
table's cached static layer), players (the teams' cards and piles), battle (the Smash Battle
chain, the last Story, the log line), table (the whole table), hand (a seat's hand and its own
characters), alt (alt text), samples (views from real engine games, for the gallery and tests).
"""

from __future__ import annotations

from PIL import Image

from renderers.kit.views import View
from renderers.smashmasters.alt import hand_alt, table_alt
from renderers.smashmasters.hand import draw_hand
from renderers.smashmasters.look import HAND_W, KINDS, POWER_TYPES, TABLE_W, TIMINGS
from renderers.smashmasters.samples import samples
from renderers.smashmasters.table import draw_table


class SmashMastersRenderer:
    """Draws Smash Masters views: the table (every team, the battle, the last Story) and a hand."""

    def table(self, view: View) -> Image.Image:
        """The public table; never draws a hand, even when given a seat's view."""
        return draw_table(view)

    def table_alt(self, view: View) -> str:
        """The table in words: mode, who decides what, the battle chain, each team, the last Story."""
        return table_alt(view)

    def hand(self, view: View) -> Image.Image:
        """A seat's hand: every card large, plus its picks and Character Stack."""
        return draw_hand(view)

    def hand_alt(self, view: View) -> str:
        """The hand in words, Supers and Stories with their text."""
        return hand_alt(view)

    def samples(self) -> dict[str, tuple[View, View]]:
        """Views of seeded engine games at interesting moments (built once)."""
        return samples()


__all__ = [
    "HAND_W",
    "KINDS",
    "POWER_TYPES",
    "TABLE_W",
    "TIMINGS",
    "SmashMastersRenderer",
    "hand_alt",
    "table_alt",
]
