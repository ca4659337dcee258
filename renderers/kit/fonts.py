"""The bundled DejaVu fonts (see fonts/LICENSE.txt), loaded once per size and style.

FreeType calls in Pillow hold the GIL, so the shared font objects are safe in worker threads.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import legibility

FONT_DIR = Path(__file__).resolve().parent / "fonts"

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}
_NOT_A_CHARACTER = "\U0010fffd"
_UNLAYABLE = {"Cc", "Zl", "Zp"}  # controls, line and paragraph separators


def layable(text: str) -> str:
    """The text with what the layout engine (raqm) refuses, line and paragraph breaks and other
    control characters ("\\r", U+0085, U+2029...), turned into spaces."""
    return "".join(" " if unicodedata.category(char) in _UNLAYABLE else char for char in text)


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that renders each text once: the same labels are drawn on every table, and
    FreeType rendering holds the GIL. Colour (RGBA) masks are not memoised: Pillow edits them.
    Each text drawn is noted for legibility.recording() (its size and role).

    A text raqm cannot lay out (a player's name with a paragraph break) is measured and drawn
    with those characters as spaces (`layable`), so no text ever fails a picture."""

    def getlength(
        self, text: str | bytes, mode: str = "", direction: str | None = None, *args: Any, **kwargs: Any
    ) -> float:
        try:
            return super().getlength(text, mode, direction, *args, **kwargs)
        except RuntimeError:
            return super().getlength(_layable(text), mode, direction, *args, **kwargs)

    def getbbox(
        self, text: str | bytes | bytearray, *args: Any, **kwargs: Any
    ) -> tuple[float, float, float, float]:
        try:
            return super().getbbox(text, *args, **kwargs)
        except RuntimeError:
            return super().getbbox(layable(text) if isinstance(text, str) else text, *args, **kwargs)

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        legibility.note(int(self.size))
        try:
            return self._mask(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        except RuntimeError:
            return self._mask(
                _layable(text),
                mode,
                direction,
                features,
                language,
                stroke_width,
                anchor,
                ink,
                start,
                *args,
                **kwargs,
            )

    def _mask(
        self,
        text: str | bytes,
        mode: str,
        direction: str | None,
        features: list[str] | None,
        language: str | None,
        stroke_width: float,
        anchor: str | None,
        ink: int,
        start: tuple[float, float] | None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA" or features is not None or args:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        extra = tuple(sorted(kwargs.items()))
        return _rendered(self, text, mode, direction, language, stroke_width, anchor, ink, start, extra)


def _layable(text: str | bytes) -> str | bytes:
    return layable(text) if isinstance(text, str) else text


@lru_cache(maxsize=4096)
def _rendered(
    face: CachedFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    ink: int,
    start: tuple[float, float] | None,
    extra: tuple[tuple[str, Any], ...],
) -> tuple[Any, tuple[int, int]]:
    """A text mask and its offset, rendered once (callers only read it)."""
    return ImageFont.FreeTypeFont.getmask2(
        face, text, mode, direction, None, language, stroke_width, anchor, ink, start, **dict(extra)
    )


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """The DejaVu Sans font at this pixel size and style (its text masks memoised)."""
    return CachedFont(str(FONT_DIR / _FILES[bold, condensed]), size)


def _glyph_pixels(char: str, face: ImageFont.FreeTypeFont) -> bytes:
    size = int(face.size) * 2
    image = Image.new("L", (size, size))
    ImageDraw.Draw(image).text((size // 4, size // 4), char, font=face, fill=255)
    return image.tobytes()


def has_glyph(char: str, bold: bool = False, condensed: bool = False) -> bool:
    """Whether the font draws this character itself rather than the missing-glyph box."""
    face = font(32, bold, condensed)
    return _glyph_pixels(char, face) != _glyph_pixels(_NOT_A_CHARACTER, face)


@lru_cache(maxsize=4096)
def drawable(char: str) -> bool:
    """Whether the bundled font draws this character (emoji and unusual scripts it does not, and
    an emoji's variation selector would show as a box)."""
    if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn"} or "\ufe00" <= char <= "\ufe0f":
        return False
    return ord(char) < 0x0530 or (has_glyph(char) and has_glyph(char, bold=True))


def drawable_text(text: str) -> str:
    """The text with what the font cannot draw left out (an emoji, its variation selector), and
    the spaces that leaves collapsed: "⚔️ Zeus attacks" -> "⚔ Zeus attacks"."""
    return " ".join("".join(char for char in text if drawable(char)).split())


def glyph(symbol: str, letter: str) -> str:
    """The symbol if every face of the bundled font draws it, else the letter."""
    faces = ((False, False), (True, False), (False, True), (True, True))
    return symbol if all(has_glyph(symbol, bold, condensed) for bold, condensed in faces) else letter
