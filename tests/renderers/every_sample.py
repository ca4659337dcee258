"""What the whole-gallery renderer tests share: every renderer, every sample view of each, and
emptying every memo so that the next render draws, and records, everything."""

from __future__ import annotations

import functools
import gc
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from renderers import GENERIC, REGISTRY, Renderer
from renderers.kit.memo import clear_all

RENDERERS: dict[str, Renderer] = {**REGISTRY, "generic": GENERIC}


def views() -> Iterator[Any]:
    """(game, sample name, "table" or "hand") for every sample of every renderer."""
    for game, renderer in RENDERERS.items():
        for name in renderer.samples():
            for kind in ("table", "hand"):
                yield pytest.param(game, name, kind, id=f"{game}-{name}-{kind}")


def forget_memoised_layers() -> None:
    """Clear every memo of the renderers package (card faces, static frames, badges, text masks),
    so that the next render draws, and records, every text its image holds."""
    for thing in gc.get_objects():
        memo = isinstance(thing, functools._lru_cache_wrapper)
        if memo and str(getattr(thing, "__module__", "")).startswith("renderers"):
            thing.cache_clear()
    clear_all()


def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text Pillow draws from now on in this test, in order (memos emptied first, so layers
    drawn earlier are drawn, and seen, again)."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(str(text))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    forget_memoised_layers()
    return drawn
