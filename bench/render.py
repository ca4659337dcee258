"""Rendering: ms per table and hand image (drawing, encoding and alt text), against the floor.

The floor is what any image of that size costs: a blank canvas with a line of text, encoded with
the same PNG settings. Every sample of every game is drawn several times after a warm-up, so the
caches (fonts, card faces, static layers) are as warm as on a running bot.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw

import renderers
from bench.figures import Figure, percentile
from renderers.kit.encode import RenderedImage, encode_png
from renderers.kit.fonts import font
from renderers.kit.views import View

P95_BUDGET_MS = 40.0
FLOOR_RATIO_BUDGET = 2.5
SECTION = "render"


def floor_image(size: tuple[int, int]) -> Image.Image:
    """A blank canvas of this size with a line of text."""
    canvas = Image.new("RGB", size, (36, 38, 46))
    ImageDraw.Draw(canvas).text(
        (24, 24), "SuperTable floor: a blank canvas with one line", fill="white", font=font(28, bold=True)
    )
    return canvas


def timed(work: Callable[[], object], times: int) -> list[float]:
    """Milliseconds per call, after one untimed warm-up call."""
    work()
    out = []
    for _ in range(times):
        started = time.perf_counter()
        work()
        out.append((time.perf_counter() - started) * 1000)
    return out


def render_speed(quick: bool) -> list[Figure]:
    """Per game and image kind: p50 and p95 ms, and each sample's median over its same-size floor
    (the budget judges the worst sample)."""
    times = 3 if quick else 25
    floors: dict[tuple[int, int], float] = {}
    figures = []
    for game_id, renderer in sorted(renderers.REGISTRY.items()):
        samples = renderer.samples()
        kinds: dict[str, tuple[Callable[[str, View], RenderedImage], int]] = {
            "table": (renderers.render_table, 0),
            "hand": (renderers.render_hand, 1),
        }
        for kind, (render, index) in kinds.items():
            timings: list[float] = []
            ratios: list[float] = []
            for views in samples.values():
                view = views[index]
                image = render(game_id, view)
                size = (image.width, image.height)
                if size not in floors:
                    blank = floor_image(size)
                    floors[size] = statistics.median(timed(partial(encode_png, blank), times))
                sample = timed(partial(render, game_id, view), times)
                timings += sample
                ratios.append(statistics.median(sample) / floors[size])
            figures += [
                Figure(SECTION, f"{game_id} {kind} p50", statistics.median(timings), "ms"),
                Figure(SECTION, f"{game_id} {kind} p95", percentile(timings, 95), "ms", P95_BUDGET_MS),
                Figure(
                    SECTION, f"{game_id} {kind} / floor", statistics.median(ratios), "x", FLOOR_RATIO_BUDGET
                ),
            ]
    for size, ms in sorted(floors.items()):
        if size[0] >= 1000:
            figures.append(Figure(SECTION, f"floor {size[0]}x{size[1]}", ms, "ms"))
    return figures
