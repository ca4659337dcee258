"""The teams on the Smash Masters table, over their static panels (renderers.smashmasters.frame):
each team's row of character cards (active upright, stunned sideways, empty spaces outlined),
their marks (waking up, turned around, safe from..., extra space, fighting in the battle), or a
roster of bars when the cards would be too narrow to read (renderers.smashmasters.roster); the
face-down picks while teams are chosen, and the pile counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.cards import corner_radius
from renderers.kit.draw import badge, badge_width, paste_layer
from renderers.kit.fonts import font
from renderers.kit.shapes import Box, rounded_box, rounded_outline
from renderers.kit.text import fit_block, text_width
from renderers.kit.views import View, seats
from renderers.smashmasters import geometry
from renderers.smashmasters.cards import back_layer, character_layer, empty_slot, stunned_layer
from renderers.smashmasters.frame import COUNT_LABELS
from renderers.smashmasters.geometry import Grid
from renderers.smashmasters.look import (
    BAR,
    GLANCE,
    GREY,
    INK,
    PAPER,
    RED,
    TABLE_FACE,
    TEAM_SIZE,
    YELLOW,
)
from renderers.smashmasters.read import Battle, Space, counts, is_out, picked, team
from renderers.smashmasters.roster import (
    EXTRA_TAG,
    LIST_BELOW,
    STUNNED_TAG,
    draw_roster,
    role_tag,
    space_marks,
)


def fighters(battle: Battle | None) -> dict[tuple[int | None, str], str]:
    """(seat, character id) -> its role in the battle: ATTACKER or TARGET."""
    if battle is None:
        return {}
    return {
        (battle.attacker.seat, battle.attacker.id): "ATTACKER",
        (battle.target.seat, battle.target.id): "TARGET",
    }


def draw_teams(canvas: Image.Image, view: View, layout: Grid, battle: Battle | None) -> None:
    roles = fighters(battle)
    for index, (seat, box) in enumerate(zip(seats(view), layout.panels, strict=False)):
        area = geometry.cards_area(box, layout.side_counts)
        picks = picked(seat)
        spaces = team(seat)
        if picks is not None:
            _draft_row(canvas, area, picks)
        elif is_out(seat):
            _note(canvas, area, "Out of the game", "every character defeated")
        elif spaces:
            _team_row(canvas, area, spaces, {sid: role for (s, sid), role in roles.items() if s == index})
        else:
            _note(canvas, area, "No characters")
        _counts(canvas, seat, geometry.counts_area(box, layout.side_counts), layout.side_counts)


def _note(canvas: Image.Image, area: Box, text: str, detail: str = "") -> None:
    left, top, right, bottom = area
    pen = ImageDraw.Draw(canvas)
    middle = (top + bottom) / 2 - (14 if detail else 0)
    pen.text(((left + right) / 2, middle), text, font=font(24, bold=True), fill=GREY, anchor="mm")
    if detail:
        pen.text(((left + right) / 2, middle + 30), detail, font=font(GLANCE), fill=GREY, anchor="mm")


def _draft_row(canvas: Image.Image, area: Box, picks: int) -> None:
    """While teams are chosen: a face-down card per pick made, an outlined place per pick to come."""
    places = max(TEAM_SIZE, picks)
    placed = geometry.row(area, (False,) * places)
    for number, box in enumerate(placed.boxes):
        tall = box[3] - box[1]
        if number < picks:
            paste_layer(canvas, back_layer(placed.width, tall), box[:2])
        else:
            tile = empty_slot(placed.width, "picking…", GLANCE, tall)
            canvas.paste(tile, box[:2], tile)


def _team_row(canvas: Image.Image, area: Box, spaces: Sequence[Space], roles: Mapping[str, str]) -> None:
    """The team's cards side by side, or a roster of bars when its cards would be too narrow."""
    placed = geometry.row(area, tuple(space.stunned for space in spaces))
    if placed.width < LIST_BELOW:
        draw_roster(canvas, area, spaces, roles)
        return
    for space, box in zip(spaces, placed.boxes, strict=True):
        draw_space(canvas, space, box, placed.width, roles.get(space.id, ""))


MARK_SPILL = 16
"""A mark's badge may reach this far beyond each side of its card."""


def _mark_size(width: int) -> int:
    return GLANCE


def _fitted(texts: Sequence[str], room: int, size: int) -> tuple[str, int] | None:
    """The first text that fits `room` as a badge at `size` (never smaller: it must stay legible)."""
    for text in texts:
        if badge_width(text, size) <= room:
            return text, size
    return None


