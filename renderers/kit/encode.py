"""PNG bytes for Discord, and the rendered image handed to the bot."""

from __future__ import annotations

import io
from collections.abc import Sequence

import msgspec
from PIL import Image

from renderers.kit.text import ELLIPSIS

MAX_ALT_TEXT = 1024
"""Discord's limit on an attachment description."""

# PNG settings, chosen for size and speed. Our tables are flat colours, text and soft shadows, so a
# 256-colour adaptive palette (Pillow's fast octree, no dithering) looks the same as RGB. Measured on
# the 1200x760 SUPERHOT co-op table, 15 encodes each:
#   RGB, compress_level=3:              176 KiB, p50 20.7 ms (Pillow tries every PNG row filter)
#   RGB, compress_level=1:              183 KiB, p50 19.2 ms
#   palette, compress_level=3:           59 KiB, p50 12.9 ms   <- chosen
#   palette from a half-size sample:     63 KiB, p50 11.0 ms (rare small colours can drift)
# The palette image is a third of the bytes (a faster upload on every table edit) and both steps
# release the GIL, so two render threads use both cores.
COMPRESS_LEVEL = 3
PALETTE_COLOURS = 256


class RenderedImage(msgspec.Struct, frozen=True):
    """An encoded image with its alt text (the attachment description) and attachment filename."""

    png: bytes
    alt: str
    filename: str
    width: int
    height: int


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as a 256-colour palette PNG, tuned for speed: no optimize pass, a low zlib level. With
    a game's `palette` (see `palette_of`) the colours are only mapped, five times faster than
    choosing them for this image."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    if palette is not None:
        paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(PALETTE_COLOURS, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def rendered_image(
    image: Image.Image, alt: str, filename: str, palette: Image.Image | None = None
) -> RenderedImage:
    """Encode `image` and clip its alt text to what Discord accepts."""
    if len(alt) > MAX_ALT_TEXT:
        alt = alt[: MAX_ALT_TEXT - 1].rstrip() + ELLIPSIS
    return RenderedImage(encode_png(image, palette), alt, filename, image.width, image.height)


def palette_of(images: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette for a whole game, chosen from its images stacked into one: a game
    draws with the same colours all the time, so new views only need their colours mapped.
    Maximum coverage rather than the fast octree: chosen once per process (0.2-0.4 s a game
    against 0.1-0.2 s), it keeps the anti-aliased edges of colours that few samples show (the
    text on Smash Masters' yellow Super cards drifted past the bound with the octree)."""
    width = max(image.width for image in images)
    stacked = Image.new("RGB", (width, sum(image.height for image in images)))
    top = 0
    for image in images:
        stacked.paste(image.convert("RGB"), (0, top))
        top += image.height
    return stacked.quantize(PALETTE_COLOURS, Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
