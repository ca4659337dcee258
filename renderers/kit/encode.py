"""PNG bytes for Discord, and the rendered image handed to the bot."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from PIL import Image

from renderers.kit.png import palette_png
from renderers.kit.text import ELLIPSIS

MAX_ALT_TEXT = 1024
"""Discord's limit on an attachment description."""

# PNG settings, chosen for size and speed. Our tables are flat colours, text and soft shadows, so a
# 256-colour palette looks the same as RGB at a third of the bytes (a faster upload on every edit).
# Measured on the 1200x844 SUPERHOT table with its game palette, 20 encodes each:
#   map onto the game palette:                0.96 ms
#   Pillow's PNG writer (zlib), level 3:     2.81 ms, 58 KiB (level 1: 2.48 ms, 65 KiB)
#   ISA-L deflate, level 1 (renderers/kit/png.py): 0.41 ms of deflate, 58 KiB   <- chosen
PALETTE_COLOURS = 256


class RenderedImage(msgspec.Struct, frozen=True):
    """An encoded image with its alt text (the attachment description) and attachment filename."""

    png: bytes
    alt: str
    filename: str
    width: int
    height: int


def paletted(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """The image in 256 colours, without dithering. With a game's `palette` (see `palette_of`)
    the colours are only mapped, five times faster than choosing them for this image."""
    if image.mode == "P":
        return image
    if image.mode != "RGB":
        image = image.convert("RGB")
    if palette is not None:
        return image.quantize(palette=palette, dither=Image.Dither.NONE)
    return image.quantize(PALETTE_COLOURS, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as a 256-colour palette PNG, tuned for speed (ISA-L deflate at its fastest level)."""
    return palette_png(paletted(image, palette))


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
    chosen = stacked.quantize(PALETTE_COLOURS, Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    return palette_image(chosen.getpalette() or [])


def palette_image(colours: Sequence[int]) -> Image.Image:
    """A one-pixel image carrying a palette (R, G, B, R, ...): all that mapping colours needs, where
    the stacked samples it was chosen from would be kept at tens of megabytes a game."""
    carrier = Image.new("P", (1, 1))
    carrier.putpalette(list(colours))
    return carrier
