"""Tournament pairing: one Swiss round of 1,000 players (pods of 2 and of 4) after four played rounds.

The field is seeded (same players, ratings and results every run); the earlier rounds are paired by
the same code with random placements, so points spread out and many pairs have already met, which
is what makes the no-rematch search work. Figures are the median CPU time of one pairing.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.figures import Figure
from bot.pairing import Player, placement_points, swiss

SECTION = "pairing"
PLAYERS = 1_000
EARLIER_ROUNDS = 4
BUDGET_S = 1.0
SEED = 35


def played_field(size: int, pod: int, rng: random.Random) -> list[Player]:
    """PLAYERS entrants after EARLIER_ROUNDS Swiss rounds with random placements."""
    players = [Player(i, rating=rng.gauss(0, 10), order=i) for i in range(PLAYERS)]
    for _ in range(EARLIER_ROUNDS):
        pairing = swiss(players, pod)
        points = dict.fromkeys(pairing.byes, 1.0)
        mates: dict[int, set[int]] = {}
        for table in pairing.pods:
            order = rng.sample(table, len(table))
            points.update({p: placement_points(i + 1, pod) for i, p in enumerate(order)})
            for p in table:
                mates[p] = set(table) - {p}
        players = [
            Player(p.user_id, p.rating, p.order, p.points + points.get(p.user_id, 0.0),
                   p.met | mates.get(p.user_id, set()), p.had_bye or p.user_id in pairing.byes)
            for p in players
        ]  # fmt: skip
    return players


def pairing_speed(quick: bool) -> list[Figure]:
    """Seconds to pair the 1,000-player field's next round, for tables of two and of four."""
    runs = 1 if quick else 5
    figures = []
    for pod in (2, 4):
        players = played_field(PLAYERS, pod, random.Random(SEED))
        times = []
        for _ in range(runs):
            start = time.process_time()
            swiss(players, pod)
            times.append(time.process_time() - start)
        figures.append(
            Figure(
                SECTION,
                f"Swiss round, {PLAYERS:,} players, tables of {pod}",
                statistics.median(times),
                "s",
                BUDGET_S,
            )
        )
    return figures
