"""Seeded AI balance of Super Punch Fighter: each fighter's share of wins per seat count, the first
player's edge, and the Minion Rush stars and ranks the AI reaches.

`python -m engines.punchfighter.balance [--games N] [--levels N] [--rush N] [--seats N [--level L]
[--house-rule finish_round=on]]` prints the Markdown tables of docs/rulings/punchfighter.md
(section Balance); `--rush` the solo and co-op Minion Rush team totals and ranks (ruling C25),
`--seats` the seat-fairness table (each place in the turn order's share of the
wins, with standard errors). Fighters are dealt in rotation, so each one sits
at every table size equally often; each game is seeded, so the tables are reproducible. With
`--levels N`, N 3-player games per pairing of AI levels (one seat at one level, two at another,
the lone seat and the fighters rotating) show that easy < normal < hard.
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engines.core import Seat
from engines.core.reports import markdown_table
from engines.punchfighter import content
from engines.punchfighter.ai import PunchAI
from engines.punchfighter.engine import PunchFighter
from engines.punchfighter.ranks import RANKS, rank

ENGINE = PunchFighter()
SEAT_COUNTS = (3, 4, 5, 6)
BOUND = 1.5  # no fighter may win more than 1.5 times its fair share
MAX_STEPS = 20_000
LEVEL_MATCHES = (
    ("easy", "normal"),
    ("normal", "easy"),
    ("normal", "hard"),
    ("hard", "normal"),
    ("hard", "easy"),
)
"""(the lone seat's level, the other two seats' level)."""


@dataclass(frozen=True)
class Game:
    """One seeded game: its mode, its fighters by seat, and the AI level."""

    mode: str
    fighters: tuple[str, ...]
    seed: int
    level: str = "normal"
    levels: tuple[str, ...] = ()  # each seat's level, when they differ
    options: tuple[tuple[str, str], ...] = ()  # table options besides the AI level (house rules)

    def seat_level(self, seat: int) -> str:
        return self.levels[seat] if self.levels else self.level


@dataclass(frozen=True)
class Played:
    """What a game came to: win shares by seat (ties split), stars by seat, the first player."""

    game: Game
    shares: tuple[float, ...]
    stars: tuple[int, ...]
    first: int
    rounds: int


def play(game: Game) -> Played:
    """Play one game to the end, every seat the AI, each seat taking its dealt fighter."""
    seats = [Seat(i, f"AI {i + 1}", is_ai=True) for i in range(len(game.fighters))]
    state = ENGINE.new_game(seats, game.mode, {"ai": game.level, **dict(game.options)}, game.seed)
    policies = [PunchAI(game.seat_level(i), game.seed * 7 + i) for i in range(len(seats))]
    for _ in range(MAX_STEPS):
        decisions = ENGINE.decisions(state)
        if not decisions:
            break
        decision = decisions[0]
        if decision.key == "fighter":
            choice = [game.fighters[decision.seat]]
        else:
            choice = policies[decision.seat].choose(ENGINE, state, decision)
        ENGINE.apply(state, decision.seat, decision.key, choice)
    outcome = ENGINE.outcome(state)
    assert outcome is not None, f"{game}: did not finish"
    winners = outcome.placements[0]
    shares = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(seats)))
    return Played(game, shares, tuple(p.stars for p in state.players), state.first, state.rounds)


def standard_games(seats: int, games: int) -> list[Game]:
    """Fighters dealt in rotation (every fighter equally often at this table size)."""
    ids = [fighter.id for fighter in content.FIGHTERS]
    found = []
    for number in range(games):
        start = number % len(ids)
        order = ids[start:] + ids[:start]
        fighters = (
            tuple(order[(i * 5) % len(ids)] for i in range(seats)) if seats < len(ids) else tuple(order)
        )
        found.append(Game("standard", fighters, 10_000 * seats + number))
    return found


def level_games(lone: str, rest: str, games: int) -> list[Game]:
    """3-player games, one seat (in turn each seat) at level `lone`, the two others at `rest`;
    fighters dealt as in `standard_games`."""
    found = []
    for game in standard_games(3, games):
        levels = tuple(lone if seat == game.seed % 3 else rest for seat in range(3))
        found.append(Game("standard", game.fighters, game.seed + 500_000, levels=levels))
    return found


def level_shares(games: int, workers: int = 2) -> dict[tuple[str, str], float]:
    """(lone level, others' level) -> the lone seat's share of the wins (a fair share is 1/3)."""
    jobs = [game for lone, rest in LEVEL_MATCHES for game in level_games(lone, rest, games)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, jobs, chunksize=4))
    shares: dict[tuple[str, str], float] = {}
    for played in results:
        levels = played.game.levels
        lone = next(seat for seat in range(3) if levels.count(levels[seat]) == 1)
        key = (levels[lone], levels[(lone + 1) % 3])
        shares[key] = shares.get(key, 0.0) + played.shares[lone] / games
    return shares


def level_report(shares: dict[tuple[str, str], float], games: int) -> str:
    rows = [
        [f"one {lone} seat, two {rest}", f"{100 * share:.1f} %", f"{3 * share:.2f}"]
        for (lone, rest), share in shares.items()
    ]
    header = [f"AI levels ({games} 3-player games each)", "lone seat's wins", "/ fair share"]
    return "\n".join(markdown_table(header, rows)) + "\n"


SEAT_BOUNDS = (1.20, 0.85)
"""Issue 33's target: the first player at most 1.20 times a fair share, no seat below 0.85."""


@dataclass(frozen=True)
class Seats:
    """Win shares by place in the turn order (0: the first player), over a fair share, with the
    standard error of each (one game's share is 0, 1 / ties or 1)."""

    seats: int
    games: int
    ratios: tuple[float, ...]
    errors: tuple[float, ...]
    rounds: float

    @property
    def first(self) -> float:
        return self.ratios[0]

    @property
    def lowest(self) -> float:
        return min(self.ratios)


def seat_games(seats: int, games: int, level: str, options: tuple[tuple[str, str], ...] = ()) -> list[Game]:
    """`standard_games` at an AI level and with table options (a house rule)."""
    return [Game(g.mode, g.fighters, g.seed, level, options=options) for g in standard_games(seats, games)]


def seat_shares(results: list[Played]) -> Seats:
    """Each place in the turn order's share of the wins, over a fair share (one table size)."""
    seats = len(results[0].game.fighters)
    count = len(results)
    ratios, errors = [], []
    for place in range(seats):
        shares = [played.shares[(played.first + place) % seats] for played in results]
        mean = sum(shares) / count
        spread = sum((share - mean) ** 2 for share in shares) / max(1, count - 1)
        ratios.append(mean * seats)
        errors.append((spread / count) ** 0.5 * seats)
    rounds = sum(played.rounds for played in results) / count
    return Seats(seats, count, tuple(ratios), tuple(errors), rounds)


def measure_seats(
    games: int, level: str = "normal", options: tuple[tuple[str, str], ...] = (), workers: int = 2
) -> dict[int, Seats]:
    """Seat fairness at every table size: `games` seeded all-AI standard games per size."""
    jobs = [game for seats in SEAT_COUNTS for game in seat_games(seats, games, level, options)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, jobs, chunksize=4))
    return {
        seats: seat_shares([r for r in results if len(r.game.fighters) == seats]) for seats in SEAT_COUNTS
    }


