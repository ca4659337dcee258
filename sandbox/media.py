"""The bot's pictures on the sandbox's pages, shown the moment they exist.

Before a page shows an image, SimCord's preview validates it: each time, for each page, it starts a
fresh Python process that decodes the image and encodes it again, one image at a time, and gives up
past eight waiting (the page then says "Gallery item 1 unavailable"). That is right for media from
strangers, but every table and hand image here is a PNG the bot has just drawn, and a live table
draws several a second: pages showed alt text for seconds after each change. So single-frame PNGs
are checked in the sandbox's own process from their header (format, one frame, SimCord's size
limits) and shown as they are; anything else still goes to SimCord's worker.
"""

from __future__ import annotations

import io

from PIL import Image
from simcord.preview._media import MAX_DIMENSION, MAX_PIXELS, MediaInfo, MediaWorker

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def still_png(blob: bytes) -> MediaInfo | None:
    """What SimCord needs to show a single-frame PNG as it is; None for anything else."""
    if not blob.startswith(PNG_SIGNATURE):
        return None
    try:
        with Image.open(io.BytesIO(blob), formats=["PNG"]) as image:  # the header only, not the pixels
            if getattr(image, "n_frames", 1) != 1:
                return None
            width, height = image.size
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None  # not a PNG Pillow can read: SimCord's worker says why
    if not (0 < width <= MAX_DIMENSION and 0 < height <= MAX_DIMENSION and width * height <= MAX_PIXELS):
        return None
    return MediaInfo(
        "PNG",
        width,
        height,
        1,
        width * height * 4,
        blob,
        "image/png",
        capture=blob,
        poster=blob,
        transformation="sandbox-png-preserved",
        memory_limited=True,  # no pixels are decoded here: nothing can pass the worker's memory ceiling
    )


class SandboxMedia(MediaWorker):
    """SimCord's media worker, except that still PNGs are shown at once, as they are."""

    async def validate(self, key: str, blob: bytes, *, media_time: float | None = None) -> MediaInfo:
        """The image as the page will show it."""
        if not media_time and (info := still_png(blob)) is not None:
            return info
        return await super().validate(key, blob, media_time=media_time)
