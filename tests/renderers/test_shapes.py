"""Rounded boxes: the fast fill (plain fill inside, blended corners) draws exactly the pixels the
whole antialiased mask would, on every size the tables use and on odd ones."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renderers.kit.shapes import fill_rounded, raised_box, rounded_box, rounded_mask, shadow

SIZES = [(300, 100, 12), (50, 40, 8), (1200, 80, 16), (20, 20, 10), (100, 30, 0), (33, 17, 9),
         (580, 132, 14), (10, 300, 3), (7, 5, 2), (1, 1, 0), (61, 2, 4)]  # fmt: skip


def speckled(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    """A canvas of random pixels, so a wrongly blended pixel cannot hide."""
    rng = random.Random(seed)
    return Image.frombytes(mode, size, rng.randbytes(size[0] * size[1] * len(mode)))


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize(("width", "height", "radius"), SIZES)
def test_a_rounded_fill_matches_the_whole_mask(mode: str, width: int, height: int, radius: int) -> None:
    colour = (200, 30, 90)
    expected = speckled(mode, (width + 6, height + 6), width * height)
    drawn = expected.copy()
    expected.paste(colour, (3, 3), rounded_mask(width, height, radius))
    fill_rounded(drawn, colour, 3, 3, width, height, radius)
    assert drawn.tobytes() == expected.tobytes()


def test_random_sizes_match_too() -> None:
    rng = random.Random(7)
    for _ in range(60):
        width, height = rng.randint(1, 400), rng.randint(1, 200)
        radius = rng.randint(0, 40)
        expected = speckled("RGBA", (width, height), rng.randrange(1000))
        drawn = expected.copy()
        expected.paste((10, 250, 40), (0, 0), rounded_mask(width, height, radius))
        fill_rounded(drawn, (10, 250, 40), 0, 0, width, height, radius)
        assert drawn.tobytes() == expected.tobytes(), (width, height, radius)


def drawn_whole(width: int, height: int, radius: int) -> Image.Image:
    """A rounded mask drawn at four times the size and scaled down in one go."""
    big = Image.new("L", (width * 4, height * 4))
    radius = max(0, min(radius, width // 2, height // 2))
    ImageDraw.Draw(big).rounded_rectangle((0, 0, big.width - 1, big.height - 1), radius=radius * 4, fill=255)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def test_a_large_box_stretched_from_its_corners_looks_drawn_whole() -> None:
    rng = random.Random(11)
    for _ in range(80):
        width, height, radius = rng.randint(1, 900), rng.randint(1, 300), rng.randint(0, 40)
        stretched, whole = rounded_mask(width, height, radius), drawn_whole(width, height, radius)
        assert stretched.size == whole.size
        worst = max(abs(a - b) for a, b in zip(stretched.tobytes(), whole.tobytes(), strict=True))
        assert worst <= 8, (width, height, radius, worst)  # antialiasing only: 3 % of full at most


@pytest.mark.parametrize(("width", "height", "radius"), SIZES)
def test_a_raised_box_draws_the_same_as_its_whole_shadow_then_the_box(
    width: int, height: int, radius: int
) -> None:
    for offset, blur, outline in ((4, 8, None), (3, 6, (250, 250, 20)), (0, 2, None)):
        if outline and min(width, height) <= 4:
            continue  # no room inside a 2-pixel edge
        expected = speckled("RGB", (width + 40, height + 40), width + height)
        drawn = expected.copy()
        box = (15, 15, 15 + width, 15 + height)
        shadow(expected, box, radius, offset, blur)
        rounded_box(expected, box, radius, (90, 40, 160), outline, 2 if outline else 0)
        raised_box(drawn, box, radius, (90, 40, 160), outline, 2 if outline else 0, offset, blur)
        assert drawn.tobytes() == expected.tobytes(), (offset, blur, outline)
