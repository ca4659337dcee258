"""A team too crowded for a row of cards it can read (five or six teams, with extra spaces or
stunned characters lying sideways): one bar per space instead, with its power type's colour and
symbol, the character's name and its marks in words (STUNNED, SAFE, TURNED, ATTACKER...), all at
the glance size. A card that narrow could not have shown its power's text either."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from renderers.kit.draw import badge, badge_width
from renderers.kit.fonts import font
from renderers.kit.palette import RGB
from renderers.kit.shapes import Box, rounded_box, rounded_outline
from renderers.kit.text import fit_line, text_width
from renderers.smashmasters.look import (
    ATTACK_MARK,
    BAR,
    GLANCE,
    GREEN,
    GREY,
    INK,
    LIGHT,
    PAPER,
    PURPLE,
    RED,
    STUN_MARK,
    TURNED_MARK,
    WAKING_MARK,
    WHITE,
    YELLOW,
    power_type,
)
from renderers.smashmasters.read import Space

LIST_BELOW = 100
"""A team whose cards would be narrower than this is drawn as a roster of bars."""
BAR_GAP = 4
TALLEST_BAR = 40
STUNNED_FILL: RGB = (214, 216, 224)
SAFE_SHORT = {"attack": "attack", "stun": "stun", "defeat": "defeat", "story": "story", "powers": "powers"}

Mark = tuple[list[str], RGB, RGB]
"""A mark's texts, from longest to shortest, and its colours (fill, ink)."""


def space_marks(space: Space) -> list[Mark]:
    """The marks a character carries: safe from..., turned around, waking up."""
    marks: list[Mark] = []
    if space.safe_from:
        words = ", ".join(SAFE_SHORT.get(d, d) for d in space.safe_from)
        marks.append(([f"SAFE: {words}", f"SAFE ×{len(space.safe_from)}", "SAFE"], GREEN, WHITE))
    if space.turned:
        marks.append(([f"{TURNED_MARK} TURNED AROUND", f"{TURNED_MARK} TURNED", TURNED_MARK], PURPLE, WHITE))
    if space.waking:
        marks.append(([f"{WAKING_MARK} WAKING UP", f"{WAKING_MARK} WAKING", WAKING_MARK], YELLOW, INK))
    return marks


def role_tag(role: str) -> Mark:
    """A fighter's tag in the Smash Battle (ATTACKER or TARGET)."""
    return [f"{ATTACK_MARK} {role}", role, ATTACK_MARK], RED, WHITE


EXTRA_TAG: Mark = (["+ EXTRA", "+"], BAR, WHITE)
STUNNED_TAG: Mark = ([f"{STUN_MARK} STUNNED", "STUNNED", STUN_MARK], BAR, YELLOW)


def draw_roster(canvas: Image.Image, area: Box, spaces: Sequence[Space], roles: Mapping[str, str]) -> None:
    """The team as bars stacked in `area`, centred."""
    left, top, right, bottom = area
    count = max(1, len(spaces))
    height = min(TALLEST_BAR, (bottom - top - BAR_GAP * (count - 1)) // count)
    y = top + (bottom - top - (count * height + (count - 1) * BAR_GAP)) // 2
    for space in spaces:
        _bar(canvas, (left, y, right, y + height), space, roles.get(space.id, ""))
        y += height + BAR_GAP


def _bar(canvas: Image.Image, box: Box, space: Space, role: str) -> None:
    left, top, right, bottom = box
    height = bottom - top
    middle = (top + bottom) / 2
    pen = ImageDraw.Draw(canvas)
    if space.char is None:
        rounded_box(canvas, box, 8, (226, 227, 228))
        rounded_outline(canvas, box, 8, LIGHT, 2)
        label = "EXTRA SPACE · EMPTY" if space.extra else "EMPTY"
        pen.text(((left + right) / 2, middle), label, font=font(GLANCE, bold=True), fill=GREY, anchor="mm")
        return
    look = power_type(space.char.power_type)
    rounded_box(canvas, box, 8, STUNNED_FILL if space.stunned else PAPER, RED if role else look.colour, 3)
    square = height - 8
    rounded_box(canvas, (left + 4, top + 4, left + 4 + square, top + 4 + square), 6, look.colour)
    symbol = look.symbol
    pen.text(
        (left + 4 + square / 2, middle), symbol, font=font(GLANCE, bold=True), fill=look.ink, anchor="mm"
    )
    name_left = left + square + 12
    marks = [
        *([role_tag(role)] if role else []),
        *([STUNNED_TAG] if space.stunned else []),
        *space_marks(space),
        *([EXTRA_TAG] if space.extra else []),
    ]
    shown = _mark_texts(marks, space.char.name, right - 5 - name_left)
    x = right - 5
    badge_top = round(middle - GLANCE * 1.55 / 2)
    for text, (_, fill, ink) in zip(shown, marks, strict=True):
        x = badge(canvas, (x, badge_top), text, fill, ink, GLANCE, right=True)[0] - 4
    name, face = fit_line(space.char.name, x - name_left - 4, 20, GLANCE, bold=True)
    pen.text((name_left, middle), name, font=face, fill=INK, anchor="lm")


def _mark_texts(marks: Sequence[Mark], name: str, room: float) -> list[str]:
    """Each mark's text (marks come most important first): the longest forms that leave the whole
    name room beside them (at the glance size, condensed if it must), the least important mark
    giving way to its shorter forms first; the shortest forms when nothing else does."""
    levels = [0] * len(marks)

    def texts() -> list[str]:
        return [forms[min(level, len(forms) - 1)] for (forms, _, _), level in zip(marks, levels, strict=True)]

    name_w = min(
        text_width(font(GLANCE, bold=True), name), text_width(font(GLANCE, bold=True, condensed=True), name)
    )
    for number in reversed(range(len(marks))):
        while name_w + 8 + sum(badge_width(text, GLANCE) + 4 for text in texts()) > room:
            if levels[number] >= len(marks[number][0]) - 1:
                break
            levels[number] += 1
    return texts()
