"""Drawn layers packed small while no image needs them, unpacked when one does.

Our layers are flat colours, soft shadows and text: deflated (ISA-L, fastest level) they shrink 15
to 600 times (all five games' layers, 158 MiB as drawn, pack into 6.4 MiB), and unpacking one costs
a fraction of drawing it again (a 3.8 MB frame: about 3 ms against 10 to 25 ms on a slow host;
packing it takes 1 to 3 ms; docs/performance.md). `renderers.kit.memo` keeps the layers it has no
room for packed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from isal import isal_zlib
from PIL import Image

LEVEL = 1
"""ISA-L's deflate level: 1 packs a sixth smaller than 0 at the same unpacking speed."""
MODES = frozenset({"L", "LA", "RGB", "RGBA", "RGBa"})
"""Image modes packed as their raw bytes (palette and bit images are not: no layer uses them)."""
MOST_KEPT = 0.5
"""A layer is packed only when that at least halves it; a noisy one is cheaper dropped."""


@dataclass(frozen=True)
class Packed:
    """A layer's pixels deflated, with what rebuilds it: its image's mode, size and `info`, and for
    a dataclass holding the image (a `Layer`), its class and other fields."""

    mode: str
    size: tuple[int, int]
    data: bytes
    info: Mapping[str | tuple[int, int], Any]
    holder: type | None = None
    fields: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def nbytes(self) -> int:
        return len(self.data)

    def unpack(self) -> object:
        """The layer again, pixel for pixel and with its image's `info` (the image read-only
        where Pillow can map the bytes: callers only read layers)."""
        raw = isal_zlib.decompress(self.data)
        image = Image.frombuffer(self.mode, self.size, raw, "raw", self.mode, 0, 1)
        image.info.update(self.info)
        return image if self.holder is None else self.holder(image=image, **self.fields)


def pack(value: object, nbytes: int) -> Packed | None:
    """The layer packed, or None: not an image (nor a dataclass made from its fields, one of
    them the `image`), a mode not packed, or pixels that do not pack to at most MOST_KEPT of the
    layer's `nbytes`."""
    holder: type | None = None
    fields: dict[str, Any] = {}
    image = value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not all(field.init for field in dataclasses.fields(value)):
            return None
        fields = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
        image, holder = fields.pop("image", None), type(value)
    if not isinstance(image, Image.Image) or image.mode not in MODES:
        return None
    data = isal_zlib.compress(image.tobytes(), LEVEL)
    if len(data) > nbytes * MOST_KEPT:
        return None
    return Packed(image.mode, image.size, data, dict(image.info), holder, fields)
