"""Card tiles: RGBA images with rounded, antialiased corners, drawn face up or face down.

Build them through renderers.kit.cache, which memoises them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.palette import CARD_BACK, CARD_BACK_PATTERN, CARD_EDGE, CARD_FACE, CARD_INK, RGB
from renderers.kit.shapes import rounded_box, rounded_mask
from renderers.kit.text import fit_block, fit_line


@dataclass(frozen=True)
class CardStyle:
    """The colours of a card: face, ink, edge, and how thick the edge is (as a share of the width)."""

    face: RGB = CARD_FACE
    ink: RGB = CARD_INK
    edge: RGB = CARD_EDGE
    edge_share: float = 0.02


PLAIN = CardStyle()
BACK = CardStyle(face=CARD_BACK, ink=CARD_BACK_PATTERN, edge=CARD_FACE, edge_share=0.06)


def corner_radius(width: int) -> int:
    """The corner radius of a card this wide."""
    return max(4, round(width * 0.09))


def _tile(size: tuple[int, int], style: CardStyle) -> tuple[Image.Image, int]:
    """A blank card in `style`: the RGB tile and its edge width."""
    width, height = size
    edge = max(1, round(width * style.edge_share))
    tile = Image.new("RGB", size, style.edge)
    rounded_box(tile, (0, 0, width, height), corner_radius(width), style.edge)
    rounded_box(tile, (edge, edge, width - edge, height - edge), corner_radius(width) - edge, style.face)
    return tile, edge


def _with_corners(tile: Image.Image) -> Image.Image:
    tile = tile.convert("RGBA")
    tile.putalpha(rounded_mask(tile.width, tile.height, corner_radius(tile.width)))
    return tile


def _pad(width: int, style: CardStyle) -> int:
    return max(1, round(width * style.edge_share)) + max(4, width // 14)


def fit_title(
    title: str, size: tuple[int, int], corner: str = "", largest: int = 0, style: CardStyle = PLAIN
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The title's lines and font on a card this size: as large as fits, at most `largest` (0: no cap)."""
    width, height = size
    pad = _pad(width, style)
    box_w, box_h = width - 2 * pad, height - 2 * pad - (height // 4 if corner else 0)
    return fit_block(title, box_w, box_h, largest or max(14, int(width * 0.42)), 11, 4, bold=True)


def build_face(title: str, size: tuple[int, int], style: CardStyle, corner: str, largest: int) -> Image.Image:
    """A face-up card: `title` large in the middle (wrapped to fit), `corner` small in two corners."""
    tile, _ = _tile(size, style)
    width, height = size
    draw = ImageDraw.Draw(tile)
    pad = _pad(width, style)
    if corner:
        text, face = fit_line(corner, width * 0.4, max(12, width // 6), 10, bold=True)
        draw.text((pad, pad), text, font=face, fill=style.ink, anchor="lt")
        quarter = tile.crop((0, 0, width // 2, height // 4)).rotate(180)
        tile.paste(quarter, (width - quarter.width, height - quarter.height))
    lines, face = fit_title(title, size, corner, largest, style)
    step = face.size * 1.15
    top = height / 2 - step * (len(lines) - 1) / 2
    for number, line in enumerate(lines):
        draw.text((width / 2, top + number * step), line, font=face, fill=style.ink, anchor="mm")
    return _with_corners(tile)


def build_back(size: tuple[int, int], style: CardStyle) -> Image.Image:
    """A face-down card: a framed diamond lattice."""
    scale = 2
    width, height = size[0] * scale, size[1] * scale
    big, edge = _tile((width, height), style)
    pattern = Image.new("RGB", (width, height), style.face)
    draw = ImageDraw.Draw(pattern)
    step = max(12, width // 7)
    line = max(2, width // 60)
    for x in range(-height, width + height, step):
        draw.line((x, 0, x + height, height), fill=style.ink, width=line)
        draw.line((x, height, x + height, 0), fill=style.ink, width=line)
    inset = edge + max(2, width // 30)
    inner = (inset, inset, width - inset, height - inset)
    mask = rounded_mask(width - 2 * inset, height - 2 * inset, corner_radius(width) - inset)
    big.paste(pattern.crop(inner), (inset, inset), mask)
    tile = big.resize(size, Image.Resampling.LANCZOS)
    return _with_corners(tile)
