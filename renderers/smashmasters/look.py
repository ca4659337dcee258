"""The Smash Masters look: a comic-book night sky, paper panels, bold inks; the symbols that tell
power types, power timings and card kinds apart without colour; sizes every image shares.

Nothing is told by colour alone: each power type has a symbol (Mutant ☢, Magic ✦, Nature ✿,
Gadget ⚙), each timing too (action ▶, passive ∞, react ↺), and each blue card kind (Smash ✸,
Team-Up ⚭, Super ⚡, Story ✎), always beside its word where there is room. Seats keep the kit's
colour and symbol (● ▲ ■ ◆ ★ ✚), which none of these symbols repeat.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.kit.cards import CardStyle
from renderers.kit.categories import Category, register
from renderers.kit.draw import HeaderStyle, TitlePart
from renderers.kit.fonts import glyph
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import RGB

TITLE = "Super Powered Smash Masters"
TABLE_W = 1200
HAND_W = 1000
HEADER = 60
MARGIN = 14
GLANCE = smallest_legible(TABLE_W)
"""The smallest text a table draws, rules text included: 18 px, legible at the width Discord shows
(a card's text that cannot fit whole at this size is left to the Cards panel)."""
HAND_GLANCE = smallest_legible(HAND_W)
"""The smallest text a hand draws, rules text included: 15 px in a 1,000-px image."""


@dataclass(frozen=True)
class FaceSizes:
    """The smallest text a card face may draw: its name, kind and marks (`glance`) and its power's
    name and text (`rules`), and whether a text that cannot fit whole at that size is left out
    (`whole`: a table's cards, whose text the Cards panel gives in full) or cut short."""

    glance: int
    rules: int
    whole: bool = False


TABLE_FACE = FaceSizes(GLANCE, GLANCE, whole=True)
HAND_FACE = FaceSizes(HAND_GLANCE, HAND_GLANCE)

SKY_TOP: RGB = (38, 50, 112)
SKY_BOTTOM: RGB = (18, 24, 62)
DOTS: RGB = (52, 68, 140)
PAPER: RGB = (250, 248, 242)
PANEL: RGB = (241, 240, 235)
PANEL_OUT: RGB = (204, 206, 212)
INK: RGB = (24, 24, 32)
GREY: RGB = (84, 88, 100)
LIGHT: RGB = (190, 194, 206)
BAR: RGB = (13, 15, 26)
WHITE: RGB = (255, 255, 255)
YELLOW: RGB = (255, 209, 26)
RED: RGB = (204, 32, 44)
GREEN: RGB = (0, 122, 90)
SKY: RGB = (86, 180, 233)
PURPLE: RGB = (120, 70, 160)


@dataclass(frozen=True)
class Look(Category):
    """How a power type, timing or card kind is marked: a symbol (a letter where the font lacks
    it), a colour, and the word for labels and alt text."""

    @property
    def label(self) -> str:
        """ "☢ MUTANT"."""
        return f"{self.symbol} {self.word.upper()}"


POWER_TYPES: dict[str, Look] = register(
    "smashmasters",
    "power types",
    {
        "mutant": Look(glyph("☢", "U"), (220, 102, 10), "Mutant"),
        "magic": Look(glyph("✦", "M"), (204, 121, 167), "Magic"),
        "nature": Look(glyph("✿", "N"), (0, 158, 115), "Nature"),
        "gadget": Look(glyph("⚙", "G"), (0, 114, 178), "Gadget"),
    },
)
UNKNOWN_TYPE = Look("?", (140, 142, 150), "Unknown")
TIMINGS: dict[str, Look] = register(
    "smashmasters",
    "power timings",
    {
        "action": Look(glyph("▶", ">"), BAR, "On your turn"),
        "passive": Look(glyph("∞", "A"), (60, 60, 72), "Always on"),
        "react": Look(glyph("↺", "R"), (150, 30, 40), "React"),
    },
)
KINDS: dict[str, Look] = register(
    "smashmasters",
    "card kinds",
    {
        "smash": Look(glyph("✸", "S"), (230, 159, 0), "Smash"),
        "teamup": Look(glyph("⚭", "T"), (176, 28, 44), "Team-Up"),
        "super": Look(glyph("⚡", "!"), (240, 228, 66), "Super"),
        "story": Look(glyph("✎", "~"), SKY, "Story"),
    },
)
UNKNOWN_KIND = Look("?", (150, 152, 160), "Card")
ARROW = glyph("➜", ">")
STUN_MARK = glyph("✖", "x")
WAKING_MARK = glyph("☀", "*")
TURNED_MARK = glyph("↻", "@")
ATTACK_MARK = glyph("⚔", "!")

DANGER_WORDS: dict[str, str] = {
    "attack": "attacks",
    "stun": "stuns",
    "defeat": "defeat",
    "story": "Stories",
    "powers": "rival powers",
}

TEAM_SIZE = 3
"""Characters a team starts with (the draft shows this many places)."""
CHARACTER_RATIO = 1.4
"""Card height over card width."""
BACK_STYLE = CardStyle(face=(150, 28, 40), ink=(196, 70, 80), edge=PAPER, edge_share=0.05)
"""The back of a character card (the "red" cards of the Character Stack)."""

WORDMARK: tuple[TitlePart, ...] = (("SMASH ", YELLOW), ("MASTERS", WHITE))
HEADER_STYLE = HeaderStyle(
    height=HEADER,
    bar=BAR,
    rule=YELLOW,
    rule_width=3,
    title=(32, 24),
    title_ink=WHITE,
    chip=19,
    chip_min=GLANCE,
    status=(23, GLANCE),
    status_ink=YELLOW,
    status_share=0.45,
    pad=20,
    title_gap=16,
    chip_gap=8,
)


def power_type(key: str) -> Look:
    return POWER_TYPES.get(key.lower(), UNKNOWN_TYPE)


def timing(key: str) -> Look | None:
    return TIMINGS.get(key.lower())


def kind(key: str) -> Look:
    return KINDS.get(key.lower().replace("-", "").replace("_", ""), UNKNOWN_KIND)
