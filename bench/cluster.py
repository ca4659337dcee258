"""Cluster mode under load: the click rate one process, and two processes sharing one PostgreSQL
database, sustain within the act budgets.

Each process (`bench.cluster_process`) is a member of the cluster, as the bot is, and plays its
share of the `act` load's 200 tables (its own channels) at its share of the offered clicks, with its
own render pool. The offered rate rises until the act p50 or p99, the event-loop lag or the actions
actually done per second (at least 90 % of those offered) miss; the last rate that kept all of them
is reported. Everything runs on this machine, the database server included.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass

import msgspec

from bench.figures import Figure, percentile
from bench.load import LAG_BUDGET_MS, P50_BUDGET_MS, P99_BUDGET_MS, RATE_BUDGET
from bench.load_postgres import bench_url, fresh_schema

SECTION = "cluster"
RATES = (110.0, 170.0, 230.0, 290.0)
TABLES = 200
SUSTAINED = 0.9  # a rate is kept when at least this share of the offered clicks was done
PLACES_APART = 1_000_000  # each process plays in channels of its own


@dataclass
class Run:
    """What the processes of one run measured together."""

    latencies: list[float]
    lags: list[float]
    refused: int
    seconds: float

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds

    def within_budgets(self, offered: float) -> bool:
        return (
            percentile(self.latencies, 50) <= P50_BUDGET_MS
            and percentile(self.latencies, 99) <= P99_BUDGET_MS
            and percentile(self.lags, 99) <= LAG_BUDGET_MS
            and self.rate >= SUSTAINED * offered
        )


async def run_processes(
    url: str, processes: int, tables: int, rate: float, seconds: float, warmup: float
) -> Run:
    """Play the load split over `processes` processes on the database at `url`."""
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.cluster_process", url, str(tables // processes),
            str(rate / processes), str(seconds), str(warmup), str(10_000 + index * PLACES_APART),
            stdout=asyncio.subprocess.PIPE,
        )
        for index in range(processes)
    ]  # fmt: skip
    outputs = await asyncio.gather(*(child.communicate() for child in children))
    run = Run([], [], 0, seconds)
    for child, (out, _) in zip(children, outputs, strict=True):
        if child.returncode != 0:
            raise RuntimeError(f"a cluster bench process failed with status {child.returncode}")
        measured = msgspec.json.decode(out.strip().splitlines()[-1])
        run.latencies += measured["latencies"]
        run.lags += measured["lags"]
        run.refused += measured["refused"]
    return run


async def highest_rate(url: str, processes: int, quick: bool) -> tuple[float, Run | None]:
    """The highest offered rate of RATES that `processes` processes keep within the budgets."""
    rates, tables, seconds, warmup = ((20.0,), 20, 2.0, 1.0) if quick else (RATES, TABLES, 10.0, 4.0)
    best: tuple[float, Run | None] = (0.0, None)
    for rate in rates:
        async with fresh_schema(url, SECTION) as schema_url:
            if schema_url is None:
                return best
            run = await run_processes(schema_url, processes, tables, rate, seconds, warmup)
        if not run.within_budgets(rate):
            break
        best = (rate, run)
    return best


async def _measure(quick: bool) -> list[Figure]:
    async with fresh_schema(bench_url(), SECTION) as reachable:
        if reachable is None:
            return []  # no server: said on stderr
    figures: list[Figure] = []
    for processes in (1, 2):
        rate, run = await highest_rate(bench_url(), processes, quick)
        where = f"{processes} process{'es' if processes > 1 else ''}"
        budget = RATE_BUDGET if processes == 1 else None  # the act section's own rate budget
        name = f"highest click rate within the act budgets, {where}"
        figures.append(Figure(SECTION, name, rate, "clicks/s", budget, at_most=False))
        if run is not None:
            done = f"actions per second at that rate, {where}"
            figures.append(Figure(SECTION, done, run.rate, "actions/s"))
            p99 = percentile(run.latencies, 99)
            figures.append(Figure(SECTION, f"act p99 at that rate, {where}", p99, "ms"))
    return figures


def cluster_capacity(quick: bool) -> list[Figure]:
    """Click rates sustained within the act budgets by one and by two processes on PostgreSQL."""
    return asyncio.run(_measure(quick))
