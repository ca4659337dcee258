"""Hex-board geometry for Super Punch Fighter: coordinates, labels, distance, movement, line of
sight, Push / Pull / Throw destinations, and groups of hexes for a select menu.

A board side is a picture of row strings (`schema.Board`): pointy-top hexes in the "odd-r" offset
layout, counted from 0 — the rows with an odd index (labelled 2, 4, 6, …) sit half a hex to the
right. A hex is named by its column letter and row number, `A1` top-left. Internally a `Hex` holds
axial coordinates (q, r), in which distance is simple; line of sight is exact integer geometry.

Rulebook sections: MOVE, Attack (range and line of sight), Push, Pull, Throw, K.O. (off the board).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from engines.punchfighter.schema import Board

Kind = Literal["floor", "yellow", "red", "spawn", "pit"]
KINDS: dict[str, Kind] = {".": "floor", "y": "yellow", "r": "red", "s": "spawn", "o": "pit"}
NO_HEX = " -"
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial: E, NE, NW, W, SW, SE
SELECT_LIMIT = 25  # options in one Discord select menu
SQRT3 = math.sqrt(3)


class Hex(NamedTuple):
    """A hex in axial coordinates: `r` the row index (0 = row 1), `q` the column slanted with it.
    Sorted in reading order (row, then column). A named tuple: hexes are hashed and compared by
    the thousand in every AI choice, and a tuple's hash and equality are native."""

    q: int
    r: int

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at 0-based column `col` of 0-based row `row` (odd rows shifted right)."""
        return cls(col - (row - (row & 1)) // 2, row)

    @property
    def col(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def row(self) -> int:
        return self.r

    @property
    def offset(self) -> tuple[int, int]:
        """(column, row), both 0-based."""
        return self.col, self.r

    @property
    def label(self) -> str:
        """Its name, e.g. "C4" for column 2, row 3 (0-based); hexes left of A or above row 1 have none."""
        col = self.col
        if not 0 <= col < len(COLUMNS) or self.r < 0:
            raise ValueError(f"no label for the hex at column {col}, row {self.r} (0-based)")
        return f"{COLUMNS[col]}{self.r + 1}"

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, on the map or not."""
        found = _NEIGHBOURS.get(self)
        if found is None:
            q, r = self
            found = _NEIGHBOURS[self] = tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)
        return found

    def distance(self, other: tuple[int, int]) -> int:
        """Spaces between two hexes (every hex counts, holes and missing ones too)."""
        dq, dr = self[0] - other[0], self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # Reading order (row, then column), not the tuple's (q, r) order.
    def __lt__(self, other: tuple[int, ...]) -> bool:
        return (self[1], self[0]) < (other[1], other[0])

    def __gt__(self, other: tuple[int, ...]) -> bool:
        return (self[1], self[0]) > (other[1], other[0])

    def __le__(self, other: tuple[int, ...]) -> bool:
        return (self[1], self[0]) <= (other[1], other[0])

    def __ge__(self, other: tuple[int, ...]) -> bool:
        return (self[1], self[0]) >= (other[1], other[0])


_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}


def parse_label(label: str) -> Hex:
    """The hex a label names ("C4", case-insensitive); ValueError if it is not a label."""
    text = label.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit() or int(text[1:]) < 1:
        raise ValueError(f"not a hex label: {label!r}")
    return Hex.from_offset(COLUMNS.index(text[0]), int(text[1:]) - 1)


