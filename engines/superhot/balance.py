"""Balance report: seeded SUPERHOT games per mode, challenge and kind of player.

    python -m engines.superhot.balance [--scale 1.0] [--write docs/rulings/superhot.md]

The players are the three AI levels and a *search* player (the hard judge with a much wider
look-ahead, watching the pile sizes). Every seat of a game is played by the same kind of player
(the System too). Prints a Markdown table and the bounds of issue 19 with their verdicts; `--write`
replaces the report section of the rulings document. Seeded: the same numbers on every machine.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engines.core import Seat
from engines.core.reports import Bound, markdown_table, replace_section
from engines.superhot.ai import LEVELS, SuperhotAI
from engines.superhot.ai_judge import Skill, Weights
from engines.superhot.engine import Superhot
from engines.superhot.view import CAUSES

START = "<!-- balance:start -->"
END = "<!-- balance:end -->"
SEARCH = Skill(Weights(), deals=5, beam=12)
"""The strong reference player: the hard judge, five obstacles a turn, twelve plans kept per size."""
PLAYERS = {**LEVELS, "search": SEARCH}
SEATS = {"solo": 1, "coop": 2, "versus": 2, "twovone": 3}
BAND = (0.35, 0.60)
SEARCH_MAX = 0.70
CHALLENGES = (
    ("Bullet Storm", {"bullet_storm": "on"}),
    ("Time's Up", {"times_up": "on"}),
    ("7 Line", {"seven_line": "on"}),
    ("Baseball Bat x1", {"bat": "1"}),
    ("Baseball Bat x2", {"bat": "2"}),
)
CROSSFIRE = ("Crossfire", (("crossfire", "on"),))
"""The co-op house rule, measured beside the printed co-op at every level."""


@dataclass(frozen=True)
class Row:
    """One batch of games: a mode, a challenge (or none), a kind of player and how many games."""

    mode: str
    player: str
    games: int
    challenge: str = "none"
    options: tuple[tuple[str, str], ...] = ()


@dataclass
class Result:
    """What one batch achieved."""

    row: Row
    wins: int = 0
    turns: int = 0
    levels: int = 0
    causes: Counter[str] = field(default_factory=Counter)

    @property
    def win_rate(self) -> float:
        return self.wins / self.row.games if self.row.games else 0.0


def rows(scale: float = 1.0) -> list[Row]:
    """The batches of the report; `scale` multiplies every game count (at least 2 games each)."""

    def games(count: int) -> int:
        return max(2, round(count * scale))

    found = [Row("solo", player, games(160 if player == "hard" else 80)) for player in PLAYERS]
    found += [Row("solo", "hard", games(80), name, tuple(opts.items())) for name, opts in CHALLENGES]
    found += [Row("coop", player, games(200)) for player in PLAYERS]
    found += [Row("coop", player, games(200), *CROSSFIRE) for player in PLAYERS]
    found += [Row(mode, "hard", games(200)) for mode in ("versus", "twovone")]
    return found


def play(row: Row, seed: int) -> tuple[bool, int, int, str]:
    """One seeded game: (Normal side won, Normal turns, levels cleared, losing cause)."""
    engine = Superhot()
    seats = [Seat(i, f"AI {i + 1}", True) for i in range(SEATS[row.mode])]
    state = engine.new_game(seats, row.mode, dict(row.options), seed)
    policy = SuperhotAI(PLAYERS[row.player])
    turns = 0
    while decisions := engine.decisions(state):
        decision = decisions[0]
        turns += decision.key == "start"
        engine.apply(state, decision.seat, decision.key, policy.choose(engine, state, decision))
    campaign = state.campaigns[-1]
    return campaign.won, turns, campaign.levels, campaign.cause


@cache
def measure(row: Row) -> Result:
    """Play a batch (seeds 0 to games - 1); cached, so a repeated bench run costs nothing."""
    result = Result(row)
    for seed in range(row.games):
        won, turns, levels, cause = play(row, seed)
        result.wins += won
        result.turns += turns
        result.levels += levels
        if not won:
            result.causes[cause] += 1
    return result


def _rate(results: Sequence[Result], mode: str, player: str, challenge: str = "none") -> float:
    found = [r for r in results if (r.row.mode, r.row.player, r.row.challenge) == (mode, player, challenge)]
    return found[0].win_rate if found else float("nan")


def bounds(results: Sequence[Result]) -> list[Bound]:
    """Every bound the report is judged by, with its measured value."""
    low, high = BAND
    found: list[Bound] = []
    # Co-op is held to the bounds with the crossfire house rule; the printed co-op's rates are
    # reported in the table beside it (a balance problem of the printed game, DESIGN.md section 7).
    for mode, challenge in (("solo", "none"), ("coop", CROSSFIRE[0])):
        hard = _rate(results, mode, "hard", challenge)
        name = mode if challenge == "none" else f"{mode} ({challenge.lower()})"
        found += [
            Bound(f"{name} hard AI win rate (at least)", hard, low, False),
            Bound(f"{name} hard AI win rate (at most)", hard, high, True),
            Bound(
                f"{name} search player win rate", _rate(results, mode, "search", challenge), SEARCH_MAX, True
            ),
        ]
    plain = _rate(results, "solo", "hard")
    for name, _ in CHALLENGES:
        found.append(
            Bound(
                f"{name}: win rate drop from plain solo",
                plain - _rate(results, "solo", "hard", name),
                0.0,
                False,
            )
        )
    for better, worse in (("hard", "normal"), ("normal", "easy")):
        gap = _rate(results, "solo", better) - _rate(results, "solo", worse)
        found.append(Bound(f"solo {better} AI over {worse} AI (win rate gap)", gap, 0.05, False))
    return found


def markdown(results: Sequence[Result]) -> str:
    """The report as Markdown: the table, then the bounds with their verdicts."""
    header = (
        "Mode", "Challenge", "Player", "Games", "Normal side wins", "Avg. Normal turns", "Avg. levels",
        "Losses by cause",
    )  # fmt: skip
    rows = []
    for result in results:
        row = result.row
        losses = sum(result.causes.values()) or 1
        causes = ", ".join(f"{CAUSES[c]} {n / losses:.0%}" for c, n in result.causes.most_common())
        rows.append(
            (
                row.mode,
                row.challenge,
                row.player,
                row.games,
                f"{result.win_rate:.1%}",
                f"{result.turns / row.games:.1f}",
                f"{result.levels / row.games:.2f}",
                causes or "-",
            )
        )
    verdicts = [
        (
            bound.name,
            f"{bound.value:.1%}",
            f"{'<=' if bound.at_most else '>='} {bound.limit:.0%}",
            "yes" if bound.passed else "NO",
        )
        for bound in bounds(results)
    ]
    lines = [
        *markdown_table(header, rows),
        "",
        *markdown_table(("Bound", "Measured", "Limit", "Met"), verdicts),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every batch's game count")
    parser.add_argument("--write", type=Path, help="document whose balance section to replace")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = [measure(row) for row in rows(args.scale)]
    seconds = time.perf_counter() - started
    body = (
        f"{markdown(results)}\n\n"
        f"Seeds 0 to games - 1 per row; every seat (the System too) is played by the row's player "
        f"(`python -m engines.superhot.balance --scale {args.scale:g}`; {seconds:.0f} s on one core of "
        "our 2-core machine)."
    )
    print(body)
    if args.write:
        replace_section(args.write, body, START, END)
    return 0 if all(bound.passed for bound in bounds(results)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
