"""The Super Punch Fighter look: an arcade-night backdrop, a hex arena, button letters in their own
colours, health bands from green to red, and marks that never tell things by colour alone (every
button shows its letter, every power-up space its card count, every fighter its initials)."""

from __future__ import annotations

from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import RGB

TITLE = "Super Punch Fighter"
TABLE_W = 1200
HAND_W = 1000
HEADER_H = 64
MARGIN = 16
GAP = 12
GLANCE = smallest_legible(TABLE_W)
"""The smallest text the table draws: 18 px, legible at the width Discord shows."""
HAND_GLANCE = smallest_legible(HAND_W)
"""The smallest text the hand panel draws: 15 px in a 1,000-px image."""
HEX = 40
"""A board hex's circumradius on the table: its label (18 px) above a fighter's token."""
SUPERSAMPLE = 3
"""Hexes and tokens are drawn this many times larger and scaled down (antialiased edges)."""

BACKDROP: RGB = (24, 20, 44)
ARENA: RGB = (13, 11, 26)
PANEL: RGB = (38, 32, 66)
PANEL_EDGE: RGB = (92, 80, 150)
BAR: RGB = (12, 10, 24)
TEXT: RGB = (242, 240, 250)
MUTED: RGB = (178, 172, 206)
INK: RGB = (24, 22, 32)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (244, 196, 52)
RED_INK: RGB = (222, 64, 66)
GREEN: RGB = (60, 184, 100)
ORANGE: RGB = (244, 138, 44)
HIGHLIGHT: RGB = GOLD
STAR: RGB = GOLD
MARK: RGB = (90, 236, 255)
"""The outline of a space the open question offers (apart from the yellow and red spaces)."""
DANGER: RGB = RED_INK

FLOOR: RGB = (70, 82, 124)
FLOOR_EDGE: RGB = (104, 118, 170)
YELLOW: RGB = GOLD
RED: RGB = (206, 58, 66)
SPAWN: RGB = (112, 74, 190)
PIT: RGB = (6, 5, 12)
KIND_FILLS: dict[str, RGB] = {"floor": FLOOR, "yellow": YELLOW, "red": RED, "spawn": SPAWN, "pit": PIT}
KIND_MARKS: dict[str, str] = {"yellow": "+1", "red": "+2", "spawn": "✦"}
"""What the middle of an empty space says: its power-up's cards, or a spawn point's star."""
DIM = 0.55
"""How much the spaces the open question does not offer are darkened while it is open."""

LETTER_COLOURS: dict[str, RGB] = {
    "A": RED_INK,
    "B": (70, 142, 232),
    "C": GREEN,
    "D": GOLD,
    "W": (186, 110, 226),
}
"""Button letters: Attack red, Block blue, Charge green, Draw yellow, Wild purple."""
THUMB: RGB = PANEL_EDGE
"""A thumb token's rim and thumbprint (colours the images use anyway: one palette keeps them)."""
THUMB_EDGE: RGB = TEXT
PUSHED_TILE: RGB = BAR
"""A pushed button's ground (dark, in a colour the images use anyway)."""

BAND_COLOURS: dict[int, tuple[RGB, ...]] = {
    2: (GREEN, RED_INK),
    3: (GREEN, GOLD, RED_INK),
    4: (GREEN, GOLD, ORANGE, RED_INK),
}
"""A dial's bands, top first: green, yellow, then red (or orange and red)."""
LOST: RGB = (54, 48, 76)
SKULL = "☠"
STAR_MARK = "★"
TURN_MARK = "▶"
KO = "K.O."

MINION_FILL: RGB = (48, 44, 58)
CARD_FACE: RGB = (250, 246, 236)
DEFENCE_BAND: RGB = (70, 110, 170)
COMBO_BAND: RGB = (60, 48, 96)


def band_colours(count: int) -> tuple[RGB, ...]:
    """The colours of a dial with this many bands, top first."""
    if count in BAND_COLOURS:
        return BAND_COLOURS[count]
    if count <= 1:
        return BAND_COLOURS[2][:1]
    base = BAND_COLOURS[4]
    return base[:1] * (count - 3) + base[1:]


def letter_colour(letter: str) -> RGB:
    return LETTER_COLOURS.get(letter, PANEL_EDGE)
