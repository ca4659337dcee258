"""The Super Nova Smash! renderer, built from renderers.kit and reading views only.

One job per module: look (colours, marks, sizes), read (the facts of a view, read defensively),
words (phrases shared by images and alt text), cards (value cards, backs), geometry (where things go
on the table), frame (the table's cached static layer), table (piles, lanes, header, log), hand (a
seat's console), alt (alt text), samples (views from real seeded engine games, for gallery and tests).
"""

from __future__ import annotations

from PIL import Image

from renderers.kit.views import View
from renderers.supernova.alt import hand_alt, table_alt
from renderers.supernova.hand import draw_hand
from renderers.supernova.samples import samples
from renderers.supernova.table import draw_table


class SupernovaRenderer:
    """Draws Super Nova Smash! views: the table (piles, race) and a seat's console."""

    def table(self, view: View) -> Image.Image:
        """The public table."""
        return draw_table(view)

    def table_alt(self, view: View) -> str:
        """The table in words: phase, GO!/HOLD! piles, race positions, players."""
        return table_alt(view)

    def hand(self, view: View) -> Image.Image:
        """A seat's console: screen, hand, piles for this seat, power-ups, shockwave puzzle."""
        return draw_hand(view)

    def hand_alt(self, view: View) -> str:
        """The console in words."""
        return hand_alt(view)

    def samples(self) -> dict[str, tuple[View, View]]:
        """Views of seeded engine games at interesting moments (built once)."""
        return samples()


__all__ = ["SupernovaRenderer", "draw_hand", "draw_table", "hand_alt", "table_alt"]