class Grid:
    """The hexes of one board side and their kinds. A hex not in `kinds` is off the map; a pit is
    on the map but off the board."""

    __slots__ = ("hexes", "kinds", "spawn_points")

    def __init__(self, kinds: Mapping[Hex, Kind]) -> None:
        self.kinds: dict[Hex, Kind] = dict(kinds)
        self.hexes: tuple[Hex, ...] = tuple(sorted(self.kinds))
        self.spawn_points: tuple[Hex, ...] = self.of_kind("spawn")

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Grid:
        """A grid from row strings (see the module docstring); ValueError on an unknown character."""
        kinds: dict[Hex, Kind] = {}
        for row, text in enumerate(rows):
            for col, char in enumerate(text):
                if char in NO_HEX:
                    continue
                if char not in KINDS:
                    raise ValueError(f"unknown hex {char!r} at column {col + 1} of row {row + 1}")
                kinds[Hex.from_offset(col, row)] = KINDS[char]
        return cls(kinds)

    @classmethod
    def from_board(cls, board: Board) -> Grid:
        return cls.from_rows(board.rows)

    def kind(self, spot: Hex) -> Kind | None:
        """The hex's kind; None off the map."""
        return self.kinds.get(spot)

    def of_kind(self, kind: Kind) -> tuple[Hex, ...]:
        """Every hex of a kind, in reading order."""
        return tuple(spot for spot in self.hexes if self.kinds[spot] == kind)

    def on_board(self, spot: Hex) -> bool:
        """A hex of the map that is not a pit: a fighter there is on the board."""
        kind = self.kinds.get(spot)
        return kind is not None and kind != "pit"

    def standable(self, spot: Hex) -> bool:
        """On the board and not a spawn point: a fighter may stand there."""
        kind = self.kinds.get(spot)
        return kind is not None and kind not in ("pit", "spawn")

    def neighbours(self, spot: Hex) -> tuple[Hex, ...]:
        """All six adjacent hexes, on the map or not."""
        return spot.neighbours()

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex distance, counting every space between (pits and missing hexes too)."""
        return a.distance(b)

    def label(self, spot: Hex) -> str:
        return spot.label

    def centre(self, spot: Hex, size: float) -> tuple[float, float]:
        """Pixel centre of a pointy-top hex of circumradius `size`, odd rows shifted right; A1's
        centre is (√3·size/2, size), so the map lies at x ≥ 0, y ≥ 0."""
        col, row = spot.offset
        return SQRT3 * size * (col + 0.5 * (row & 1) + 0.5), size * (1.5 * row + 1)

    def corners(self, spot: Hex, size: float) -> list[tuple[float, float]]:
        """The six corners of a hex's outline, clockwise from the top."""
        x, y = self.centre(spot, size)
        angles = (math.radians(-90 + 60 * i) for i in range(6))
        return [(x + size * math.cos(a), y + size * math.sin(a)) for a in angles]

    def extent(self, size: float) -> tuple[float, float]:
        """Width and height in pixels of a picture holding every hex of the map."""
        centres = [self.centre(spot, size) for spot in self.hexes] or [(0.0, 0.0)]
        return max(x for x, _ in centres) + SQRT3 * size / 2, max(y for _, y in centres) + size


def reachable(grid: Grid, start: Hex, steps: int, blocked: Iterable[Hex]) -> dict[Hex, int]:
    """MOVE: the hexes a fighter at `start` can move to in up to `steps` steps, each to an adjacent
    hex, never onto or through a hex in `blocked` (other fighters), a spawn point, a pit or off the
    map; the value is the fewest steps needed. The start itself is not included."""
    return dict(_reachable(grid, start, steps, frozenset(blocked)))


@lru_cache(maxsize=1024)
def _reachable(grid: Grid, start: Hex, steps: int, stop: frozenset[Hex]) -> dict[Hex, int]:
    found: dict[Hex, int] = {start: 0}
    edge = [start]
    for step in range(1, steps + 1):
        nxt: list[Hex] = []
        for spot in edge:
            for near in spot.neighbours():
                if near not in found and near not in stop and grid.standable(near):
                    found[near] = step
                    nxt.append(near)
        edge = nxt
    del found[start]
    return found


# Exact geometry in "doubled" units: a hex's centre is (2q + r, 3r) and its corners, counter-clockwise
# (y up) from the top, are these offsets; every point the line of sight needs is then an integer.
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _xy(spot: Hex) -> tuple[int, int]:
    return 2 * spot.q + spot.r, 3 * spot.r


