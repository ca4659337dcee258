"""Our palette PNG writer: every file reads back in Pillow, pixel for pixel, checksums included."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers import game_palette, renderer_for
from renderers.kit.png import palette_png


def _read(png: bytes) -> Image.Image:
    Image.open(io.BytesIO(png)).verify()  # chunk checksums and structure
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _same_pixels(left: Image.Image, right: Image.Image) -> bool:
    return ImageChops.difference(left.convert("RGB"), right.convert("RGB")).getbbox() is None


def test_a_game_table_reads_back_unchanged() -> None:
    renderer = renderer_for("superhot")
    public, _ = next(iter(renderer.samples().values()))
    paletted = renderer.table(public).convert("RGB").quantize(palette=game_palette("superhot"))
    shown = _read(palette_png(paletted))
    assert shown.mode == "P" and shown.size == paletted.size
    assert _same_pixels(shown, paletted)


def test_a_small_palette_and_odd_sizes_read_back() -> None:
    image = Image.new("RGB", (7, 3), "navy")
    ImageDraw.Draw(image).point([(0, 0), (6, 2)], fill="gold")
    paletted = image.quantize(4)
    assert len(paletted.getpalette() or []) <= 3 * 4
    shown = _read(palette_png(paletted))
    assert shown.getpixel((6, 2)) == paletted.getpixel((6, 2))
    assert _same_pixels(shown, image)


def test_transparency_and_an_empty_palette_make_valid_files() -> None:
    image = Image.new("P", (5, 2), 1)
    image.putpalette([0, 0, 0, 200, 10, 10])
    image.putpixel((0, 0), 0)
    image.info["transparency"] = 0
    shown = _read(palette_png(image))
    assert shown.info["transparency"] == 0 and shown.convert("RGBA").getpixel((0, 0))[3] == 0
    assert shown.convert("RGBA").getpixel((1, 0)) == (200, 10, 10, 255)
    blank = _read(palette_png(Image.new("P", (3, 3))))
    assert blank.convert("RGB").getpixel((1, 1)) == (0, 0, 0)


def test_only_palette_images_are_accepted() -> None:
    with pytest.raises(ValueError, match="palette image"):
        palette_png(Image.new("RGB", (4, 4)))
