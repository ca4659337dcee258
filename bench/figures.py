"""Figures, budgets, percentiles, and merging repeated runs into medians."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence

import msgspec


class Figure(msgspec.Struct, frozen=True):
    """One measured number, with its budget when it has one (`at_most` says which way it points)."""

    section: str
    name: str
    value: float
    unit: str
    limit: float | None = None
    at_most: bool = True
    spread: tuple[float, float] | None = None  # min and max over repeated runs
    runs: int = 1

    @property
    def key(self) -> tuple[str, str]:
        return self.section, self.name

    @property
    def passed(self) -> bool | None:
        """None when the figure has no budget."""
        if self.limit is None:
            return None
        return self.value <= self.limit if self.at_most else self.value >= self.limit


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of a non-empty sample."""
    if not values:
        raise ValueError("no values to take a percentile of")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def merge_runs(runs: Sequence[Sequence[Figure]]) -> list[Figure]:
    """One figure per name: the median over the runs, with their min and max."""
    order: list[tuple[str, str]] = []
    values: dict[tuple[str, str], list[Figure]] = {}
    for run in runs:
        for figure in run:
            if figure.key not in values:
                order.append(figure.key)
            values.setdefault(figure.key, []).append(figure)
    merged = []
    for key in order:
        seen = values[key]
        numbers = [f.value for f in seen]
        merged.append(
            msgspec.structs.replace(
                seen[0],
                value=statistics.median(numbers),
                spread=(min(numbers), max(numbers)) if len(numbers) > 1 else None,
                runs=len(numbers),
            )
        )
    return merged


def failed(figures: Iterable[Figure]) -> list[Figure]:
    """Figures that miss their budget."""
    return [f for f in figures if f.passed is False]
