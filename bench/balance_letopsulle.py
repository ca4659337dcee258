"""Letopsulle balance and AI levels: the `balance` section's figures, and the rulings' tables.

    python -m bench.balance_letopsulle [--scale 1.0] [--write docs/rulings/letopsulle.md]

The games are `engines.letopsulle.balance.rows()` (seeded: the same numbers on every machine). The
full run takes about six minutes on one core and is cached, so the bench's repeated runs in one
process cost nothing more; a quick run plays two games of a few cheap batches and sets no limits,
which only shows that it runs. `--write` replaces the bodies of the rulings' "Balance" and "AI
levels" sections (between their markers); the exit status is 1 when a bound is missed.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench.figures import Figure
from engines.core.reports import Bound, markdown_table, replace_section
from engines.letopsulle.balance import (
    FIRST_PLAYER_MARGIN,
    Result,
    Row,
    bounds,
    measure,
    rows,
)

SECTION = "balance"
QUICK_SCALE = 0.0  # every batch at its minimum of two games
BALANCE = ("<!-- letopsulle-balance:start -->", "<!-- letopsulle-balance:end -->")
AI_LEVELS = ("<!-- letopsulle-ai-levels:start -->", "<!-- letopsulle-ai-levels:end -->")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
ENDS = ("points", "cards", "villains")


def quick_rows() -> list[Row]:
    """A few cheap batches (no hard player) at two games each."""
    wanted = {("seats", 2), ("options", 2), ("solitaire", 1), ("levels", 2)}
    found: list[Row] = []
    for row in rows(QUICK_SCALE):
        if (row.table, row.players) in wanted and "hard" not in (row.level, row.tested):
            wanted.discard((row.table, row.players))
            found.append(row)
    return found


@functools.cache
def letopsulle_balance(quick: bool) -> list[Figure]:
    """Each bound as a figure in percent, then the games played."""
    batches = quick_rows() if quick else rows()
    results = [measure(row) for row in batches]
    figures = [
        Figure(
            SECTION,
            f"letopsulle {bound.name}",
            100 * bound.value,
            "%",
            None if quick else 100 * bound.limit,
            bound.at_most,
        )
        for bound in bounds(results)
    ]
    games = float(sum(row.games for row in batches))
    figures.append(Figure(SECTION, "letopsulle games played", games, "games"))
    return figures


def _pct(value: float) -> str:
    return f"{value:.0%}"


def _ends(result: Result) -> str:
    return " / ".join(_pct(result.end_share(end)) for end in ENDS)


def _by_table(results: Sequence[Result], table: str) -> list[Result]:
    return [result for result in results if result.row.table == table]


def seat_table(results: Sequence[Result]) -> list[str]:
    """Table 1: who wins by position from the first player, 2 to 6 players."""
    header = (
        "Players", "Games", "Fair share", *ORDINALS, "Villains win", "Avg. rounds",
        "Ends: points / cards / villains",
    )  # fmt: skip
    lines = []
    for result in _by_table(results, "seats"):
        players = result.row.players
        shares = [_pct(result.share(p)) if p < players else "-" for p in range(len(ORDINALS))]
        lines.append(
            (
                players,
                result.games,
                _pct(1 / players),
                *shares,
                _pct(result.villains),
                f"{result.average_rounds:.1f}",
                _ends(result),
            )
        )
    return markdown_table(header, lines)


def option_table(results: Sequence[Result]) -> list[str]:
    """Table 2: each option on its own at 2 and 4 players, beside the defaults (`none`, table 1)."""
    header = (
        "Players", "Option", "Games", "1st player (fair)", "Villains win", "Avg. rounds",
        "Ends: points / cards / villains",
    )  # fmt: skip
    lines = []
    plain = {r.row.players: r for r in _by_table(results, "seats")}
    for players in sorted({r.row.players for r in _by_table(results, "options")}):
        batch = [plain[players]] if players in plain else []
        batch += [r for r in _by_table(results, "options") if r.row.players == players]
        for result in batch:
            lines.append(
                (
                    players,
                    result.row.option,
                    result.games,
                    f"{_pct(result.share(0))} ({_pct(1 / players)})",
                    _pct(result.villains),
                    f"{result.average_rounds:.1f}",
                    _ends(result),
                )
            )
    return markdown_table(header, lines)


def solitaire_table(results: Sequence[Result]) -> list[str]:
    """Table 3: one AI player against coin-flip villains (two turns a round, or the rulebook's one),
    and against AI villains of its level."""
    header = ("Player", "Villains", "Games", "Wins", "Avg. score", "Avg. rounds", "Wins by points / cards")
    lines = []
    for result in _by_table(results, "solitaire"):
        row = result.row
        villains = (
            f"AI ({row.level}), 2 turns" if ("villains", "ai") in row.options else "coin flips, 2 turns"
        )
        if ("solo_villains", "1") in row.options:
            villains = "coin flips, 1 turn (rulebook)"
        lines.append(
            (
                row.level,
                villains,
                result.games,
                _pct(1 - result.villains),
                f"{result.average_score:.1f}",
                f"{result.average_rounds:.1f}",
                f"{_pct(result.end_share('points'))} / {_pct(result.end_share('cards'))}",
            )
        )
    return markdown_table(header, lines)


def level_table(results: Sequence[Result]) -> list[str]:
    """Table 4: one seat at a level against the others at another. In a 2-player batch the other
    seat is alone too, so each 2-player batch also gives the reverse match (marked "same games")."""
    header = (
        "Alone", "Against", "Players", "Games", "Alone wins", "Fair", "Alone wins, by its position",
        "Villains win", "Avg. rounds",
    )  # fmt: skip
    lines = []
    for result in _by_table(results, "levels"):
        row = result.row
        players = row.players
        views = [(row.tested, row.level, False)]
        if players == 2:
            views.append((row.level, row.tested, True))
        for alone, against, mirror in views:
            if mirror:  # the other seat's wins, position by position
                won = {p: result.positions[p] - result.tested_wins[p] for p in range(players)}
                played = {p: result.tested[1 - p] for p in range(players)}
            else:
                won = {p: result.tested_wins[p] for p in range(players)}
                played = {p: result.tested[p] for p in range(players)}
            positions = ", ".join(
                f"{ORDINALS[p]} {won[p] / played[p]:.0%}" for p in range(players) if played[p]
            )
            lines.append(
                (
                    alone,
                    against + (" (same games)" if mirror else ""),
                    players,
                    result.games,
                    _pct(sum(won.values()) / result.games),
                    _pct(1 / players),
                    positions,
                    _pct(result.villains),
                    f"{result.average_rounds:.1f}",
                )
            )
    return markdown_table(header, lines)


def bound_table(found: Sequence[Bound]) -> list[str]:
    verdicts = [
        (
            bound.name,
            _pct(bound.value),
            f"{'<=' if bound.at_most else '>='} {bound.limit:.0%}",
            "yes" if bound.passed else "NO",
        )
        for bound in found
    ]
    return markdown_table(("Bound", "Measured", "Limit", "Met"), verdicts)


def balance_body(results: Sequence[Result], footer: str) -> str:
    """The body of the rulings' Balance section: tables 1 to 3 and the first-player bounds."""
    first = [b for b in bounds(results) if "first player" in b.name]
    parts = [
        "**Seat balance** (every seat and its villains at the normal level, basic decks, default "
        "options). Share of the games won by the player at each position in seat order from the "
        "first player (R1); the villains win when every team is knocked out (R15).",
        "",
        *seat_table(results),
        "",
        "**Options**, each on its own (`none`: the defaults, from the table above).",
        "",
        *option_table(results),
        "",
        "**Solitaire** (15 points or 5 villains; the score is the points plus, after a win, the "
        "hero cards left unplayed).",
        "",
        *solitaire_table(results),
        "",
        f"Bounds: the first player's share of all the games within the fair share +/- "
        f"{100 * FIRST_PLAYER_MARGIN:.0f} points.",
        "",
        *bound_table(first),
        "",
        footer,
    ]
    return "\n".join(parts)


def levels_body(results: Sequence[Result], footer: str) -> str:
    """The body of the rulings' AI levels section: table 4 and the level bounds."""
    beats = [b for b in bounds(results) if "beats" in b.name]
    parts = [
        "One seat (and its villains) plays alone at a level against every other seat at another "
        "level; the lone seat takes every position from the first player in turn.",
        "",
        *level_table(results),
        "",
        *bound_table(beats),
        "",
        footer,
    ]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every batch's game count")
    parser.add_argument("--write", type=Path, help="rulings document whose two sections to replace")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = []
    for row in rows(args.scale):
        begun = time.perf_counter()
        results.append(measure(row))
        print(
            f"{row.table} {row.players}p {row.tested or row.level} {row.option}: {row.games} games, "
            f"{time.perf_counter() - begun:.1f} s",
            file=sys.stderr,
            flush=True,
        )
    seconds = time.perf_counter() - started
    footer = (
        f"Seeds 0 to games - 1 per batch (`python -m bench.balance_letopsulle --scale {args.scale:g}`: "
        f"{sum(r.games for r in results)} games, {seconds:.0f} s on one core of our 2-core machine)."
    )
    balance, levels = balance_body(results, footer), levels_body(results, footer)
    print(f"## Balance\n\n{balance}\n\n## AI levels\n\n{levels}")
    if args.write:
        replace_section(args.write, balance, *BALANCE)
        replace_section(args.write, levels, *AI_LEVELS)
    return 0 if all(bound.passed for bound in bounds(results)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
