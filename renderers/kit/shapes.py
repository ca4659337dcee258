"""Antialiased shapes: rounded boxes, drop shadows and the felt background.

Pillow draws rounded rectangles without antialiasing, so each shape is drawn four times larger
into a mask and scaled down. A large box's mask is stretched from a small square of the same
radius (its corners, and one plain row and column between them), so a new size costs a few pastes,
not a scaling of the whole box. Masks are memoised here and only ever used as paste masks.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.kit.memo import layer_memo
from renderers.kit.palette import FELT, FELT_LIGHT, RGB

Box = tuple[int, int, int, int]
_SUPERSAMPLE = 4
SHADOW_STRENGTH = 0.55
"""How dark a drop shadow is under its box (0..1)."""


_REACH_BEYOND_RADIUS = 4
"""Pixels past the radius that a corner's antialiasing can reach (LANCZOS spans 3 output pixels)."""


def _supersampled(width: int, height: int, radius: int) -> Image.Image:
    big = Image.new("L", (width * _SUPERSAMPLE, height * _SUPERSAMPLE))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=radius * _SUPERSAMPLE, fill=255
    )
    return big.resize((width, height), Image.Resampling.LANCZOS)


@layer_memo
def _corner_sheet(radius: int) -> Image.Image:
    """The smallest rounded square with this radius whose corners do not touch: every larger box's
    mask is this square with its middle row and column repeated."""
    side = 2 * (radius + _REACH_BEYOND_RADIUS) + 1
    return _supersampled(side, side, radius)


