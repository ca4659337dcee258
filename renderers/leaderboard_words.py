"""The leaderboard in words: the image's alt text and the plain-text fallback for Discord."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.text import ELLIPSIS
from renderers.kit.views import plural
from renderers.leaderboard_board import MAX_ROWS, NO_RATE, Board, Row, one_line, win_rate_text

MAX_TEXT = 1900
"""The text fallback stays under Discord's 2,000 characters, with room to spare."""
NAME_CELLS = 20
VALUE_CELLS = 14


def _score(value: str, metric: str) -> str:
    """ "1,234 rating" for a number, "best level: Level 5" otherwise."""
    value, metric = one_line(value), one_line(metric).lower()
    if not metric:
        return value
    if value.replace(",", "").replace(".", "").replace(" ", "").lstrip("+-−").isdigit():
        return f"{value} {metric}"
    return f"{metric}: {value}"


def row_words(row: Row, metric: str, mark_viewer: bool = True) -> str:
    """ "1. Ana 1,234 rating, 12 games, 58% wins" (with "(you)" on the viewer's row)."""
    you = " (you)" if row.is_viewer and mark_viewer else ""
    parts = [
        f"{row.rank}. {one_line(row.name) or 'Player'}{you} {_score(row.value, metric)}",
        plural(max(0, row.games), "game"),
    ]
    if win_rate_text(row.win_rate) != NO_RATE:
        parts.append(f"{win_rate_text(row.win_rate)} wins")
    return ", ".join(parts)


def leaderboard_alt(board: Board, limit: int = MAX_ALT_TEXT) -> str:
    """The board in words, most important first: which board and page, the rows in rank order, the
    viewer's own off-page row; rows that do not fit are counted ("and 3 more"), never cut in half."""
    pages = max(board.pages, board.page, 1)
    head = (
        f"{one_line(board.title) or 'Leaderboard'} leaderboard, {one_line(board.scope).lower() or 'global'}, "
        f"ranked by {one_line(board.metric).lower() or 'score'}, page {board.page} of {pages}."
    )
    tail = f" You: {row_words(board.viewer_row, board.metric, False)}." if board.viewer_row else ""
    rows = board.rows[:MAX_ROWS]
    if not rows:
        body = " " + (one_line(board.empty_text) or "No games yet.")
        body = body if body.endswith((".", "!", "?")) else body + "."
        return _clip(head + body + tail, limit)
    listed: list[str] = []
    for number, row in enumerate(rows):
        words = row_words(row, board.metric)
        left = len(rows) - number - 1
        more = f"; and {left} more." if left else "."
        if len(head) + len(" " + "; ".join([*listed, words])) + len(more) + len(tail) > limit and listed:
            return _clip(f"{head} {'; '.join(listed)}; and {len(rows) - number} more.{tail}", limit)
        listed.append(words)
    return _clip(f"{head} {'; '.join(listed)}.{tail}", limit)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


def _cells(char: str) -> int:
    """How many monospace cells a character takes (wide East Asian and emoji 2, marks 0)."""
    if unicodedata.combining(char) or unicodedata.category(char) in {"Mn", "Me", "Cf"}:
        return 0
    return 2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1


def _fit_cells(text: str, width: int) -> str:
    """`text` cut (with "…") to at most `width` monospace cells, then padded to exactly `width`."""
    used = 0
    out: list[str] = []
    total = sum(_cells(c) for c in text)
    budget = width if total <= width else width - 1
    for char in text:
        if used + _cells(char) > budget:
            break
        out.append(char)
        used += _cells(char)
    if total > width:
        out.append(ELLIPSIS)
        used += 1
    return "".join(out) + " " * (width - used)


def _escape(text: str) -> str:
    """Discord Markdown made literal."""
    return "".join("\\" + c if c in "\\*_~`|<>" else c for c in text)


def _code(text: str) -> str:
    """Text for a code block: one line, and no backtick to close the block early."""
    return one_line(text).replace("`", "'")


def _table(rows: Sequence[Row], viewer_row: Row | None, metric_title: str) -> list[str]:
    """The code block's lines: column titles, the rows, then "…" and the off-page viewer row."""
    every = [*rows, *([viewer_row] if viewer_row else [])]
    metric = _clip(one_line(metric_title) or "Score", VALUE_CELLS)
    rank_w = max(1, *(len(f"{row.rank:,}") for row in every))
    value_w = min(VALUE_CELLS, max(len(metric), *(_width(_code(row.value)) for row in every)))
    name_w = min(NAME_CELLS, max(6, *(_width(_code(row.name)) + 6 * row.is_viewer for row in every)))
    games_w = max(5, *(len(f"{max(0, row.games):,}") for row in every))

    def line(mark: str, rank: str, name: str, value: str, games: str, rate: str) -> str:
        cells = f"{mark} {rank:>{rank_w}}  {_fit_cells(name, name_w)}  {_right(value, value_w)}"
        return f"{cells}  {games:>{games_w}}  {rate:>4}".rstrip()

    def row_line(row: Row) -> str:
        name = _code(row.name) or "Player"
        if row.is_viewer:
            name = _fit_cells(name, name_w - 6).rstrip() + " (you)"
        rank, games = f"{row.rank:,}", f"{max(0, row.games):,}"
        return line(
            ">" if row.is_viewer else " ", rank, name, _code(row.value), games, win_rate_text(row.win_rate)
        )

    lines = [line(" ", "#", "Player", metric, "Games", "Win"), *(row_line(row) for row in rows)]
    if viewer_row:
        if rows:
            lines.append(line(" ", ELLIPSIS, "", "", "", ""))
        lines.append(row_line(viewer_row))
    return lines


def _block(lines: Sequence[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"


def leaderboard_text(board: Board) -> str:
    """The board as plain text for when an image cannot be sent: a bold heading, then a Markdown
    code block table (">" and "(you)" mark the viewer), at most MAX_TEXT characters."""
    pages = max(board.pages, board.page, 1)
    title = _escape(_clip(one_line(board.title) or "Leaderboard", 150))
    scope = _escape(_clip(one_line(board.scope) or "Global", 40))
    heading = f"**{title}** · {scope} · Page {board.page}/{pages}"
    rows = board.rows[:MAX_ROWS]
    if not rows:
        empty = _escape(_clip(one_line(board.empty_text) or "No games yet.", 300))
        table = _table([], board.viewer_row, board.metric) if board.viewer_row else []
        return "\n".join([heading, empty, *([_block(table)] if table else [])])
    table = _table(rows, board.viewer_row, board.metric)
    text = f"{heading}\n{_block(table)}"
    while len(text) > MAX_TEXT and len(table) > 2:
        # Only reachable with absurd inputs: drop page rows from the bottom, keep the viewer's.
        table.pop(-3 if board.viewer_row else -1)
        text = f"{heading}\n{_block(table)}"
    return text


def _width(text: str) -> int:
    return sum(_cells(c) for c in text)


def _right(text: str, width: int) -> str:
    fitted = _fit_cells(text, width).rstrip()
    return " " * (width - _width(fitted)) + fitted
