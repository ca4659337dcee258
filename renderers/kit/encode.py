"""PNG bytes for Discord, and the rendered image handed to the bot."""

from __future__ import annotations

import io

import msgspec
from PIL import Image

from renderers.kit.text import ELLIPSIS

MAX_ALT_TEXT = 1024
"""Discord's limit on an attachment description."""

# Measured on the 1200x675 High Card table (4 seats, follow phase), RGB, 200 encodes per level:
#   compress_level=1: 140 KiB, p50 16.8 ms, p95 22.5 ms
#   compress_level=3: 131 KiB, p50 17.8 ms, p95 22.4 ms   <- chosen
#   compress_level=6: 114 KiB, p50 27.0 ms, p95 34.3 ms
#   compress_level=9: 110 KiB, p50 149 ms (optimize=True: the same size, 162 ms)
# Level 6 saves 13% of the bytes for 50% more time; the time is spent in a worker thread for every
# table edit, while 17 KiB more of upload is negligible, so level 3.
COMPRESS_LEVEL = 3


class RenderedImage(msgspec.Struct, frozen=True):
    """An encoded image with its alt text (the attachment description) and attachment filename."""

    png: bytes
    alt: str
    filename: str
    width: int
    height: int


def encode_png(image: Image.Image) -> bytes:
    """Encode as an RGB PNG, tuned for speed: no optimize pass, a low zlib level."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def rendered_image(image: Image.Image, alt: str, filename: str) -> RenderedImage:
    """Encode `image` and clip its alt text to what Discord accepts."""
    if len(alt) > MAX_ALT_TEXT:
        alt = alt[: MAX_ALT_TEXT - 1].rstrip() + ELLIPSIS
    return RenderedImage(encode_png(image), alt, filename, image.width, image.height)
