"""The Super Nova Smash! look: a deep-space backdrop, cream cards, and the marks that tell GO!,
HOLD!, damage, repair stations and power-ups apart without colour (each has a symbol and a word).
"""

from __future__ import annotations

from renderers.kit.categories import Category, register
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import RGB

TITLE = "Super Nova Smash!"
TABLE_W = 1200
HAND_W = 1000
HEADER_H = 64
FOOTER_H = 46
MARGIN = 16
GLANCE = smallest_legible(TABLE_W)
"""The smallest text the table draws: 18 px, legible at the width Discord shows."""
HAND_GLANCE = smallest_legible(HAND_W)
"""The smallest text a console draws: 15 px in a 1,000-px image."""
TOKEN = 32
"""The smallest seat token: its symbol is glance-sized."""

SPACE: RGB = (16, 20, 44)
PANEL: RGB = (28, 34, 70)
PANEL_EDGE: RGB = (70, 82, 140)
BAR: RGB = (9, 11, 26)
TEXT: RGB = (240, 242, 250)
MUTED: RGB = (168, 176, 206)
GO: RGB = (0, 128, 92)
HOLD: RGB = (196, 38, 44)
AMBER: RGB = (240, 180, 40)
NEUTRAL: RGB = (84, 92, 120)
WHITE: RGB = (255, 255, 255)
INK: RGB = (26, 26, 34)
CARD_FACE: RGB = (250, 246, 236)
ZERO_FACE: RGB = (255, 226, 222)
TRACK: RGB = (52, 62, 110)
STATION: RGB = (240, 180, 40)
FINISH: RGB = (236, 236, 236)

GO_MARK = "▶"
HOLD_MARK = "■"
STATION_MARK = "⚒"
FINISH_MARK = "⚑"
DAMAGE_MARK = "☠"
SOLVED_MARK = "✔"
SHOCK_MARK = "⚡"

SCREENS: dict[str, Category] = register(
    "supernova",
    "screens",
    {
        "go": Category(GO_MARK, GO, "GO!"),
        "hold": Category(HOLD_MARK, HOLD, "HOLD!"),
        "amber": Category(SHOCK_MARK, AMBER, "Shockwave"),
        "neutral": Category("", NEUTRAL, "Waiting"),
    },
)
"""A screen's (and a status strip's) colour and symbol; its words are always written beside them."""
POWER_UPS: dict[str, Category] = register(
    "supernova",
    "power-ups",
    {
        "Booster": Category("Boost", (86, 180, 233), "Booster"),
        "Tractor Beam": Category("Tractor", (204, 121, 167), "Tractor Beam"),
        "Blaster": Category("Blast", (220, 102, 10), "Blaster"),
        "RepairBot": Category("Repair", (0, 158, 115), "RepairBot"),
    },
)
"""Power-up tokens: each colour always carries its name (short on the table, whole on a console)."""
POWER_KINDS = tuple(POWER_UPS)
POWER_SHORT = {kind: power.symbol for kind, power in POWER_UPS.items()}
POWER_COLOURS: dict[str, RGB] = {kind: power.colour for kind, power in POWER_UPS.items()}
PUZZLE_GLYPHS = {
    "Comet": "☄",
    "Moon": "☾",
    "Star": "★",
    "Sun": "☀",
    "Rocket": "✈",
    "Ring": "◯",
    "Alien": "☢",
    "Bolt": "⚡",
}