def draw_space(canvas: Image.Image, space: Space, box: Box, width: int, role: str = "") -> None:
    """One space: an empty place, an upright active card or a sideways stunned one, with its marks
    (a stunned card also gets its name upright over it, and a STUNNED badge)."""
    left, top, right, bottom = box
    if space.char is None:
        tile = empty_slot(width, "EXTRA SPACE · EMPTY" if space.extra else "EMPTY", GLANCE, bottom - top)
        canvas.paste(tile, (left, top), tile)
        return
    if role:
        rounded_outline(canvas, (left - 4, top - 4, right + 4, bottom + 4), corner_radius(width) + 4, RED, 4)
    if space.stunned:
        paste_layer(canvas, stunned_layer(space.char, width), (left, top))
    else:
        paste_layer(canvas, character_layer(space.char, width, TABLE_FACE, bottom - top), (left, top))
    size = _mark_size(width)
    room = right - left + 2 * MARK_SPILL
    y = bottom - 6
    marks = space_marks(space)
    for texts, fill, ink in marks:
        fitted = _fitted(texts, room, size)
        if fitted is None:
            continue
        text, current = fitted
        y -= round(current * 1.55)
        badge(canvas, ((left + right) // 2 - badge_width(text, current) // 2, y), text, fill, ink, current)
        y -= 3
    if space.stunned:
        _stunned_label(canvas, (left, top, right, y), space.char.name, size)
    tags = [*([role_tag(role)] if role else []), *([EXTRA_TAG] if space.extra else [])]
    x_left = left + 2
    for texts, fill, ink in tags:
        fitted = _fitted(texts, right + MARK_SPILL - x_left, size)
        if fitted is None:
            continue
        text, current = fitted
        x_left = badge(canvas, (x_left, top - round(current * 1.55) + 8), text, fill, ink, current)[2] + 3


def _stunned_label(canvas: Image.Image, box: Box, name: str, size: int) -> None:
    """Over a sideways card: its name upright on a paper label, and a STUNNED badge under it,
    centred in `box` (the card above its marks)."""
    left, top, right, bottom = box
    stun = _fitted(STUNNED_TAG[0], right - left - 8, size)
    badge_h = round(stun[1] * 1.55) if stun else 0
    room = bottom - top - badge_h - 10
    lines, face = fit_block(
        name, right - left - 20, max(GLANCE, room), size + 2, GLANCE, 2, True, 1.12, True, True
    )
    step = round(face.size * 1.12)
    label_h = step * len(lines) + 8
    label_w = max(round(text_width(face, line)) for line in lines) + 16 if lines else 0
    y = top + (bottom - top - label_h - badge_h - 2) // 2
    middle = (left + right) // 2
    if lines:
        rounded_box(canvas, (middle - label_w // 2, y, middle + label_w // 2, y + label_h), 7, PAPER, INK, 1)
        pen = ImageDraw.Draw(canvas)
        for number, line in enumerate(lines):
            pen.text((middle, y + 4 + step * number + step / 2), line, font=face, fill=INK, anchor="mm")
        y += label_h + 2
    if stun is not None:
        text, current = stun
        badge(canvas, (middle - badge_width(text, current) // 2, y), text, BAR, YELLOW, current)


SHORT_LABELS = ("Stk", "Deck", "Disc", "Hand", "Def")
COUNT_GAP = 16
"""Between two counts on a line."""


def _pack(pairs: Sequence[tuple[str, str]], width: float, size: int) -> list[list[tuple[str, str, float]]]:
    """Counts ("label", "value") packed greedily into lines of `width`, each with its width."""
    plain, bold = font(size), font(size, bold=True)
    lines: list[list[tuple[str, str, float]]] = []
    used = 0.0
    for label, value in pairs:
        wide = text_width(plain, label) + 5 + text_width(bold, value)
        if lines and used + COUNT_GAP + wide <= width:
            lines[-1].append((label, value, wide))
            used += COUNT_GAP + wide
        else:
            lines.append([(label, value, wide)])
            used = wide
    return lines


def _counts(canvas: Image.Image, seat: Mapping[str, Any], box: Box, side: bool) -> None:
    """The pile counts: numbers beside the static labels (side column), or packed in as few
    centred lines as the box holds ("Stack 3  Deck 28  Discard 4" / "Hand 5  Defeated 1"), with
    shorter labels when the full ones need more lines."""
    piles = counts(seat)
    values = [str(n) for n in (piles.stack, piles.deck, piles.discard, piles.hand, piles.defeated)]
    pen = ImageDraw.Draw(canvas)
    left, top, right, bottom = box
    if side:
        step = (bottom - top) / len(values)
        face = font(20, bold=True)
        for number, value in enumerate(values):
            pen.text((right - 8, top + step * (number + 0.5)), value, font=face, fill=INK, anchor="rm")
        return
    size = GLANCE
    step = round(size * 1.25)
    rows = max(1, (bottom - top) // step)
    lines = _pack(list(zip(COUNT_LABELS, values, strict=True)), right - left, size)
    if len(lines) > rows:
        lines = _pack(list(zip(SHORT_LABELS, values, strict=True)), right - left, size)
    plain, bold = font(size), font(size, bold=True)
    y = (top + bottom) / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        x = left + (right - left - sum(wide for *_, wide in line) - COUNT_GAP * (len(line) - 1)) / 2
        for label, value, wide in line:
            pen.text((x, y), label, font=plain, fill=GREY, anchor="lm")
            pen.text((x + text_width(plain, label) + 5, y), value, font=bold, fill=INK, anchor="lm")
            x += wide + COUNT_GAP
        y += step
