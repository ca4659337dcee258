"""Where things go on the table: the Play Piles' panels, then one race lane per player (a plate
with the player's counts on the left, the board's spaces on the right), then the log bar."""

from __future__ import annotations

from dataclasses import dataclass

from renderers.kit.shapes import Box
from renderers.supernova.look import FOOTER_H, HEADER_H, MARGIN, TABLE_W

GAP = 12
PLATE_W = 420
BOARD_LABELS_H = 30


@dataclass(frozen=True)
class Layout:
    """Every box of a table with this many players and piles on a board of `finish` spaces."""

    players: int
    piles: int
    finish: int

    @property
    def pile_h(self) -> int:
        return 236 if self.players >= 6 else 262

    @property
    def lane_h(self) -> int:
        """Two lines of glance text (name and badge over counts and pills) in each lane."""
        return max(58, min(64, 340 // max(1, self.players)))

    @property
    def piles_top(self) -> int:
        return HEADER_H + GAP

    @property
    def board_top(self) -> int:
        return self.piles_top + self.pile_h + GAP

    @property
    def lanes_top(self) -> int:
        return self.board_top + BOARD_LABELS_H

    @property
    def height(self) -> int:
        return self.lanes_top + self.players * self.lane_h + GAP + FOOTER_H

    def pile_boxes(self) -> list[Box]:
        count = max(1, self.piles)
        width = min(300, (TABLE_W - 2 * MARGIN - (count - 1) * GAP) // count)
        total = count * width + (count - 1) * GAP
        left = (TABLE_W - total) // 2
        top = self.piles_top
        return [
            (left + i * (width + GAP), top, left + i * (width + GAP) + width, top + self.pile_h)
            for i in range(self.piles)
        ]

    def lane(self, index: int) -> Box:
        top = self.lanes_top + index * self.lane_h
        return (MARGIN, top, TABLE_W - MARGIN, top + self.lane_h)

    def plate(self, index: int) -> Box:
        left, top, _, bottom = self.lane(index)
        return (left, top + 2, left + PLATE_W, bottom - 2)

    @property
    def track_left(self) -> int:
        return MARGIN + PLATE_W + 14

    @property
    def track_right(self) -> int:
        return TABLE_W - MARGIN - 8

    @property
    def space_w(self) -> float:
        return (self.track_right - self.track_left) / (self.finish + 1)

    def space_x(self, space: int) -> float:
        """The centre of a space (past the finish counts as the finish)."""
        return self.track_left + (min(space, self.finish) + 0.5) * self.space_w
