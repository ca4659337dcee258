"""Memoised pieces: hex tiles, fighter and minion tokens with their health rings, button letter
tiles with a thumb token when pushed. Shapes are drawn SUPERSAMPLE times larger and scaled down
(antialiased edges); text is drawn at full size afterwards, so what it records is what it shows."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB, ink_on, legible
from renderers.punchfighter.look import (
    GLANCE,
    INK,
    KIND_FILLS,
    LOST,
    MARK,
    MINION_FILL,
    PUSHED_TILE,
    SUPERSAMPLE,
    THUMB,
    THUMB_EDGE,
    WHITE,
    letter_colour,
)

Painter = Callable[[ImageDraw.ImageDraw, float], None]
"""Draws on a supersampled "L" mask; the float is the scale to multiply coordinates by."""


def antialiased(size: tuple[int, int], paint: Painter) -> Image.Image:
    """An "L" mask of `size` painted SUPERSAMPLE times larger and scaled down."""
    big = Image.new("L", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.reduce(SUPERSAMPLE)


def layer_on(tile: Image.Image, colour: RGB, mask: Image.Image) -> None:
    """Composite a colour through an antialiased mask onto an RGBA tile."""
    coloured = Image.new("RGBA", tile.size, (*colour, 0))
    coloured.putalpha(mask)
    tile.alpha_composite(coloured)


def hex_points(cx: float, cy: float, size: float, scale: float) -> list[tuple[float, float]]:
    """A pointy-top hex's corners, clockwise from the top, scaled."""
    return [
        (
            (cx + size * math.cos(math.radians(-90 + 60 * i))) * scale,
            (cy + size * math.sin(math.radians(-90 + 60 * i))) * scale,
        )
        for i in range(6)
    ]


def _hex_mask(size: int, radius: float, inset: float) -> Image.Image:
    width, height = math.ceil(math.sqrt(3) * size) + 4, 2 * size + 4
    return antialiased(
        (width, height),
        lambda d, s: d.polygon(hex_points(width / 2, height / 2, radius - inset, s), fill=255),
    )


@layer_memo
def marked_hex(kind: str, size: int) -> Image.Image:
    """A space the open question offers: its own colour inside a thick bright outline (RGBA,
    centred on the hex; never mutate it)."""
    outer = _hex_mask(size, size, 0.5)
    tile = Image.new("RGBA", outer.size, (0, 0, 0, 0))
    layer_on(tile, MARK, outer)
    layer_on(tile, KIND_FILLS.get(kind, KIND_FILLS["floor"]), _hex_mask(size, size, 5.5))
    return tile