def _meets(a: Hex, b: Hex, spot: Hex) -> Hex | bool:
    """How the segment from the centre of `a` to the centre of `b` meets `spot` (neither end): True
    through its inside; the hex across the edge the segment runs along (a seam); False when it
    misses it or only touches a corner. Exact integer arithmetic."""
    (ax, ay), (bx, by), (cx, cy) = _xy(a), _xy(b), _xy(spot)
    dx, dy = bx - ax, by - ay
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1  # the open range (lo, hi) of the segment inside the hex
    for k, (vx, vy) in enumerate(CORNERS):
        wx, wy = CORNERS[(k + 1) % 6]
        ex, ey = wx - vx, wy - vy
        above = ex * (ay - cy - vy) - ey * (ax - cx - vx)  # inside this edge when > 0
        slope = ex * dy - ey * dx
        if slope == 0 and above == 0:
            return _seam(spot, (vx, vy), (wx, wy), (ax - cx, ay - cy), (dx, dy))
        if slope == 0 and above < 0:
            return False
        if slope > 0 and -above * lo_d > lo_n * slope:
            lo_n, lo_d = -above, slope
        elif slope < 0 and above * hi_d < hi_n * -slope:
            hi_n, hi_d = above, -slope
    return lo_n * hi_d < hi_n * lo_d


