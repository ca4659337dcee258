"""The `act` load on PostgreSQL: the same 200 tables and clicks as the SQLite figures, with the
tables in a fresh schema of the server `BENCH_POSTGRES_URL` names (default: the local test server).
Without a reachable server the section says why and reports nothing."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bench.figures import Figure, percentile
from bench.load import LAG_BUDGET_MS, P50_BUDGET_MS, P99_BUDGET_MS, RATE_BUDGET, load_shape, run_load

SECTION = "act-postgres"
DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
PROBE_TIMEOUT = 3.0


@asynccontextmanager
async def fresh_schema(url: str, section: str) -> AsyncIterator[str | None]:
    """The URL of a fresh schema on the server (dropped afterwards), or None, with the reason on
    stderr, when no server answers."""
    import asyncpg  # type: ignore[import-untyped]  # only when PostgreSQL is measured

    try:
        admin = await asyncpg.connect(url, timeout=PROBE_TIMEOUT)
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        print(f"{section}: skipped, no PostgreSQL at {url} ({exc})", file=sys.stderr)
        yield None
        return
    schema = f"supertable_bench_{os.getpid()}"
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")
        separator = "&" if "?" in url else "?"
        yield f"{url}{separator}search_path={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


def bench_url() -> str:
    """The PostgreSQL server the bench measures on."""
    return os.environ.get("BENCH_POSTGRES_URL", DEFAULT_URL)


async def _measure(url: str, quick: bool) -> list[Figure]:
    tables, rate, seconds, warmup = load_shape(quick)
    async with fresh_schema(url, SECTION) as schema_url:
        if schema_url is None:
            return []
        tally, _ = await run_load(tables, rate, seconds, warmup, schema_url)
    act = f"act -> edit requested p%d ({tables} tables, PostgreSQL)"
    return [
        Figure(SECTION, act % 50, percentile(tally.latencies, 50), "ms", P50_BUDGET_MS),
        Figure(SECTION, act % 99, percentile(tally.latencies, 99), "ms", P99_BUDGET_MS),
        Figure(
            SECTION,
            f"actions per second ({tables} tables, PostgreSQL)",
            len(tally.latencies) / seconds,
            "actions/s",
            RATE_BUDGET,
            at_most=False,
        ),
        Figure(SECTION, "event-loop lag p99 (PostgreSQL)", percentile(tally.lags, 99), "ms", LAG_BUDGET_MS),
        Figure(SECTION, "refused clicks (PostgreSQL)", float(tally.refused), "clicks"),
    ]


def postgres_action_latency(quick: bool) -> list[Figure]:
    """The act figures with the tables on PostgreSQL (none, with the reason on stderr, without one)."""
    return asyncio.run(_measure(bench_url(), quick))
