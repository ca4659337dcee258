"""The leaderboard image: one page of a ranking drawn as a PNG (with the alt text from its words).

Pure drawing from a Board the bot fills in (no discord, no storage). Nothing is told by colour
alone: the top three wear medals (a ribboned disc with the rank in it), the viewer's row is tinted,
outlined and marked "▶ YOU", and an off-page viewer row sits under a "…" separator.

Measured on a 2-core machine (CPU time, 300 runs after warm-up), a full 900x890 page with an
off-page viewer row: draw p50 9 ms, p95 11 ms; draw + PNG encode p50 24 ms, p95 28 ms (the kit's PNG
encode is about 15 ms of it); an empty board 11 ms. The static layer (felt, header bar, panel,
stripes, column titles) and the medal tiles are memoised per geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache, draw
from renderers.kit.categories import Category, register
from renderers.kit.encode import RenderedImage, rendered_image
from renderers.kit.fonts import drawable_text, font
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import BAR, HIGHLIGHT, MUTED, PANEL, PANEL_EDGE, RGB, TEXT, ink_on
from renderers.kit.shapes import Box, rounded_box, rounded_outline
from renderers.kit.text import ELLIPSIS, ellipsize, fit_line, text_width
from renderers.leaderboard_board import MAX_ROWS, Board, Row, one_line, win_rate_text
from renderers.leaderboard_words import leaderboard_alt

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

# Okabe-Ito: orange for gold, light grey for silver, vermillion (a little lighter, so dark ink reads
# on it) for bronze, each with its rank written on it; sky blue marks the viewer (it is no medal
# colour and reads on the dark panel).
MEDALS: dict[int, RGB] = {1: (230, 159, 0), 2: (200, 200, 200), 3: (220, 102, 10)}
register(
    "leaderboard", "medals", {str(rank): Category(str(rank), c, f"rank {rank}") for rank, c in MEDALS.items()}
)
VIEWER: RGB = (86, 180, 233)
VIEWER_TINT: RGB = (31, 62, 72)
"""PANEL blended 22% towards VIEWER."""
STRIPE: RGB = (22, 40, 37)
SUBTLE: RGB = (120, 146, 138)


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
VALUE_WIDTH = 170  # kept clear of names on every row
VALUE_MAX = 270  # a long value ("14 · Grand Champion") may take this much, from its own row's name
NAME_GAP = 24


# --- text made safe for the font ------------------------------------------------------------------


def page_text(board: Board) -> str:
    """ "Page 2/5"."""
    return f"Page {board.page}/{max(board.pages, board.page, 1)}"


def drawn_name(name: str) -> str:
    """The name as the image shows it: what the font cannot draw is left out ("Player" if nothing is left)."""
    return drawable_text(one_line(name)) or "Player"


# --- the image ------------------------------------------------------------------------------------


@cache.cached_image
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


@cache.cached_image
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
        one_line(board.title) or "Leaderboard", WIDTH - 2 * PAD - status_width - 24, 32, 22, True
    )
    paint.text((PAD, 38), title, font=face, fill=TEXT, anchor="lm")
    chip = draw.badge(canvas, (PAD, 62), one_line(board.scope) or "Global", size=18)
    ranked = ellipsize(
        f"Leaderboard · ranked by {one_line(board.metric).lower()}", font(19), WIDTH - chip[2] - 2 * PAD
    )
    paint.text((chip[2] + 12, (chip[1] + chip[3]) / 2), ranked, font=font(19), fill=MUTED, anchor="lm")


def _column_titles(canvas: Image.Image, metric_title: str, panel: Box) -> None:
    paint = ImageDraw.Draw(canvas)
    face = font(16, bold=True)
    middle = panel[1] + COLUMNS / 2 + 3
    metric, metric_face = fit_line(one_line(metric_title).upper() or "SCORE", VALUE_WIDTH, 16, LEGIBLE, True)
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
    value, value_face = fit_line(one_line(row.value), VALUE_MAX, 24, 18, bold=True)
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
        one_line(text) or "No games yet.",
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
