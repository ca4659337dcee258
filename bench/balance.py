"""Smash Masters deck balance and AI levels: seeded games between the four pre-sorted decks.

    python -m bench.balance [--games 1000] [--tables 2000] [--levels 400] [--level normal]
                            [--jobs 2] [--write docs/rulings/smashmasters.md]

Four tables: AI-vs-AI duels (every pairing of decks, each deck in seat 0 for half the games),
4-player AI tables (each deck in each seat equally often), duels where both seats play at
random, and AI levels against each other with mirrored decks. The bounds (issue 18): every deck
wins 40-60 % of its AI duels against each other deck, 18-32 % of the 4-player tables, no deck
more than 60 % of the random duels against another, and hard beats normal in at least 60 % of
their games. Seeded: the same numbers on every run and every machine. Prints Markdown;
`--write` replaces the balance section of the rulings document; the exit status is 1 when a
bound is missed. The `balance` section of `python -m bench` runs the same `measure()`
(`smashmasters_balance`) and judges the same bounds.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from bench.figures import Figure
from engines.core import Policy, RandomPolicy, Seat
from engines.core.reports import markdown_table, replace_section
from engines.smashmasters.ai import SmashAI
from engines.smashmasters.cards import CARDS
from engines.smashmasters.engine import SmashMasters

DECKS = tuple(CARDS.decks)
DUEL_BOUNDS = (0.40, 0.60)
TABLE_BOUNDS = (0.18, 0.32)
RANDOM_MAX = 0.60
HARD_OVER_NORMAL = 0.60
LEVEL_MATCHES = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"))
START = "<!-- balance:start -->"
END = "<!-- balance:end -->"


@dataclass(frozen=True)
class Job:
    """One seeded game: the decks by seat, AI (at a level) or random players; `seats` gives each
    seat its own level (AI level matches), else every seat plays at `level`."""

    decks: tuple[str, ...]
    seed: int
    level: str  # "easy", "normal", "hard", or "random"
    seats: tuple[str, ...] = ()


@dataclass
class Tally:
    """Wins per deck over a batch of games; `games` counts every game, draws too."""

    games: int = 0
    turns: int = 0
    wins: Counter[str] = field(default_factory=Counter)

    def rate(self, deck: str) -> float:
        return self.wins[deck] / self.games if self.games else 0.0


def play(job: Job) -> tuple[str, int]:
    """Play one game to its end: (the winning deck, or "" for a draw; turns played)."""
    engine = SmashMasters()
    seats = [Seat(i, f"P{i + 1}", is_ai=job.level != "random") for i in range(len(job.decks))]
    options = {"decks": ",".join(job.decks)} | ({} if job.level == "random" else {"ai": job.level})
    state = engine.new_game(seats, "brawl", options, job.seed)
    policies: list[Policy]
    if job.seats:
        policies = [SmashAI(level) for level in job.seats]
    elif job.level == "random":
        policies = [RandomPolicy(job.seed * 8 + i) for i in range(len(seats))]
    else:
        policies = [engine.ai_policy(job.seed + i) for i in range(len(seats))]
    while found := engine.decisions(state):
        decision = found[0]
        choice = policies[decision.seat].choose(engine, state, decision)
        engine.apply(state, decision.seat, decision.key, choice)
    outcome = engine.outcome(state)
    assert outcome is not None
    first = outcome.placements[0]
    if job.seats:
        return (job.seats[first[0]] if len(first) == 1 else ""), state.turns
    return (job.decks[first[0]] if len(first) == 1 else ""), state.turns


def duel_jobs(pair: tuple[str, str], games: int, level: str) -> Iterator[Job]:
    """`games` duels of a pairing: seeds 0..games-1, the seat order swapped on odd seeds."""
    for seed in range(games):
        yield Job(pair if seed % 2 == 0 else (pair[1], pair[0]), seed, level)


def table_jobs(games: int, level: str) -> Iterator[Job]:
    """`games` 4-player tables, the decks in a seeded order (each deck in each seat equally often)."""
    for seed in range(games):
        shift = seed % len(DECKS)
        order = DECKS[shift:] + DECKS[:shift]
        yield Job(order if (seed // len(DECKS)) % 2 == 0 else tuple(reversed(order)), seed, level)


def level_jobs(strong: str, weak: str, games: int) -> Iterator[Job]:
    """`games` games of one AI level against another with mirrored decks: every deck against
    itself in turn, the stronger level in seat 0 on even seeds."""
    for seed in range(games):
        deck = DECKS[seed % len(DECKS)]
        seats = (strong, weak) if seed % 2 == 0 else (weak, strong)
        yield Job((deck, deck), seed, "normal", seats)


def run(jobs: list[Job], workers: int) -> list[tuple[str, int]]:
    """Play the jobs, on `workers` processes (1: in this one)."""
    if workers <= 1:
        return [play(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, jobs, chunksize=16))


def tally(results: list[tuple[str, int]]) -> Tally:
    """Count wins per deck."""
    found = Tally()
    for winner, turns in results:
        found.games += 1
        found.turns += turns
        if winner:
            found.wins[winner] += 1
    return found


@dataclass
class Balance:
    """The three measurements and whether they keep the bounds."""

    games: int
    tables: int
    level: str
    duels: dict[tuple[str, str], Tally]
    four: Tally
    random: dict[tuple[str, str], Tally]
    levels: dict[tuple[str, str], Tally]

    def misses(self) -> list[str]:
        """Every bound a deck misses, in words (empty: balanced)."""
        found = []
        for label, duels, low, high in (
            ("AI duel", self.duels, *DUEL_BOUNDS),
            ("random duel", self.random, 0.0, RANDOM_MAX),
        ):
            for (a, b), result in duels.items():
                for deck, rival in ((a, b), (b, a)):
                    rate = result.rate(deck)
                    if result.games and not low <= rate <= high:
                        found.append(f"{label}: {deck} wins {rate:.1%} against {rival}")
        for deck in DECKS:
            rate = self.four.rate(deck)
            if self.four.games and not TABLE_BOUNDS[0] <= rate <= TABLE_BOUNDS[1]:
                found.append(f"4-player tables: {deck} wins {rate:.1%}")
        hard = self.levels.get(("hard", "normal"))
        if hard is not None and hard.games and hard.rate("hard") < HARD_OVER_NORMAL:
            found.append(f"AI levels: hard wins only {hard.rate('hard'):.1%} against normal")
        return found


def measure(games: int, tables: int, levels: int, level: str, workers: int) -> Balance:
    """Every pairing's AI and random duels, the 4-player AI tables, and the AI level matches."""
    pairs = list(combinations(DECKS, 2))
    duels = {pair: tally(run(list(duel_jobs(pair, games, level)), workers)) for pair in pairs}
    randoms = {pair: tally(run(list(duel_jobs(pair, games, "random")), workers)) for pair in pairs}
    four = tally(run(list(table_jobs(tables, level)), workers))
    matches = {pair: tally(run(list(level_jobs(*pair, levels)), workers)) for pair in LEVEL_MATCHES if levels}
    return Balance(games, tables, level, duels, four, randoms, matches)


