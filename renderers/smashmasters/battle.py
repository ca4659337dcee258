"""The bottom band of the Smash Masters table: the Smash Battle as a chain (attacker ➜ target, each
card played in order with who played it, who wins if it ended now), the result when the game is
over, the last Story played, and the newest log line when the view has a log."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.kit.draw import badge, badge_width, paste_layer, seat_token
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.palette import seat_style
from renderers.kit.shapes import Box, rounded_box
from renderers.kit.text import fit_block, fit_line, text_width, whole_or_pointer
from renderers.kit.views import View, as_str
from renderers.smashmasters.cards import STRIP_FONT, STRIP_H, blow_strip, strip_font
from renderers.smashmasters.geometry import Grid
from renderers.smashmasters.look import (
    ARROW,
    BAR,
    GLANCE,
    GREY,
    INK,
    KINDS,
    RED,
    WHITE,
    YELLOW,
)
from renderers.smashmasters.read import Battle, Blow, Card, Fighter, last_story, log_line

STRIP_MIN = 210
STRIP_MAX = 270
STRIP_GAP = 14
ROW_GAP = 6
CHAIN_ROWS = 2
TOKEN = 32
"""A fighter's seat token: its symbol is glance-sized."""


def draw_band(canvas: Image.Image, view: View, layout: Grid, battle: Battle | None) -> None:
    if battle is not None:
        draw_battle(canvas, layout.battle, battle)
    elif view.get("over"):
        _result(canvas, layout.battle, as_str(view.get("result")) or "Game over")
    draw_story(canvas, layout.story, last_story(view))
    line = log_line(view)
    if layout.log is not None and line:
        left, top, right, bottom = layout.log
        x = left + 14 + badge_width("LOG", GLANCE) + 12
        shown, face = fit_line(line, right - 14 - x, 20, GLANCE)
        ImageDraw.Draw(canvas).text((x, (top + bottom) / 2), shown, font=face, fill=WHITE, anchor="lm")


