"""Rendering: ms per table and hand image (drawing, encoding and alt text), against the floor.

The floor is what any image of that size costs: a blank canvas with a line of text, encoded with
the same PNG settings. Every sample of every game is drawn several times after a warm-up, so the
caches (fonts, card faces, static layers) are as warm as on a running bot.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from itertools import islice

from PIL import Image, ImageDraw

import engines
import renderers
from bench.engines import playout
from bench.figures import Figure, percentile
from renderers.kit import memo
from renderers.kit.encode import RenderedImage, encode_png
from renderers.kit.fonts import font
from renderers.kit.views import View

P95_BUDGET_MS = 40.0
FLOOR_RATIO_BUDGET = 2.5
SECTION = "render"
QUICK_GAMES, QUICK_STEPS = 3, 30


def floor_image(size: tuple[int, int]) -> Image.Image:
    """A blank canvas of this size with a line of text."""
    canvas = Image.new("RGB", size, (36, 38, 46))
    ImageDraw.Draw(canvas).text(
        (24, 24), "SuperTable floor: a blank canvas with one line", fill="white", font=font(28, bold=True)
    )
    return canvas


def once(work: Callable[[], object]) -> float:
    """Milliseconds one call takes."""
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def views_to_draw(game_id: str, renderer: renderers.Renderer, quick: bool) -> list[tuple[View, View]]:
    """(public, seat) views: the gallery's samples, or for a quick run (finding the samples' named
    moments over many seeded games takes seconds) a few real games of the registered engine some
    AI moves in."""
    engine = engines.REGISTRY.get(game_id)
    if not quick or engine is None:
        return list(renderer.samples().values())
    mode = engine.meta.modes[0]
    found: list[tuple[View, View]] = []
    for seed in range(QUICK_GAMES):
        seats = mode.seats.start + seed % len(mode.seats)
        last = deque(islice(playout(engine, mode.id, seats, seed), QUICK_STEPS), maxlen=1)
        if last:
            found.append((dict(engine.view(last[0], None)), dict(engine.view(last[0], 0))))
    return found


def render_speed(quick: bool) -> list[Figure]:
    """Per game and image kind: p50 and p95 ms, and each sample's median over its same-size floor
    (the budget judges the worst sample). Sample and floor are timed in turn, so both see the
    same machine. Each game starts with empty layer memos: in the bot a game is drawn by its home
    worker, whose budget (`renderers.kit.memo`) the other workers' games do not share. The quick
    run draws a few real mid-game views instead of the gallery's samples."""
    times = 1 if quick else 25
    floors: dict[tuple[int, int], list[float]] = {}
    figures = []
    for game_id, renderer in sorted(renderers.REGISTRY.items()):
        memo.clear_all()  # a game starts with its own layers only, as in its home render worker
        samples = views_to_draw(game_id, renderer, quick)
        kinds: dict[str, tuple[Callable[[str, View], RenderedImage], int]] = {
            "table": (renderers.render_table, 0),
            "hand": (renderers.render_hand, 1),
        }
        for kind, (render, index) in kinds.items():
            timings: list[float] = []
            ratios: list[float] = []
            for views in samples:
                drawn = partial(render, game_id, views[index])
                image = drawn()
                size = (image.width, image.height)
                blank = partial(encode_png, floor_image(size))
                blank()
                sample, floor = [], []
                for _ in range(times):
                    sample.append(once(drawn))
                    floor.append(once(blank))
                timings += sample
                floors.setdefault(size, []).extend(floor)
                ratios.append(statistics.median(sample) / statistics.median(floor))
            figures += [
                Figure(SECTION, f"{game_id} {kind} p50", statistics.median(timings), "ms"),
                Figure(SECTION, f"{game_id} {kind} p95", percentile(timings, 95), "ms", P95_BUDGET_MS),
                Figure(SECTION, f"{game_id} {kind} / floor, median sample", statistics.median(ratios), "x"),
                Figure(
                    SECTION, f"{game_id} {kind} / floor, worst sample", max(ratios), "x", FLOOR_RATIO_BUDGET
                ),
            ]
    for size in ((1200, 760), (1000, 456)):
        if size in floors:
            figures.append(
                Figure(SECTION, f"floor {size[0]}x{size[1]}", statistics.median(floors[size]), "ms")
            )
    return figures