SECTION = "balance"
FULL = {"games": 1000, "tables": 2000, "levels": 400}
QUICK = {"games": 2, "tables": 2, "levels": 2}


@functools.cache
def smashmasters_balance(quick: bool) -> list[Figure]:
    """The bench section's figures: each bound's worst deck (seeded, so a repeated run in the same
    process returns the same figures); a quick run plays a couple of games, which only shows it runs."""
    counts = QUICK if quick else FULL
    found = measure(counts["games"], counts["tables"], counts["levels"], "normal", workers=1 if quick else 2)
    duels = [100 * t.rate(deck) for pair, t in found.duels.items() for deck in pair]
    randoms = [100 * t.rate(deck) for pair, t in found.random.items() for deck in pair]
    four = [100 * found.four.rate(deck) for deck in DECKS]
    hard = 100 * found.levels[("hard", "normal")].rate("hard")
    duel = f"({counts['games']} per pairing)"
    table = f"({counts['tables']} games)"
    return [
        Figure(
            SECTION,
            f"smashmasters AI duels, best deck vs another {duel}",
            max(duels),
            "%",
            100 * DUEL_BOUNDS[1],
        ),
        Figure(
            SECTION,
            f"smashmasters AI duels, worst deck vs another {duel}",
            min(duels),
            "%",
            100 * DUEL_BOUNDS[0],
            False,
        ),
        Figure(
            SECTION, f"smashmasters 4-player tables, best deck {table}", max(four), "%", 100 * TABLE_BOUNDS[1]
        ),
        Figure(
            SECTION,
            f"smashmasters 4-player tables, worst deck {table}",
            min(four),
            "%",
            100 * TABLE_BOUNDS[0],
            False,
        ),
        Figure(
            SECTION,
            f"smashmasters random duels, best deck vs another {duel}",
            max(randoms),
            "%",
            100 * RANDOM_MAX,
        ),
        Figure(
            SECTION,
            f"smashmasters hard AI beats normal ({counts['levels']} games)",
            hard,
            "%",
            100 * HARD_OVER_NORMAL,
            False,
        ),
    ]


