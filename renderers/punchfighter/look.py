"""The Super Punch Fighter look: an arcade-night backdrop, a hex arena, button letters in their own
colours, health bands from green to red, and marks that never tell things by colour alone (every
button shows its letter, every power-up space its card count, every fighter its initials)."""

from __future__ import annotations

from renderers.kit.categories import Category, register
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
RED_INK: RGB = (210, 52, 56)
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
SPACES: dict[str, Category] = register(
    "punchfighter",
    "spaces",
    {
        "floor": Category("", FLOOR, "floor"),
        "yellow": Category("+1", YELLOW, "power-up, 1 card"),
        "red": Category("+2", RED, "power-up, 2 cards"),
        "spawn": Category("✦", SPAWN, "spawn point"),
        "pit": Category("", PIT, "pit"),
    },
)
"""A space's colour and what the middle of an empty one says: its power-up's cards, or a spawn
point's star (a pit is a hole: black, with no floor drawn)."""
KIND_FILLS: dict[str, RGB] = {kind: space.colour for kind, space in SPACES.items()}
KIND_MARKS: dict[str, str] = {kind: space.symbol for kind, space in SPACES.items() if space.symbol}
DIM = 0.55
"""How much the spaces the open question does not offer are darkened while it is open."""

BUTTONS: dict[str, Category] = register(
    "punchfighter",
    "buttons",
    {
        "A": Category("A", RED_INK, "Attack"),
        "B": Category("B", (70, 142, 232), "Block"),
        "C": Category("C", GREEN, "Charge"),
        "D": Category("D", GOLD, "Draw"),
        "W": Category("W", (186, 110, 226), "Wild"),
    },
)
"""Button letters: Attack red, Block blue, Charge green, Draw yellow, Wild purple; the letter is
always drawn on (or in) its colour."""
LETTER_COLOURS: dict[str, RGB] = {letter: button.colour for letter, button in BUTTONS.items()}
THUMB: RGB = PANEL_EDGE
"""A thumb token's rim and thumbprint (colours the images use anyway: one palette keeps them)."""
THUMB_EDGE: RGB = TEXT
PUSHED_TILE: RGB = BAR
"""A pushed button's ground (dark, in a colour the images use anyway)."""

HEALTH: dict[str, Category] = register(
    "punchfighter",
    "health bands",
    {
        "green": Category("", GREEN, "green", ""),
        "yellow": Category("", GOLD, "yellow", "dot"),
        "orange": Category("", ORANGE, "orange", "stripe"),
        "red": Category("", RED_INK, "red", "pair"),
    },
)
"""A dial's bands: plain green at the top, then yellow cells with a dot, orange with a stripe and
red with two dots, so a health bar shows its band without colour."""
BANDS: dict[int, tuple[Category, ...]] = {
    2: (HEALTH["green"], HEALTH["red"]),
    3: (HEALTH["green"], HEALTH["yellow"], HEALTH["red"]),
    4: (HEALTH["green"], HEALTH["yellow"], HEALTH["orange"], HEALTH["red"]),
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


def bands(count: int) -> tuple[Category, ...]:
    """The bands of a dial with this many, top first."""
    if count in BANDS:
        return BANDS[count]
    if count <= 1:
        return BANDS[2][:1]
    base = BANDS[4]
    return base[:1] * (count - 3) + base[1:]


def band_colours(count: int) -> tuple[RGB, ...]:
    """The colours of a dial with this many bands, top first."""
    return tuple(band.colour for band in bands(count))


def letter_colour(letter: str) -> RGB:
    return LETTER_COLOURS.get(letter, PANEL_EDGE)
