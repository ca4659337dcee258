"""Letopsulle balance and AI levels: the `balance` section's figures, and the rulings' tables.

    nice -n 10 python -m bench.balance_letopsulle [--scale 1] [--jobs 1] [--write RULINGS]

The games are `engines.letopsulle.balance.rows()` (seeded: the same numbers on every machine;
RULINGS is docs/rulings/letopsulle.md). The full run takes about an hour of one core (`--jobs N`
plays the games in N processes) and is cached, so the bench's repeated runs in one process cost
nothing more; a quick run plays two games of a few cheap batches and sets no limits, which only
shows that it runs. `--write` replaces the bodies of the rulings' "Balance" and "AI levels"
sections (between their markers); the exit status is 1 when a bound is missed.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.figures import Figure
from engines.core.reports import Bound, markdown_table, replace_section
from engines.letopsulle.balance import (
    FIRST_PLAYER_MARGIN,
    Game,
    Result,
    Row,
    bounds,
    margin,
    measure,
    play,
    rows,
    tally,
)

SECTION = "balance"
QUICK_SCALE = 0.0  # every batch at its minimum of two games
BALANCE = ("<!-- letopsulle-balance:start -->", "<!-- letopsulle-balance:end -->")
AI_LEVELS = ("<!-- letopsulle-ai-levels:start -->", "<!-- letopsulle-ai-levels:end -->")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
ENDS = ("points", "cards", "villains")


def quick_rows() -> list[Row]:
    """A few cheap batches (no hard player) at two games each."""
    wanted = {("seats", 2), ("catch_up", 2), ("options", 2), ("solitaire", 1), ("levels", 2)}
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


def _pm(share: float, games: int) -> str:
    """A share and its 95 % error bar: "53% ±6"."""
    return f"{share:.0%} ±{100 * margin(share, games):.0f}"


def _ends(result: Result) -> str:
    return " / ".join(_pct(result.end_share(end)) for end in ENDS)


def _by_table(results: Sequence[Result], table: str) -> list[Result]:
    return [result for result in results if result.row.table == table]


def seat_table(results: Sequence[Result], table: str = "seats") -> list[str]:
    """Who wins by position from the first player, 2 to 6 players (95 % error bars)."""
    header = (
        "Players", "Games", "Fair share", *ORDINALS, "Villains win", "Avg. rounds",
        "Ends: points / cards / villains",
    )  # fmt: skip
    lines = []
    for result in _by_table(results, table):
        players = result.row.players
        shares = [_pm(result.share(p), result.games) if p < players else "-" for p in range(len(ORDINALS))]
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
    """Each option on its own at 2 and 4 players, beside the printed game (`none`, seat table)."""
    header = (
        "Players", "Options", "Games", "1st player (fair)", "Villains win", "Avg. rounds",
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
                    f"{_pm(result.share(0), result.games)} ({_pct(1 / players)})",
                    _pm(result.villains, result.games),
                    f"{result.average_rounds:.1f}",
                    _ends(result),
                )
            )
    return markdown_table(header, lines)


def _solo_villains(row: Row) -> str:
    """How a solitaire batch's villains play, in words."""
    options = dict(row.options)
    turns = "2 turns" if options.get("solo_villains") == "2" else "1 turn"
    if options.get("villains") == "ai":
        return f"AI ({row.level}), {turns}"
    how = "strongest attack" if options.get("smart_villains") == "on" else "coin flips"
    rules = [f"`{key}={value}`" for key, value in row.options if key in ("solo_villains", "smart_villains")]
    return f"{how}, {turns} ({', '.join(rules) or 'printed'})"


