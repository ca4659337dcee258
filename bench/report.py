"""The printed table and bench/results.json."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

import msgspec

from bench.figures import Figure

MARKS = {True: "ok", False: "MISSED", None: ""}


def _number(value: float) -> str:
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def _budget(figure: Figure) -> str:
    if figure.limit is None:
        return ""
    return f"{'<=' if figure.at_most else '>='} {_number(figure.limit)}"


def render_table(figures: Sequence[Figure], *, quick: bool, machine: str) -> str:
    """A plain-text table: section, figure, median value (and the spread of runs), budget, verdict."""
    rows = [("section", "figure", "value", "unit", "runs (min..max)", "budget", "")]
    for f in figures:
        spread = f"{_number(f.spread[0])}..{_number(f.spread[1])}" if f.spread else ""
        rows.append(
            (
                f.section,
                f.name,
                _number(f.value),
                f.unit,
                spread,
                _budget(f),
                MARKS[f.passed] if not quick else "",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    head = f"SuperTable bench on {machine}, {os.cpu_count()} CPU(s)"
    if quick:
        head += " (quick: small sizes, budgets not judged)"
    return "\n".join([head, *lines])


def write_results(
    path: Path, figures: Sequence[Figure], *, quick: bool, repeat: int, machine: str, seconds: float
) -> None:
    """The figures as JSON, with when and where they were measured."""
    document = {
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": machine,
        "cpus": os.cpu_count(),
        "quick": quick,
        "runs_per_section": repeat,
        "seconds": round(seconds, 1),
        "figures": [{**msgspec.to_builtins(f), "passed": f.passed} for f in figures],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(msgspec.json.format(msgspec.json.encode(document), indent=2) + b"\n")
