"""Rounded boxes: the fast fill (plain fill inside, blended corners) draws exactly the pixels the
whole antialiased mask would, on every size the tables use and on odd ones."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from renderers.kit.shapes import fill_rounded, rounded_mask

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
