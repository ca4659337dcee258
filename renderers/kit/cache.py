"""Memoised immutable images handed out as copies: card tiles and table backgrounds.

Each is built once per key and every call returns a copy, so callers may draw on what they get
while the cached original is never mutated.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec

from PIL import Image

from renderers.kit import cards, shapes
from renderers.kit.cards import BACK, PLAIN, SPLIT, CardStyle, Half, SplitLayout
from renderers.kit.memo import LayerMemo

P = ParamSpec("P")


def cached_image(build: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
    """Memoise an image builder within the process's budget of drawn layers (`renderers.kit.memo`;
    its arguments must be hashable); each call returns a fresh copy."""
    memo = LayerMemo(build)

    @wraps(build)
    def fresh(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
        return memo(*args, **kwargs).copy()

    return fresh


@cached_image
def card_face(
    title: str, size: tuple[int, int], style: CardStyle = PLAIN, corner: str = "", largest: int = 0
) -> Image.Image:
    """A face-up card tile (RGBA), keyed by text, size and style; `largest` caps the title size."""
    return cards.build_face(title, size, style, corner, largest)


@cached_image
def card_back(size: tuple[int, int], style: CardStyle = BACK) -> Image.Image:
    """A face-down card tile (RGBA)."""
    return cards.build_back(size, style)


@cached_image
def felt(size: tuple[int, int]) -> Image.Image:
    """The felt background (RGB) of a table image."""
    return shapes.felt(*size)


@cached_image
def split_face(
    top: Half, bottom: Half, size: tuple[int, int], layout: SplitLayout = SPLIT, style: CardStyle = PLAIN
) -> Image.Image:
    """A two-halved card tile (RGBA), keyed by both halves, size, layout and style."""
    return cards.build_split_face(top, bottom, size, layout, style)
