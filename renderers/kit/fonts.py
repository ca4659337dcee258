"""The bundled DejaVu fonts (see fonts/LICENSE.txt), loaded once per size and style.

FreeType calls in Pillow hold the GIL, so the shared font objects are safe in worker threads.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}
_NOT_A_CHARACTER = "\U0010fffd"


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """The DejaVu Sans font at this pixel size and style."""
    return ImageFont.truetype(str(FONT_DIR / _FILES[bold, condensed]), size)


def _glyph_pixels(char: str, face: ImageFont.FreeTypeFont) -> bytes:
    size = int(face.size) * 2
    image = Image.new("L", (size, size))
    ImageDraw.Draw(image).text((size // 4, size // 4), char, font=face, fill=255)
    return image.tobytes()


def has_glyph(char: str, bold: bool = False, condensed: bool = False) -> bool:
    """Whether the font draws this character itself rather than the missing-glyph box."""
    face = font(32, bold, condensed)
    return _glyph_pixels(char, face) != _glyph_pixels(_NOT_A_CHARACTER, face)
