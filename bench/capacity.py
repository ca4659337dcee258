"""Capacity of one machine: images per second with every core drawing, and the highest click rate
at which players still see the table image of their click within the budget.

The first figure is the render pool alone, kept full of the games' sample views (tables and hands
in turn) with nothing else running: the limit the `act` section's images per second stand beside.
The second plays the `act` section's load at rising click rates and keeps the highest one whose
table image p95 (act -> image of that state) stays within the budget.
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
import time
from pathlib import Path

import renderers
from bench.figures import Figure, percentile
from bench.load import IMAGE_P95_BUDGET_MS, IMAGES_BUDGET, run_load
from bot.render_pool import RenderPool, Urgency

SECTION = "capacity"
RATES = (40.0, 60.0, 80.0, 100.0, 120.0, 150.0, 170.0, 200.0)
TABLES = 200


async def saturate(seconds: float) -> tuple[float, int]:
    """Images per second from a pool kept full for `seconds`, and its worker count."""
    views = [
        (kind, game_id, dict(view))
        for game_id in sorted(renderers.BUILT_IN)
        for public, seat in renderers.renderer_for(game_id).samples().values()
        for kind, view in (("table", public), ("hand", seat))
    ]
    pool = RenderPool()
    await pool.warmed()
    cycle = itertools.cycle(views)
    until = time.perf_counter() + seconds
    done = 0

    async def feeder() -> None:
        nonlocal done
        while time.perf_counter() < until:
            kind, game_id, view = next(cycle)
            await pool.render("table" if kind == "table" else "hand", game_id, view, Urgency.BACKGROUND)
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(feeder() for _ in range(pool.capacity * 2)))
    elapsed = time.perf_counter() - started
    await pool.close()
    return done / elapsed, pool.workers


def highest_rate(quick: bool) -> tuple[float, float]:
    """The highest offered click rate (of RATES) whose table image p95 stays in budget, and that p95."""
    rates, seconds, warmup = ((20.0,), 2.0, 0.5) if quick else (RATES, 12.0, 5.0)
    best, best_p95 = 0.0, 0.0
    for rate in rates:
        with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
            url = f"sqlite:///{Path(folder) / 'load.db'}"
            tally, _ = asyncio.run(run_load(12 if quick else TABLES, rate, seconds, warmup, url))
        p95 = percentile(tally.shown_after or [seconds * 1000], 95)
        if p95 > IMAGE_P95_BUDGET_MS:
            break
        best, best_p95 = rate, p95
    return best, best_p95


def capacity(quick: bool) -> list[Figure]:
    """Images per second at the machine's limit, and clicks per second the images keep up with."""
    images, workers = asyncio.run(saturate(1.0 if quick else 8.0))
    rate, p95 = highest_rate(quick)
    tables = 12 if quick else TABLES
    rated = f"highest click rate with table image p95 <= 2.5 s ({tables} tables)"
    return [
        Figure(
            SECTION,
            f"images per second, {workers} workers drawing, nothing else",
            images,
            "images/s",
            IMAGES_BUDGET,
            at_most=False,
        ),
        Figure(SECTION, rated, rate, "clicks/s"),
        Figure(SECTION, "table image p95 at that rate", p95, "ms"),
    ]
