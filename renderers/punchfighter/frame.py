"""The static layer of a table: the backdrop, the arena with every space (its colour, its label and
its power-up or spawn mark), the side column's and the players' panels and the log bar. Keyed by
what it shows, so every table of a board and player count shares one cached image; a second
variant has every space dimmed, for tables whose open question marks some spaces."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.punchfighter import board as engine_board
from engines.punchfighter.hexes import Hex
from renderers.kit.cache import cached_image
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, legible
from renderers.kit.shapes import rounded_box
from renderers.punchfighter.geometry import Layout
from renderers.punchfighter.look import (
    ARENA,
    BACKDROP,
    BAR,
    DIM,
    FLOOR_EDGE,
    GLANCE,
    HEX,
    INK,
    KIND_FILLS,
    KIND_MARKS,
    PANEL,
    PANEL_EDGE,
    PIT,
    SUPERSAMPLE,
    TABLE_W,
    WHITE,
)
from renderers.punchfighter.pieces import hex_points, letter_tile

LABEL_INK: dict[str, RGB] = {
    "floor": (226, 230, 246),
    "yellow": INK,
    "red": WHITE,
    "spawn": WHITE,
    "pit": (132, 126, 166),
}
LABEL_SIZE = GLANCE + 3
"""A space's label: a little over the smallest legible size (about 10 px at 550 px wide)."""
LABEL_RISE = 0.55
"""A space's label sits this many hex sizes above its centre; a token sits below it."""
TOKEN_DROP = 12
"""A token's centre lies this far below its space's centre (its label above it)."""


def ground(kind: str, dim: bool) -> RGB:
    """The colour of a space's middle, where its label and mark are drawn."""
    return dimmed(PIT if kind == "pit" else KIND_FILLS[kind], dim)


def dimmed(colour: RGB, dim: bool) -> RGB:
    if not dim:
        return colour
    return mix(colour, ARENA, DIM)


def mix(colour: RGB, toward: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0..1) of the way to `toward`."""
    r, g, b = (round(c * (1 - amount) + t * amount) for c, t in zip(colour, toward, strict=True))
    return r, g, b


def label_ink(kind: str) -> RGB:
    return LABEL_INK.get(kind, LABEL_INK["floor"])


@cached_image
def table_frame(board: str, players: int, dim: bool) -> Image.Image:
    """The table's static layer (RGB)."""
    grid = engine_board.grid(board)
    layout = Layout(grid, players)
    canvas = Image.new("RGB", (TABLE_W, layout.height), BACKDROP)
    rounded_box(canvas, layout.arena, 18, ARENA, PANEL_EDGE, 2)
    _spaces(canvas, layout, dim)
    _legend(canvas, layout)
    for box in layout.side_boxes():
        rounded_box(canvas, box, 14, PANEL, PANEL_EDGE, 2)
    for index in range(players):
        rounded_box(canvas, layout.panel(index), 14, PANEL, PANEL_EDGE, 2)
    top = layout.footer_top
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, top, TABLE_W, canvas.height), fill=BAR)
    draw.line((0, top, TABLE_W, top), fill=PANEL_EDGE, width=2)
    return canvas


def _spaces(canvas: Image.Image, layout: Layout, dim: bool) -> None:
    """Every hex: drawn supersampled on the arena's colour and scaled down, then labelled."""
    left, top = layout.origin
    width, height = layout.board_size
    big = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), ARENA)
    draw = ImageDraw.Draw(big)
    grid = layout.grid
    for spot in grid.hexes:
        kind = grid.kinds[spot]
        x, y = grid.centre(spot, HEX)
        if kind == "pit":
            draw.polygon(hex_points(x, y, HEX - 1.5, SUPERSAMPLE), fill=dimmed((40, 34, 62), dim))
            draw.polygon(hex_points(x, y, HEX - 5, SUPERSAMPLE), fill=PIT)
            continue
        edge = FLOOR_EDGE if kind == "floor" else mix(KIND_FILLS[kind], (255, 255, 255), 0.2)
        draw.polygon(hex_points(x, y, HEX - 1.5, SUPERSAMPLE), fill=dimmed(edge, dim))
        draw.polygon(hex_points(x, y, HEX - 4.5, SUPERSAMPLE), fill=dimmed(KIND_FILLS[kind], dim))
    board = big.reduce(SUPERSAMPLE)
    canvas.paste(board, (left, top))
    draw = ImageDraw.Draw(canvas)
    for spot in grid.hexes:
        kind = grid.kinds[spot]
        x, y = layout.centre(spot)
        draw_label(draw, spot, kind, (x, y), dim)
        mark = KIND_MARKS.get(kind)
        if mark:
            face = font(GLANCE + 2, bold=True)
            ink = legible(dimmed(label_ink(kind), dim), ground(kind, dim))
            draw.text((x, y + TOKEN_DROP), mark, font=face, fill=ink, anchor="mm")


LEGEND = (("spawn", "✦", "spawn"), ("yellow", "+1", "cards"), ("pit", "", "pit"))
"""The arena's key, in its top-left corner (which the hexagonal board leaves empty; the bottom-left
one holds knocked-out fighters)."""
LEGEND_SWATCH = GLANCE + 6
PUSHED_WORD = "pushed"


def _legend(canvas: Image.Image, layout: Layout) -> None:
    """A swatch and a word for each kind of space a newcomer cannot guess, then a pushed button
    (the players' panels draw them; outlined with a thumb, they read as icons otherwise)."""
    draw = ImageDraw.Draw(canvas)
    left, y, _right, _bottom = layout.key_box()
    size = LEGEND_SWATCH
    for kind, mark, words in LEGEND:
        box = (left, y, left + size, y + size)
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        fill = (40, 34, 62) if kind == "pit" else KIND_FILLS[kind]
        rounded_box(canvas, box, 4, fill, PANEL_EDGE if kind == "pit" else None, 2)
        if mark:
            draw.text(middle, mark, font=font(GLANCE, bold=True), fill=label_ink(kind), anchor="mm")
        draw.text((box[2] + 6, middle[1]), words, font=font(GLANCE), fill=LABEL_INK["floor"], anchor="lm")
        y += size + 4
    tile = letter_tile("A", size, size, True)
    canvas.paste(tile, (left, y), tile)
    draw.text(
        (left + size + 6, y + size / 2), PUSHED_WORD, font=font(GLANCE), fill=LABEL_INK["floor"], anchor="lm"
    )


def draw_label(
    draw: ImageDraw.ImageDraw,
    spot: Hex,
    kind: str,
    centre: tuple[float, float],
    dim: bool,
    bold: bool = False,
) -> None:
    """A space's label ("C4") above its middle, large and bright even on a dimmed space (it is how
    a player names the space they want)."""
    x, y = centre
    face = font(LABEL_SIZE, bold=True)
    ink = label_ink(kind) if kind in ("floor", "spawn") or not dim else dimmed(label_ink(kind), dim)
    ink = legible(ink, ground(kind, dim))
    draw.text((x, y - HEX * LABEL_RISE), spot.label, font=face, fill=ink, anchor="mm")
