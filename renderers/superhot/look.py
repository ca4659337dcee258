"""The SUPERHOT look: a stark white room, black bars, red enemies and bullets; the symbols that tell
skills and obstacle kinds apart without colour; card styles and the sizes every image shares.

Nothing is told by colour alone: every skill has a symbol (Fighting ⚔, Dodge ↯, Mixed ◈, else the
letters F, D, M), every obstacle kind too (enemy ♟, location ♜, object ▣, else E, L, O), and bullets
are red cards with a drawn bullet.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.kit.cards import CardStyle, SplitLayout
from renderers.kit.categories import Category, register
from renderers.kit.draw import HeaderStyle, TitlePart
from renderers.kit.fonts import glyph
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import RGB, SeatStyle

TITLE = "SUPERHOT"
TABLE_SIZE = (1200, 844)
HAND_W = 1000
GLANCE = smallest_legible(TABLE_SIZE[0])
"""The smallest text a table draws, rules text included: 18 px, legible at the width Discord shows
(a card's text that cannot fit whole at this size is left to the Cards panel)."""
HAND_GLANCE = smallest_legible(HAND_W)
"""The smallest text a hand draws, rules text included: 15 px in a 1,000-px image."""
HEADER = 64
FOOTER = 46
MARGIN = 16

BG_TOP: RGB = (240, 240, 241)
BG_BOTTOM: RGB = (205, 206, 210)
PAPER: RGB = (252, 252, 252)
INK: RGB = (24, 24, 28)
GREY: RGB = (84, 85, 92)
LIGHT: RGB = (186, 188, 194)
PANEL: RGB = (250, 250, 250)
DARK: RGB = (60, 60, 66)
BAR: RGB = (18, 18, 21)
WHITE: RGB = (255, 255, 255)
RED: RGB = (222, 33, 27)
DEEP_RED: RGB = (150, 18, 14)
RED_ON_DARK: RGB = (255, 82, 72)
"""The red of words drawn on the black bars and the dark banner (RED itself is too dark there)."""
ALERT: RGB = (240, 228, 66)
"""Okabe-Ito yellow: the obstacle being interacted with, whose turn it is."""


@dataclass(frozen=True)
class Look(Category):
    """How a skill or an obstacle kind is marked: a symbol (a letter where the font lacks it), a
    colour, and the word for alt text."""


NEEDS: dict[str, Look] = register(
    "superhot",
    "skills",
    {
        "fight": Look(glyph("⚔", "F"), (230, 159, 0), "Fighting"),
        "dodge": Look(glyph("↯", "D"), (86, 180, 233), "Dodge"),
        "mixed": Look(glyph("◈", "M"), (204, 121, 167), "Mixed"),
    },
)
KINDS: dict[str, Look] = register(
    "superhot",
    "obstacle kinds",
    {
        "enemy": Look(glyph("♟", "E"), RED, "enemy"),
        "location": Look(glyph("♜", "L"), (112, 113, 120), "location"),
        "object": Look(glyph("▣", "O"), (34, 34, 38), "object"),
    },
)
TICK = glyph("✓", "x")
WARNING = glyph("⚠", "!")
ARROW = glyph("➜", ">")
START_ARROW = glyph("▶", ">")
PLIERS = glyph("✂", "P")
SYSTEM_STYLE = SeatStyle(BAR, glyph("⚙", "S"), WHITE)
MAX_BULLETS = 4
"""A player holding this many bullets loses."""

TABLE_HALVES = SplitLayout(
    split=0.33, title=20, text=GLANCE, mark=20, floor=GLANCE, title_lines=4, whole_text=True
)
HAND_HALVES = SplitLayout(split=0.48, title=22, text=17, mark=24, floor=HAND_GLANCE)
AID_HALVES = SplitLayout(split=0.97, title=GLANCE, text=GLANCE, mark=20, floor=GLANCE, whole_text=True)
CARD_STYLE = CardStyle(face=PAPER, ink=INK, edge=(150, 151, 158), edge_share=0.016)
BACK_STYLE = CardStyle(face=(38, 38, 43), ink=(70, 70, 78), edge=(236, 236, 238), edge_share=0.05)
BULLET_STYLE = CardStyle(face=RED, ink=WHITE, edge=DEEP_RED, edge_share=0.03)

WORDMARK: tuple[TitlePart, ...] = (("SUPER", WHITE), ("HOT", RED_ON_DARK))
HEADER_STYLE = HeaderStyle(
    height=HEADER,
    bar=BAR,
    rule=RED,
    rule_width=3,
    title=(34, 26),
    title_ink=WHITE,
    chip=20,
    chip_min=GLANCE,
    status=(24, GLANCE),
    status_ink=WHITE,
    status_share=0.46,
    pad=22,
    title_gap=18,
    chip_gap=8,
)
