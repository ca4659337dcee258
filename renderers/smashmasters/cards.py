"""Smash Masters card faces and layers, each built once per (card, size) and cached.

A character card: a rim and a top band in its power type's colour, the type's symbol and word in
the band, the name, the power's timing symbol and name, then its text (left out on cards too
small to read it). A stunned character is the same face turned 90° and a little faded; a blue card
(Smash, Team-Up, Super, Story) has its kind's colour, symbol and word in the band instead.
Layers are faces baked onto their shadow (renderers.kit.draw.shadowed), pasted in one go; they are
read-only and never mutated.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import cache
from renderers.kit.cards import build_faded, corner_radius
from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import rounded_box, rounded_mask, rounded_outline
from renderers.kit.text import fit_block, fit_line, text_width
from renderers.smashmasters.look import (
    BACK_STYLE,
    CHARACTER_RATIO,
    GREY,
    INK,
    KINDS,
    LIGHT,
    PAPER,
    WHITE,
    Look,
    kind,
    power_type,
    timing,
)
from renderers.smashmasters.read import Card, Character

TEXT_MIN_WIDTH = 92
"""Narrower character cards leave the power's text out (it would be too small to read)."""
STUNNED_TOWARD: RGB = (214, 216, 224)


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CHARACTER_RATIO)


def _blank(size: tuple[int, int], rim: RGB) -> tuple[Image.Image, int]:
    """A paper card with a coloured rim; the tile (RGB) and the rim's width."""
    width, height = size
    edge = max(3, round(width * 0.045))
    tile = Image.new("RGB", size, rim)
    radius = corner_radius(width)
    rounded_box(tile, (edge, edge, width - edge, height - edge), max(2, radius - edge), PAPER)
    return tile, edge


def _rounded(tile: Image.Image) -> Image.Image:
    rgba = tile.convert("RGBA")
    rgba.putalpha(rounded_mask(tile.width, tile.height, corner_radius(tile.width)))
    return rgba


def _band(tile: Image.Image, edge: int, height: int, look: Look, label: str) -> int:
    """The top band in the look's colour with its label (the symbol alone when the word cannot
    fit); returns the band's bottom."""
    width = tile.width
    pen = ImageDraw.Draw(tile)
    bottom = edge + height
    pen.rectangle((0, 0, width, bottom), fill=look.colour)
    size = max(9, round(height * 0.66))
    room = width - 2 * edge - 6
    shown, face = fit_line(label, room, size, 9, bold=True)
    if shown != label:
        shown, face = look.symbol, font(size, bold=True)
    pen.text((width / 2, edge + height / 2 + 1), shown, font=face, fill=look.ink, anchor="mm")
    return bottom


def _lines(
    pen: ImageDraw.ImageDraw, lines: list[str], face: ImageFont.FreeTypeFont, x: float, y: float, ink: RGB
) -> float:
    """Left-aligned lines from (x, y); returns the y below them."""
    step = round(face.size * 1.16)
    for line in lines:
        pen.text((x, y), line, font=face, fill=ink, anchor="lt")
        y += step
    return y


