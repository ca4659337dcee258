"""Antialiased shapes: rounded boxes, drop shadows and the felt background.

Pillow draws rounded rectangles without antialiasing, so each shape is drawn four times larger
into a mask and scaled down. Masks are memoised here and only ever used as paste masks.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.kit.memo import layer_memo
from renderers.kit.palette import FELT, FELT_LIGHT, RGB

Box = tuple[int, int, int, int]
_SUPERSAMPLE = 4


@layer_memo
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An "L" mask of a rounded rectangle filling (width, height). Never mutate the result."""
    big = Image.new("L", (width * _SUPERSAMPLE, height * _SUPERSAMPLE))
    radius = max(0, min(radius, width // 2, height // 2))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=radius * _SUPERSAMPLE, fill=255
    )
    return big.resize((width, height), Image.Resampling.LANCZOS)


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
    mask = rounded_mask(width, height, radius)
    below_full = mask.point(lambda v: 255 if v < 255 else 0)
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
    if 2 * reach >= width or 2 * reach >= height:
        return _Corners(reach, (), mask)
    spots = [(x, y) for y in (0, height - reach) for x in (0, width - reach)]
    return _Corners(reach, tuple(mask.crop((x, y, x + reach, y + reach)) for x, y in spots), None)


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


def shadow(image: Image.Image, box: Box, radius: int, offset: int = 4, blur: int = 8) -> None:
    """A soft drop shadow under the rounded box (draw it before the box)."""
    left, top, right, bottom = box
    mask = shadow_mask(right - left, bottom - top, radius, blur, 0.55)
    image.paste((0, 0, 0), (left - blur + offset // 2, top - blur + offset), mask)


def felt(width: int, height: int) -> Image.Image:
    """The table: dark felt, a little lighter towards the middle."""
    gradient = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    return Image.composite(
        Image.new("RGB", (width, height), FELT),
        Image.new("RGB", (width, height), FELT_LIGHT),
        gradient.point(lambda v: min(255, int(v * 1.25))),
    )
