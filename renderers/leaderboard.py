"""The leaderboard: one page of a ranking as a PNG, its alt text, and a plain-text fallback.

Pure drawing from a Board the bot fills in (no discord, no storage). Nothing is told by colour
alone: the top three wear medals (a ribboned disc with the rank in it), the viewer's row is tinted,
outlined and marked "▶ YOU", and an off-page viewer row sits under a "…" separator.

Measured on a 2-core machine (CPU time, 300 runs after warm-up), a full 900x890 page with an
off-page viewer row: draw p50 9 ms, p95 11 ms; draw + PNG encode p50 24 ms, p95 28 ms (the kit's PNG
encode is about 15 ms of it); an empty board 11 ms. The static layer (felt, header bar, panel,
stripes, column titles) and the medal tiles are memoised per geometry.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import msgspec
from PIL import Image, ImageDraw

from renderers.kit import cache, draw
from renderers.kit.encode import MAX_ALT_TEXT, RenderedImage, rendered_image
from renderers.kit.fonts import font, has_glyph
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import BAR, HIGHLIGHT, MUTED, PANEL, PANEL_EDGE, RGB, TEXT, ink_on
from renderers.kit.shapes import Box, rounded_box, rounded_outline
from renderers.kit.text import ELLIPSIS, ellipsize, fit_line, text_width
from renderers.kit.views import plural

MAX_ROWS = 10
"""Rows on one page (the bot pages the ranking in tens)."""
MAX_TEXT = 1900
"""The text fallback stays under Discord's 2,000 characters, with room to spare."""
NO_RATE = "–"

WIDTH = 900
LEGIBLE = smallest_legible(WIDTH)
"""The smallest text a page draws: 14 px in a 900-px image, legible at the width Discord shows."""
PAD = 24
HEADER = 104
TABLE_GAP = 18
COLUMNS = 44
ROW = 56
ROW_GAP = 4
SEPARATOR = 34
INSET = 10
EMPTY = 210

# Okabe-Ito: orange for gold, light grey for silver, vermillion for bronze; sky blue marks the viewer
# (it is no medal colour and reads on the dark panel).
MEDALS: dict[int, RGB] = {1: (230, 159, 0), 2: (200, 200, 200), 3: (213, 94, 0)}
VIEWER: RGB = (86, 180, 233)
VIEWER_TINT: RGB = (31, 62, 72)
"""PANEL blended 22% towards VIEWER."""
STRIPE: RGB = (22, 40, 37)
SUBTLE: RGB = (120, 146, 138)


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


@dataclass(frozen=True)
class Layout:
    """Where a board's parts go: the canvas size, the table panel, each row's band (viewer row
    last), the "…" separator band and the empty-board box (None when absent)."""

    size: tuple[int, int]
    panel: Box
    rows: list[tuple[Row, Box]]
    separator: Box | None
    empty: Box | None


def board_layout(board: Board) -> Layout:
    """The geometry of `board` (at most MAX_ROWS rows are drawn, then the off-page viewer row)."""
    left, right = PAD, WIDTH - PAD
    top = HEADER + TABLE_GAP
    y = top + COLUMNS
    rows: list[tuple[Row, Box]] = []
    empty: Box | None = None
    shown = board.rows[:MAX_ROWS]
    if shown:
        for row in shown:
            rows.append((row, (left + INSET, y, right - INSET, y + ROW)))
            y += ROW + ROW_GAP
    else:
        empty = (left + INSET, top + INSET, right - INSET, top + EMPTY)
        y = top + EMPTY + INSET
    separator: Box | None = None
    if board.viewer_row is not None:
        separator = (left + INSET, y, right - INSET, y + SEPARATOR)
        y += SEPARATOR
        rows.append((board.viewer_row, (left + INSET, y, right - INSET, y + ROW)))
        y += ROW + ROW_GAP
    bottom = y + INSET - ROW_GAP
    return Layout((WIDTH, bottom + PAD), (left, top, right, bottom), rows, separator, empty)


# Column edges inside the panel: rank centre, name start, right edges of value, games and rate.
RANK_X = PAD + INSET + 38
NAME_X = PAD + INSET + 84
VALUE_RIGHT = WIDTH - PAD - 250
GAMES_RIGHT = WIDTH - PAD - 140
RATE_RIGHT = WIDTH - PAD - INSET - 22
VALUE_WIDTH = 170
NAME_GAP = 24


