"""Widgets drawn on an RGB canvas: cards in place, badges, seat tokens and plates, header and footer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.cards import PLAIN, CardStyle, corner_radius
from renderers.kit.fonts import font
from renderers.kit.legibility import GLANCE_PX
from renderers.kit.memo import layer_memo
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
from renderers.kit.shapes import (
    SHADOW_STRENGTH,
    Box,
    raised_box,
    rounded_box,
    rounded_mask,
    rounded_outline,
    shade,
    shadow,
    shadow_mask,
    shadow_shift,
)
from renderers.kit.text import ellipsize, fit_block, fit_items, fit_line, text_width

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


def shadowed(tile: Image.Image, offset: int = 4, blur: int = 8, radius: int | None = None) -> Layer:
    """A tile baked onto the soft shadow paste_tile() draws (rounded like a card of its width, or
    by `radius`): the same pixels in one paste instead of two. Build it once per tile (memoise
    it) and draw it with paste_layer()."""
    width, height = tile.size
    mask = shadow_mask(
        width, height, corner_radius(width) if radius is None else radius, blur, SHADOW_STRENGTH
    )
    dx, dy = shadow_shift(offset, blur)
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
    lines, face = fit_block(text, right - left, bottom - top, size, GLANCE_PX, 3)
    step = face.size * 1.2
    middle = (top + bottom) / 2 - step * (len(lines) - 1) / 2
    draw = ImageDraw.Draw(canvas)
    for number, line in enumerate(lines):
        draw.text(((left + right) / 2, middle + number * step), line, font=face, fill=MUTED, anchor="mm")


def badge_width(text: str, size: int = 22) -> int:
    """How wide badge() draws this text."""
    return round(text_width(font(size, bold=True), text) + size * 1.2)


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
    tile = _badge_tile(text, fill, ink, size)
    x, y = xy
    left = x - tile.width if right else x
    canvas.paste(tile, (left, y), tile)
    return (left, y, left + tile.width, y + tile.height)


@layer_memo
def _badge_tile(text: str, fill: RGB, ink: RGB, size: int) -> Image.Image:
    """The pill as an RGBA tile whose alpha is its rounded shape (labels repeat, so each is drawn once),
    pasted with itself as the mask: made for our RGB canvases. Never mutate the result."""
    width, height = badge_width(text, size), round(size * 1.55)
    tile = Image.new("RGBA", (width, height), (*fill, 255))
    face = font(size, bold=True)
    ImageDraw.Draw(tile).text((width / 2, height / 2), text, font=face, fill=ink, anchor="mm")
    tile.putalpha(rounded_mask(width, height, height // 2))
    return tile


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
    if active:
        raised_box(canvas, box, radius, PANEL, HIGHLIGHT, 4)
    else:
        raised_box(canvas, box, radius, PANEL, PANEL_EDGE, 2)
    pad = max(10, height // 7)
    diameter = min(height - 2 * pad, 60, (right - left) // 5)
    seat_token(canvas, (left + pad + diameter // 2, (top + bottom) // 2), diameter, style)
    text_left = left + pad + diameter + pad
    width = right - pad - text_left
    name_text, name_face = fit_line(name, width, 30, 22, bold=True)
    gap = 6
    room = height - 2 * pad - 30 - gap
    lines, face = fit_items(stats, width, room, 24, GLANCE_PX, 3) if stats else ([], name_face)
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
    """A badge in the header: text and its colours, and a shorter text to fall back on when the
    whole one cannot fit (e.g. "Run 2 of 2" for "Run 2 of 2 · to beat: 3 levels")."""

    text: str
    fill: RGB = PANEL_EDGE
    ink: RGB = TEXT
    short: str = ""


TitlePart = tuple[str, RGB]
"""A run of the header's title in its own colour (a two-colour wordmark is two parts)."""


@dataclass(frozen=True)
class HeaderStyle:
    """How header_bar() looks: the bar and the rule under it, the title's, chips' and status's sizes
    (largest, smallest) and colours, the side padding and the gaps after the title and each chip.

    The status on the right takes at most `status_share` of the width; chips fill what is left
    between the title and the status. A chip that does not fit shrinks (down to `chip_min`), then
    falls back on its short text; if that fails too, the first chip is cut short and later ones
    are left out, so chips never run into the status."""

    height: int = 84
    bar: RGB = BAR
    rule: RGB = PANEL_EDGE
    rule_width: int = 2
    title: tuple[int, int] = (40, 26)
    title_ink: RGB = TEXT
    chip: int = 22
    chip_min: int = 22
    status: tuple[int, int] = (30, 20)
    status_ink: RGB = HIGHLIGHT
    status_share: float = 0.53
    pad: int = 28
    title_gap: int = 20
    chip_gap: int = 10


