"""The leaderboard's data: one page of a ranking as the bot fills it in, and made-up samples."""

from __future__ import annotations

import math
import unicodedata

import msgspec

MAX_ROWS = 10
"""Rows on one page (the bot pages the ranking in tens)."""
NO_RATE = "–"


class Row(msgspec.Struct, frozen=True):
    """One ranked player. `value` is already formatted ("1,234", "Level 5"); `win_rate` is a
    fraction from 0 to 1 (None when it means nothing, e.g. a solo high score)."""

    rank: int
    name: str
    value: str
    games: int
    win_rate: float | None = None
    is_viewer: bool = False


class Board(msgspec.Struct, frozen=True):
    """One page of a leaderboard. `metric` titles the value column ("Rating", "Best level");
    `viewer_row` is the caller's own row when it is NOT on this page (else None); `page` is 1-based."""

    title: str
    scope: str
    metric: str
    rows: list[Row]
    page: int = 1
    pages: int = 1
    viewer_row: Row | None = None
    empty_text: str = "No ranked games yet."


def one_line(text: str) -> str:
    """One line: control characters (newlines, tabs) and runs of whitespace made one space."""
    return " ".join("".join(" " if unicodedata.category(c) == "Cc" else c for c in text).split())


def win_rate_text(rate: float | None) -> str:
    """ "62%", or "–" when there is no rate."""
    if rate is None or math.isnan(rate):
        return NO_RATE
    return f"{round(min(1.0, max(0.0, rate)) * 100)}%"


def sample_boards() -> dict[str, Board]:
    """Made-up boards for the gallery and the tests: a page with the viewer on it, a later page with
    the viewer's row below, a high-score board, one whose scores carry a rank, an empty one."""
    names = (
        "Ana", "Bartholomew the Unyielding of the Northern Reaches", "Cy", "Dagny 🔥", "Émile", "Fatima",
        "Gu Wei 顾伟", "Hiro", "Ines", "Jonas",
    )  # fmt: skip
    first = [
        Row(i + 1, name, f"{1612 - i * 37 - i * i:,}", 40 - 3 * i, 0.71 - i * 0.04, is_viewer=i == 4)
        for i, name in enumerate(names)
    ]
    later = [Row(i + 11, f"Player {i + 11}", f"{1190 - i * 9:,}", 25 - i, 0.5 - i * 0.01) for i in range(10)]
    solo = [Row(i + 1, name, f"Level {9 - i // 2}", 12 - i, None) for i, name in enumerate(names[:6])]
    ranks = ("Grand Champion", "Grand Champion", "Champion", "Pro", "Semi-Pro", "Amateur")
    ranked = [
        Row(i + 1, name, f"{14 - 2 * i} · {rank}", 9 - i, None, is_viewer=i == 1)
        for i, (name, rank) in enumerate(zip(names[:6], ranks, strict=True))
    ]
    return {
        "first_page": Board("SUPERHOT The Card Game · Versus", "This server", "Rating", first, 1, 5),
        "later_page": Board(
            "SUPERHOT The Card Game · Versus",
            "Global",
            "Rating",
            later,
            2,
            57,
            Row(563, "Zed", "874", 3, 1 / 3, is_viewer=True),
        ),
        "high_scores": Board("SUPERHOT The Card Game · Solo", "This server", "Best level", solo, 1, 1),
        "ranked_scores": Board(
            "Super Punch Fighter · Minion Rush solo", "Global", "Stars (Minion Rush)", ranked, 1, 1
        ),
        "empty": Board(
            "Super Nova Smash! · Teams",
            "This server",
            "Rating",
            [],
            1,
            1,
            empty_text="No ranked games on this server yet. Finish a game to get on the board!",
        ),
    }
