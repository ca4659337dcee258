"""One process of the `cluster` bench section: plays its share of the `act` load on the shared
PostgreSQL schema as a member of the cluster, then prints what it measured as JSON.

`python -m bench.cluster_process URL TABLES RATE SECONDS WARMUP FIRST_PLACE`
"""

from __future__ import annotations

import asyncio
import sys

import msgspec

from bench.load import run_load


def main(argv: list[str]) -> None:
    url, tables, rate, seconds, warmup, first_place = argv
    tally, _ = asyncio.run(
        run_load(
            int(tables), float(rate), float(seconds), float(warmup), url,
            first_place=int(first_place), cluster=True,
        )
    )  # fmt: skip
    measured = {"latencies": tally.latencies, "lags": tally.lags, "refused": tally.refused}
    sys.stdout.buffer.write(msgspec.json.encode(measured) + b"\n")


if __name__ == "__main__":
    main(sys.argv[1:])
