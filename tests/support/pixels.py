"""Comparing drawn images in renderer tests."""

from __future__ import annotations

from PIL import Image, ImageChops


def same_pixels(first: Image.Image, second: Image.Image) -> bool:
    """Whether two images look the same (RGBA tiles are compared by colour and by alpha)."""
    if first.size != second.size or first.mode != second.mode:
        return False
    if first.mode == "RGBA":
        alpha = ImageChops.difference(first.getchannel("A"), second.getchannel("A")).getbbox()
        return alpha is None and same_pixels(first.convert("RGB"), second.convert("RGB"))
    return ImageChops.difference(first.convert("RGB"), second.convert("RGB")).getbbox() is None