def solitaire_table(results: Sequence[Result]) -> list[str]:
    """One AI player against its villains: as printed, and with each solitaire house rule."""
    header = ("Player", "Villains", "Games", "Wins", "Avg. score", "Avg. rounds", "Wins by points / cards")
    lines = []
    for result in _by_table(results, "solitaire"):
        row = result.row
        lines.append(
            (
                row.level,
                _solo_villains(row),
                result.games,
                _pm(1 - result.villains, result.games),
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
        "**Seat balance, as printed** (every seat and its villains at the normal level, basic "
        "decks, no options: the fixed order of R1). Share of the games won by the player at each "
        "position in seat order from the first player, with its 95 % error bar; the villains win "
        "when every team is knocked out (R15).",
        "",
        *seat_table(results),
        "",
        "**With house rule `catch_up`** (fewest points play first each round, O9), the same measure.",
        "",
        *seat_table(results, "catch_up"),
        "",
        "**Options**, each on its own (`none`: the printed game, from the first table).",
        "",
        *option_table(results),
        "",
        "**Solitaire** (15 points or 5 villains; the score is the points plus, after a win, the "
        "hero cards left unplayed), as printed and with each solitaire house rule.",
        "",
        *solitaire_table(results),
        "",
        f"Bounds (house rule `catch_up`): the first player's share of all the games within the fair "
        f"share +/- {100 * FIRST_PLAYER_MARGIN:.0f} points.",
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


def _play(job: tuple[Row, int]) -> Game:
    return play(*job)


def _priority(row: Row) -> tuple[int, int]:
    """The order batches are played in with `--jobs`: the cheap and the essential first, so a run
    cut short (see `--save`) still has them: solitaire, then the printed game at each table size,
    then with `catch_up`, the options and the AI level matches."""
    order = {"solitaire": 0, "seats": 1, "catch_up": 2, "options": 3, "levels": 4}
    return (order[row.table], row.players)


def measure_all(batches: Sequence[Row], jobs: int, save: Path | None = None) -> list[Result]:
    """Every batch's result, the games spread over `jobs` processes (1 without `save`: in this
    one, cached);
    each finished batch's games are appended to `save` (JSON lines) as it ends, and the batches a
    `save` file already holds are not played again."""
    done = {result.row: result for result in load(save)} if save and save.exists() else {}
    if jobs <= 1 and not save:
        results = []
        for row in batches:
            begun = time.perf_counter()
            results.append(measure(row))
            seconds = time.perf_counter() - begun
            print(f"{_name(row)}: {row.games} games, {seconds:.1f} s", file=sys.stderr, flush=True)
        return results
    ordered = sorted((row for row in batches if row not in done), key=_priority)
    work = [(row, seed) for row in ordered for seed in range(row.games)]
    found: dict[Row, Result] = dict(done)
    games: list[Game] = []
    begun = time.perf_counter()
    with ProcessPoolExecutor(max(jobs, 1)) as pool:
        for game in pool.map(_play, work, chunksize=2):
            games.append(game)
            row = ordered[len(found) - len(done)]
            if len(games) == row.games:
                found[row] = tally(row, games)
                if save:
                    with save.open("a") as out:
                        out.write(
                            json.dumps(
                                {
                                    "row": dataclasses.astuple(row),
                                    "games": [dataclasses.astuple(g) for g in games],
                                }
                            )
                            + "\n"
                        )
                games = []
                seconds = time.perf_counter() - begun
                print(
                    f"{_name(row)}: {row.games} games, done at {seconds:.0f} s", file=sys.stderr, flush=True
                )
    return [found[row] for row in batches]


def load(path: Path) -> list[Result]:
    """The batches a `--save` file holds, in the report's order."""
    found: dict[Row, Result] = {}
    for line in path.read_text().splitlines():
        data = json.loads(line)
        table, players, count, level, tested, options = data["row"]
        row = Row(table, players, count, level, tested, tuple(tuple(pair) for pair in options))
        found[row] = tally(row, [Game(*game) for game in data["games"]])
    order = {row: i for i, row in enumerate(rows())}
    return sorted(found.values(), key=lambda result: order.get(result.row, len(order)))


def _name(row: Row) -> str:
    return f"{row.table} {row.players}p {row.tested or row.level} {row.option}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every batch's game count")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--write", type=Path, help="rulings document whose two sections to replace")
    parser.add_argument("--save", type=Path, help="with --jobs: append each batch's games to this file")
    parser.add_argument("--load", type=Path, help="report the batches of a --save file; play nothing")
    parser.add_argument("--tables", help="play only these tables (comma-separated: seats,catch_up,...)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    batches = [row for row in rows(args.scale) if not args.tables or row.table in args.tables.split(",")]
    results = load(args.load) if args.load else measure_all(batches, args.jobs, args.save)
    seconds = time.perf_counter() - started
    footer = (
        f"Seeds 0 to games - 1 per batch (`nice -n 10 python -m bench.balance_letopsulle --scale "
        f"{args.scale:g} --jobs {args.jobs}`: {sum(r.games for r in results)} games, {seconds:.0f} s "
        f"in {args.jobs} process{'es' if args.jobs > 1 else ''} on our shared 2-core machine)."
    )
    balance, levels = balance_body(results, footer), levels_body(results, footer)
    print(f"## Balance\n\n{balance}\n\n## AI levels\n\n{levels}")
    if args.write:
        replace_section(args.write, balance, *BALANCE)
        replace_section(args.write, levels, *AI_LEVELS)
    return 0 if all(bound.passed for bound in bounds(results)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