HEADER = HeaderStyle()


def header_bar(
    canvas: Image.Image,
    title: str | Sequence[TitlePart],
    chips: Sequence[Chip],
    status: str,
    height: int | None = None,
    style: HeaderStyle = HEADER,
) -> None:
    """The top bar: the game title and chips (mode, seat) on the left, the status on the right.

    `title` is a string in the style's title ink, or parts each in its own colour; `height`
    overrides the style's."""
    height = style.height if height is None else height
    width = canvas.width
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width, height), fill=style.bar)
    if style.rule_width:
        draw.line((0, height, width, height), fill=style.rule, width=style.rule_width)
    middle = height / 2
    shown, face = fit_line(status, width * style.status_share, *style.status, bold=True)
    status_left = width - style.pad - round(text_width(face, shown))
    draw.text((width - style.pad, middle), shown, font=face, fill=style.status_ink, anchor="rm")
    parts: Sequence[TitlePart] = [(title, style.title_ink)] if isinstance(title, str) else title
    whole = "".join(text for text, _ in parts)
    shown, face = fit_line(whole, width * 0.4, *style.title, bold=True)
    if shown != whole:
        parts = [(shown, parts[0][1])]
    x = style.pad
    for text, ink in parts:
        draw.text((x, middle), text, font=face, fill=ink, anchor="lm")
        x += round(text_width(face, text))
    x += style.title_gap
    for number, chip in enumerate(chips):
        room = status_left - style.title_gap - x
        fitted = _fit_chip(chip, room, style)
        if fitted is None:
            if number:
                continue
            fitted = ellipsize(chip.text, font(style.chip, bold=True), room - style.chip * 1.2), style.chip
        text, size = fitted
        top = round((height - round(size * 1.55)) / 2)
        x = badge(canvas, (x, top), text, chip.fill, chip.ink, size=size)[2] + style.chip_gap


def _fit_chip(chip: Chip, room: float, style: HeaderStyle) -> tuple[str, int] | None:
    """The chip's text and size that fit in `room`: the whole text as large as fits (down to the
    style's smallest chip size), else the short text at full size; None when neither fits."""
    for size in range(style.chip, min(style.chip, style.chip_min) - 1, -1):
        if badge_width(chip.text, size) <= room:
            return chip.text, size
    if chip.short and badge_width(chip.short, style.chip) <= room:
        return chip.short, style.chip
    return None


def fitted_badge(
    canvas: Image.Image,
    box: Box,
    text: str,
    fill: RGB,
    ink: RGB,
    size: int = GLANCE_PX,
    min_size: int = GLANCE_PX,
) -> Box:
    """A badge centred between `box`'s left and right at its top, shrunk (down to `min_size`) to fit."""
    left, top, right, _ = box
    while badge_width(text, size) > right - left and size > min_size:
        size -= 1
    width = badge_width(text, size)
    return badge(canvas, ((left + right - width) // 2, top), text, fill, ink, size=size)


def centred_text(
    canvas: Image.Image,
    box: Box,
    text: str,
    size: int,
    ink: RGB,
    bold: bool = False,
    min_size: int = GLANCE_PX,
) -> None:
    """One line centred in `box`, shrunk (then condensed, then cut) to fit its width."""
    left, top, right, bottom = box
    shown, face = fit_line(text, right - left - 8, size, min_size, bold)
    middle = ((left + right) / 2, (top + bottom) / 2)
    ImageDraw.Draw(canvas).text(middle, shown, font=face, fill=ink, anchor="mm")


def panel(canvas: Image.Image, box: Box, fill: RGB, edge: RGB, edge_width: int = 2, radius: int = 14) -> None:
    """A raised panel: a rounded box with an edge, on a soft shadow."""
    raised_box(canvas, box, radius, fill, edge, edge_width, 3, 6)


def footer_bar(canvas: Image.Image, label: str, text: str, height: int = 58) -> None:
    """The bottom bar: a label chip and one line of text (e.g. the last trick)."""
    draw = ImageDraw.Draw(canvas)
    top = canvas.height - height
    draw.rectangle((0, top, canvas.width, canvas.height), fill=BAR)
    draw.line((0, top, canvas.width, top), fill=PANEL_EDGE, width=2)
    chip = badge(canvas, (24, top + (height - 34) // 2), label, size=22)
    shown, face = fit_line(text, canvas.width - chip[2] - 40, 26, 18)
    draw.text((chip[2] + 16, top + height / 2), shown, font=face, fill=TEXT, anchor="lm")
