"""SUPERHOT figures for the `balance` section of `python -m bench`: the bounds of issue 19.

The full run plays `engines.superhot.balance.rows()` (seeded, about five minutes on one core; cached,
so the bench's repeated runs in one process cost nothing more) and judges every bound; a quick run
plays two games per batch and sets no limits, which only shows that it runs.
"""

from __future__ import annotations

import functools

from bench.figures import Figure
from engines.superhot.balance import bounds, measure, rows

SECTION = "balance"
QUICK_SCALE = 0.0  # every batch at its minimum of two games


@functools.cache
def superhot_balance(quick: bool) -> list[Figure]:
    """Each bound as a figure in percent (win rates, and win-rate steps between batches)."""
    batches = rows(QUICK_SCALE if quick else 1.0)
    if quick:
        batches = [row for row in batches if row.player != "search" and row.mode in ("solo", "versus")][:3]
    results = [measure(row) for row in batches]
    games = {f"{row.mode} {row.player} {row.challenge}": row.games for row in batches}
    figures = []
    for bound in bounds(results):
        if bound.value != bound.value:  # a batch the quick run skipped
            continue
        figures.append(
            Figure(
                SECTION,
                f"superhot {bound.name}",
                100 * bound.value,
                "%",
                None if quick else 100 * bound.limit,
                bound.at_most,
            )
        )
    figures.append(Figure(SECTION, "superhot games played", float(sum(games.values())), "games"))
    return figures
