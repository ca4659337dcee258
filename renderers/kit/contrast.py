"""Text contrast (WCAG 2): the ratio between a text's colour and what is behind it, and a recorder
that measures every text drawn with the kit's fonts, so that tests hold every image to AA.

Text needs a contrast ratio of at least 4.5:1 with its background (WCAG 2, level AA). The recorder
looks where each text lands: it copies the pixels under the text's box, lets Pillow draw it, and
takes every pixel the text changed as a pixel of its background (its colour before the text came).
A text's ratio is the one that 90 % of those pixels reach, so a stroke that touches the antialiased
edge of a shape behind it does not count, but a text half on a light band and half on a dark one
does. Text drawn where the canvas is still transparent (a tile pasted onto the table later) has no
known background: it is recorded with no ratio.

Text on a tile that is faded afterwards (a card not in play, `cards.faded()`) is measured as it
will be shown: its colour and its background faded alike.

A decoration drawn with a font (a large faint symbol in a card's corner, there to be seen, not
read) is drawn inside `decoration()`: it is not text, and the recorder leaves it out.

Recording wraps Pillow's `ImageDraw.text` only while a `recording()` is open, in the thread that
opened it; images drawn outside one are drawn by Pillow directly.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, cast

from PIL import Image, ImageChops, ImageColor, ImageDraw

from renderers.kit.fonts import CachedFont
from renderers.kit.palette import RGB, contrast_ratio

AA = 4.5
"""The smallest contrast ratio WCAG 2 level AA asks of text."""
SHARE = 0.9
"""A text's ratio is the one reached by this share of the background pixels under it."""


@dataclass(frozen=True)
class Contrast:
    """One text drawn: what it said, its font size, its colour, the background colour it was
    measured against and the ratio between them (None: drawn on a transparent layer)."""

    text: str
    size: int
    ink: RGB
    background: RGB | None
    ratio: float | None


_records: ContextVar[list[Contrast] | None] = ContextVar("contrast_records", default=None)
_decorating: ContextVar[bool] = ContextVar("contrast_decorating", default=False)
_fade: ContextVar[tuple[RGB, float, bool] | None] = ContextVar("contrast_fade", default=None)
_lock = threading.Lock()
_open = 0
_pillow_text = ImageDraw.ImageDraw.text


@contextmanager
def recording() -> Iterator[list[Contrast]]:
    """Measure every text the kit's fonts draw inside this block (in this thread). Memoised layers
    are drawn once: clear those caches first to measure everything an image holds."""
    global _open
    records: list[Contrast] = []
    token = _records.set(records)
    with _lock:
        _open += 1
        ImageDraw.ImageDraw.text = _measured_text  # type: ignore[method-assign]
    try:
        yield records
    finally:
        _records.reset(token)
        with _lock:
            _open -= 1
            if not _open:
                ImageDraw.ImageDraw.text = _pillow_text  # type: ignore[method-assign]


@contextmanager
def decoration() -> Iterator[None]:
    """What is drawn with a font inside this block is decoration, not text: not measured."""
    token = _decorating.set(True)
    try:
        yield
    finally:
        _decorating.reset(token)


@contextmanager
def fading(toward: RGB, amount: float, grey: bool = False) -> Iterator[None]:
    """What is drawn inside this block will be faded `amount` towards `toward` (in greys when
    `grey`) before it is shown (cards.build_faded): measure its text as shown."""
    token = _fade.set((toward, amount, grey))
    try:
        yield
    finally:
        _fade.reset(token)


def as_shown(colour: RGB) -> RGB:
    """The colour as it will be shown, after the fade of the enclosing `fading()` block if any."""
    fade = _fade.get()
    if fade is None:
        return colour
    toward, amount, grey = fade
    if grey:
        level = (colour[0] * 299 + colour[1] * 587 + colour[2] * 114) // 1000
        colour = (level, level, level)
    red, green, blue = (round(c * (1 - amount) + t * amount) for c, t in zip(colour, toward, strict=True))
    return (red, green, blue)


def _measured_text(
    self: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: Any,
    fill: Any = None,
    font: Any = None,
    anchor: str | None = None,
    *args: Any,
    **kwargs: Any,
) -> None:
    """Pillow's text(), measuring the contrast of what it draws when a recording is open here."""
    records = _records.get()
    image: Image.Image | None = getattr(self, "_image", None)
    kit_text = isinstance(font, CachedFont) and isinstance(text, str) and bool(text.strip())
    on_colour = image is not None and image.mode in ("RGB", "RGBA")
    if records is None or _decorating.get() or image is None or not (kit_text and on_colour):
        _pillow_text(self, xy, text, fill, font, anchor, *args, **kwargs)
        return
    box = _clipped(self.textbbox(xy, text, font=font, anchor=anchor, **_layout(kwargs)), image)
    before = image.crop(box) if box else None
    _pillow_text(self, xy, text, fill, font, anchor, *args, **kwargs)
    if before is None:
        return
    ink = as_shown(_rgb(fill, image.mode))
    background = _background(before, image.crop(box))
    if background is None:
        records.append(Contrast(text, int(font.size), ink, None, None))
        return
    worst = _reached(ink, background)
    records.append(Contrast(text, int(font.size), ink, worst, contrast_ratio(ink, worst)))


def _layout(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments of a text() call that change where its text lands."""
    keys = ("spacing", "align", "direction", "features", "language", "stroke_width")
    return {key: value for key, value in kwargs.items() if key in keys}


def _clipped(box: tuple[float, float, float, float], image: Image.Image) -> tuple[int, int, int, int] | None:
    left, top = max(0, int(box[0])), max(0, int(box[1]))
    right, bottom = min(image.width, int(box[2]) + 1), min(image.height, int(box[3]) + 1)
    return (left, top, right, bottom) if right > left and bottom > top else None


def _rgb(fill: Any, mode: str) -> RGB:
    """The colour a text() fill names (a name, "#hex", or a tuple; Pillow's default is white)."""
    if fill is None:
        return (255, 255, 255)
    if isinstance(fill, str):
        fill = ImageColor.getrgb(fill)
    if isinstance(fill, int):
        return (fill, fill, fill)
    red, green, blue = fill[:3]
    return (red, green, blue)


def _background(before: Image.Image, after: Image.Image) -> list[tuple[int, RGB]] | None:
    """The colours (with pixel counts) under the pixels the text changed (when it changed none, its
    colour being its background's, the whole box's); None on a transparent layer."""
    changed = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).convert("L")
    under = changed.point(lambda value: 255 if value else 0)
    if under.getbbox() is None:
        under = Image.new("L", before.size, 255)
    if before.mode == "RGBA":
        alpha = ImageChops.lighter(before.getchannel("A"), ImageChops.invert(under))
        if alpha.point(lambda value: 255 if value < 255 else 0).getbbox() is not None:
            return None
    masked = before.convert("RGB").convert("RGBA")
    masked.putalpha(under)
    found: list[tuple[int, RGB]] = []
    for count, colour in masked.getcolors(maxcolors=before.width * before.height) or []:
        red, green, blue, shown = cast(tuple[int, int, int, int], colour)
        if shown:
            found.append((count, as_shown((red, green, blue))))
    return found


def _reached(ink: RGB, background: list[tuple[int, RGB]]) -> RGB:
    """The background colour whose ratio with `ink` SHARE of the pixels reach or beat."""
    ranked = sorted(background, key=lambda item: contrast_ratio(ink, item[1]))
    allowed = sum(count for count, _ in ranked) * (1 - SHARE)
    for count, colour in ranked:
        allowed -= count
        if allowed < 0:
            return colour
    return ranked[-1][1]