# --- text made safe for the font, the alt text and the code block ---------------------------------


@lru_cache(maxsize=4096)
def _drawable(char: str) -> bool:
    """Whether the bundled font draws this character (emoji and unusual scripts it does not)."""
    if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn"}:
        return False
    return ord(char) < 0x0530 or (has_glyph(char) and has_glyph(char, bold=True))


def _clean(text: str) -> str:
    """One line: control characters (newlines, tabs) and runs of whitespace made one space."""
    return " ".join("".join(" " if unicodedata.category(c) == "Cc" else c for c in text).split())


def drawn_name(name: str) -> str:
    """The name as the image shows it: what the font cannot draw is left out ("Player" if nothing is left)."""
    kept = " ".join("".join(c for c in _clean(name) if _drawable(c)).split())
    return kept or "Player"


def win_rate_text(rate: float | None) -> str:
    """ "62%", or "–" when there is no rate."""
    if rate is None or math.isnan(rate):
        return NO_RATE
    return f"{round(min(1.0, max(0.0, rate)) * 100)}%"


def page_text(board: Board) -> str:
    """ "Page 2/5"."""
    return f"Page {board.page}/{max(board.pages, board.page, 1)}"


# --- the image ------------------------------------------------------------------------------------


@cache.cached_image(maxsize=32)
def _base(size: tuple[int, int], panel: Box, stripes: tuple[Box, ...], metric: str | None) -> Image.Image:
    """The static layer, memoised per geometry: felt, the header bar, the raised table panel, the
    stripes of every other row and the column titles (None: the board is empty, no titles)."""
    canvas = cache.felt(size)
    paint = ImageDraw.Draw(canvas)
    paint.rectangle((0, 0, size[0], HEADER), fill=BAR)
    paint.line((0, HEADER, size[0], HEADER), fill=PANEL_EDGE, width=2)
    draw.panel(canvas, panel, PANEL, PANEL_EDGE, 2, 16)
    for box in stripes:
        rounded_box(canvas, box, 10, STRIPE)
    if metric is not None:
        _column_titles(canvas, metric, panel)
    return canvas


