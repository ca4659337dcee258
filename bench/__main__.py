"""`python -m bench [--quick] [--only SECTION ...] [--repeat N] [--out PATH]`."""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.balance import smashmasters_balance
from bench.balance_letopsulle import letopsulle_balance
from bench.balance_punchfighter import punchfighter_balance
from bench.balance_superhot import superhot_balance
from bench.capacity import capacity
from bench.cluster import cluster_capacity
from bench.engines import engine_speed
from bench.fairness import fairness
from bench.figures import Figure, failed, merge_runs
from bench.load import action_latency
from bench.load_postgres import postgres_action_latency
from bench.memory import memory_per_table
from bench.pairing import pairing_speed
from bench.records import records_speed
from bench.render import render_speed
from bench.report import render_table, write_results
from bench.startup import startup_time
from bench.tree_memory import tree_memory

SECTIONS: dict[str, Callable[[bool], list[Figure]]] = {
    "engine": engine_speed,
    "render": render_speed,
    "act": action_latency,
    "act-postgres": postgres_action_latency,
    "capacity": capacity,
    "cluster": cluster_capacity,
    "memory": lambda quick: memory_per_table(quick) + tree_memory(quick),
    "startup": startup_time,
    "records": records_speed,
    "fairness": fairness,
    "pairing": pairing_speed,
    "balance": lambda quick: (
        smashmasters_balance(quick)
        + superhot_balance(quick)
        + letopsulle_balance(quick)
        + punchfighter_balance(quick)
    ),
}
RESULTS = Path(__file__).resolve().parent / "results.json"
QUICK_RESULTS = Path(__file__).resolve().parent / "results-quick.json"


def runs(text: str) -> int:
    """A --repeat value: a whole number of runs, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of runs, at least 1, not {text!r}")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sections, print the table, write the JSON; exit 1 when a full run misses a budget."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few seconds per section, to check it runs")
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), help="run only these sections")
    parser.add_argument(
        "--repeat", type=int, help="runs per section; the median is reported (default 3, quick 1)"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON results")
    args = parser.parse_args(argv)
    repeat = args.repeat or (1 if args.quick else 3)
    figures: list[Figure] = []
    started = time.perf_counter()
    for name in args.only or list(SECTIONS):
        runs = []
        for run in range(repeat):
            print(f"{name}: run {run + 1} of {repeat}...", file=sys.stderr, flush=True)
            runs.append(SECTIONS[name](args.quick))
        figures += merge_runs(runs)
    machine = f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    print(render_table(figures, quick=args.quick, machine=machine))
    write_results(
        args.out,
        figures,
        quick=args.quick,
        repeat=repeat,
        machine=machine,
        seconds=time.perf_counter() - started,
    )
    missed = failed(figures)
    return 1 if missed and not args.quick else 0


if __name__ == "__main__":
    raise SystemExit(main())
