"""Widgets drawn on an RGB canvas: cards in place, badges, seat tokens and plates, header and footer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.cards import PLAIN, CardStyle, corner_radius
from renderers.kit.fonts import font
from renderers.kit.palette import (
    BAR,
    HIGHLIGHT,
    MUTED,
    ON_HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    RGB,
    SLOT,
    TEXT,
    SeatStyle,
)
from renderers.kit.shapes import Box, rounded_box, rounded_outline, shade, shadow, shadow_mask
from renderers.kit.text import fit_block, fit_items, fit_line

Size = tuple[int, int]


def mat(canvas: Image.Image, box: Box, radius: int = 22) -> None:
    """A darker patch of table that groups what belongs together (a seat's cards and plate)."""
    shade(canvas, box, radius, 0.2)


def paste_tile(canvas: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA card tile on a soft shadow."""
    x, y = xy
    shadow(canvas, (x, y, x + tile.width, y + tile.height), corner_radius(tile.width))
    canvas.paste(tile, xy, tile)


@dataclass(frozen=True)
class Layer:
    """An RGBA image to paste with its own alpha, `offset` from where the thing it shows is placed
    (e.g. a card baked onto its shadow, which reaches beyond the card)."""

    image: Image.Image
    offset: tuple[int, int]


def shadowed(tile: Image.Image, offset: int = 4, blur: int = 8) -> Layer:
    """A card tile baked onto the soft shadow paste_tile() draws: the same pixels in one paste
    instead of two. Build it once per tile (memoise it) and draw it with paste_layer()."""
    width, height = tile.size
    mask = shadow_mask(width, height, corner_radius(width), blur, 0.55)
    dx, dy = -blur + offset // 2, -blur + offset
    left, top = min(0, dx), min(0, dy)
    right, bottom = max(width, dx + mask.width), max(height, dy + mask.height)
    alpha = Image.new("L", (right - left, bottom - top), 0)
    alpha.paste(mask, (dx - left, dy - top))
    layer = Image.new("RGBA", alpha.size, (0, 0, 0, 0))
    layer.putalpha(alpha)
    layer.alpha_composite(tile.convert("RGBA"), (-left, -top))
    return Layer(layer, (left, top))


def paste_layer(canvas: Image.Image, layer: Layer, xy: tuple[int, int]) -> None:
    """Paste a Layer so that what it shows lands at `xy`."""
    x, y = xy
    canvas.paste(layer.image, (x + layer.offset[0], y + layer.offset[1]), layer.image)


def card(
    canvas: Image.Image,
    xy: tuple[int, int],
    size: Size,
    title: str,
    corner: str = "",
    style: CardStyle = PLAIN,
    largest: int = 0,
) -> None:
    """A face-up card at `xy`; `largest` caps the title's font size (0: as large as fits)."""
    paste_tile(canvas, cache.card_face(title, size, style, corner, largest), xy)


def card_back(canvas: Image.Image, xy: tuple[int, int], size: Size) -> None:
    """A face-down card at `xy`."""
    paste_tile(canvas, cache.card_back(size), xy)


def slot(canvas: Image.Image, box: Box, label: str = "") -> None:
    """An empty place for a card: a faint outline with an optional muted label."""
    left, top, right, bottom = box
    rounded_outline(canvas, box, corner_radius(right - left), SLOT, 3)
    if label:
        pad = (right - left) // 8
        note(canvas, (left + pad, top + pad, right - pad, bottom - pad), label, 24)


def note(canvas: Image.Image, box: Box, text: str, size: int = 28) -> None:
    """Muted text wrapped and centred in `box` (e.g. "No cards")."""
    left, top, right, bottom = box
    lines, face = fit_block(text, right - left, bottom - top, size, 14, 3)
    step = face.size * 1.2
    middle = (top + bottom) / 2 - step * (len(lines) - 1) / 2
    draw = ImageDraw.Draw(canvas)
    for number, line in enumerate(lines):
        draw.text(((left + right) / 2, middle + number * step), line, font=face, fill=MUTED, anchor="mm")


def badge_width(text: str, size: int = 22) -> int:
    """How wide badge() draws this text."""
    return round(font(size, bold=True).getlength(text) + size * 1.2)


def badge(
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    fill: RGB = PANEL_EDGE,
    ink: RGB = TEXT,
    size: int = 22,
    right: bool = False,
) -> Box:
    """A pill with bold text, its top-left at `xy` (its top-right when `right`); returns its box."""
    face = font(size, bold=True)
    height = round(size * 1.55)
    width = badge_width(text, size)
    x, y = xy
    left = x - width if right else x
    box = (left, y, left + width, y + height)
    rounded_box(canvas, box, height // 2, fill)
    ImageDraw.Draw(canvas).text((left + width / 2, y + height / 2), text, font=face, fill=ink, anchor="mm")
    return box


def seat_token(canvas: Image.Image, centre: tuple[int, int], diameter: int, style: SeatStyle) -> None:
    """The seat's colour disc with its symbol."""
    x, y = centre
    radius = diameter // 2
    rounded_box(canvas, (x - radius, y - radius, x + radius, y + radius), radius, style.colour)
    face = font(round(diameter * 0.56))
    ImageDraw.Draw(canvas).text((x, y), style.symbol, font=face, fill=style.ink, anchor="mm")


def seat_plate(
    canvas: Image.Image,
    box: Box,
    name: str,
    style: SeatStyle,
    stats: Sequence[str] = (),
    active: bool = False,
    tag: str = "",
) -> None:
    """A seat: token, name and stats ("3 points"); `active` rings it, `tag` (e.g. "TURN") sits on its top."""
    left, top, right, bottom = box
    height = bottom - top
    radius = 16
    shadow(canvas, box, radius)
    if active:
        rounded_box(canvas, box, radius, PANEL, HIGHLIGHT, 4)
    else:
        rounded_box(canvas, box, radius, PANEL, PANEL_EDGE, 2)
    pad = max(10, height // 7)
    diameter = min(height - 2 * pad, 60, (right - left) // 5)
    seat_token(canvas, (left + pad + diameter // 2, (top + bottom) // 2), diameter, style)
    text_left = left + pad + diameter + pad
    width = right - pad - text_left
    name_text, name_face = fit_line(name, width, 30, 22, bold=True)
    gap = 6
    room = height - 2 * pad - 30 - gap
    lines, face = fit_items(stats, width, room, 24, 15, 3) if stats else ([], name_face)
    step = round(face.size * 1.25)
    y = (top + bottom - name_face.size - (gap + step * len(lines) if lines else 0)) / 2
    draw = ImageDraw.Draw(canvas)
    draw.text((text_left, y), name_text, font=name_face, fill=TEXT, anchor="lt")
    y += name_face.size + gap
    for line in lines:
        draw.text((text_left, y), line, font=face, fill=MUTED, anchor="lt")
        y += step
    if tag:
        ink, fill = (ON_HIGHLIGHT, HIGHLIGHT) if active else (TEXT, PANEL_EDGE)
        badge(canvas, (right - 14, top - 15), tag, fill, ink, size=19, right=True)


@dataclass(frozen=True)
class Chip:
    """A badge in the header: text and its colours."""

    text: str
    fill: RGB = PANEL_EDGE
    ink: RGB = TEXT


def header_bar(canvas: Image.Image, title: str, chips: Sequence[Chip], status: str, height: int = 84) -> None:
    """The top bar: game title and chips (mode, seat) on the left, the status on the right."""
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, canvas.width, height), fill=BAR)
    draw.line((0, height, canvas.width, height), fill=PANEL_EDGE, width=2)
    shown, face = fit_line(title, canvas.width * 0.4, 40, 26, bold=True)
    draw.text((28, height / 2), shown, font=face, fill=TEXT, anchor="lm")
    x = 28 + round(face.getlength(shown)) + 20
    for chip in chips:
        x = badge(canvas, (x, round(height / 2 - 17)), chip.text, chip.fill, chip.ink, size=22)[2] + 10
    status_left = max(x + 20, canvas.width // 2 - 60)
    shown, face = fit_line(status, canvas.width - 28 - status_left, 30, 20, bold=True)
    draw.text((canvas.width - 28, height / 2), shown, font=face, fill=HIGHLIGHT, anchor="rm")


def footer_bar(canvas: Image.Image, label: str, text: str, height: int = 58) -> None:
    """The bottom bar: a label chip and one line of text (e.g. the last trick)."""
    draw = ImageDraw.Draw(canvas)
    top = canvas.height - height
    draw.rectangle((0, top, canvas.width, canvas.height), fill=BAR)
    draw.line((0, top, canvas.width, top), fill=PANEL_EDGE, width=2)
    chip = badge(canvas, (24, top + (height - 34) // 2), label, size=22)
    shown, face = fit_line(text, canvas.width - chip[2] - 40, 26, 18)
    draw.text((chip[2] + 16, top + height / 2), shown, font=face, fill=TEXT, anchor="lm")
