"""Balance report: seeded games of every mode played by the heuristic AI.

    python -m engines.superhot.balance [--games 1000] [--write docs/rulings/superhot.md]

Prints a Markdown table (win rate of the Normal side, average Normal turns and levels
cleared, how games were lost) and, with --write, replaces the report section of that file.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from engines.core import Seat
from engines.core.reports import replace_section
from engines.superhot.engine import Superhot
from engines.superhot.view import CAUSES

MODES = (("solo", 1), ("coop", 2), ("versus", 2), ("twovone", 3))
START = "<!-- balance:start -->"
END = "<!-- balance:end -->"


@dataclass
class ModeReport:
    """What the AI achieved over a batch of games of one mode."""

    mode: str
    games: int = 0
    wins: int = 0
    turns: int = 0
    levels: int = 0
    causes: Counter[str] = field(default_factory=Counter)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def top_cause_share(self) -> float:
        """The share of losses owed to the most common losing condition."""
        losses = sum(self.causes.values())
        return max(self.causes.values()) / losses if losses else 0.0


def play(engine: Superhot, mode: str, seats: int, seed: int) -> tuple[bool, int, int, str]:
    """One AI game: (Normal side won, Normal turns, levels cleared, losing cause)."""
    state = engine.new_game([Seat(i, f"AI {i + 1}", True) for i in range(seats)], mode, {}, seed)
    policy = engine.ai_policy(seed)
    turns = 0
    while decisions := engine.decisions(state):
        decision = decisions[0]
        turns += decision.key == "start"
        engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision))
    campaign = state.campaigns[-1]
    return campaign.won, turns, campaign.levels, campaign.cause


def measure(mode: str, seats: int, games: int) -> ModeReport:
    """Play `games` seeded games of a mode."""
    engine = Superhot()
    report = ModeReport(mode)
    for seed in range(games):
        won, turns, levels, cause = play(engine, mode, seats, seed)
        report.games += 1
        report.wins += won
        report.turns += turns
        report.levels += levels
        if not won:
            report.causes[cause] += 1
    return report


def markdown(reports: list[ModeReport]) -> str:
    """The report as a Markdown table."""
    lines = [
        "| Mode | Games | Normal side wins | Avg. Normal turns | Avg. levels cleared | Losses by cause |",
        "|---|---|---|---|---|---|",
    ]
    for report in reports:
        losses = sum(report.causes.values()) or 1
        causes = ", ".join(
            f"{CAUSES[cause]} {count / losses:.0%}" for cause, count in report.causes.most_common()
        )
        lines.append(
            f"| {report.mode} | {report.games} | {report.win_rate:.1%} | {report.turns / report.games:.1f} "
            f"| {report.levels / report.games:.2f} | {causes} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="seeded games per mode")
    parser.add_argument("--write", type=Path, help="document whose balance section to replace")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    reports = [measure(mode, seats, args.games) for mode, seats in MODES]
    seconds = time.perf_counter() - started
    body = (
        f"{markdown(reports)}\n\n"
        f"Seeds 0-{args.games - 1} per mode, every seat played by the heuristic AI "
        f"(`python -m engines.superhot.balance --games {args.games}`; {seconds:.0f} s on our 2-core machine)."
    )
    print(body)
    if args.write:
        replace_section(args.write, body, START, END)


if __name__ == "__main__":
    main()