def _ring(size: int, width: float, start: float, end: float) -> Image.Image:
    """An arc of a ring (degrees, clockwise from the top) filling a `size` square."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        box = (s, s, (size - 1) * s, (size - 1) * s)
        if end - start >= 360:
            draw.ellipse(box, outline=255, width=round(width * s))
        elif end > start:
            draw.arc(box, start - 90, end - 90, fill=255, width=round(width * s))

    return antialiased((size, size), paint)


def _disc(size: int, inset: float) -> Image.Image:
    return antialiased(
        (size, size),
        lambda d, s: d.ellipse((inset * s, inset * s, (size - inset) * s, (size - inset) * s), 255),
    )


RING = 5
GLOW = 3


@layer_memo
def fighter_token(
    text: str, colour: RGB, diameter: int, health: float, band: RGB, halo: RGB | None = None
) -> Layer:
    """A fighter: its seat's colour disc with the fighter's initials, inside a ring showing the
    health left (`health`, 0..1) in the colour of the dial's band; `halo` rings it (whose turn,
    who answers)."""
    pad = GLOW + 1 if halo else 1
    size = diameter + 2 * pad
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    if halo:
        layer_on(tile, halo, _disc(size, 0))
    disc = Image.new("RGBA", (diameter, diameter), (0, 0, 0, 0))
    layer_on(disc, INK, _disc(diameter, 0))
    layer_on(disc, LOST, _ring(diameter, RING, 0, 360))
    if health > 0:
        layer_on(disc, band, _ring(diameter, RING, 0, 360 * min(1.0, health)))
    layer_on(disc, colour, _disc(diameter, RING + 1.5))
    tile.alpha_composite(disc, (pad, pad))
    face = font(GLANCE if len(text) > 1 else GLANCE + 4, bold=True)
    ImageDraw.Draw(tile).text((size / 2, size / 2), text, font=face, fill=ink_on(colour), anchor="mm")
    return shadowed(tile, offset=2, blur=4, radius=size // 2)


@layer_memo
def minion_token(letter: str, diameter: int, health: int, most: int = 4) -> Layer:
    """A minion: a dark rounded square with its letter in its button colour, inside a ring of
    `most` segments, one lit per health left."""
    size = diameter
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    layer_on(tile, INK, _disc(size, 0))
    step = 360 / max(1, most)
    for n in range(most):
        colour = WHITE if n < health else LOST
        layer_on(tile, colour, _ring(size, RING, n * step + 6, (n + 1) * step - 6))
    inner = size - 2 * (RING + 3)
    body = antialiased(
        (size, size),
        lambda d, s: d.rounded_rectangle(
            ((RING + 3) * s, (RING + 3) * s, (RING + 3 + inner) * s, (RING + 3 + inner) * s),
            radius=round(inner * 0.22 * s),
            fill=255,
        ),
    )
    fill = legible(letter_colour(letter), MINION_FILL)
    layer_on(tile, MINION_FILL, body)
    ImageDraw.Draw(tile).text(
        (size / 2, size / 2), letter, font=font(GLANCE + 4, bold=True), fill=fill, anchor="mm"
    )
    return shadowed(tile, offset=2, blur=4, radius=size // 2)


@layer_memo
def letter_tile(letter: str, width: int, height: int, pushed: bool, size: int = GLANCE) -> Image.Image:
    """A button as a small square: its letter on its colour; pushed, it is dark with a thumb token
    over its corner (RGBA; never mutate it)."""
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    colour = letter_colour(letter)
    radius = max(3, width // 5)
    box = antialiased(
        (width, height),
        lambda d, s: d.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius * s, 255),
    )
    layer_on(tile, PUSHED_TILE if pushed else colour, box)
    draw = ImageDraw.Draw(tile)
    face = font(size, bold=True)
    if pushed:
        edge = antialiased(
            (width, height),
            lambda d, s: d.rounded_rectangle(
                (s, s, (width - 1) * s, (height - 1) * s), radius * s, outline=255, width=round(2 * s)
            ),
        )
        layer_on(tile, colour, edge)
        ink = legible(colour, PUSHED_TILE)
        draw.text((width * 0.4, height / 2), letter, font=face, fill=ink, anchor="mm")
        thumb = thumb_token(round(min(width, height) * 0.56))
        tile.alpha_composite(thumb, (width - thumb.width, height - thumb.height))
    else:
        draw.text((width / 2, height / 2), letter, font=face, fill=ink_on(colour), anchor="mm")
    return tile


@layer_memo
def thumb_token(diameter: int) -> Image.Image:
    """A thumb token (RGBA): a light disc with a dark rim and a thumbprint's arcs."""
    tile = Image.new("RGBA", (diameter, diameter), (0, 0, 0, 0))
    layer_on(tile, INK, _disc(diameter, 0))
    layer_on(tile, THUMB_EDGE, _disc(diameter, max(1.5, diameter / 14)))
    for share in (0.25, 0.45, 0.65):
        inset = diameter * (0.5 - share / 2)

        def paint(d: ImageDraw.ImageDraw, s: float, inset: float = inset) -> None:
            box = (inset * s, inset * s, (diameter - inset) * s, (diameter - inset) * s)
            d.arc(box, 130, 410, 255, max(1, round(s * diameter / 22)))

        layer_on(tile, THUMB, antialiased((diameter, diameter), paint))
    return tile


@layer_memo
def seat_disc(text: str, colour: RGB, diameter: int) -> Image.Image:
    """A small disc in a seat's colour with its fighter's initials (who claimed an achievement)."""
    tile = Image.new("RGBA", (diameter, diameter), (0, 0, 0, 0))
    layer_on(tile, INK, _disc(diameter, 0))
    layer_on(tile, colour, _disc(diameter, 2))
    face = font(GLANCE, bold=True, condensed=len(text) > 1)
    ImageDraw.Draw(tile).text((diameter / 2, diameter / 2), text, font=face, fill=ink_on(colour), anchor="mm")
    return tile