def _clamped(width: int, height: int, radius: int) -> int:
    return max(0, min(radius, width // 2, height // 2))


def _fits_sheet(width: int, height: int, radius: int) -> bool:
    return min(width, height) > 2 * (radius + _REACH_BEYOND_RADIUS)


@layer_memo
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An "L" mask of a rounded rectangle filling (width, height). Never mutate the result."""
    radius = _clamped(width, height, radius)
    if not _fits_sheet(width, height, radius):
        return _supersampled(width, height, radius)
    sheet, reach = _corner_sheet(radius), radius + _REACH_BEYOND_RADIUS
    mask = Image.new("L", (width, height), sheet.getpixel((reach, reach)))
    far, middle_w, middle_h = sheet.width - reach, width - 2 * reach, height - 2 * reach
    edges = (
        ((reach, 0, reach + 1, reach), (middle_w, reach), (reach, 0)),
        ((reach, far, reach + 1, sheet.height), (middle_w, reach), (reach, height - reach)),
        ((0, reach, reach, reach + 1), (reach, middle_h), (0, reach)),
        ((far, reach, sheet.width, reach + 1), (reach, middle_h), (width - reach, reach)),
    )
    for cut, size, spot in edges:
        mask.paste(sheet.crop(cut).resize(size, Image.Resampling.NEAREST), spot)
    for x, y in ((0, 0), (far, 0), (0, far), (far, far)):
        spot = (x if x == 0 else width - reach, y if y == 0 else height - reach)
        mask.paste(sheet.crop((x, y, x + reach, y + reach)), spot)
    return mask


@layer_memo
def shadow_mask(width: int, height: int, radius: int, blur: int, strength: float) -> Image.Image:
    """A soft "L" shadow of a rounded rectangle, `blur` pixels wider on every side. Never mutate."""
    mask = Image.new("L", (width + 2 * blur, height + 2 * blur))
    mask.paste(rounded_mask(width, height, radius).point(lambda v: int(v * strength)), (blur, blur))
    return mask.filter(ImageFilter.GaussianBlur(blur / 2))


@layer_memo
def ring_mask(width: int, height: int, radius: int, thickness: int) -> Image.Image:
    """An "L" mask of a rounded rectangle's outline, `thickness` pixels wide. Never mutate."""
    inner = Image.new("L", (width, height))
    inner_radius = max(0, radius - thickness)
    inner.paste(
        rounded_mask(width - 2 * thickness, height - 2 * thickness, inner_radius), (thickness, thickness)
    )
    return ImageChops.subtract(rounded_mask(width, height, radius), inner)


class _Corners(NamedTuple):
    """A rounded mask cut for filling: how far from each corner it is below full (`reach` pixels
    square; everything else is 255), and the four corner squares (top-left, top-right,
    bottom-left, bottom-right), or no corners where they would meet (then the whole `mask`)."""

    reach: int
    squares: tuple[Image.Image, ...]
    mask: Image.Image | None


@layer_memo
def _corners(width: int, height: int, radius: int) -> _Corners:
    radius = _clamped(width, height, radius)
    fits = _fits_sheet(width, height, radius)
    source = _corner_sheet(radius) if fits else rounded_mask(width, height, radius)  # same corners
    reach = _reach_below_full(source)
    if 2 * reach >= width or 2 * reach >= height or (fits and reach > radius + _REACH_BEYOND_RADIUS):
        return _Corners(reach, (), rounded_mask(width, height, radius))
    far_x, far_y = source.width - reach, source.height - reach
    spots = [(x, y) for y in (0, far_y) for x in (0, far_x)]
    return _Corners(reach, tuple(source.crop((x, y, x + reach, y + reach)) for x, y in spots), None)


def _reach_below_full(mask: Image.Image) -> int:
    """How far from its nearest corner, across and down, any pixel of `mask` is below 255."""
    below_full = mask.point(lambda v: 255 if v < 255 else 0)
    width, height = mask.size
    half_w, half_h = (width + 1) // 2, (height + 1) // 2
    reach = 0
    for flip_x, flip_y in ((False, False), (True, False), (False, True), (True, True)):
        quarter = below_full.crop(
            (width - half_w if flip_x else 0, height - half_h if flip_y else 0,
             width if flip_x else half_w, height if flip_y else half_h)
        )  # fmt: skip
        if flip_x:
            quarter = quarter.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        if flip_y:
            quarter = quarter.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        box = quarter.getbbox()
        if box is not None:
            reach = max(reach, box[2], box[3])
    return reach


def fill_rounded(
    image: Image.Image, colour: RGB, left: int, top: int, width: int, height: int, radius: int
) -> None:
    """Paste `colour` through `rounded_mask(width, height, radius)` at (left, top): the same pixels,
    but only the corners are blended; the rest is a plain fill, several times faster on a large box."""
    corners = _corners(width, height, radius)
    if corners.mask is not None:
        image.paste(colour, (left, top), corners.mask)
        return
    reach, right, bottom = corners.reach, left + width, top + height
    image.paste(colour, (left, top + reach, right, bottom - reach))
    if reach:
        image.paste(colour, (left + reach, top, right - reach, top + reach))
        image.paste(colour, (left + reach, bottom - reach, right - reach, bottom))
        spots = [(x, y) for y in (top, bottom - reach) for x in (left, right - reach)]
        for (x, y), square in zip(spots, corners.squares, strict=True):
            image.paste(colour, (x, y), square)


def rounded_outline(image: Image.Image, box: Box, radius: int, colour: RGB, thickness: int) -> None:
    """Draw only the antialiased outline of a rounded rectangle."""
    left, top, right, bottom = box
    image.paste(colour, (left, top), ring_mask(right - left, bottom - top, radius, thickness))


@layer_memo
def _faded_mask(width: int, height: int, radius: int, opacity: float) -> Image.Image:
    return rounded_mask(width, height, radius).point(lambda v: round(v * opacity))


def shade(image: Image.Image, box: Box, radius: int, opacity: float) -> None:
    """Darken a rounded area, keeping what is beneath visible (opacity 0..1)."""
    left, top, right, bottom = box
    image.paste((0, 0, 0), (left, top), _faded_mask(right - left, bottom - top, radius, opacity))


def rounded_box(
    image: Image.Image,
    box: Box,
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 0,
) -> None:
    """Fill an antialiased rounded rectangle, with an optional inner outline `width` pixels thick."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    if outline is not None and width > 0:
        fill_rounded(image, outline, left, top, w, h, radius)
        left, top, w, h = left + width, top + width, w - 2 * width, h - 2 * width
        radius = max(0, radius - width)
    fill_rounded(image, fill, left, top, w, h, radius)


def shadow_shift(offset: int, blur: int) -> tuple[int, int]:
    """Where a box's shadow mask goes, from the box's top left: `blur` wider on every side, and
    moved `offset` down and half as far right."""
    return offset // 2 - blur, offset - blur


def shadow(image: Image.Image, box: Box, radius: int, offset: int = 4, blur: int = 8) -> None:
    """A soft drop shadow under the rounded box (draw it before the box)."""
    left, top, right, bottom = box
    mask = shadow_mask(right - left, bottom - top, radius, blur, SHADOW_STRENGTH)
    dx, dy = shadow_shift(offset, blur)
    image.paste((0, 0, 0), (left + dx, top + dy), mask)


class _Band(NamedTuple):
    """A piece of a shadow mask and where it goes, from the shadow's top left."""

    mask: Image.Image
    left: int
    top: int


@layer_memo
def _shadow_bands(width: int, height: int, radius: int, offset: int, blur: int) -> tuple[_Band, ...]:
    """The shadow of a (width, height) box cut into the bands around the middle that the box,
    drawn opaque over it, hides anyway (where its corners are not rounded): pasting only these
    draws the same picture with a fraction of the blending."""
    mask = shadow_mask(width, height, radius, blur, SHADOW_STRENGTH)
    reach = _corners(width, height, radius).reach
    shift_x, shift_y = shadow_shift(offset, blur)
    dx, dy = -shift_x, -shift_y  # the box's top left, from the shadow's
    hidden = (dx + reach, dy + reach, dx + width - reach, dy + height - reach)
    if hidden[0] >= hidden[2] or hidden[1] >= hidden[3]:
        return (_Band(mask, 0, 0),)
    left, top, right, bottom = hidden
    boxes = [
        (0, 0, mask.width, top),
        (0, bottom, mask.width, mask.height),
        (0, top, left, bottom),
        (right, top, mask.width, bottom),
    ]
    kept = [box for box in boxes if box[0] < box[2] and box[1] < box[3]]
    return tuple(_Band(mask.crop(box), box[0], box[1]) for box in kept)


def raised_box(
    image: Image.Image,
    box: Box,
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 0,
    offset: int = 4,
    blur: int = 8,
) -> None:
    """An opaque rounded box on a soft drop shadow (`shadow`, then `rounded_box`), the shadow drawn
    only where the box leaves it visible."""
    left, top, right, bottom = box
    dx, dy = shadow_shift(offset, blur)
    for band in _shadow_bands(right - left, bottom - top, radius, offset, blur):
        image.paste((0, 0, 0), (left + dx + band.left, top + dy + band.top), band.mask)
    rounded_box(image, box, radius, fill, outline, width)


def felt(width: int, height: int) -> Image.Image:
    """The table: dark felt, a little lighter towards the middle."""
    gradient = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    return Image.composite(
        Image.new("RGB", (width, height), FELT),
        Image.new("RGB", (width, height), FELT_LIGHT),
        gradient.point(lambda v: min(255, int(v * 1.25))),
    )
