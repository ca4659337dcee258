"""Where things go on the SUPERHOT table: the rows (goals, The Line, used cards, players), the Line's
columns (read left to right the way time moves: NEXT, the slots with START at the right, DISCARD),
the goal panels and the players band. All cached: they depend on counts, not on cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renderers.kit.shapes import Box
from renderers.superhot.look import FOOTER, HEADER, MARGIN, TABLE_SIZE

GOALS_TOP = HEADER + 10
GOALS_H = 130
GOALS_RIGHT = TABLE_SIZE[0] - MARGIN - 210
"""The goals (and the Goals Deck) end here; the Bullets Deck fills the rest of the row."""
GOALS_DECK_W = 92
LABELS_TOP = GOALS_TOP + GOALS_H + 8
LABELS_H = 30
LINE_TOP = LABELS_TOP + LABELS_H + 4
LINE_CARD_H = 268
"""Tall enough for a title in up to four lines over rules text, on the narrow cards of a 7 Line."""
NUDGE = 26
"""How far the obstacle being interacted with is pulled down (its tag fills the gap above it)."""
USED_TOP = LINE_TOP + LINE_CARD_H + NUDGE + 10
USED_H = 46
"""A used card's strip: its mark and its name, in two lines when one is too narrow."""
PLAYERS_TOP = USED_TOP + USED_H + 10
PLAYERS_BOTTOM = TABLE_SIZE[1] - FOOTER - 10
LEGEND_W = 272
AID_W = 176
"""The co-op Aid card's column: wide enough that every card's name shows whole beside its mark."""
AID_LABEL_H = 40
"""Above the Aid card: "AID from <name>", in two lines when one is too narrow."""
PLATE_PAD = 14


@dataclass(frozen=True)
class Line:
    """Where the Line's columns are: the deck, each slot (index 0 = START, on the right), the discard."""

    card: tuple[int, int]
    deck_x: int
    slot_x: tuple[int, ...]
    discard_x: int


@lru_cache(maxsize=8)
def line(slots: int) -> Line:
    width = TABLE_SIZE[0]
    side_gap, gap = 14, 6
    card_w = (width - 2 * MARGIN - 2 * side_gap - (slots - 1) * gap) // (slots + 2)
    used = (slots + 2) * card_w + 2 * side_gap + (slots - 1) * gap
    left = (width - used) // 2
    line_left = left + card_w + side_gap
    slot_x = tuple(line_left + (slots - 1 - index) * (card_w + gap) for index in range(slots))
    discard_x = line_left + slots * card_w + (slots - 1) * gap + side_gap
    return Line((card_w, LINE_CARD_H), left, slot_x, discard_x)


DONE_GOAL_SHARE = 0.75
"""With four goals or more, a done goal's panel is this much narrower than an open one's."""


@lru_cache(maxsize=64)
def goal_boxes(done: tuple[bool, ...], deck: bool) -> tuple[Box, ...]:
    """One panel per goal (one "No goals yet" panel when there are none), left of the Goals Deck;
    with four goals or more, done goals give room to the open ones."""
    right = GOALS_RIGHT - (GOALS_DECK_W + 10 if deck else 0)
    if not done:
        return ((MARGIN, GOALS_TOP, right, GOALS_TOP + GOALS_H),)
    gap = 10
    weights = [DONE_GOAL_SHARE if finished and len(done) >= 4 else 1.0 for finished in done]
    room = right - MARGIN - gap * (len(done) - 1)
    boxes: list[Box] = []
    x = MARGIN
    for weight in weights:
        width = round(room * weight / sum(weights))
        boxes.append((x, GOALS_TOP, x + width, GOALS_TOP + GOALS_H))
        x += width + gap
    return tuple(boxes)


GOALS_DECK_BOX: Box = (GOALS_RIGHT - GOALS_DECK_W, GOALS_TOP, GOALS_RIGHT, GOALS_TOP + GOALS_H)
BULLETS_BOX: Box = (GOALS_RIGHT + 10, GOALS_TOP, TABLE_SIZE[0] - MARGIN, GOALS_TOP + GOALS_H)


@dataclass(frozen=True)
class Players:
    """Where the players band puts each seat's plate, the Aid card and the symbol key."""

    plates: tuple[Box, ...]
    aid: Box | None
    legend: Box | None


@lru_cache(maxsize=64)
def players(roles: tuple[str, ...], aid: bool, system: bool) -> Players:
    """Plates side by side (the System's wider while it shows its draw), the Aid card after the first
    player, and the symbol key at the right when every player plate stays at least 380 px wide."""
    left, right, top, bottom = MARGIN, TABLE_SIZE[0] - MARGIN, PLAYERS_TOP, PLAYERS_BOTTOM
    gap = 12
    weights = [1.5 if role == "System" and system else 1.0 for role in roles]
    room = right - left - (AID_W + gap if aid else 0) - gap * max(0, len(roles) - 1)
    legend = None
    if not roles or (room - LEGEND_W - gap) / sum(weights) >= 380:
        legend = (right - LEGEND_W, top, right, bottom)
        room -= LEGEND_W + gap
    normals = [index for index, role in enumerate(roles) if role != "System"]
    aid_after = normals[0] if aid and normals else -1
    plates: list[Box] = []
    aid_box = None
    x = left
    for index, weight in enumerate(weights):
        width = round(room * weight / sum(weights))
        plates.append((x, top, x + width, bottom))
        x += width + gap
        if index == aid_after:
            aid_box = (x, top, x + AID_W, bottom)
            x += AID_W + gap
    return Players(tuple(plates), aid_box, legend)
