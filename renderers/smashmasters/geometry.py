"""Where things go on the Smash Masters table: one panel per team in a grid (two columns for 2 to 4
teams, three for 5 or 6, the last row centred), then a band with the Smash Battle and the last
Story, and a log line when the view has one. Inside a panel: the seat's plate on top, the team's
row of cards, and the pile counts beside them (or under them, in two lines, in three columns).

A team's row finds its own card size: as large as the panel allows, with stunned cards lying
sideways (as wide as a card is tall), so a team with extra spaces or stunned characters gets
smaller cards than its neighbours rather than overflowing. All cached: it depends on counts."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from renderers.kit.shapes import Box
from renderers.smashmasters.look import CHARACTER_RATIO, HEADER, MARGIN, TABLE_W

GAP = 12
PAD = 8
PLATE_H = 36
COUNTS_W = 128
COUNTS_H = 50
"""Under the cards (three columns): the pile counts in two lines."""
BAND_H = 170
STORY_W = 280
LOG_H = 42
CARD_GAP = 8
TAG_ROOM = 14
"""Between the plate and the cards: room for a card's ATTACKER / TARGET / EXTRA tag on its top
edge, clear of the name above."""
MAX_CARD_W = 150
MIN_CARD_W = 40


@dataclass(frozen=True)
class Grid:
    """A whole table: its size, the team panels in seat order, and the bottom band's parts."""

    size: tuple[int, int]
    panels: tuple[Box, ...]
    side_counts: bool
    battle: Box
    story: Box
    log: Box | None


def _shape(count: int) -> tuple[int, int]:
    """(columns, card area height) for this many teams."""
    if count <= 4:
        return 2, 226 if count <= 2 else 194
    return 3, 160


@lru_cache(maxsize=32)
def grid(count: int, log: bool) -> Grid:
    columns, area_h = _shape(count)
    side = columns == 2
    rows = math.ceil(count / columns)
    panel_w = (TABLE_W - 2 * MARGIN - (columns - 1) * GAP) // columns
    panel_h = 2 * PAD + PLATE_H + 6 + TAG_ROOM + area_h + (0 if side else 6 + COUNTS_H)
    top = HEADER + GAP
    panels: list[Box] = []
    for row in range(rows):
        in_row = min(columns, count - row * columns)
        used = in_row * panel_w + (in_row - 1) * GAP
        x = (TABLE_W - used) // 2
        y = top + row * (panel_h + GAP)
        for _ in range(in_row):
            panels.append((x, y, x + panel_w, y + panel_h))
            x += panel_w + GAP
    band_top = top + rows * (panel_h + GAP)
    band_bottom = band_top + BAND_H
    right = TABLE_W - MARGIN
    battle = (MARGIN, band_top, right - STORY_W - GAP, band_bottom)
    story = (right - STORY_W, band_top, right, band_bottom)
    log_box = (0, band_bottom + GAP, TABLE_W, band_bottom + GAP + LOG_H) if log else None
    height = log_box[3] if log_box else band_bottom + MARGIN
    return Grid((TABLE_W, height), tuple(panels), side, battle, story, log_box)


def plate(panel: Box) -> Box:
    left, top, right, _ = panel
    return (left + PAD, top + PAD, right - PAD, top + PAD + PLATE_H)


def cards_area(panel: Box, side_counts: bool) -> Box:
    left, top, right, bottom = panel
    return (
        left + PAD,
        top + PAD + PLATE_H + 6 + TAG_ROOM,
        right - PAD - (COUNTS_W + 8 if side_counts else 0),
        bottom - PAD - (0 if side_counts else COUNTS_H + 6),
    )


def counts_area(panel: Box, side_counts: bool) -> Box:
    left, top, right, bottom = panel
    if side_counts:
        return (right - PAD - COUNTS_W, top + PAD + PLATE_H + 6, right - PAD, bottom - PAD)
    return (left + PAD, bottom - PAD - COUNTS_H, right - PAD, bottom - PAD)


@dataclass(frozen=True)
class Row:
    """A team's cards: the card width (height = width × 1.4) and each space's box (a sideways
    card's box is as wide as a card is tall)."""

    width: int
    boxes: tuple[Box, ...]


TALLEST = 1.75
"""An upright card narrowed by its row's width grows up to this tall (height over width) into
the area's height, to keep room for its name and text."""


@lru_cache(maxsize=256)
def row(area: Box, sideways: tuple[bool, ...]) -> Row:
    """The largest card width (a multiple of 4, at most MAX_CARD_W) at which the spaces fit the
    area side by side, centred; `sideways` says which spaces hold a stunned card (as tall as a
    card is wide). Upright cards narrowed by the width grow taller, up to TALLEST, in the area."""
    left, top, right, bottom = area
    count = len(sideways)
    if count == 0:
        return Row(MAX_CARD_W, ())
    units = sum(CHARACTER_RATIO if lying else 1.0 for lying in sideways)
    by_width = (right - left - CARD_GAP * (count - 1)) / units
    by_height = (bottom - top) / CHARACTER_RATIO
    width = max(MIN_CARD_W, int(min(MAX_CARD_W, by_width, by_height)) // 4 * 4)
    height = round(width * CHARACTER_RATIO)
    upright = max(height, min(bottom - top, round(width * TALLEST)))
    widths = [height if lying else width for lying in sideways]
    used = sum(widths) + CARD_GAP * (count - 1)
    x = left + (right - left - used) // 2
    middle = (top + bottom) // 2
    boxes: list[Box] = []
    for lying, w in zip(sideways, widths, strict=True):
        h = width if lying else upright
        boxes.append((x, middle - h // 2, x + w, middle - h // 2 + h))
        x += w + CARD_GAP
    return Row(width, tuple(boxes))