def _timing_pill(tile: Image.Image, look: Look, xy: tuple[float, float], size: int) -> int:
    """A small dark pill with the timing's symbol; returns its width."""
    x, y = round(xy[0]), round(xy[1])
    height = round(size * 1.3)
    width = max(height, round(text_width(font(size, bold=True), look.symbol) + size * 0.6))
    rounded_box(tile, (x, y, x + width, y + height), height // 3, look.colour)
    middle = (x + width / 2, y + height / 2)
    ImageDraw.Draw(tile).text(middle, look.symbol, font=font(size, bold=True), fill=WHITE, anchor="mm")
    return width


@lru_cache(maxsize=512)
def character_face(char: Character, width: int) -> Image.Image:
    """A character card face (RGBA). Never mutate it."""
    size = card_size(width)
    _, height = size
    look = power_type(char.power_type)
    tile, edge = _blank(size, look.colour)
    pen = ImageDraw.Draw(tile)
    pad = max(4, round(width * 0.05))
    inner = width - 2 * (edge + pad)
    y: float = _band(tile, edge, max(14, round(height * 0.105)), look, look.label) + pad * 0.7
    name_h = round(height * 0.21)
    lines, face = fit_block(
        char.name, inner, name_h, max(11, round(width * 0.125)), 9, 2, bold=True, condense=True
    )
    y = _lines(pen, lines, face, edge + pad, y, INK) + pad * 0.4
    pen.line((edge + pad, y, width - edge - pad, y), fill=LIGHT, width=max(1, width // 90))
    y += pad * 0.7
    power_size = max(9, round(width * 0.085))
    x = edge + pad
    when = timing(char.timing)
    if when is not None:
        x += _timing_pill(tile, when, (x, y), power_size) + 4
    if char.power:
        shown, face = fit_line(char.power, width - edge - pad - x, power_size + 1, 8, bold=True)
        pen.text((x, y + round(power_size * 0.65)), shown, font=face, fill=INK, anchor="lm")
    y += round(power_size * 1.3) + pad * 0.6
    room = height - edge - pad - y
    if char.text and width >= TEXT_MIN_WIDTH and room > 12:
        size_ = max(9, round(width * 0.078))
        lines, face = fit_block(char.text, inner, room, size_, 8, 8, condense=True)
        _lines(pen, lines, face, edge + pad, y, INK)
    return _rounded(tile)


@lru_cache(maxsize=256)
def character_layer(char: Character, width: int) -> Layer:
    """A face-up, active character on its shadow."""
    return shadowed(character_face(char, width))


@lru_cache(maxsize=256)
def stunned_layer(char: Character, width: int) -> Layer:
    """A stunned character: the face turned 90° clockwise (sideways), a little faded."""
    turned = character_face(char, width).transpose(Image.Transpose.ROTATE_270)
    return shadowed(build_faded(turned, STUNNED_TOWARD, 0.22))


@lru_cache(maxsize=32)
def back_layer(width: int) -> Layer:
    """A face-down character card (the red back of the Character Stack)."""
    return shadowed(cache.card_back(card_size(width), BACK_STYLE))


@lru_cache(maxsize=64)
def empty_slot(width: int, label: str) -> Image.Image:
    """An empty space on the table: a faint outlined card place with a label. Never mutate it."""
    w, h = card_size(width)
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    radius = corner_radius(w)
    rounded_box(tile, (0, 0, w, h), radius, (226, 227, 228))
    rounded_outline(tile, (0, 0, w, h), radius, LIGHT, max(2, w // 50))
    if label:
        lines, face = fit_block(label, w - 12, h / 2, max(10, w // 8), 9, 2, bold=True)
        step = round(face.size * 1.15)
        y = h / 2 - step * (len(lines) - 1) / 2
        pen = ImageDraw.Draw(tile)
        for line in lines:
            pen.text((w / 2, y), line, font=face, fill=GREY, anchor="mm")
            y += step
    return tile


# ---------------------------------------------------------------- blue cards


@lru_cache(maxsize=256)
def blue_face(card: Card, size: tuple[int, int]) -> Image.Image:
    """A Smash, Team-Up, Super or Story card (RGBA): the kind's band, the name, a Super's
    character and timing, the text, and the kind's symbol large and faint in the corner."""
    width, height = size
    look = kind(card.kind)
    tile, edge = _blank(size, look.colour)
    pen = ImageDraw.Draw(tile)
    pad = max(6, round(width * 0.055))
    inner = width - 2 * (edge + pad)
    mark_size = round(width * 0.42)
    faint = tuple(round(c * 0.22 + p * 0.78) for c, p in zip(look.colour, PAPER, strict=True))
    pen.text(
        (width - edge - pad // 2, height - edge - pad // 3),
        look.symbol,
        font=font(mark_size, bold=True),
        fill=faint,
        anchor="rs",
    )
    y: float = _band(tile, edge, max(18, round(height * 0.1)), look, look.label) + pad * 0.7
    lines, face = fit_block(card.name, inner, height * 0.24, max(14, round(width * 0.115)), 11, 3, bold=True)
    y = _lines(pen, lines, face, edge + pad, y, INK) + pad * 0.3
    if card.kind == "super" and (card.character or card.timing):
        small = max(11, round(width * 0.075))
        x = edge + pad
        when = timing(card.timing)
        if when is not None:
            x += _timing_pill(tile, when, (x, y), small) + 4
        if card.character:
            shown, face = fit_line(f"for {card.character}", width - edge - pad - x, small + 1, 9, bold=True)
            pen.text((x, y + round(small * 0.65)), shown, font=face, fill=GREY, anchor="lm")
        y += round(small * 1.3) + pad * 0.5
    pen.line((edge + pad, y, width - edge - pad, y), fill=LIGHT, width=2)
    y += pad * 0.6
    if card.text:
        room = height - edge - pad - y
        lines, face = fit_block(card.text, inner, room, max(12, round(width * 0.085)), 10, 9, condense=True)
        _lines(pen, lines, face, edge + pad, y, INK)
    return _rounded(tile)


@lru_cache(maxsize=128)
def blue_layer(card: Card, size: tuple[int, int]) -> Layer:
    return shadowed(blue_face(card, size))


# ---------------------------------------------------------------- one-line strips


STRIP_FONT = 15
"""The largest font of a blow strip's card name (the smallest is 11, condensed)."""


def _strip_layout(number: int, height: int) -> tuple[int, int, int]:
    """(token size, mark block width, where the name starts) in a blow strip."""
    token = height - 12
    face = font(14, bold=True)
    block = round(max(text_width(face, f"{number}{look.symbol}") for look in KINDS.values()) + 10)
    return token, block, 6 + token + 4 + block + 6


def strip_font(label: str, width: int, number: int = 10) -> int:
    """The font size a blow strip this wide gives this card name (so a whole chain can share the
    smallest one)."""
    _, _, x = _strip_layout(number, 34)
    return round(fit_line(label, width - x - 7, STRIP_FONT, 11, bold=True)[1].size)


@lru_cache(maxsize=512)
def blow_strip(
    number: int, seat: int | None, label: str, kind_key: str, size: tuple[int, int], text: int = STRIP_FONT
) -> Layer:
    """A card played in a Smash Battle, in one line: who played it (their seat token), its order and
    the kind's symbol on the kind's colour, then the card's name (at most `text` px); the rim has
    the kind's colour."""
    width, height = size
    look = kind(kind_key)
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    rounded_box(tile, (0, 0, width, height), 8, look.colour)
    rounded_box(tile, (3, 3, width - 3, height - 3), 6, PAPER)
    pen = ImageDraw.Draw(tile)
    token, block, name_x = _strip_layout(number, height)
    x = 6
    if seat is not None:
        style = seat_style(seat)
        rounded_box(tile, (x, 6, x + token, 6 + token), token // 2, style.colour)
        symbol_face = font(round(token * 0.6))
        pen.text((x + token / 2, 6 + token / 2), style.symbol, font=symbol_face, fill=style.ink, anchor="mm")
    x += token + 4
    mark = f"{number}{look.symbol}"
    rounded_box(tile, (x, 6, x + block, 6 + token), 5, look.colour)
    pen.text((x + block / 2, 6 + token / 2), mark, font=font(14, bold=True), fill=look.ink, anchor="mm")
    shown, face = fit_line(label, width - name_x - 7, text, 11, bold=True)
    pen.text((name_x, height / 2), shown, font=face, fill=INK, anchor="lm")
    return shadowed(tile, offset=2, blur=4)
