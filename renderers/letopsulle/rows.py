"""Where the cards of a row go: tiles at their natural widths (portrait, wider when sideways or a tag
team), squeezed down to a smallest width, and past that the last ones summarised in one
"+N more" tile, so a row never runs out of its panel."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from renderers.kit.fonts import font
from renderers.kit.text import text_width
from renderers.letopsulle.look import GLANCE
from renderers.letopsulle.read import Slot

PORTRAIT = (116, 0.86)
"""A portrait tile's width: at least 116 px, else this share of the row height."""
SIDEWAYS = (150, 1.2)
"""A sideways (defending) tile's width: the card turned, its text kept upright."""
TAG_TEAM = (232, 1.85)
"""Two portrait cards side by side on one mat."""
SMALLEST = 100
"""No portrait tile is squeezed narrower than this (its names and bands stay at glance size)."""
GAP = 8
GROUP_GAP = 20
"""Between the active and the reserve heroes, and between villains and waiting objects."""


def share(shape: tuple[int, float], height: int) -> int:
    """A tile width from its (least width, share of the row height)."""
    least, part = shape
    return max(least, round(height * part))


def natural_width(slot: Slot, height: int) -> int:
    """How wide a slot's tile is when there is room."""
    if slot.tag_team:
        return share(TAG_TEAM, height)
    return share(SIDEWAYS if slot.defending else PORTRAIT, height)


@dataclass(frozen=True)
class Placed:
    """A row's plan: x offsets and widths of each shown slot per group, and the slots summarised."""

    groups: tuple[tuple[tuple[int, int], ...], ...]
    hidden: tuple[Slot, ...]
    more_at: tuple[int, int] | None
    tail_at: tuple[int, int] | None


def least_width(slot: Slot) -> int:
    """The narrowest a slot's tile may be squeezed: its names wrap, its bands (the object's name,
    DEFENDING +N) stay whole at glance size."""
    if slot.tag_team:
        return 2 * SMALLEST + 12
    bands = [slot.item.name] if slot.item else []
    if slot.defending:
        bands.append(f"DEFENDING +{slot.guard}")
    face = font(GLANCE, condensed=True)
    return max([SMALLEST, *(round(text_width(face, band)) + 12 for band in bands)])


def _scaled(slots: Sequence[Slot], widths: Sequence[int], room: float) -> list[int] | None:
    """The widths shrunk evenly to fill `room`, or None when one would be under its least width."""
    total = sum(widths)
    if not widths or total <= room:
        return list(widths)
    scale = room / total
    shrunk = [int(w * scale) for w in widths]
    return shrunk if all(w >= least_width(slot) for w, slot in zip(shrunk, slots, strict=True)) else None


def plan(groups: Sequence[Sequence[Slot]], height: int, width: int, tail: int = 0) -> Placed:
    """Place the groups of slots (e.g. active, reserve) left to right within `width`, then a fixed
    `tail` tile (waiting objects) if any. When they cannot fit at SMALLEST, the last slots become
    one "+N more" tile of portrait width."""
    slots = [slot for group in groups for slot in group]
    sizes = [len(group) for group in groups]
    more_w = share(PORTRAIT, height)
    tail_w = tail
    for shown in range(len(slots), -1, -1):
        hidden = slots[shown:]
        if len(hidden) == 1:
            continue  # a "+1 more" tile is no narrower than the card it stands for
        widths = [natural_width(slot, height) for slot in slots[:shown]]
        extra = (more_w if hidden else 0) + (tail_w if tail_w else 0)
        kept_groups = _kept(sizes, shown)
        pieces = shown + (1 if hidden else 0) + (1 if tail_w else 0)
        gaps = GAP * max(0, pieces - 1) + (GROUP_GAP - GAP) * max(0, sum(1 for n in kept_groups if n) - 1)
        if tail_w and pieces > 1:
            gaps += GROUP_GAP - GAP
        fitted = _scaled(slots[:shown], widths, width - gaps - extra)
        if fitted is None:
            continue
        return _placed(kept_groups, fitted or [], tuple(hidden), more_w, tail_w)
    return Placed(tuple(() for _ in groups), tuple(slots), (0, more_w), None)


def _kept(sizes: Sequence[int], shown: int) -> list[int]:
    kept = []
    for size in sizes:
        kept.append(min(size, shown))
        shown -= kept[-1]
    return kept


def _placed(kept: list[int], widths: list[int], hidden: tuple[Slot, ...], more_w: int, tail_w: int) -> Placed:
    x = 0
    groups: list[tuple[tuple[int, int], ...]] = []
    index = 0
    for size in kept:
        if groups and size and any(groups):
            x += GROUP_GAP - GAP
        placed = []
        for width in widths[index : index + size]:
            placed.append((x, width))
            x += width + GAP
        index += size
        groups.append(tuple(placed))
    more_at = None
    if hidden:
        more_at = (x, more_w)
        x += more_w + GAP
    tail_at = (x + (GROUP_GAP - GAP if x else 0), tail_w) if tail_w else None
    return Placed(tuple(groups), hidden, more_at, tail_at)
