"""Where things go: grids of equal boxes and grids of cards, centred in an area."""

from __future__ import annotations

import math

from renderers.kit.shapes import Box

CARD_RATIO = 1.4
"""Card height over card width."""


def grid(area: Box, count: int, columns: int, cell: tuple[int, int], gap: tuple[int, int]) -> list[Box]:
    """`count` boxes of size `cell`, row by row in `columns` columns; the block and each row centred."""
    left, top, right, bottom = area
    width, height = cell
    gap_x, gap_y = gap
    rows = math.ceil(count / columns)
    y = top + (bottom - top - (rows * height + (rows - 1) * gap_y)) // 2
    boxes: list[Box] = []
    for r in range(rows):
        in_row = min(columns, count - r * columns)
        x = left + (right - left - (in_row * width + (in_row - 1) * gap_x)) // 2
        boxes += [
            (x + i * (width + gap_x), y, x + i * (width + gap_x) + width, y + height) for i in range(in_row)
        ]
        y += height + gap_y
    return boxes


def card_grid(area: Box, count: int, gap: int, max_width: int, ratio: float = CARD_RATIO) -> list[Box]:
    """Boxes for `count` cards, as large as fit in `area` (in as many rows as that takes), centred."""
    if count == 0:
        return []
    left, top, right, bottom = area
    best_width, best_columns = 0, count
    for rows in range(1, count + 1):
        columns = math.ceil(count / rows)
        width = min(
            max_width,
            (right - left - gap * (columns - 1)) // columns,
            int((bottom - top - gap * (rows - 1)) / rows / ratio),
        )
        if width > best_width:
            best_width, best_columns = width, columns
    return grid(area, count, best_columns, (best_width, round(best_width * ratio)), (gap, gap))
