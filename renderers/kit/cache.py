"""Memoised immutable layers: card tiles and table backgrounds.

Each is built once per key and every call returns a copy, so callers may draw on what they get
while the cached original is never mutated.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import ParamSpec

from PIL import Image

from renderers.kit import cards, shapes
from renderers.kit.cards import BACK, PLAIN, SPLIT, CardStyle, Half, SplitLayout

P = ParamSpec("P")


def cached_image(maxsize: int) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """Memoise an image builder (its arguments must be hashable); each call returns a fresh copy."""

    def decorate(build: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
        memo: Callable[..., Image.Image] = lru_cache(maxsize=maxsize)(build)

        @wraps(build)
        def fresh(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            return memo(*args, **kwargs).copy()

        return fresh

    return decorate


@cached_image(maxsize=1024)
def card_face(
    title: str, size: tuple[int, int], style: CardStyle = PLAIN, corner: str = "", largest: int = 0
) -> Image.Image:
    """A face-up card tile (RGBA), keyed by text, size and style; `largest` caps the title size."""
    return cards.build_face(title, size, style, corner, largest)


@cached_image(maxsize=64)
def card_back(size: tuple[int, int], style: CardStyle = BACK) -> Image.Image:
    """A face-down card tile (RGBA)."""
    return cards.build_back(size, style)


@cached_image(maxsize=16)
def felt(size: tuple[int, int]) -> Image.Image:
    """The felt background (RGB) of a table image."""
    return shapes.felt(*size)


@cached_image(maxsize=1024)
def split_face(
    top: Half, bottom: Half, size: tuple[int, int], layout: SplitLayout = SPLIT, style: CardStyle = PLAIN
) -> Image.Image:
    """A two-halved card tile (RGBA), keyed by both halves, size, layout and style."""
    return cards.build_split_face(top, bottom, size, layout, style)
