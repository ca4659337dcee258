"""Super Punch Fighter seat fairness for the `balance` section of `python -m bench`.

The full run plays `engines.punchfighter.balance.measure_seats` (600 seeded all-AI standard games
per table size at the normal level, printed rules; about 0.3 s a game, some 12 minutes of one core
on a quiet machine) and judges issue 33's target: the first player wins at most 1.20 times a fair
share and no seat less than 0.85 times. A quick run plays two games per size and sets no limits,
which only shows that it runs.
"""

from __future__ import annotations

import functools

from bench.figures import Figure
from engines.punchfighter.balance import SEAT_BOUNDS, measure_seats

SECTION = "balance"
GAMES = 600
QUICK_GAMES = 2


@functools.cache
def punchfighter_balance(quick: bool) -> list[Figure]:
    """Per table size: the first player's and the weakest seat's win share over a fair share."""
    first_most, lowest_least = SEAT_BOUNDS
    figures = []
    for seats, found in measure_seats(QUICK_GAMES if quick else GAMES).items():
        figures.append(
            Figure(
                SECTION,
                f"punchfighter first player / fair share, {seats} players",
                found.first,
                "x",
                None if quick else first_most,
            )
        )
        figures.append(
            Figure(
                SECTION,
                f"punchfighter weakest seat / fair share, {seats} players",
                found.lowest,
                "x",
                None if quick else lowest_least,
                at_most=False,
            )
        )
    return figures
