"""The static layer of a SUPERHOT table: the Bullets Deck's panel, the Line's labels, the symbol
key and the footer bar, cached per shape of table (shared by every table of that shape); each
goal's panel, cached per goal and size (shared by every table that has it); then the seat plates,
drawn on each image."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.draw import Layer, badge, badge_width, centred_text, panel, paste_layer, seat_token
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB, SeatStyle, seat_style
from renderers.kit.shapes import Box, raised_box, rounded_box, rounded_outline
from renderers.kit.text import (
    fit_block,
    fit_line,
    text_width,
    whole,
    whole_or_nothing,
    whole_or_pointer,
    wrap_shaped,
)
from renderers.kit.views import View, as_int, as_mapping, as_str, seat_name, seats
from renderers.superhot import geometry
from renderers.superhot.cards import draw_bullet
from renderers.superhot.geometry import (
    AID_LABEL_H,
    BULLETS_BOX,
    GOALS_DECK_BOX,
    LABELS_H,
    LABELS_TOP,
    PLATE_PAD,
)
from renderers.superhot.look import (
    ALERT,
    BAR,
    DARK,
    FOOTER,
    GLANCE,
    GREY,
    INK,
    KINDS,
    LIGHT,
    MAX_BULLETS,
    NEEDS,
    PANEL,
    PAPER,
    RED,
    START_ARROW,
    SYSTEM_STYLE,
    TABLE_SIZE,
    TICK,
    WARNING,
    WHITE,
)
from renderers.superhot.read import turn
from renderers.superhot.room import backdrop

SYSTEM_NOTE = "Glitches The Line after each player's turn with the needs of 4 discarded cards."


@dataclass(frozen=True)
class FrameKey:
    """Everything the static layer shows; tables in the same situation share one cached layer."""

    slots: int
    goals: tuple[tuple[str, str, bool, bool], ...]
    goals_deck: bool
    low_bullets: bool
    seats: tuple[tuple[str, str], ...]
    active: int | None
    aid_from: str | None
    system: bool

    @property
    def done_goals(self) -> tuple[bool, ...]:
        """Which goals are done, in order (done goals get narrower panels when there are many)."""
        return tuple(done for _, _, done, _ in self.goals)

    @property
    def shape(self) -> FrameShape:
        """What the cached layer under the goals and plates shows."""
        roles = tuple(role for _, role in self.seats)
        return FrameShape(
            self.slots,
            not self.goals,
            self.goals_deck,
            self.low_bullets,
            roles,
            self.aid_from is not None,
            self.system,
        )


@dataclass(frozen=True)
class FrameShape:
    """Everything the cached layer under the goals and seat plates shows: no goal, no name, no turn."""

    slots: int
    no_goals: bool
    goals_deck: bool
    low_bullets: bool
    roles: tuple[str, ...]
    aid: bool
    system: bool


def frame_key(view: View) -> FrameKey:
    line = view.get("line")
    goals = [goal for goal in view.get("goals") or () if isinstance(goal, Mapping)]
    giver = view.get("aid_from")
    return FrameKey(
        slots=max(1, len(line)) if isinstance(line, list) else 6,
        goals=tuple(
            (
                as_str(g.get("name")) or "Goal",
                as_str(g.get("text")),
                bool(g.get("done")),
                bool(g.get("counted")) and as_int(g.get("count")) > 0,
            )
            for g in goals
        ),
        goals_deck=as_int(view.get("goals_deck"), -1) >= 0,
        low_bullets=as_int(view.get("bullets_left")) <= MAX_BULLETS,
        seats=tuple(
            (seat_name(view, index), as_str(seat.get("role"))) for index, seat in enumerate(seats(view))
        ),
        active=None if view.get("over") else turn(view),
        aid_from=(
            None
            if as_mapping(view.get("aid")) is None
            else (seat_name(view, giver) if isinstance(giver, int) else "")
        ),
        system=isinstance(view.get("system"), Mapping),
    )


def _panel(canvas: Image.Image, box: Box, fill: RGB = PANEL, edge: RGB = LIGHT, edge_w: int = 2) -> None:
    panel(canvas, box, fill, edge, edge_w)


def frame(key: FrameKey) -> Image.Image:
    """The table's static layer (a fresh image to draw on): the cached layer of its goals, Line
    and key, then the seat plates and the aid label. Those name the table's players and whose turn
    it is, so they are drawn on each image: kept in the cached layer, they changed it at every turn
    and a 4 MiB layer was built for nearly every image (docs/performance.md)."""
    canvas = goals_and_line(key.shape)
    pen = ImageDraw.Draw(canvas)
    if key.goals:
        for box, goal in zip(geometry.goal_boxes(key.done_goals, key.goals_deck), key.goals, strict=True):
            left, top, right, bottom = box
            paste_layer(canvas, goal_layer(goal, (right - left, bottom - top)), (left, top))
    band = geometry.players(tuple(role for _, role in key.seats), key.aid_from is not None, key.system)
    for index, ((name, role), box) in enumerate(zip(key.seats, band.plates, strict=True)):
        style = SYSTEM_STYLE if role == "System" else seat_style(index)
        _plate_face(canvas, pen, box, (name, role), style, key.active == index)
        if role == "System" and not key.system:
            left, top, right, bottom = box
            lines, face = fit_block(
                SYSTEM_NOTE, right - left - 2 * PLATE_PAD, bottom - top - 76, GLANCE, GLANCE, 4, condense=True
            )
            lines = whole_or_nothing(lines, SYSTEM_NOTE)
            y = top + 62
            with text_role(RULES):
                for line in lines:
                    pen.text((left + PLATE_PAD, y), line, font=face, fill=GREY, anchor="lt")
                    y += round(face.size * 1.2)
    if band.aid is not None:
        left, top, right, _ = band.aid
        label = f"AID from {key.aid_from}" if key.aid_from else "AID"
        lines, face = fit_block(label, right - left, AID_LABEL_H, GLANCE, GLANCE, 2, True, 1.05, True)
        step = face.size * 1.05
        for number, line in enumerate(lines):
            line_top = top + (AID_LABEL_H - step * len(lines)) / 2 + number * step
            pen.text(((left + right) / 2, line_top), line, font=face, fill=INK, anchor="mt")
    return canvas


@cache.cached_image
def goals_and_line(shape: FrameShape) -> Image.Image:
    """The backdrop with the Bullets Deck's panel, the Line's labels, the symbol key and the footer
    bar (and the goals' place while there are none): shared by every table of this shape."""
    canvas = backdrop(TABLE_SIZE)
    pen = ImageDraw.Draw(canvas)
    if shape.no_goals:
        (box,) = geometry.goal_boxes((), shape.goals_deck)
        _panel(canvas, box)
        centred_text(canvas, box, "No goals yet", 20, GREY)
    if shape.goals_deck:
        left, top, right, _ = GOALS_DECK_BOX
        _panel(canvas, GOALS_DECK_BOX, fill=(232, 232, 234))
        centred_text(canvas, (left, top + 62, right, top + 84), "goals", GLANCE, GREY, min_size=GLANCE)
        centred_text(canvas, (left, top + 84, right, top + 106), "deck", GLANCE, GREY, min_size=GLANCE)
    _bullets_panel(canvas, pen, shape.low_bullets)
    _line_labels(canvas, pen, geometry.line(shape.slots))
    band = geometry.players(shape.roles, shape.aid, shape.system)
    if band.legend is not None:
        _legend(canvas, pen, band.legend)
    width, height = TABLE_SIZE
    pen.rectangle((0, height - FOOTER, width, height), fill=BAR)
    badge(
        canvas, (16, height - FOOTER + (FOOTER - round(GLANCE * 1.55)) // 2), "LOG", RED, WHITE, size=GLANCE
    )
    return canvas


GOAL_SHADOW = 12
"""Room around a goal's layer for its panel's shadow."""


@layer_memo
def goal_layer(goal: tuple[str, str, bool, bool], size: tuple[int, int]) -> Layer:
    """A goal's panel on its shadow, to paste where its box begins: the same for every table that
    has this goal in a box of this size (name, text, done, counted)."""
    width, height = size
    margin = GOAL_SHADOW
    tile = Image.new("RGBA", (width + 2 * margin, height + 2 * margin), (0, 0, 0, 0))
    goal_face(tile, ImageDraw.Draw(tile), (margin, margin, margin + width, margin + height), goal)
    return Layer(tile, (-margin, -margin))


NARROW_GOAL = 130
"""A done goal narrower than this shows only its name (its text no longer matters)."""
GOAL_PAD = 10
GOAL_TICK = 24
GOAL_NAME = 20
"""A goal name's largest size."""
PIPS_H = 24
"""The row of a counted goal's progress pips and "progress/count" (drawn by the table)."""


def goal_face(
    canvas: Image.Image, pen: ImageDraw.ImageDraw, box: Box, goal: tuple[str, str, bool, bool]
) -> None:
    """A goal's panel: a tick box (ticked when done), its name (beside the tick, then under it)
    and its rules text (the name a little smaller when that lets the text fit, else "See Cards" in
    its place); the pips of a counted goal are drawn over it later. A narrow done goal
    shows its name alone."""
    name, text, done, counted = goal
    left, top, right, bottom = box
    _panel(canvas, box, fill=(224, 225, 228) if done else PANEL)
    pad, tick = GOAL_PAD, GOAL_TICK
    tick_box = (left + pad, top + pad, left + pad + tick, top + pad + tick)
    if done:
        rounded_box(canvas, tick_box, 6, BAR)
        middle = ((tick_box[0] + tick_box[2]) / 2, (tick_box[1] + tick_box[3]) / 2)
        pen.text(middle, TICK, font=font(20, bold=True), fill=WHITE, anchor="mm")
    else:
        rounded_outline(canvas, tick_box, 6, INK, 3)
    narrow = done and right - left < NARROW_GOAL
    inner = (left + pad, top + pad, right - pad, bottom - pad)
    ink = GREY if done else INK
    first = (tick_box[2] + 8, 4 if narrow else 2)
    if narrow:
        _flowing_name(pen, inner, name, first, ink)
        return
    text_bottom = bottom - pad - (PIPS_H if counted else 0)
    width = right - left - 2 * pad
    for largest in (GOAL_NAME, GLANCE):
        text_top = _flowing_name(None, inner, name, first, ink, largest) + 2
        lines, face = fit_block(text, width, text_bottom - text_top, GLANCE, GLANCE, 4, condense=True)
        if whole(lines, text):
            break
    else:
        largest = GOAL_NAME
        text_top = _flowing_name(None, inner, name, first, ink, largest) + 2
        lines = whole_or_pointer(lines, text, face, (width, text_bottom - text_top))
    text_top = _flowing_name(pen, inner, name, first, ink, largest) + 2
    with text_role(RULES):
        for line in lines:
            pen.text((left + pad, text_top), line, font=face, fill=GREY if done else DARK, anchor="lt")
            text_top += round(face.size * 1.15)


def _flowing_name(
    pen: ImageDraw.ImageDraw | None, box: Box, name: str, first: tuple[int, int], ink: RGB, largest: int = 0
) -> float:
    """A goal's name in bold (at most `largest` px, 0: GOAL_NAME), in at most `first` rows lines:
    its first line beside the tick box (from `first` x, centred on the tick) and the rest full
    width, else (a first word too wide to sit beside the tick) all of it under the tick; returns
    the y below it (and draws nothing without a `pen`)."""
    left, top, right, _ = box
    first_x, rows = first
    layouts = (
        (top + GOAL_TICK / 2, [right - first_x, *([right - left] * (rows - 1))]),
        (top + GOAL_TICK + 4 + GLANCE * 0.6, [right - left] * (rows - 1)),
    )
    for size in range(largest or GOAL_NAME, GLANCE - 1, -1):
        step = round(size * 1.12)
        for condensed in (False, True):
            face = font(size, bold=True, condensed=condensed)
            for y, widths in layouts:
                lines, whole = wrap_shaped(name, face, widths)
                last = size == GLANCE and condensed and widths is layouts[-1][1]
                if whole or last:
                    beside = len(widths) == rows
                    for number, line in enumerate(lines):
                        x = first_x if beside and number == 0 else left
                        if pen is not None:
                            pen.text((x, y), line, font=face, fill=ink, anchor="lm")
                        y += step if number or not beside else max(step, GOAL_TICK)
                    return y - step / 2
    return top + GOAL_TICK


def _bullets_panel(canvas: Image.Image, pen: ImageDraw.ImageDraw, low: bool) -> None:
    """The Bullets Deck: a drawn bullet and "bullets left" (black and yellow when few are left)."""
    left, top, _, _ = BULLETS_BOX
    fill, ink = (BAR, ALERT) if low else (RED, WHITE)
    raised_box(canvas, BULLETS_BOX, 14, fill, offset=3, blur=6)
    draw_bullet(canvas, (left + 16, top + 28, left + 84, top + 58), ink)
    label = f"{WARNING} bullets left" if low else "bullets left"
    pen.text((left + 16, top + 86), label, font=font(20, bold=True), fill=ink, anchor="lm")


def _line_labels(canvas: Image.Image, pen: ImageDraw.ImageDraw, geo: geometry.Line) -> None:
    """Above The Line: NEXT, the slot numbers on an arrow (time moves right), START, DISCARD."""
    card_w, _ = geo.card
    y = LABELS_TOP + LABELS_H // 2
    start = f"START {START_ARROW}"
    start_left = geo.slot_x[0] + card_w - badge_width(start, GLANCE)
    if len(geo.slot_x) > 1:
        pen.line((geo.slot_x[-1] + card_w // 2, y, start_left - 12, y), fill=LIGHT, width=3)
        pen.polygon([(start_left - 4, y), (start_left - 16, y - 7), (start_left - 16, y + 7)], fill=LIGHT)
    small = font(GLANCE, bold=True)
    for index, x in enumerate(geo.slot_x[1:], start=1):
        middle = x + card_w // 2
        rounded_box(canvas, (middle - 15, y - 15, middle + 15, y + 15), 15, PAPER, LIGHT, 2)
        pen.text((middle, y), str(index + 1), font=small, fill=GREY, anchor="mm")
    top = LABELS_TOP + (LABELS_H - round(GLANCE * 1.55)) // 2
    badge(canvas, (start_left, top), start, BAR, WHITE, size=GLANCE)
    badge(canvas, (geo.deck_x, top), "NEXT", DARK, WHITE, size=GLANCE)
    badge(canvas, (geo.discard_x + card_w, top), "DISCARD", DARK, WHITE, GLANCE, True)


def _plate_face(
    canvas: Image.Image,
    pen: ImageDraw.ImageDraw,
    box: Box,
    seat: tuple[str, str],
    style: SeatStyle,
    active: bool,
) -> None:
    """A seat's plate: its token, name, role and, on its turn, a black ring and a TURN tag."""
    name, role = seat
    left, top, right, _ = box
    _panel(canvas, box, edge=BAR if active else LIGHT, edge_w=4 if active else 2)
    pad = PLATE_PAD
    seat_token(canvas, (left + pad + 19, top + pad + 19), 38, style)
    tag_w = badge_width("TURN", GLANCE) + 8 if active else 0
    role_w = badge_width(role, GLANCE) + 8 if role and role != "System" else 0
    name_x = left + pad + 48
    shown, face = fit_line(name, right - pad - name_x - role_w - tag_w, 24, GLANCE, bold=True)
    pen.text((name_x, top + pad + 19), shown, font=face, fill=INK, anchor="lm")
    badge_top = top + pad + 19 - round(GLANCE * 1.55) // 2
    if role_w:
        x = name_x + round(text_width(face, shown)) + 8
        badge(canvas, (x, badge_top), role, DARK, WHITE, size=GLANCE)
    if active:
        badge(canvas, (right - pad, badge_top), "TURN", ALERT, INK, size=GLANCE, right=True)


def _legend(canvas: Image.Image, pen: ImageDraw.ImageDraw, box: Box) -> None:
    """The key: what each skill and kind symbol means."""
    left, top, right, bottom = box
    _panel(canvas, box, fill=(236, 236, 238))
    pad = 12
    pen.text((left + pad, top + pad), "KEY", font=font(GLANCE, bold=True), fill=GREY, anchor="lt")
    column_w = (right - left - 2 * pad) // 2
    row_h = (bottom - top - pad - 34) // 3
    for number, look in enumerate([*NEEDS.values(), *KINDS.values()]):
        x = left + pad + (number // 3) * column_w
        y = top + 36 + (number % 3) * row_h
        rounded_box(canvas, (x, y, x + 30, y + 28), 7, look.colour)
        pen.text((x + 15, y + 14), look.symbol, font=font(19, bold=True), fill=look.ink, anchor="mm")
        word, face = fit_line(look.word.capitalize(), column_w - 40, 19, GLANCE)
        pen.text((x + 37, y + 14), word, font=face, fill=INK, anchor="lm")
