"""Colour-coded categories and the marks that go with them: one registry of every game's colours
that tell things apart (power types, card kinds, button letters, health bands...), so that nothing
is told by colour alone and a test can check it for every game.

A category has a colour and its non-colour mark: a symbol or letter (`symbol`, drawn beside or on
the colour), a pattern (`pattern`, drawn over the colour: see PATTERNS) or both, and the word for
labels and alt text. A renderer declares each group once with `register()` and draws with the
colours and marks it gets back, so what the test checks is what the images show.

Two categories of a group must stay apart for everyone: either their colours differ enough for
people with protanopia, deuteranopia and tritanopia too (tests/renderers/test_colour_vision.py
simulates them), or their marks differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from PIL import ImageDraw

from renderers.kit.palette import RGB, SEATS, ink_on
from renderers.kit.shapes import Box

PATTERNS = ("", "dot", "stripe", "pair")
"""Patterns a small coloured cell can carry: none, a dot in its middle, a diagonal, two dots one
above the other (not a cross: a cell still lit must not look struck out)."""


@dataclass(frozen=True)
class Category:
    """How one category is marked: a symbol (a letter where the font lacks it; "" for none), a
    colour, the word for labels and alt text, and a pattern drawn over the colour ("": none)."""

    symbol: str
    colour: RGB
    word: str
    pattern: str = ""

    def __post_init__(self) -> None:
        if self.pattern not in PATTERNS:
            raise ValueError(f"unknown pattern {self.pattern!r}")

    @property
    def ink(self) -> RGB:
        """Near-black or white, whichever reads better on the colour."""
        return ink_on(self.colour)

    @property
    def mark(self) -> tuple[str, str]:
        """What tells this category apart without colour: (symbol, pattern)."""
        return self.symbol, self.pattern


C = TypeVar("C", bound=Category)

REGISTRY: dict[tuple[str, str], Mapping[str, Category]] = {}
"""Every group of categories by (game, group), as registered."""


def register(game: str, group: str, members: Mapping[str, C]) -> dict[str, C]:
    """Declare a group of categories that tell things apart by colour (and marks); returns them."""
    declared = dict(members)
    REGISTRY[game, group] = declared
    return declared


SEAT_MARKS = register(
    "kit", "seats", {str(n): Category(s.symbol, s.colour, f"seat {n + 1}") for n, s in enumerate(SEATS)}
)
"""The seats' colours and symbols (palette.SEATS), which every game's seat tokens draw."""


def draw_pattern(draw: ImageDraw.ImageDraw, box: Box, category: Category) -> None:
    """The category's pattern over a cell in `box` (its colour already drawn), in the ink that
    reads on its colour."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    line = max(1, round(min(width, height) / 6))
    ink = category.ink
    if category.pattern == "dot":
        radius = max(1.5, min(width, height) / 5)
        middle = ((left + right) / 2, (top + bottom) / 2)
        draw.ellipse(
            (middle[0] - radius, middle[1] - radius, middle[0] + radius, middle[1] + radius), fill=ink
        )
    if category.pattern == "stripe":
        draw.line((left, bottom, right, top), fill=ink, width=line)
    if category.pattern == "pair":
        radius = max(1.5, min(width, height) / 7)
        x = (left + right) / 2
        for y in (top + height / 3, top + 2 * height / 3):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=ink)