def _seam(
    spot: Hex,
    v: tuple[int, int],
    w: tuple[int, int],
    a: tuple[int, int],
    d: tuple[int, int],
) -> Hex | bool:
    """The neighbour across edge v-w of `spot` when the segment a + t·d (0 < t < 1, all relative to
    the hex's centre) runs along a stretch of that edge; False when it only reaches its end."""
    along = sorted((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] for p in (v, w))
    if max(along[0], 0) >= min(along[1], d[0] * d[0] + d[1] * d[1]):
        return False
    x, y = v[0] + w[0], v[1] + w[1]  # twice the edge's midpoint: the neighbour's centre offset
    return Hex(spot.q + (x - y // 3) // 2, spot.r + y // 3)


def line_of_sight(grid: Grid, a: Hex, b: Hex, blockers: Iterable[Hex]) -> bool:
    """Attack: True when the straight line from the centre of `a` to the centre of `b` crosses no
    other hex holding a blocker (fighters) or a spawn point. Pits and empty hexes never block.

    Ruling (the seam): when the line runs exactly along the edge between two hexes it touches both;
    it is blocked there only when BOTH of them block — the attacker sees along the seam. A line
    that only touches a corner of a hex does not cross it. Computed exactly (integer geometry)."""
    return _line_of_sight(grid, a, b, frozenset(blockers))


@lru_cache(maxsize=4096)
def _line_of_sight(grid: Grid, a: Hex, b: Hex, blockers: frozenset[Hex]) -> bool:
    blocking = (blockers | set(grid.spawn_points)) - {a, b}
    for spot in blocking:
        meets = _meets(a, b, spot)
        if meets is True or (isinstance(meets, Hex) and meets in blocking):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a pushed, pulled or thrown fighter ends: `end` its hex, or with `off_board` the pit or
    off-map hex where it left the board (K.O.)."""

    end: Hex
    off_board: bool = False

    @property
    def label(self) -> str:
        """The end's label (ValueError for an off-map end left of column A or above row 1)."""
        return self.end.label


@lru_cache(maxsize=2048)
def _forced(
    grid: Grid, start: Hex, spaces: int, stop: frozenset[Hex], attacker: Hex, away: int
) -> tuple[Landing, ...]:
    """Step-by-step forced movement: each step goes to an adjacent hex farther from `attacker` than
    the last (`away` 1) or closer to it (`away` -1), never into `stop` or a spawn point; a step into
    a pit or off the map ends it off the board. Exactly `spaces` steps, or the longest possible when
    none exists (it moves as far as it can; with no step possible it stays, the only result being
    `start`)."""

    def onward(spot: Hex) -> int:
        return away * spot.distance(attacker)

    off: dict[Hex, Landing] = {}
    edge = {start}
    for _ in range(spaces):
        step: set[Hex] = set()
        for spot in edge:
            for near in spot.neighbours():
                if onward(near) <= onward(spot) or near in stop or grid.kind(near) == "spawn":
                    continue
                if grid.on_board(near):
                    step.add(near)
                else:
                    off.setdefault(near, Landing(near, off_board=True))
        if not step:
            break
        edge = step
    else:
        return (*[Landing(spot) for spot in sorted(edge)], *[off[spot] for spot in sorted(off)])
    return tuple(off[spot] for spot in sorted(off)) or tuple(Landing(spot) for spot in sorted(edge))


def push_paths(grid: Grid, attacker: Hex, target: Hex, spaces: int, blocked: Iterable[Hex]) -> list[Landing]:
    """Push: the target moves exactly `spaces` spaces, each farther from the attacker than the last,
    not into another fighter (`blocked`) or a spawn point; a step into a pit or off the map ends the
    push off the board. Ruling: when no push of exactly `spaces` is possible (and it cannot leave
    the board), it moves as far as it can — the longest pushes are offered. Distinct ends only."""
    return list(_forced(grid, target, spaces, frozenset(blocked), attacker, 1))


def pull_paths(grid: Grid, attacker: Hex, target: Hex, spaces: int, blocked: Iterable[Hex]) -> list[Landing]:
    """Pull: as Push, but each space closer to the attacker (never onto it); a pit on the way ends
    the pull off the board. Same ruling: the longest pulls when `spaces` is not possible."""
    return list(_forced(grid, target, spaces, frozenset({*blocked, attacker}), attacker, -1))


def throw_ends(grid: Grid, target: Hex, spaces: int, blocked: Iterable[Hex]) -> list[Landing]:
    """Throw: every destination exactly `spaces` from the start, reached by some shortest route
    that passes no spawn point (it may pass over fighters and pits), not a fighter (`blocked`) or a
    spawn point; a pit or off-map destination is off the board. Rulings: it flies over pits and
    gaps in the map; as for Push, when no destination is that far the farthest possible are
    offered (with none, the start)."""
    return list(_throw_ends(grid, target, spaces, frozenset(blocked)))


@lru_cache(maxsize=2048)
def _throw_ends(grid: Grid, target: Hex, spaces: int, stop: frozenset[Hex]) -> tuple[Landing, ...]:
    layer, best = {target}, [Landing(target)]
    for distance in range(1, spaces + 1):
        layer = {near for spot in layer for near in spot.neighbours() if near.distance(target) == distance}
        ends = [
            Landing(spot, off_board=not grid.on_board(spot))
            for spot in sorted(layer)
            if spot not in stop and grid.kind(spot) != "spawn"
        ]
        best = ends or best
        layer = {spot for spot in layer if grid.kind(spot) != "spawn"}
    return tuple(sorted(best, key=lambda landing: (landing.off_board, landing.end)))


def regions(hexes: Iterable[Hex], limit: int = SELECT_LIMIT) -> list[tuple[str, list[Hex]]]:
    """Groups of at most `limit` (25) hexes for a Discord select, in reading order, of whole rows where
    possible, named by the rows they span ("rows 1-3", "row 4"); a row longer than 25 is cut
    into pieces named by their columns ("row 4 (A-Y)")."""
    rows: dict[int, list[Hex]] = {}
    for spot in sorted(set(hexes)):
        rows.setdefault(spot.r, []).append(spot)
    pieces = [
        (row, row_hexes[i : i + limit], len(row_hexes) > limit)
        for row, row_hexes in rows.items()
        for i in range(0, len(row_hexes), limit)
    ]
    groups: list[tuple[str, list[Hex]]] = []
    first = last = -1
    group: list[Hex] = []
    for row, piece, cut in pieces:
        if group and (cut or len(group) + len(piece) > limit):
            groups.append((_rows_name(first, last), group))
            group = []
        if cut:
            columns = "-".join(dict.fromkeys((COLUMNS[piece[0].col], COLUMNS[piece[-1].col])))
            groups.append((f"row {row + 1} ({columns})", piece))
            continue
        first = row if not group else first
        last, group = row, group + piece
    if group:
        groups.append((_rows_name(first, last), group))
    return groups


def _rows_name(first: int, last: int) -> str:
    return f"row {first + 1}" if first == last else f"rows {first + 1}-{last + 1}"
