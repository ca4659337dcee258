"""Emptying every memo of the renderers, so that the next render draws, and records, everything."""

from __future__ import annotations

import functools
import gc

from renderers.kit.memo import clear_all


def forget_memoised_layers() -> None:
    """Clear every memo of the renderers package (card faces, static frames, badges, text masks),
    so that the next render draws, and records, every text its image holds."""
    for thing in gc.get_objects():
        memo = isinstance(thing, functools._lru_cache_wrapper)
        if memo and str(getattr(thing, "__module__", "")).startswith("renderers"):
            thing.cache_clear()
    clear_all()
