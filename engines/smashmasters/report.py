"""AI vs Random report: seeded games of one heuristic seat against RandomPolicy seats.

    python -m engines.smashmasters.report [--games 500] [--write docs/rulings/smashmasters.md]

The AI's seat rotates from game to game (seed n puts it in seat n mod players). Prints a Markdown
table and, with --write, replaces the report section of that file.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

from engines.core import RandomPolicy, Seat
from engines.core.reports import markdown_table, replace_section
from engines.smashmasters.engine import SmashMasters

SETUPS = (2, 3, 4)
START = "<!-- ai-report:start -->"
END = "<!-- ai-report:end -->"


@dataclass
class Report:
    """How the AI seat did over a batch of games with a number of players."""

    players: int
    games: int = 0
    wins: int = 0
    turns: int = 0
    steps: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play(engine: SmashMasters, players: int, seed: int) -> tuple[bool, int, int]:
    """One game: (the AI seat won alone, turns played, decisions answered)."""
    ai_seat = seed % players
    seats = [Seat(i, f"P{i + 1}", is_ai=i == ai_seat) for i in range(players)]
    state = engine.new_game(seats, "brawl", {}, seed)
    policies = [
        engine.ai_policy(seed) if i == ai_seat else RandomPolicy(seed * 10 + i) for i in range(players)
    ]
    steps = 0
    while decisions := engine.decisions(state):
        decision = decisions[0]
        engine.apply(
            state, decision.seat, decision.key, policies[decision.seat].choose(engine, state, decision)
        )
        steps += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    return outcome.placements[0] == [ai_seat], state.turns, steps


def measure(players: int, games: int) -> Report:
    """Play seeds 0 .. games-1 with this many players."""
    engine = SmashMasters()
    report = Report(players)
    for seed in range(games):
        won, turns, steps = play(engine, players, seed)
        report.games += 1
        report.wins += won
        report.turns += turns
        report.steps += steps
    return report


def markdown(reports: list[Report]) -> str:
    """The report as a Markdown table."""
    header = ("Players", "Games", "AI wins", "A random seat would win", "Avg. turns")
    rows = [
        (
            f"1 AI + {report.players - 1} Random",
            report.games,
            f"{report.win_rate:.1%}",
            f"{1 / report.players:.1%}",
            f"{report.turns / report.games:.1f}",
        )
        for report in reports
    ]
    return "\n".join(markdown_table(header, rows))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="seeded games per number of players")
    parser.add_argument("--write", type=Path, help="document whose report section to replace")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    reports = [measure(players, args.games) for players in SETUPS]
    seconds = time.perf_counter() - started
    steps = sum(report.steps for report in reports)
    body = (
        f"{markdown(reports)}\n\n"
        f"Seeds 0-{args.games - 1} for each number of players, brawl mode, pre-sorted decks dealt at "
        f"random, the AI's seat rotating (`python -m engines.smashmasters.report --games {args.games}`; "
        f"{steps} decisions in {seconds:.0f} s, {steps / seconds:.0f} decisions per second including "
        "the Random seats' choices)."
    )
    print(body)
    if args.write:
        replace_section(args.write, body, START, END)


if __name__ == "__main__":
    main()