@cache.cached_image(maxsize=8)
def _medal(rank: int, diameter: int, label: str = "") -> Image.Image:
    """A medal tile (RGBA): a ribbon behind a disc in the medal colour with `label` (else the
    rank) in it."""
    colour = MEDALS[rank]
    scale = 4
    d = diameter * scale
    width, height = round(d * 1.2), round(d * 1.32)
    big = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    paint = ImageDraw.Draw(big)
    cx = width / 2
    disc_top = height - d
    ribbon: RGB = (60, 92, 150) if rank == 1 else (74, 88, 110)
    tail = d * 0.22
    for side in (-1, 1):
        x0 = cx + side * d * 0.08
        x1 = cx + side * d * 0.46
        paint.polygon(
            [
                (x0, disc_top + d * 0.5),
                (x0 + side * tail * 0.2, 0),
                (x1, 0),
                (x1 - side * tail, disc_top + d * 0.4),
            ],
            fill=(*ribbon, 255),
        )
    rim = tuple(round(c * 0.72) for c in colour)
    left = (width - d) / 2
    paint.ellipse((left, disc_top, left + d, height - 1), fill=(*rim, 255))
    inset = d * 0.09
    paint.ellipse((left + inset, disc_top + inset, left + d - inset, height - 1 - inset), fill=(*colour, 255))
    tile = big.resize((width // scale, height // scale), Image.Resampling.LANCZOS)
    face = font(round(diameter * 0.5), bold=True)
    centre = (tile.width / 2, tile.height - diameter / 2)
    ImageDraw.Draw(tile).text(centre, label or str(rank), font=face, fill=(*ink_on(colour), 255), anchor="mm")
    return tile


def _header(canvas: Image.Image, board: Board) -> None:
    paint = ImageDraw.Draw(canvas)
    status = page_text(board)
    status_face = font(24, bold=True)
    status_width = text_width(status_face, status)
    paint.text((WIDTH - PAD, 38), status, font=status_face, fill=HIGHLIGHT, anchor="rm")
    title, face = fit_line(
        _clean(board.title) or "Leaderboard", WIDTH - 2 * PAD - status_width - 24, 32, 22, True
    )
    paint.text((PAD, 38), title, font=face, fill=TEXT, anchor="lm")
    chip = draw.badge(canvas, (PAD, 62), _clean(board.scope) or "Global", size=18)
    ranked = ellipsize(
        f"Leaderboard · ranked by {_clean(board.metric).lower()}", font(19), WIDTH - chip[2] - 2 * PAD
    )
    paint.text((chip[2] + 12, (chip[1] + chip[3]) / 2), ranked, font=font(19), fill=MUTED, anchor="lm")


def _column_titles(canvas: Image.Image, metric_title: str, panel: Box) -> None:
    paint = ImageDraw.Draw(canvas)
    face = font(16, bold=True)
    middle = panel[1] + COLUMNS / 2 + 3
    metric, metric_face = fit_line(_clean(metric_title).upper() or "SCORE", VALUE_WIDTH, 16, LEGIBLE, True)
    paint.text((RANK_X, middle), "#", font=face, fill=SUBTLE, anchor="mm")
    paint.text((NAME_X, middle), "PLAYER", font=face, fill=SUBTLE, anchor="lm")
    paint.text((VALUE_RIGHT, middle), metric, font=metric_face, fill=SUBTLE, anchor="rm")
    paint.text((GAMES_RIGHT, middle), "GAMES", font=face, fill=SUBTLE, anchor="rm")
    paint.text((RATE_RIGHT, middle), "WIN RATE", font=face, fill=SUBTLE, anchor="rm")
    rule = panel[1] + COLUMNS - 4
    paint.line((panel[0] + INSET, rule, panel[2] - INSET, rule), fill=PANEL_EDGE, width=1)


def _rank(canvas: Image.Image, rank: int, middle: float, ink: RGB) -> None:
    if rank in MEDALS:
        tile = _medal(rank, 34)
        # The disc (the tile's bottom) is centred on the row; the ribbon rises above it.
        canvas.paste(tile, (RANK_X - tile.width // 2, round(middle + 17 - tile.height + 1)), tile)
        return
    shown, face = fit_line(f"{rank:,}", 64, 22, 14, bold=True)
    ImageDraw.Draw(canvas).text((RANK_X, middle), shown, font=face, fill=ink, anchor="mm")


def _row(canvas: Image.Image, row: Row, box: Box) -> None:
    left, top, _, bottom = box
    middle = (top + bottom) / 2
    paint = ImageDraw.Draw(canvas)
    if row.is_viewer:
        rounded_box(canvas, box, 10, VIEWER_TINT)
        rounded_outline(canvas, box, 10, VIEWER, 2)
        paint.rectangle((left + 2, top + 10, left + 7, bottom - 10), fill=VIEWER)
    _rank(canvas, row.rank, middle, TEXT if row.is_viewer else MUTED)
    value, value_face = fit_line(_clean(row.value), VALUE_WIDTH, 24, 15, bold=True)
    value_left = VALUE_RIGHT - text_width(value_face, value)
    paint.text((VALUE_RIGHT, middle), value, font=value_face, fill=TEXT, anchor="rm")
    paint.text((GAMES_RIGHT, middle), f"{max(0, row.games):,}", font=font(22), fill=MUTED, anchor="rm")
    paint.text((RATE_RIGHT, middle), win_rate_text(row.win_rate), font=font(22), fill=TEXT, anchor="rm")
    room = min(value_left, VALUE_RIGHT - VALUE_WIDTH) - NAME_GAP - NAME_X
    marker = "▶ YOU"
    if row.is_viewer:
        room -= draw.badge_width(marker, 15) + 12
    name, face = fit_line(drawn_name(row.name), room, 24, 23, bold=row.is_viewer)
    paint.text((NAME_X, middle), name, font=face, fill=TEXT, anchor="lm")
    if row.is_viewer:
        x = round(NAME_X + text_width(face, name) + 12)
        draw.badge(canvas, (x, round(middle - 12)), marker, VIEWER, ink_on(VIEWER), size=15)


def _separator(canvas: Image.Image, box: Box) -> None:
    _, top, right, bottom = box
    middle = (top + bottom) / 2
    paint = ImageDraw.Draw(canvas)
    paint.text((RANK_X, middle - 4), ELLIPSIS, font=font(26, bold=True), fill=MUTED, anchor="mm")
    for x in range(NAME_X, right - 16, 14):
        paint.line((x, middle, x + 5, middle), fill=PANEL_EDGE, width=2)


def _empty(canvas: Image.Image, box: Box, text: str) -> None:
    left, top, right, bottom = box
    middle = (left + right) // 2
    tile = _medal(1, 56, "★")
    canvas.paste(tile, (middle - tile.width // 2, top + 30), tile)
    draw.note(
        canvas,
        (left + 60, top + 30 + tile.height + 12, right - 60, bottom - 10),
        _clean(text) or "No games yet.",
        26,
    )


def draw_leaderboard(board: Board) -> Image.Image:
    """The board as an RGB image, WIDTH pixels wide and as tall as its rows need."""
    layout = board_layout(board)
    # Every other row of the page is striped (never the viewer's row: it has its own tint).
    page_rows = layout.rows[: len(board.rows[:MAX_ROWS])]
    stripes = tuple(box for number, (_, box) in enumerate(page_rows) if number % 2)
    metric = None if layout.empty is not None else board.metric
    canvas = _base(layout.size, layout.panel, stripes, metric)
    _header(canvas, board)
    if layout.empty is not None:
        _empty(canvas, layout.empty, board.empty_text)
    for row, box in layout.rows:
        _row(canvas, row, box)
    if layout.separator is not None:
        _separator(canvas, layout.separator)
    return canvas


def render_leaderboard(board: Board) -> RenderedImage:
    """The board as a PNG with its alt text. Blocking: call it from a worker thread."""
    return rendered_image(draw_leaderboard(board), leaderboard_alt(board), "leaderboard.png")


# --- words ----------------------------------------------------------------------------------------


def _score(value: str, metric: str) -> str:
    """ "1,234 rating" for a number, "best level: Level 5" otherwise."""
    value, metric = _clean(value), _clean(metric).lower()
    if not metric:
        return value
    if value.replace(",", "").replace(".", "").replace(" ", "").lstrip("+-−").isdigit():
        return f"{value} {metric}"
    return f"{metric}: {value}"


def row_words(row: Row, metric: str, mark_viewer: bool = True) -> str:
    """ "1. Ana 1,234 rating, 12 games, 58% wins" (with "(you)" on the viewer's row)."""
    you = " (you)" if row.is_viewer and mark_viewer else ""
    parts = [
        f"{row.rank}. {_clean(row.name) or 'Player'}{you} {_score(row.value, metric)}",
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
        f"{_clean(board.title) or 'Leaderboard'} leaderboard, {_clean(board.scope).lower() or 'global'}, "
        f"ranked by {_clean(board.metric).lower() or 'score'}, page {board.page} of {pages}."
    )
    tail = f" You: {row_words(board.viewer_row, board.metric, False)}." if board.viewer_row else ""
    rows = board.rows[:MAX_ROWS]
    if not rows:
        body = " " + (_clean(board.empty_text) or "No games yet.")
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


NAME_CELLS = 20
VALUE_CELLS = 14


def _code(text: str) -> str:
    """Text for a code block: one line, and no backtick to close the block early."""
    return _clean(text).replace("`", "'")


def _table(rows: Sequence[Row], viewer_row: Row | None, metric_title: str) -> list[str]:
    """The code block's lines: column titles, the rows, then "…" and the off-page viewer row."""
    every = [*rows, *([viewer_row] if viewer_row else [])]
    metric = _clip(_clean(metric_title) or "Score", VALUE_CELLS)
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
    title = _escape(_clip(_clean(board.title) or "Leaderboard", 150))
    scope = _escape(_clip(_clean(board.scope) or "Global", 40))
    heading = f"**{title}** · {scope} · Page {board.page}/{pages}"
    rows = board.rows[:MAX_ROWS]
    if not rows:
        empty = _escape(_clip(_clean(board.empty_text) or "No games yet.", 300))
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


def sample_boards() -> dict[str, Board]:
    """Made-up boards for the gallery and the tests: a page with the viewer on it, a later page with
    the viewer's row below, a high-score board, an empty one."""
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
