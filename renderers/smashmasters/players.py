"""The teams on the Smash Masters table, over their static panels (renderers.smashmasters.frame):
each team's row of character cards (active upright, stunned sideways, empty spaces outlined),
their marks (waking up, turned around, safe from..., extra space, fighting in the battle), the
face-down picks while teams are chosen, and the pile counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.cards import corner_radius
from renderers.kit.draw import badge, badge_width, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import RGB
from renderers.kit.shapes import Box, rounded_box, rounded_outline
from renderers.kit.text import fit_block, text_width
from renderers.kit.views import View, seats
from renderers.smashmasters import geometry
from renderers.smashmasters.cards import back_layer, character_layer, empty_slot, stunned_layer
from renderers.smashmasters.frame import COUNT_LABELS
from renderers.smashmasters.geometry import Grid
from renderers.smashmasters.look import (
    ATTACK_MARK,
    BAR,
    GREEN,
    GREY,
    INK,
    PAPER,
    PURPLE,
    RED,
    STUN_MARK,
    TEAM_SIZE,
    TURNED_MARK,
    WAKING_MARK,
    WHITE,
    YELLOW,
)
from renderers.smashmasters.read import Battle, Space, counts, is_out, picked, team

SAFE_SHORT = {"attack": "attack", "stun": "stun", "defeat": "defeat", "story": "story", "powers": "powers"}


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
    middle = (top + bottom) / 2 - (12 if detail else 0)
    pen.text(((left + right) / 2, middle), text, font=font(22, bold=True), fill=GREY, anchor="mm")
    if detail:
        pen.text(((left + right) / 2, middle + 28), detail, font=font(16), fill=GREY, anchor="mm")


def _draft_row(canvas: Image.Image, area: Box, picks: int) -> None:
    """While teams are chosen: a face-down card per pick made, an outlined place per pick to come."""
    places = max(TEAM_SIZE, picks)
    placed = geometry.row(area, (False,) * places)
    for number, box in enumerate(placed.boxes):
        if number < picks:
            paste_layer(canvas, back_layer(placed.width), box[:2])
        else:
            tile = empty_slot(placed.width, "picking…")
            canvas.paste(tile, box[:2], tile)


def _team_row(canvas: Image.Image, area: Box, spaces: Sequence[Space], roles: Mapping[str, str]) -> None:
    placed = geometry.row(area, tuple(space.stunned for space in spaces))
    for space, box in zip(spaces, placed.boxes, strict=True):
        draw_space(canvas, space, box, placed.width, roles.get(space.id, ""))


COMPACT_W = 84
"""Cards narrower than this show their marks in one badge."""


def _mark_size(width: int) -> int:
    return 14 if width >= 120 else 13 if width >= 96 else 11


def _fitted(texts: Sequence[str], room: int, size: int) -> tuple[str, int] | None:
    """The first text that fits `room` as a badge, at `size` or down to 10."""
    for text in texts:
        for current in range(size, 9, -1):
            if badge_width(text, current) <= room:
                return text, current
    return None


def _marks(space: Space) -> list[tuple[list[str], RGB, RGB]]:
    """The marks under a card, bottom up: each as texts from longest to shortest, and colours."""
    marks: list[tuple[list[str], RGB, RGB]] = []
    if space.safe_from:
        words = ", ".join(SAFE_SHORT.get(d, d) for d in space.safe_from)
        marks.append(([f"SAFE: {words}", f"SAFE ×{len(space.safe_from)}", "SAFE"], GREEN, WHITE))
    if space.turned:
        marks.append(([f"{TURNED_MARK} TURNED AROUND", f"{TURNED_MARK} TURNED", TURNED_MARK], PURPLE, WHITE))
    if space.waking:
        marks.append(([f"{WAKING_MARK} WAKING UP", f"{WAKING_MARK} WAKING", WAKING_MARK], YELLOW, INK))
    return marks


def draw_space(canvas: Image.Image, space: Space, box: Box, width: int, role: str = "") -> None:
    """One space: an empty place, an upright active card or a sideways stunned one, with its marks
    (a stunned card also gets its name upright over it, and a STUNNED badge)."""
    left, top, right, bottom = box
    if space.char is None:
        tile = empty_slot(width, "EXTRA SPACE · EMPTY" if space.extra else "EMPTY")
        canvas.paste(tile, (left, top), tile)
        return
    if role:
        rounded_outline(canvas, (left - 4, top - 4, right + 4, bottom + 4), corner_radius(width) + 4, RED, 4)
    if space.stunned:
        paste_layer(canvas, stunned_layer(space.char, width), (left, top))
    else:
        paste_layer(canvas, character_layer(space.char, width), (left, top))
    size = _mark_size(width)
    room = right - left - 8
    y = bottom - 6
    marks = _marks(space)
    if width < COMPACT_W and len(marks) > 1:
        # Too small for a badge per mark: one dark badge with each mark's shortest form.
        marks = [([" ".join(texts[-1] for texts, _, _ in marks)], BAR, WHITE)]
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
    tags = []
    if role:
        tags.append(([f"{ATTACK_MARK} {role}", role, ATTACK_MARK], RED, WHITE))
    if space.extra:
        tags.append((["+ EXTRA", "+"], BAR, WHITE))
    x_left = left + 2
    for texts, fill, ink in tags:
        fitted = _fitted(texts, right - x_left - 2, size - 1)
        if fitted is None:
            continue
        text, current = fitted
        x_left = badge(canvas, (x_left, top - round(current * 0.8)), text, fill, ink, current)[2] + 3


def _stunned_label(canvas: Image.Image, box: Box, name: str, size: int) -> None:
    """Over a sideways card: its name upright on a paper label, and a STUNNED badge under it,
    centred in `box` (the card above its marks)."""
    left, top, right, bottom = box
    stun = _fitted([f"{STUN_MARK} STUNNED", "STUNNED", STUN_MARK], right - left - 8, size + 1)
    badge_h = round(stun[1] * 1.55) if stun else 0
    room = bottom - top - badge_h - 10
    lines, face = fit_block(name, right - left - 20, max(12, room), size + 3, 10, 2, bold=True, condense=True)
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


def _counts(canvas: Image.Image, seat: Mapping[str, Any], box: Box, side: bool) -> None:
    """The pile counts: numbers beside the static labels (side column), or one fitted line
    ("Stack 3  Deck 28  Discard 4  Hand 5  Defeated 1", shortened when narrow)."""
    piles = counts(seat)
    values = [str(n) for n in (piles.stack, piles.deck, piles.discard, piles.hand, piles.defeated)]
    pen = ImageDraw.Draw(canvas)
    left, top, right, bottom = box
    if side:
        step = (bottom - top) / len(values)
        face = font(18, bold=True)
        for number, value in enumerate(values):
            pen.text((right - 8, top + step * (number + 0.5)), value, font=face, fill=INK, anchor="rm")
        return
    middle = (top + bottom) / 2
    for labels in (COUNT_LABELS, SHORT_LABELS):
        for size in range(16, 11, -1):
            bold, plain = font(size, bold=True), font(size)
            pairs = list(zip(labels, values, strict=True))
            widths = [text_width(plain, label) + 4 + text_width(bold, value) for label, value in pairs]
            gap = size * 0.9
            total = sum(widths) + gap * (len(values) - 1)
            if total <= right - left or (labels is SHORT_LABELS and size == 12):
                x = left + (right - left - total) / 2
                for label, value, used in zip(labels, values, widths, strict=True):
                    pen.text((x, middle), label, font=plain, fill=GREY, anchor="lm")
                    pen.text(
                        (x + text_width(plain, label) + 4, middle), value, font=bold, fill=INK, anchor="lm"
                    )
                    x += used + gap
                return
