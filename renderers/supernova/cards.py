"""Card tiles: a value card (0 marked as damage), a card back, small value chips; memoised."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.cache import cached_image
from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.memo import layer_memo
from renderers.kit.shapes import rounded_box, rounded_mask
from renderers.kit.text import text_width
from renderers.supernova.look import CARD_FACE, DAMAGE_MARK, GLANCE, HOLD, INK, PANEL_EDGE, ZERO_FACE

VALUE_INKS = {0: HOLD, 1: (0, 90, 140), 2: (0, 110, 80), 3: (150, 80, 0), 4: (120, 50, 130), 5: (30, 30, 40)}


def _tile(size: tuple[int, int], face: tuple[int, int, int], edge: tuple[int, int, int]) -> Image.Image:
    width, height = size
    radius = max(4, round(width * 0.1))
    tile = Image.new("RGB", size, edge)
    line = max(2, width // 40)
    rounded_box(tile, (0, 0, width, height), radius, face, edge, line)
    tile = tile.convert("RGBA")
    tile.putalpha(rounded_mask(width, height, radius))
    return tile


@layer_memo
def value_layer(value: int, width: int, height: int, smallest: int = GLANCE) -> Layer:
    """A face-up card with its value large, in corners too (left out when they would be smaller
    than `smallest`: the big value says it); a 0 is pink with "DAMAGE" (or its mark alone)."""
    zero = value == 0
    tile = _tile((width, height), ZERO_FACE if zero else CARD_FACE, HOLD if zero else (176, 166, 146))
    draw = ImageDraw.Draw(tile)
    ink = VALUE_INKS.get(value, INK)
    big = font(round(height * (0.5 if zero else 0.62)), bold=True)
    middle = height * (0.44 if zero else 0.5)
    draw.text((width / 2, middle), str(value), font=big, fill=ink, anchor="mm")
    if round(height * 0.14) >= smallest:
        small = font(round(height * 0.14), bold=True)
        pad = max(5, width // 12)
        draw.text((pad, pad - 2), str(value), font=small, fill=ink, anchor="lt")
        draw.text((width - pad, height - pad + 2), str(value), font=small, fill=ink, anchor="rb")
    if zero:
        label = font(max(smallest, round(width * 0.15)), bold=True)
        words = f"{DAMAGE_MARK} DAMAGE"
        if text_width(label, words) > width - 8:
            words, label = DAMAGE_MARK, font(max(smallest, round(width * 0.3)), bold=True)
        draw.text((width / 2, height * 0.8), words, font=label, fill=HOLD, anchor="mm")
    return shadowed(tile, offset=3, blur=6)


@layer_memo
def back_layer(width: int, height: int, smallest: int = GLANCE) -> Layer:
    """A face-down (payback) card: a dark back with a ring and "0" (the ring alone when the "0"
    would be smaller than `smallest`)."""
    tile = _tile((width, height), (50, 40, 96), (230, 220, 240))
    draw = ImageDraw.Draw(tile)
    r = width * 0.3
    draw.ellipse(
        (width / 2 - r, height / 2 - r, width / 2 + r, height / 2 + r), outline=(140, 120, 220), width=3
    )
    if round(width * 0.34) >= smallest:
        draw.text(
            (width / 2, height / 2),
            "0",
            font=font(round(width * 0.34), bold=True),
            fill=(200, 190, 250),
            anchor="mm",
        )
    return shadowed(tile, offset=3, blur=6)


@cached_image
def empty_slot(width: int, height: int) -> Image.Image:
    """An empty pile's outline (RGBA)."""
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle(
        (1, 1, width - 2, height - 2), radius=width // 10, outline=PANEL_EDGE, width=3
    )
    return tile