def _fighter(
    canvas: Image.Image, pen: ImageDraw.ImageDraw, fighter: Fighter, x: int, y: int, room: int
) -> int:
    """A seat token and the character's name; returns the x after it."""
    if fighter.seat is not None:
        seat_token(canvas, (x + TOKEN // 2, y), TOKEN, seat_style(fighter.seat))
        x += TOKEN + 6
    shown, face = fit_line(fighter.name, room - TOKEN - 6, 21, GLANCE, bold=True)
    pen.text((x, y), shown, font=face, fill=INK, anchor="lm")
    return x + round(text_width(face, shown))


def _kind_of(blow: Blow) -> str:
    if blow.card is not None and blow.card.kind in KINDS:
        return blow.card.kind
    return "teamup" if blow.teamup else "smash"


@dataclass(frozen=True)
class ChainPlan:
    """How the chain is drawn: the strips' width, how many go in a row, and the blows shown in
    order (None: a "+N more" marker standing for the blows left out in the middle)."""

    width: int
    per_row: int
    shown: tuple[int | None, ...]


@lru_cache(maxsize=64)
def chain_plan(count: int, room: int) -> ChainPlan:
    """Every blow, in one row or two, when they fit at STRIP_MIN; else the first, a "+N more"
    marker and as many of the latest as fit in two rows."""
    per_row = max(2, (room + STRIP_GAP) // (STRIP_MIN + STRIP_GAP))
    if count <= per_row:
        width = min(STRIP_MAX, (room - STRIP_GAP * (max(1, count) - 1)) // max(1, count))
        return ChainPlan(width, per_row, tuple(range(count)))
    width = min(STRIP_MAX, (room - STRIP_GAP * (per_row - 1)) // per_row)
    if count <= per_row * CHAIN_ROWS:
        return ChainPlan(width, per_row, tuple(range(count)))
    latest = per_row * CHAIN_ROWS - 2
    return ChainPlan(width, per_row, (0, None, *range(count - latest, count)))


def draw_battle(canvas: Image.Image, box: Box, battle: Battle) -> None:
    left, top, right, bottom = box
    pen = ImageDraw.Draw(canvas)
    y = top + 24
    x = (
        badge(canvas, (left + 12, y - round(GLANCE * 1.55) // 2), "SMASH BATTLE", RED, WHITE, size=GLANCE)[2]
        + 14
    )
    half = (right - 14 - x) // 2 - 20
    x = _fighter(canvas, pen, battle.attacker, x, y, half) + 10
    pen.text((x, y), ARROW, font=font(22, bold=True), fill=RED, anchor="lm")
    x += 32
    _fighter(canvas, pen, battle.target, x, y, right - 14 - x)
    # The chain: each card played, in order, with who played it.
    plan = chain_plan(len(battle.chain), right - left - 24)
    labels = [blow.card.name if blow.card is not None else "Free smash" for blow in battle.chain]
    size = min((strip_font(label, plan.width) for label in labels), default=STRIP_FONT)
    arrow = font(22, bold=True)
    y = top + 46
    for number, index in enumerate(plan.shown):
        column = number % plan.per_row
        if number and not column:
            y += STRIP_H + ROW_GAP
        x = left + 12 + column * (plan.width + STRIP_GAP)
        if column:
            pen.text((x - STRIP_GAP / 2, y + STRIP_H / 2), "›", font=arrow, fill=GREY, anchor="mm")
        if index is None:
            hidden = len(battle.chain) - (len(plan.shown) - 1)
            rounded_box(canvas, (x, y + 3, x + plan.width, y + STRIP_H - 3), 8, (222, 222, 218))
            more = f"… {hidden} more cards …"
            middle = (x + plan.width / 2, y + STRIP_H / 2)
            pen.text(middle, more, font=font(GLANCE, bold=True), fill=GREY, anchor="mm")
            continue
        blow = battle.chain[index]
        strip = blow_strip(index + 1, blow.seat, labels[index], _kind_of(blow), (plan.width, STRIP_H), size)
        paste_layer(canvas, strip, (x, y))
    # Who wins if nobody plays another card.
    below = y + STRIP_H if plan.shown else top + 40
    y = (below + bottom) // 2
    if battle.winner:
        x = left + 14
        face = font(GLANCE)
        pen.text((x, y), "If it ended now:", font=face, fill=GREY, anchor="lm")
        x += round(text_width(face, "If it ended now:")) + 8
        fate = battle.fate.upper() if battle.fate else ""
        tail = f"{battle.loser} is" if battle.loser and fate else ""
        fate_w = badge_width(fate, GLANCE) if fate else 0
        text = f"{battle.winner} wins · {tail}" if tail else f"{battle.winner} wins"
        shown, face = fit_line(text, right - 14 - x - fate_w - 8, 19, GLANCE, bold=True)
        pen.text((x, y), shown, font=face, fill=INK, anchor="lm")
        x += round(text_width(face, shown)) + 8
        if fate:
            fill, ink = (RED, WHITE) if fate == "DEFEATED" else (BAR, YELLOW)
            badge(canvas, (x, y - round(GLANCE * 1.55) // 2), fate, fill, ink, size=GLANCE)


def _result(canvas: Image.Image, box: Box, result: str) -> None:
    left, top, right, bottom = box
    pen = ImageDraw.Draw(canvas)
    badge(canvas, (left + 14, top + 14), "GAME OVER", YELLOW, INK, size=19)
    lines, face = fit_block(result, right - left - 28, bottom - top - 60, 28, GLANCE, 3, bold=True)
    y = top + 56
    for line in lines:
        pen.text((left + 14, y), line, font=face, fill=INK, anchor="lt")
        y += round(face.size * 1.15)


def draw_story(canvas: Image.Image, box: Box, story: Card | None) -> None:
    """The last Story played: its band, name and text (or a note that none was played yet)."""
    left, top, right, bottom = box
    pen = ImageDraw.Draw(canvas)
    look = KINDS["story"]
    band_bottom = top + 32
    rounded_box(canvas, (left + 2, top + 2, right - 2, band_bottom), 12, look.colour)
    pen.rectangle((left + 2, band_bottom - 10, right - 2, band_bottom), fill=look.colour)
    pen.text(
        (left + 14, (top + band_bottom) / 2 + 1),
        f"{look.symbol} LAST STORY",
        font=font(GLANCE, bold=True),
        fill=look.ink,
        anchor="lm",
    )
    if story is None:
        pen.text(
            ((left + right) / 2, (band_bottom + bottom) / 2),
            "No Story played yet",
            font=font(GLANCE),
            fill=GREY,
            anchor="mm",
        )
        return
    shown, face = fit_line(story.name, right - left - 28, 21, GLANCE, bold=True)
    pen.text((left + 14, band_bottom + 8), shown, font=face, fill=INK, anchor="lt")
    text_top = band_bottom + 8 + round(face.size * 1.25)
    lines, face = fit_block(
        story.text, right - left - 28, bottom - 8 - text_top, GLANCE, GLANCE, 6, condense=True
    )
    lines = whole_or_pointer(lines, story.text, face, (right - left - 28, bottom - 8 - text_top))
    with text_role(RULES):
        for line in lines:
            pen.text((left + 14, text_top), line, font=face, fill=INK, anchor="lt")
            text_top += round(face.size * 1.15)
