"""Replays as animated GIFs: table images in, one GIF that fits an upload limit out.

Pure Pillow, blocking (the bot calls it in a worker thread). The frames are scaled to at most
MAX_WIDTH pixels wide, mapped without dithering onto one shared palette (flat table images compress
far better undithered, and one palette lets every frame after the first be stored as the changed
rectangle only, unchanged pixels transparent). When the GIF is still too big it is scaled down
further (to MIN_WIDTH), then frames are dropped evenly, always keeping the first and the last; only
if two frames at MIN_WIDTH still do not fit is it shrunk below MIN_WIDTH.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image

from renderers.kit.legibility import SHOWN_WIDTH

MAX_WIDTH = 800
MIN_WIDTH = SHOWN_WIDTH
"""Below this a 1200-pixel table's smallest text is under the legibility floor (8.25 px shown);
frames are dropped first."""
FLOOR_WIDTH = 120
"""The last resort: smaller than this, the GIF cannot be made to fit."""
COLOURS = 255
"""One palette entry is left free for the transparency of unchanged pixels."""
PALETTE_SAMPLES = 12
"""How many frames (evenly spread) the shared palette is built from."""
MARGIN = 0.92
"""Aim this far under the budget when predicting the next attempt's size."""
SIZE_EXPONENT = 1.3
"""Measured on SUPERHOT replays (1200x760, 120 frames): bytes grow about as width ** 1.2-1.4, not
with the area, since the unchanged (transparent) pixels cost almost nothing."""


class ReplayTooLarge(ValueError):
    """Even the smallest GIF this module makes is over the byte budget."""


def pick_frames(count: int, limit: int) -> list[int]:
    """The indices of at most `limit` of `count` frames, evenly spread; the first and the last are
    always kept (so a limit under 2 still gives both ends when there are two or more frames)."""
    if count <= 0:
        return []
    if count <= max(limit, 1):
        return list(range(count))
    if count == 1:
        return [0]
    keep = max(limit, 2)
    # The step (count-1)/(keep-1) is over 1, so rounding never gives the same index twice.
    return [round(i * (count - 1) / (keep - 1)) for i in range(keep)]


def encode_replay_gif(
    frames: Sequence[Image.Image],
    *,
    max_bytes: int = 8_000_000,
    frame_ms: int = 900,
    last_frame_ms: int = 3000,
) -> bytes:
    """An animated GIF (looping) of `frames` no larger than `max_bytes`: scaled down and, if need
    be, with frames dropped evenly (first and last kept). Raises ReplayTooLarge when even two tiny
    frames do not fit, ValueError when there are no frames."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    source_width = frames[0].width
    width = min(MAX_WIDTH, source_width)
    count = len(frames)
    encoder = _Encoder(frames, frame_ms, last_frame_ms)
    tried: list[tuple[int, int]] = []  # (width, bytes) with every frame kept
    while True:
        data = encoder.encode(width, pick_frames(len(frames), count))
        if len(data) <= max_bytes:
            return data
        ratio = max_bytes / len(data) * MARGIN
        if count >= len(frames):
            tried.append((width, len(data)))
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, min(width - 1, math.floor(width * ratio ** (1 / _exponent(tried)))))
        elif count > 2:
            # Bytes grow about with the frames kept (a little less: the deltas grow as they thin out).
            count = max(2, min(count - 1, math.floor(count * ratio)))
        elif width > FLOOR_WIDTH:
            width = max(FLOOR_WIDTH, min(width - 1, math.floor(width * math.sqrt(ratio))))
        else:
            raise ReplayTooLarge(
                f"even 2 frames {width} pixels wide take {len(data):,} bytes > {max_bytes:,}"
            )


def _exponent(tried: Sequence[tuple[int, int]]) -> float:
    """How GIF bytes grow with the width (bytes ~ width ** exponent), from the last two attempts
    with every frame when there are two, else SIZE_EXPONENT."""
    if len(tried) < 2:
        return SIZE_EXPONENT
    (w1, b1), (w2, b2) = tried[-2:]
    if w1 == w2 or b1 == b2:
        return SIZE_EXPONENT
    return min(2.2, max(0.8, math.log(b1 / b2) / math.log(w1 / w2)))


class _Encoder:
    """Scales and palettes frames once per width (and each frame only when it is used)."""

    def __init__(self, frames: Sequence[Image.Image], frame_ms: int, last_frame_ms: int) -> None:
        self.frames = frames
        self.frame_ms = max(20, frame_ms)
        self.last_frame_ms = max(20, last_frame_ms)
        self.width = 0
        self.palette: Image.Image | None = None
        self.done: dict[int, Image.Image] = {}
        self.base: dict[int, Image.Image] = {}
        """The frames of the first (largest) width, paletted: later widths shrink these."""

    def _size(self, width: int) -> tuple[int, int]:
        first = self.frames[0]
        return width, max(1, round(first.height * width / first.width))

    def _scaled(self, index: int, size: tuple[int, int]) -> Image.Image:
        """Frame `index` as RGB at `size`: from the largest version already made, else the source."""
        base = self.base.get(index)
        frame = base.convert("RGB") if base is not None and base.width > size[0] else self.frames[index]
        if frame.mode != "RGB":
            frame = frame.convert("RGB")
        if frame.size == size:
            return frame
        # BOX (area averaging) is the cheapest filter that does not alias when shrinking: half the
        # time of BICUBIC for a 1200 -> 800 table, and as legible.
        return frame.resize(size, Image.Resampling.BOX)

    def _build_palette(self, size: tuple[int, int]) -> Image.Image:
        """One palette from a strip of evenly picked frames, so colours that appear late are in it."""
        picked = pick_frames(len(self.frames), PALETTE_SAMPLES)
        small = (max(1, size[0] // 2), max(1, size[1] // 2))
        strip = Image.new("RGB", (small[0], small[1] * len(picked)))
        for row, index in enumerate(picked):
            # NEAREST keeps the frames' own colours rather than inventing blends of them.
            strip.paste(
                self._scaled(index, size).resize(small, Image.Resampling.NEAREST), (0, row * small[1])
            )
        return strip.quantize(COLOURS, Image.Quantize.MEDIANCUT)

    def _paletted(self, index: int, size: tuple[int, int]) -> Image.Image:
        if index not in self.done:
            assert self.palette is not None
            scaled = self._scaled(index, size)
            self.done[index] = scaled.quantize(palette=self.palette, dither=Image.Dither.NONE)
        return self.done[index]

    def encode(self, width: int, indices: Sequence[int]) -> bytes:
        size = self._size(width)
        if width != self.width:
            if not self.base:
                self.base = self.done
            self.width, self.done = width, {}
            self.palette = self._build_palette(size)
        images = [self._paletted(index, size) for index in indices]
        durations = [self.frame_ms] * (len(images) - 1) + [self.last_frame_ms]
        out = io.BytesIO()
        images[0].save(
            out,
            format="GIF",
            save_all=True,
            append_images=images[1:],
            duration=durations,
            loop=0,
            optimize=True,
            disposal=1,
        )
        return out.getvalue()
