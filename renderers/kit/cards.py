"""Card tiles: RGBA images with rounded, antialiased corners, drawn face up (plain or two-halved)
or face down.

Build them through renderers.kit.cache, which memoises them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont, ImageOps

from renderers.kit import contrast
from renderers.kit.fonts import font
from renderers.kit.legibility import GLANCE, GLANCE_PX, RULES, Role, text_role
from renderers.kit.palette import CARD_BACK, CARD_BACK_PATTERN, CARD_EDGE, CARD_FACE, CARD_INK, RGB
from renderers.kit.shapes import rounded_box, rounded_mask
from renderers.kit.text import fit_block, fit_line, fit_shaped, text_width, whole, whole_or_pointer, wrap


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
    largest = largest or max(GLANCE_PX, int(width * 0.42))
    return fit_block(title, box_w, box_h, largest, min(largest, GLANCE_PX), 4, True, hyphenate=True)


def build_face(title: str, size: tuple[int, int], style: CardStyle, corner: str, largest: int) -> Image.Image:
    """A face-up card: `title` large in the middle (wrapped to fit), `corner` small in two corners."""
    tile, _ = _tile(size, style)
    width, height = size
    draw = ImageDraw.Draw(tile)
    pad = _pad(width, style)
    if corner:
        text, face = fit_line(corner, width * 0.4, max(GLANCE_PX, width // 6), GLANCE_PX, bold=True)
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


@dataclass(frozen=True)
class Mark:
    """A token printed on a card: short text (a symbol and a number, "⚔ 2") in a rounded pill."""

    text: str
    fill: RGB
    ink: RGB


@dataclass(frozen=True)
class Half:
    """One half of a two-halved card: a title (after an optional icon), body text and a mark.

    `band`, when set, fills the strip behind the title (in `band_ink`), e.g. to colour a card kind.
    """

    title: str
    text: str = ""
    face: RGB = CARD_FACE
    ink: RGB = CARD_INK
    icon: str = ""
    band: RGB | None = None
    band_ink: RGB = CARD_INK
    mark: Mark | None = None


TITLE_LEADING = 1.1
TEXT_LEADING = 1.15


@dataclass(frozen=True)
class SplitLayout:
    """How a two-halved card is laid out: the top half's share of the height, the largest font
    sizes of titles, body text and marks, the smallest title size (`floor`), the smallest body
    text size (`text_floor`, 0: the same as `floor`), how many lines a title may take, and
    whether body text is left out when it cannot fit whole (`whole_text`: a table's cards, whose
    text the Cards panel gives in full)."""

    split: float = 0.5
    title: int = 20
    text: int = 16
    mark: int = 22
    floor: int = 11
    text_floor: int = 0
    title_lines: int = 2
    whole_text: bool = False

    @property
    def smallest_text(self) -> int:
        """The smallest body text size."""
        return self.text_floor or self.floor

    @property
    def title_height(self) -> float:
        """The most height a title may take: `title_lines` lines at the largest size."""
        return self.title * (TITLE_LEADING * self.title_lines + 0.1)


SPLIT = SplitLayout()


def _mark_size(mark: Mark, size: int) -> tuple[ImageFont.FreeTypeFont, int, int]:
    """The font, width and height of a mark drawn at this font size."""
    face = font(size, bold=True)
    height = round(size * 1.45)
    width = max(height, round(text_width(face, mark.text) + size * 0.8))
    return face, width, height


def _draw_mark(tile: Image.Image, mark: Mark, xy: tuple[int, int], size: int) -> None:
    face, width, height = _mark_size(mark, size)
    x, y = xy
    rounded_box(tile, (x, y, x + width, y + height), height // 3, mark.fill)
    ImageDraw.Draw(tile).text(
        (x + width / 2, y + height / 2), mark.text, font=face, fill=mark.ink, anchor="mm"
    )


def _draw_lines(
    draw: ImageDraw.ImageDraw,
    lines: list[str],
    face: ImageFont.FreeTypeFont,
    xy: tuple[float, float],
    ink: RGB,
    leading: float = 1.15,
    kind: Role = GLANCE,
) -> float:
    """Draw left-aligned lines from `xy` (top-left) as text of this role; returns the y below them."""
    x, y = xy
    with text_role(kind):
        for line in lines:
            draw.text((x, y), line, font=face, fill=ink, anchor="lt")
            y += face.size * leading
    return y


def _fit_title(
    half: Half, width: float, height: float, layout: SplitLayout, hyphenate: bool = True
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The half's icon and title (the icon kept with the first word) in as few lines as it can, as
    large as fits: at each size normal before condensed, fewer lines before more; two lines at
    most above the smallest size, at it up to `layout.title_lines` (as many as the height holds).
    At the smallest size a word too long for a line is broken with a hyphen (when `hyphenate`);
    only then is the title cut short (whole() tells)."""
    words = half.title.split()
    tokens = [f"{half.icon} {words[0]}", *words[1:]] if half.icon and words else words or [half.icon]

    def room(size: int) -> int:
        return max(1, min(layout.title_lines, int(max(height, size) // (size * TITLE_LEADING))))

    for size in range(layout.title, layout.floor - 1, -1):
        most = room(size) if size == layout.floor else min(2, room(size))
        for max_lines in range(1, most + 1) if len(tokens) > 1 else (1,):
            for condensed in (False, True):
                face = font(size, bold=True, condensed=condensed)
                lines, fits = wrap(tokens, face, width, max_lines)
                if fits:
                    return lines, face
    face = font(layout.floor, bold=True, condensed=True)
    loose = [half.icon, *words] if half.icon and words else tokens
    return wrap(loose, face, width, room(layout.floor), hyphenate=hyphenate)[0], face


def _fit_beside(
    text: str, box: tuple[float, float, float], corner: tuple[float, float], layout: SplitLayout
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """Body text for a box whose bottom-right corner holds a mark (`corner`: its width and height):
    full width above the mark, then narrower beside it; as large as fits, at each size the normal
    face before the condensed one (only at the smallest size, condensed, is the text cut short)."""
    width, height, gap = box
    mark_w, mark_h = corner
    narrow = width - mark_w - gap if mark_w else width

    def widths(size: int) -> list[float]:
        step = size * TEXT_LEADING
        lines = int(height // step)
        above = int((height - mark_h - gap) // step) if mark_h else lines
        return [width] * max(0, above) + [narrow] * (lines - max(0, above))

    smallest = layout.smallest_text
    return fit_shaped(
        text, lambda size: widths(size) or ([narrow] if size == smallest else []), layout.text, smallest
    )


def _fill_half(
    tile: Image.Image, mask: Image.Image, box: tuple[int, int, int, int], colour: RGB, edge: int
) -> None:
    """Fill part of the card's inner area (the inner rounded mask keeps the corners round)."""
    left, top, right, bottom = box
    tile.paste(colour, box, mask.crop((left - edge, top - edge, right - edge, bottom - edge)))


def build_split_face(
    top: Half, bottom: Half, size: tuple[int, int], layout: SplitLayout, style: CardStyle
) -> Image.Image:
    """A two-halved card: the top half (mark in its top-left corner, then title and text) over the
    bottom half (title strip, text, mark in its bottom-right corner), split at `layout.split`."""
    tile, edge = _tile(size, style)
    width, height = size
    inner = rounded_mask(width - 2 * edge, height - 2 * edge, corner_radius(width) - edge)
    split = round(height * layout.split)
    pad = max(4, width // 18)
    draw = ImageDraw.Draw(tile)
    _fill_half(tile, inner, (edge, edge, width - edge, split), top.face, edge)
    _fill_half(tile, inner, (edge, split, width - edge, height - edge), bottom.face, edge)

    # Top half: mark, title beside it or under it (whichever lets the title be larger without
    # shrinking the text, or whole without cutting it), then the text.
    x = y = edge + pad
    row = 0
    title_left = x
    if top.mark:
        _, mark_w, row = _mark_size(top.mark, layout.mark)
        _draw_mark(tile, top.mark, (x, y), layout.mark)
        title_left = x + mark_w + pad // 2 + 2
    text_w = width - 2 * (edge + pad)

    def text_fit(text_top: float) -> tuple[list[str], ImageFont.FreeTypeFont]:
        return _fit_beside(top.text, (text_w, split - text_top - pad // 2, 0), (0, 0), layout)

    lines, face = _fit_title(
        top, width - edge - pad - title_left, max(row, layout.title * 2.3), layout, hyphenate=not row
    )
    block = face.size * TITLE_LEADING * len(lines)
    title_top = y + (row - block) / 2 if row >= block else y
    title_bottom = max(y + row, title_top + block)
    text = text_fit(title_bottom + pad // 2) if top.text else None
    under_top = y + row + pad // 3
    room = split - under_top - pad // 2
    beside_whole = whole(lines, top.title)
    if row and (face.size < layout.title - 2 or not beside_whole) and room >= layout.floor * TITLE_LEADING:
        max_h = layout.title * TITLE_LEADING * layout.title_lines if top.text else room
        under, under_face = _fit_title(top, text_w, min(room, max_h), layout)
        under_bottom = under_top + under_face.size * TITLE_LEADING * len(under)
        under_text = text_fit(under_bottom + pad // 2) if top.text else None
        title_cut = not whole(lines, top.title)
        better = under_face.size > face.size or (title_cut and whole(under, top.title))
        text_kept = text is None or (
            under_text is not None
            and (under_text[1].size >= text[1].size or title_cut)
            and (whole(under_text[0], top.text) or not whole(text[0], top.text))
        )
        if better and text_kept:
            lines, face, title_left, title_top, text = under, under_face, edge + pad, under_top, under_text
    below = _draw_lines(draw, lines, face, (title_left, title_top + 1), top.ink, TITLE_LEADING)
    if text is not None:
        text_top = max(y + row, below) + pad // 2
        space = (text_w, split - text_top - pad // 2)
        shown = whole_or_pointer(text[0], top.text, text[1], space) if layout.whole_text else text[0]
        _draw_lines(draw, shown, text[1], (edge + pad, text_top), top.ink, TEXT_LEADING, RULES)

    # The fold between the halves.
    draw.line((edge, split, width - edge, split), fill=style.edge, width=max(1, edge))

    # Bottom half: title strip, text, mark in the bottom-right corner.
    lines, face = _fit_title(bottom, width - 2 * (edge + pad), layout.title_height, layout)
    strip = round(face.size * TITLE_LEADING * len(lines) + pad * 1.2)
    ink = bottom.ink
    if bottom.band is not None:
        _fill_half(tile, inner, (edge, split, width - edge, split + strip), bottom.band, edge)
        ink = bottom.band_ink
    _draw_lines(draw, lines, face, (edge + pad, split + pad * 0.6 + 1), ink, TITLE_LEADING)
    mark_w = mark_h = 0
    if bottom.mark:
        _, mark_w, mark_h = _mark_size(bottom.mark, layout.mark)
        _draw_mark(
            tile, bottom.mark, (width - edge - pad - mark_w, height - edge - pad - mark_h), layout.mark
        )
    if bottom.text:
        text_top = split + strip + pad // 2
        box = (width - 2 * (edge + pad), height - edge - pad - text_top, pad // 2)
        lines, face = _fit_beside(bottom.text, box, (mark_w, mark_h), layout)
        if layout.whole_text:
            above = box[1] - mark_h - box[2] >= face.size * TEXT_LEADING  # a full-width line over the mark
            lines = whole_or_pointer(
                lines, bottom.text, face, (box[0] - (0 if above else mark_w + box[2]), box[1])
            )
        _draw_lines(draw, lines, face, (edge + pad, text_top), bottom.ink, TEXT_LEADING, RULES)
    return _with_corners(tile)


def build_faded(tile: Image.Image, toward: RGB, amount: float, grey: bool = False) -> Image.Image:
    """A copy of an RGBA card tile faded `amount` (0..1) towards `toward`, in greys when `grey`: a
    card everyone can see that is not in play (the next card of a deck, a card knocked out)."""
    alpha = tile.getchannel("A")
    colour = tile.convert("RGB")
    if grey:
        colour = ImageOps.grayscale(colour).convert("RGB")
    faded = Image.blend(colour, Image.new("RGB", tile.size, toward), amount)
    faded.putalpha(alpha)
    return faded


def faded(build: Callable[[], Image.Image], toward: RGB, amount: float, grey: bool = False) -> Image.Image:
    """The RGBA tile `build()` draws, faded as build_faded() fades it; its text is measured as it
    will be shown (contrast.fading)."""
    with contrast.fading(toward, amount, grey):
        tile = build()
    return build_faded(tile, toward, amount, grey)


def build_banded(
    tile: Image.Image, text: str, middle: int, colours: tuple[RGB, RGB], sizes: tuple[int, int], height: int
) -> Image.Image:
    """A copy of an RGBA card tile with a band `height` tall across its whole width, centred at
    `middle`, holding `text` in bold (`colours`: band, ink) as large as fits in one or two lines
    (`sizes`: largest, smallest)."""
    width = tile.width
    fill, ink = colours
    pad = _pad(width, PLAIN)
    lines, face = fit_block(text, width - 2 * pad, height / 1.25, *sizes, 2, bold=True, leading=1.05)
    step = face.size * 1.05
    band_h = height
    top = middle - band_h // 2
    banded = tile.copy()
    band = Image.new("RGBA", (width, band_h), (*fill, 255))
    band.putalpha(tile.getchannel("A").crop((0, top, width, top + band_h)))
    banded.alpha_composite(band, (0, top))
    draw = ImageDraw.Draw(banded)
    for number, line in enumerate(lines):
        y = middle + (number - (len(lines) - 1) / 2) * step
        draw.text((width / 2, y), line, font=face, fill=ink, anchor="mm")
    return banded
