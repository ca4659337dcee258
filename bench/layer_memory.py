"""What the render workers' drawn layers weigh and save under many tables (not a bench section).

`python -m bench.layer_memory [--tables 200] [--rounds 6] [--games superhot,smashmasters]` plays
the act load's tables (every mode of every game with room for AI seats, a person named "Player N"
as in `bench.load`) with their AI, and draws each table and its person's hand once a round in this
process, round-robin, as a render worker under that load does (decoded, drawn, mapped onto the
game's palette and written as PNG). It prints the CPU time an image took (the drawing alone, not
the AI's moves) and the process's memory after each round, then each memo's bytes, entries, hits
and misses (`renderers.kit.memo`, within `RENDER_CACHE_MIB`). Run it twice on the same host to
compare.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import msgspec

from bench.load import table_plans
from engines import REGISTRY
from engines.core import Engine, policy_for
from engines.core.types import Seat
from renderers import worker
from renderers.kit import memo

MIB = 2**20


def private_mib() -> float:
    """This process's private memory (Linux), MiB."""
    with open("/proc/self/smaps_rollup") as rollup:
        fields = {
            words[0].rstrip(":"): int(words[1])
            for words in map(str.split, rollup)
            if words[1:2] and words[1].isdigit()
        }
    return (fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)) / 1024


class Table:
    """One seeded game with a person and AI seats, moved on by its AI between two images."""

    def __init__(self, plan: tuple[str, str, int], place: int) -> None:
        self.game, self.mode, count = plan
        self.engine: Engine[Any] = REGISTRY[self.game]
        self.place = place
        self.rng = random.Random(place)
        person = Seat(0, f"Player {1_000_000 + place}")
        self.seats = [person, *(Seat(index, f"AI {index}", True) for index in range(1, count))]
        self.policy = policy_for(self.engine, place)
        self.state = self.engine.new_game(self.seats, self.mode, {}, place)

    def play(self) -> None:
        """One to four moves; a new game when this one is over."""
        for _ in range(self.rng.randint(1, 4)):
            decisions = self.engine.decisions(self.state)
            if not decisions:
                self.state = self.engine.new_game(self.seats, self.mode, {}, self.rng.randrange(2**31))
                return
            decision = decisions[0]
            choice = list(self.policy.choose(self.engine, self.state, decision))
            self.engine.apply(self.state, decision.seat, decision.key, choice, 0.0)

    def draw(self) -> float:
        """Draw and encode the table and its person's hand as a render worker does; the CPU seconds
        that took (the views' making and the AI's moves left out)."""
        table, hand = (msgspec.json.encode(self.engine.view(self.state, seat)) for seat in (None, 0))
        started = time.process_time()
        worker.render("table", self.game, table)
        worker.render("hand", self.game, hand)
        return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = parser.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    plans = table_plans()
    tables = [
        Table(plans[place % len(plans)], place)
        for place in range(args.tables)
        if not wanted or plans[place % len(plans)][0] in wanted
    ]
    print(f"{len(tables)} tables, budget {memo.BUDGET.limit / MIB:.0f} MiB")
    for number in range(1, args.rounds + 1):
        spent = 0.0
        for table in tables:
            table.play()
            spent += table.draw()
        per_image = spent * 1000 / (2 * len(tables))
        print(
            f"round {number}: {per_image:.2f} ms CPU an image, layers {memo.held_bytes() / MIB:.1f} MiB, "
            f"private {private_mib():.0f} MiB"
        )
    print("MiB      entries  packed   hits     unpacked misses   memo")
    for layer in sorted(memo.BUDGET.memos, key=lambda item: -item.cache_info().nbytes)[:25]:
        info = layer.cache_info()
        name = f"{layer.__module__}.{layer.__qualname__}"
        print(
            f"{info.nbytes / MIB:7.1f}  {info.currsize:7d}  {info.packed:7d}  {info.hits:7d}  "
            f"{info.unpacked:7d}  {info.misses:7d}  {name}"
        )


if __name__ == "__main__":
    main()
