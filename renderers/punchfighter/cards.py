"""The hand panel's tiles, memoised: fighter cards (a combo card's cost as letter tiles on a dark
strip, a defence card's blue DEFENCE strip; the name; one line per effect) and pad buttons (the
letter large, the name and what it does; a pushed one dark under a thumb token)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB
from renderers.kit.shapes import rounded_box, rounded_mask
from renderers.kit.text import fit_block, wrap
from renderers.punchfighter.look import (
    CARD_FACE,
    COMBO_BAND,
    DEFENCE_BAND,
    HAND_GLANCE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PUSHED_TILE,
    TEXT,
    WHITE,
    letter_colour,
)
from renderers.punchfighter.pieces import letter_tile, thumb_token

CARD_EDGE: RGB = (176, 166, 146)
STRIP_H = 38
LEADING = 1.18


def _tile(width: int, height: int, face: RGB, edge: RGB, line: int = 2, radius: int = 12) -> Image.Image:
    tile = Image.new("RGB", (width, height), edge)
    rounded_box(tile, (0, 0, width, height), radius, face, edge, line)
    out = tile.convert("RGBA")
    out.putalpha(rounded_mask(width, height, radius))
    return out


def effect_lines(
    text: str, width: float, height: float, size: int
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The effects one per line (each wrapped), as large as fits from `size` down to the glance
    size, normal before condensed; at the glance size, condensed and cut if it must be."""
    parts = [part.strip()[:1].upper() + part.strip()[1:] for part in text.split(";") if part.strip()] or [
        text
    ]

    def laid(face: ImageFont.FreeTypeFont) -> tuple[list[str], bool]:
        lines: list[str] = []
        whole = True
        for part in parts:
            wrapped, fits = wrap(part, face, width, 3)
            lines += wrapped
            whole = whole and fits
        return lines, whole and len(lines) * face.size * LEADING <= height

    for current in range(size, HAND_GLANCE - 1, -1):
        for condensed in (False, True):
            face = font(current, condensed=condensed)
            lines, fits = laid(face)
            if fits:
                return lines, face
    face = font(HAND_GLANCE, condensed=True)
    lines, _ = laid(face)
    return lines[: max(1, int(height // (HAND_GLANCE * LEADING)))], face


@layer_memo
def fighter_card(name: str, cost: str, effect: str, width: int, height: int, ready: bool) -> Layer:
    """A fighter card; `ready` (a combo the pad can pay for now) gets a bright edge."""
    tile = _tile(width, height, CARD_FACE, HIGHLIGHT if ready else CARD_EDGE, 4 if ready else 2)
    strip = _tile(
        width - 8, STRIP_H, COMBO_BAND if cost else DEFENCE_BAND, COMBO_BAND if cost else DEFENCE_BAND, 0, 8
    )
    tile.alpha_composite(strip, (4, 4))
    draw = ImageDraw.Draw(tile)
    if cost:
        x = 10
        for letter in cost:
            letter_face = letter_tile(letter, 28, 28, False, HAND_GLANCE + 2)
            tile.alpha_composite(letter_face, (x, 4 + (STRIP_H - 28) // 2))
            x += 32
    else:
        draw.text(
            (12, 4 + STRIP_H / 2), "DEFENCE", font=font(HAND_GLANCE + 1, bold=True), fill=WHITE, anchor="lm"
        )
    pad = 10
    y = STRIP_H + 12
    lines, face = fit_block(name, width - 2 * pad, 2 * 19 * 1.1, 19, HAND_GLANCE, 2, True, 1.1, True, True)
    for line in lines:
        draw.text((pad, y), line, font=face, fill=INK, anchor="lt")
        y += round(face.size * 1.1)
    y += 6
    draw.line((pad, y, width - pad, y), fill=CARD_EDGE, width=1)
    y += 8
    shown, text_face = effect_lines(effect, width - 2 * pad, height - y - pad, 18)
    with text_role(RULES):
        for line in shown:
            draw.text((pad, y), line, font=text_face, fill=INK, anchor="lt")
            y += round(text_face.size * LEADING)
    return shadowed(tile, offset=3, blur=6)


@layer_memo
def pad_button(letter: str, name: str, text: str, pushed: bool, width: int, height: int) -> Layer:
    """A button on the pad: its letter tile, name and effect; pushed, dark under a thumb token."""
    colour = letter_colour(letter)
    tile = _tile(width, height, PUSHED_TILE if pushed else PANEL, colour, 3, 10)
    draw = ImageDraw.Draw(tile)
    big = letter_tile(letter, 40, 40, False, 24)
    tile.alpha_composite(big, (8, 8))
    left = 56
    name_lines, face = fit_block(name, width - left - 8, 40, 17, HAND_GLANCE, 2, True, 1.05, True)
    y = 8 + (40 - face.size * 1.05 * len(name_lines)) / 2
    for line in name_lines:
        draw.text((left, y), line, font=face, fill=MUTED if pushed else TEXT, anchor="lt")
        y += face.size * 1.05
    lines, small = fit_block(text, width - 16, height - 56, 16, HAND_GLANCE, 2, False, 1.1, True)
    y = 54
    with text_role(RULES):
        for line in lines:
            draw.text((8, y), line, font=small, fill=MUTED if pushed else TEXT, anchor="lt")
            y += round(small.size * 1.1)
    if pushed:
        thumb = thumb_token(34)
        tile.alpha_composite(thumb, (width - 40, 6))
    return Layer(tile, (0, 0))
