"""Where things go on the table: the arena (the board at the hex size the rules' geometry uses, with
trays in its empty corners), the side column (turn, offer, achievements or minions), one panel per
player under them, and the log bar."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engines.punchfighter.hexes import Grid, Hex
from renderers.kit.shapes import Box
from renderers.punchfighter.look import GAP, GLANCE, HEADER_H, HEX, MARGIN, TABLE_W

BOARD_PAD = 12
TURN_H = 118
ROW = 32
"""A button's row in the offer."""
OFFER_H = 40 + 5 * ROW + 6
PANEL_H = 132
LOG_LINES = 2
FOOTER_H = LOG_LINES * round(GLANCE * 1.35) + 18
HALF_W = math.sqrt(3) * HEX / 2


def hex_box(centre: tuple[float, float], size: float = HEX) -> Box:
    """The bounding box of a pointy-top hex of this circumradius."""
    x, y = centre
    half = math.sqrt(3) * size / 2
    return (math.floor(x - half), math.floor(y - size), math.ceil(x + half), math.ceil(y + size))


@dataclass(frozen=True)
class Layout:
    """Every box of a table of this many players on this board's grid."""

    grid: Grid
    players: int

    @property
    def board_size(self) -> tuple[int, int]:
        return _board_size(self.grid)

    @property
    def arena(self) -> Box:
        width, height = self.board_size
        top = HEADER_H + GAP
        return (MARGIN, top, MARGIN + width + 2 * BOARD_PAD, top + height + 2 * BOARD_PAD)

    @property
    def origin(self) -> tuple[int, int]:
        """Where the grid's (0, 0) lies on the canvas."""
        return self.arena[0] + BOARD_PAD, self.arena[1] + BOARD_PAD

    def centre(self, spot: Hex) -> tuple[float, float]:
        x, y = self.grid.centre(spot, HEX)
        return self.origin[0] + x, self.origin[1] + y

    @property
    def side(self) -> Box:
        """The column right of the arena."""
        _left, top, right, bottom = self.arena
        return (right + GAP, top, TABLE_W - MARGIN, bottom)

    def side_boxes(self) -> tuple[Box, Box, Box]:
        """The side column's three panels: turn, offer, achievements (or minions)."""
        left, top, right, bottom = self.side
        turn = (left, top, right, top + TURN_H)
        offer = (left, turn[3] + GAP, right, turn[3] + GAP + OFFER_H)
        return turn, offer, (left, offer[3] + GAP, right, bottom)

    @property
    def columns(self) -> int:
        return 2 if self.players == 4 else max(1, min(3, self.players))

    @property
    def rows(self) -> int:
        return max(1, math.ceil(self.players / self.columns))

    @property
    def panels_top(self) -> int:
        return self.arena[3] + GAP

    def panel(self, index: int) -> Box:
        """A player's panel: rows of up to three, each row centred."""
        columns = self.columns
        row, column = divmod(index, columns)
        in_row = min(columns, self.players - row * columns)
        width = min(580, (TABLE_W - 2 * MARGIN - (columns - 1) * GAP) // columns)
        left = (TABLE_W - (in_row * width + (in_row - 1) * GAP)) // 2 + column * (width + GAP)
        top = self.panels_top + row * (PANEL_H + GAP)
        return (left, top, left + width, top + PANEL_H)

    @property
    def footer_top(self) -> int:
        return self.panels_top + self.rows * (PANEL_H + GAP)

    @property
    def height(self) -> int:
        return self.footer_top + FOOTER_H

    def trays(self) -> tuple[Box, Box]:
        """The empty bottom-left and bottom-right corners of the arena (for fighters off the board)."""
        left, top = self.origin
        boxes = []
        for right_side in (False, True):
            x0, y0, x1, y1 = _corner(self.grid, right_side)
            boxes.append((left + x0, top + y0, left + x1, top + y1))
        return boxes[0], boxes[1]

    def key_box(self) -> Box:
        """The empty top-left corner of the arena (for the key, clear of the trays below)."""
        left, top = self.origin
        x0, y0, x1, y1 = _corner(self.grid, False, top_side=True)
        return (left + x0, top + y0, left + x1, top + y1)


@cache
def _board_size(grid: Grid) -> tuple[int, int]:
    """The board's picture in whole pixels (every hex centre is placed relative to it: worked out
    once per board, not for each of the thousand hexes and pieces an image places)."""
    width, height = grid.extent(HEX)
    return math.ceil(width), math.ceil(height)


@cache
def _corner(grid: Grid, right_side: bool, top_side: bool = False) -> Box:
    """The largest box (at least 80 px wide) in a bottom (or top) corner of the grid's picture that
    no hex's bounding box reaches, in grid pixels."""
    width, height = grid.extent(HEX)
    boxes = [hex_box(grid.centre(spot, HEX)) for spot in grid.hexes]
    best: Box = (0, round(height), 0, round(height))
    for edge in sorted({b[0] if not right_side else b[2] for b in boxes} | {0, math.floor(width)}):
        span = edge if not right_side else width - edge
        if span < 80:
            continue
        inside = [b for b in boxes if (b[0] < edge if not right_side else b[2] > edge)]
        if top_side:
            y0, y1 = 0.0, min((b[1] for b in inside), default=height)
        else:
            y0, y1 = max((b[3] for b in inside), default=0), height
        if span * (y1 - y0) > (best[2] - best[0]) * (best[3] - best[1]):
            x0, x1 = (0, edge) if not right_side else (edge, width)
            best = (round(x0), round(y0), round(x1), round(y1))
    return best