def seats_report(found: dict[int, Seats], title: str) -> str:
    """One row per table size: each seat's share of the wins over a fair share (± a standard error)."""
    rows = [
        [
            f"{s.seats} players",
            str(s.games),
            *(f"{r:.2f} ± {e:.2f}" for r, e in zip(s.ratios, s.errors, strict=True)),
            *([""] * (max(SEAT_COUNTS) - s.seats)),
            f"{s.rounds:.1f}",
        ]
        for s in found.values()
    ]
    places = [f"seat {n}" for n in range(1, max(SEAT_COUNTS) + 1)]
    return "\n".join(markdown_table([title, "games", *places, "rounds"], rows)) + "\n"


def rush_games(games: int) -> list[Game]:
    ids = [fighter.id for fighter in content.FIGHTERS]
    return [Game("rush_solo", (ids[number % len(ids)],), 900_000 + number) for number in range(games)]


def team_games(mode: str, games: int, options: tuple[tuple[str, str], ...] = ()) -> list[Game]:
    """Minion Rush solo or co-op games, the fighters (and in co-op each pairing) in rotation."""
    ids = [fighter.id for fighter in content.FIGHTERS]
    if mode == "rush_solo":
        return rush_games(games)
    pairs = [(a, b) for a in ids for b in ids if a < b]
    return [
        Game(mode, pairs[number % len(pairs)], 950_000 + number, options=options) for number in range(games)
    ]


def rush_report(games: int, workers: int = 2) -> str:
    """Solo and co-op Minion Rush with the normal AI: the mean team total (± a standard error),
    the mean rounds and the ranks of the printed chart; co-op as printed (one button deck) and
    with the house rule `two_decks`."""
    rows = []
    plays = (("rush_solo", 1, ()), ("rush_coop", 2, ()), ("rush_coop", 2, (("two_decks", "on"),)))
    for mode, players, options in plays:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play, team_games(mode, games, options), chunksize=8))
        totals = [sum(played.stars) for played in results]
        mean = sum(totals) / games
        error = (sum((total - mean) ** 2 for total in totals) / max(1, games - 1) / games) ** 0.5
        ranks = Counter(rank(total, players) for total in totals)
        spread = ", ".join(f"{name} {ranks[name]}" for name, _, _ in RANKS if ranks[name])
        rounds = sum(played.rounds for played in results) / games
        label = mode + (", two_decks" if options else "")
        rows.append([label, str(games), f"{mean:.1f} ± {error:.1f}", f"{rounds:.1f}", spread])
    header = ["Minion Rush, normal AI", "games", "team stars", "mean rounds", "ranks"]
    return "\n".join(markdown_table(header, rows)) + "\n"


