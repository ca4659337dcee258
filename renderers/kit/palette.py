"""Table colours and the seat palette: Okabe-Ito colours, each paired with a symbol.

Okabe-Ito stays distinguishable under the common colour-vision deficiencies; its black is swapped
for a light grey, which reads on the dark felt. Every seat also has a symbol, so that nothing is
told by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

FELT: RGB = (20, 58, 47)
FELT_LIGHT: RGB = (31, 84, 67)
BAR: RGB = (11, 22, 20)
PANEL: RGB = (15, 29, 27)
PANEL_EDGE: RGB = (58, 92, 82)
CARD_FACE: RGB = (250, 246, 236)
CARD_INK: RGB = (30, 30, 34)
CARD_EDGE: RGB = (176, 166, 146)
CARD_BACK: RGB = (36, 54, 112)
CARD_BACK_PATTERN: RGB = (70, 94, 164)
TEXT: RGB = (243, 243, 238)
MUTED: RGB = (170, 190, 182)
HIGHLIGHT: RGB = (255, 212, 84)
ON_HIGHLIGHT: RGB = (20, 20, 20)
SLOT: RGB = (52, 104, 88)


@dataclass(frozen=True)
class SeatStyle:
    """How one seat is marked everywhere: a colour, a symbol, and the ink to draw on that colour."""

    colour: RGB
    symbol: str
    ink: RGB


def _luminance(colour: RGB) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: RGB, second: RGB) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(colour: RGB) -> RGB:
    """Near-black or white, whichever contrasts more with this colour (WCAG contrast ratio)."""
    lum = _luminance(colour)
    dark = (lum + 0.05) / (_luminance(CARD_INK) + 0.05)
    light = 1.05 / (lum + 0.05)
    return CARD_INK if dark >= light else (255, 255, 255)


def legible(ink: RGB, ground: RGB, ratio: float = 4.5) -> RGB:
    """`ink` if it reads on `ground` (a WCAG contrast ratio of at least `ratio`, 4.5:1 being AA
    for text), else `ink` moved toward white or black, whichever `ground` is further from, just
    far enough: a seat's colour as text on a dark panel keeps its hue, only lighter."""
    if contrast_ratio(ink, ground) >= ratio:
        return ink
    white, black = (255, 255, 255), (0, 0, 0)
    target = white if contrast_ratio(white, ground) >= contrast_ratio(black, ground) else black
    for step in range(1, 21):
        share = step / 20
        moved = tuple(round(c + (t - c) * share) for c, t in zip(ink, target, strict=True))
        colour: RGB = (moved[0], moved[1], moved[2])
        if contrast_ratio(colour, ground) >= ratio:
            return colour
    return target


_SEAT_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (220, 102, 10),  # vermillion (lightened a little: dark ink on it reaches 4.5:1)
    (204, 121, 167),  # reddish purple
    (200, 200, 200),  # light grey (Okabe-Ito black, lightened for the dark table)
)
SYMBOLS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "✚", "⬟", "✱")
SEATS: tuple[SeatStyle, ...] = tuple(
    SeatStyle(colour, symbol, ink_on(colour)) for colour, symbol in zip(_SEAT_COLOURS, SYMBOLS, strict=True)
)


def seat_style(index: int) -> SeatStyle:
    """The style of a seat; beyond eight seats the styles repeat."""
    return SEATS[index % len(SEATS)]