def _matrix(duels: dict[tuple[str, str], Tally]) -> list[str]:
    """Row deck's win rate against each column deck."""
    rows = []
    for deck in DECKS:
        cells, won, played = [], 0, 0
        for rival in DECKS:
            result = duels.get((deck, rival)) or duels.get((rival, deck))
            if result is None:
                cells.append("-")
                continue
            cells.append(f"{result.rate(deck):.1%}")
            won += result.wins[deck]
            played += result.games
        rows.append([CARDS.decks[deck].name, *cells, f"{won / played:.1%}"])
    return markdown_table(["wins against →", *(CARDS.decks[d].name for d in DECKS), "all"], rows)


def markdown(balance: Balance) -> str:
    """The three tables, with game counts."""
    draws = sum(t.games - sum(t.wins.values()) for t in balance.duels.values())
    four = balance.four
    lines = [
        f"**AI duels** (level `{balance.level}`, {balance.games} games per pairing, "
        f"{draws} drawn by the turn limit):",
        "",
        *_matrix(balance.duels),
        "",
        f"**4-player AI tables** ({four.games} games, {four.turns / max(four.games, 1):.0f} turns on "
        "average; a fair share is 25 %):",
        "",
        *markdown_table([CARDS.decks[d].name for d in DECKS], [[f"{four.rate(d):.1%}" for d in DECKS]]),
        "",
        f"**Random duels** (both seats play at random, {balance.games} games per pairing):",
        "",
        *_matrix(balance.random),
    ]
    if balance.levels:
        lines += [
            "",
            "**AI levels** (mirrored decks: each deck against itself in turn, seats alternating):",
            "",
            *markdown_table(
                ("match", "games", "the first wins", "the second wins", "drawn"),
                (
                    (
                        f"{strong} vs {weak}",
                        result.games,
                        f"{result.rate(strong):.1%}",
                        f"{result.rate(weak):.1%}",
                        result.games - result.wins[strong] - result.wins[weak],
                    )
                    for (strong, weak), result in balance.levels.items()
                ),
            ),
        ]
    misses = balance.misses()
    lines += ["", "Bounds missed: " + "; ".join(misses) + "." if misses else "Every bound is kept."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.balance", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=FULL["games"], help="duels per pairing (AI and random each)"
    )
    parser.add_argument("--tables", type=int, default=FULL["tables"], help="4-player AI games")
    parser.add_argument(
        "--levels", type=int, default=FULL["levels"], help="games per AI level match (0: none)"
    )
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"), help="AI level")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="processes to play on")
    parser.add_argument("--write", type=Path, help="document whose balance section to replace")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    balance = measure(args.games, args.tables, args.levels, args.level, args.jobs)
    body = (
        f"{markdown(balance)}\n\n"
        f"Seeds 0-{max(args.games, args.tables, args.levels) - 1}, pre-sorted decks, brawl mode "
        f"(`python -m bench.balance --games {args.games} --tables {args.tables} --levels {args.levels} "
        f"--level {args.level}`; {time.perf_counter() - started:.0f} s)."
    )
    print(body)
    if args.write:
        replace_section(args.write, body, START, END)
    return 1 if balance.misses() else 0


if __name__ == "__main__":
    raise SystemExit(main())