@dataclass
class Tally:
    """Win shares and games by fighter; first-player shares."""

    wins: dict[str, float] = field(default_factory=dict)
    games: Counter[str] = field(default_factory=Counter)
    first_wins: float = 0.0
    count: int = 0
    rounds: int = 0

    def add(self, played: Played) -> None:
        self.count += 1
        self.rounds += played.rounds
        self.first_wins += played.shares[played.first]
        for seat, fighter in enumerate(played.game.fighters):
            self.games[fighter] += 1
            self.wins[fighter] = self.wins.get(fighter, 0.0) + played.shares[seat]

    def ratio(self, fighter: str, seats: int) -> float:
        """Wins over the fair share (1 / seats)."""
        return (self.wins.get(fighter, 0.0) / max(1, self.games[fighter])) * seats


def measure(games: int, workers: int = 2) -> tuple[dict[int, Tally], dict[str, list[int]]]:
    """Standard tallies by seat count, and Minion Rush solo stars by fighter."""
    jobs = [game for seats in SEAT_COUNTS for game in standard_games(seats, games)] + rush_games(games)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, jobs, chunksize=8))
    tallies = {seats: Tally() for seats in SEAT_COUNTS}
    rush: dict[str, list[int]] = {}
    for played in results:
        if played.game.mode == "standard":
            tallies[len(played.game.fighters)].add(played)
        else:
            rush.setdefault(played.game.fighters[0], []).append(played.stars[0])
    return tallies, rush


def report(tallies: dict[int, Tally], rush: dict[str, list[int]]) -> str:
    """The Markdown tables."""
    names = {fighter.id: fighter.name for fighter in content.FIGHTERS}
    rows = []
    for fighter, name in names.items():
        rows.append([name, *(f"{tallies[s].ratio(fighter, s):.2f}" for s in SEAT_COUNTS)])
    rows.append(
        ["first player", *(f"{tallies[s].first_wins / tallies[s].count * s:.2f}" for s in SEAT_COUNTS)]
    )
    rows.append(
        [
            "games / mean rounds",
            *(f"{tallies[s].count} / {tallies[s].rounds / tallies[s].count:.1f}" for s in SEAT_COUNTS),
        ]
    )
    standard = "\n".join(
        markdown_table(["Win share / fair share", *(f"{s} players" for s in SEAT_COUNTS)], rows)
    )
    solo_rows = []
    for fighter, stars in rush.items():
        ranks = Counter(rank(star, 1) for star in stars)
        spread = ", ".join(f"{name} {ranks[name]}" for name, _, _ in RANKS if ranks[name])
        solo_rows.append([names[fighter], f"{sum(stars) / len(stars):.1f}", spread])
    solo = "\n".join(markdown_table(["Minion Rush solo (AI)", "mean stars", "ranks"], solo_rows))
    return f"{standard}\n\n{solo}\n"


def worst_ratio(tallies: dict[int, Tally]) -> float:
    """The highest win share over fair share of any fighter at any table size."""
    return max(tallies[s].ratio(f.id, s) for s in SEAT_COUNTS for f in content.FIGHTERS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=420, help="games per table size (and solo games)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--levels", type=int, default=0, help="3-player games per pairing of AI levels")
    parser.add_argument("--rush", type=int, default=0, help="Minion Rush solo and co-op games")
    parser.add_argument("--seats", type=int, default=0, help="games per table size for seat fairness")
    parser.add_argument("--level", default="normal", help="the AI level of the seat-fairness games")
    parser.add_argument(
        "--house-rule", action="append", default=[], help="OPTION=VALUE, e.g. finish_round=on"
    )
    args = parser.parse_args(argv)
    if args.seats:
        options = tuple(tuple(rule.split("=", 1)) for rule in args.house_rule)
        found = measure_seats(args.seats, args.level, options, args.workers)
        print(seats_report(found, f"{args.level} AI, {', '.join(args.house_rule) or 'printed rules'}"))
    if args.rush:
        print(rush_report(args.rush, args.workers))
    if args.levels:
        print(level_report(level_shares(args.levels, args.workers), args.levels))
    if not args.games:
        return 0
    tallies, rush = measure(args.games, args.workers)
    print(report(tallies, rush))
    worst = worst_ratio(tallies)
    print(f"worst fighter: {worst:.2f} x its fair share (bound {BOUND})")
    return 0 if worst <= BOUND else 1


if __name__ == "__main__":
    raise SystemExit(main())
