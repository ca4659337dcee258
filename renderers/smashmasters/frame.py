"""The static layer of a Smash Masters table: the sky backdrop, every team's panel and plate (seat
token, name, deck, TURN / DECIDING / OUT tag), the pile labels, the bottom band's panels and, when
no battle is on, the symbol key. Keyed by what it shows, so tables in the same situation share one
cached image."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.draw import Layer, badge, badge_width, paste_layer, seat_token, shadowed
from renderers.kit.fonts import font
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import Box, rounded_box
from renderers.kit.text import fit_line, text_width
from renderers.kit.views import View, as_mapping, as_str, seat_name, seats
from renderers.smashmasters import geometry
from renderers.smashmasters.look import (
    BAR,
    DOTS,
    GLANCE,
    GREEN,
    GREY,
    INK,
    KINDS,
    LIGHT,
    PANEL,
    PANEL_OUT,
    POWER_TYPES,
    SKY,
    SKY_BOTTOM,
    SKY_TOP,
    STUN_MARK,
    TEAM_SIZE,
    TIMINGS,
    WHITE,
    YELLOW,
)
from renderers.smashmasters.read import deciding, drafting, is_out, log_line, picked, turn
from renderers.smashmasters.words import winners

COUNT_LABELS = ("Stack", "Deck", "Discard", "Hand", "Defeated")
TAG_COLOURS = {
    "TURN": (YELLOW, INK),
    "WINNER": (YELLOW, INK),
    "DECIDING": (SKY, INK),
    "OUT": (BAR, WHITE),
    "READY": (GREEN, WHITE),
}


@dataclass(frozen=True)
class FrameKey:
    """Everything the static layer shows."""

    seats: tuple[tuple[str, str, str], ...]
    """(name, deck name, tag) per seat; the tag is TURN, DECIDING, READY, WINNER, OUT or ""."""
    log: bool
    band: str
    """What the battle panel holds under the dynamic layer: "battle", "key", "draft" or "over"."""


def frame_key(view: View) -> FrameKey:
    current = turn(view)
    deciders = {item.seat for item in deciding(view)}
    listed = []
    draft = drafting(view)
    won = winners(view)
    for index, seat in enumerate(seats(view)):
        if is_out(seat):
            tag = "OUT"
        elif index in won:
            tag = "WINNER"
        elif draft and (picked(seat) or 0) >= TEAM_SIZE:
            tag = "READY"
        elif index == current:
            tag = "TURN"
        elif index in deciders and not view.get("over"):
            tag = "DECIDING"
        else:
            tag = ""
        listed.append((seat_name(view, index), as_str(seat.get("deck_name")), tag))
    if view.get("over"):
        band = "over"
    elif as_mapping(view.get("battle")) is not None:
        band = "battle"
    elif drafting(view):
        band = "draft"
    else:
        band = "key"
    return FrameKey(tuple(listed), bool(log_line(view)), band)


@cache.cached_image
def backdrop(size: tuple[int, int]) -> Image.Image:
    """A comic-book night sky: a vertical gradient under a halftone dot screen (RGB, a copy)."""
    width, height = size
    ramp = Image.linear_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    canvas = Image.composite(Image.new("RGB", size, SKY_BOTTOM), Image.new("RGB", size, SKY_TOP), ramp)
    pen = ImageDraw.Draw(canvas)
    step = 18
    for y in range(0, height + step, step):
        for x in range((y // step % 2) * step // 2, width + step, step):
            radius = 1.2 + 3.2 * (x / width) * max(0.0, 1 - y / max(1, height)) ** 0.5
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=DOTS)
    return canvas


PANEL_RADIUS = 14


@layer_memo
def panel_layer(size: tuple[int, int], fill: RGB, edge: RGB, edge_width: int) -> Layer:
    """A raised panel (kit.draw.panel's look) baked onto its shadow, pasted in one go. Never mutate."""
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    rounded_box(tile, (0, 0, *size), PANEL_RADIUS, fill, edge, edge_width)
    return shadowed(tile, offset=3, blur=6, radius=PANEL_RADIUS)


def raised(canvas: Image.Image, box: Box, fill: RGB, edge: RGB, edge_width: int = 2) -> None:
    """A raised panel at `box`, from its cached layer."""
    left, top, right, bottom = box
    paste_layer(canvas, panel_layer((right - left, bottom - top), fill, edge, edge_width), (left, top))


def frame(key: FrameKey) -> Image.Image:
    """The table's static layer (a fresh image to draw on): the shared base of its shape, then
    each team's panel and plate. The plates name the table's players, so they are drawn on each
    image from cached layers: a whole frame kept per table was seldom drawn twice (a table changes
    between two of its images) and cost 4 MiB and more than the rest of the table to build."""
    layout = geometry.grid(len(key.seats), key.log)
    canvas = base(len(key.seats), key.log, key.band)
    pen = ImageDraw.Draw(canvas)
    for index, (seat, box) in enumerate(zip(key.seats, layout.panels, strict=True)):
        _team_panel(canvas, pen, box, index, seat, layout.side_counts)
    return canvas


@cache.cached_image
def base(seats: int, log: bool, band: str) -> Image.Image:
    """What every table of this shape shows under its teams: the backdrop, the battle and story
    panels, the symbol key or the draft note, the log bar."""
    layout = geometry.grid(seats, log)
    canvas = backdrop(layout.size)
    pen = ImageDraw.Draw(canvas)
    raised(canvas, layout.battle, PANEL, LIGHT)
    raised(canvas, layout.story, PANEL, LIGHT)
    if band == "key":
        symbol_key(canvas, layout.battle, "No Smash Battle right now")
    elif band == "draft":
        symbol_key(canvas, layout.battle, "Teams are picked face down, then revealed together")
    if layout.log is not None:
        left, top, right, bottom = layout.log
        pen.rectangle(layout.log, fill=BAR)
        pen.line((left, top, right, top), fill=YELLOW, width=2)
        badge(
            canvas, (left + 14, top + (bottom - top - round(GLANCE * 1.55)) // 2), "LOG", YELLOW, INK, GLANCE
        )
    return canvas


def _team_panel(
    canvas: Image.Image,
    pen: ImageDraw.ImageDraw,
    box: Box,
    index: int,
    seat: tuple[str, str, str],
    side_counts: bool,
) -> None:
    """A team's panel: its plate (token, name, deck name, tag) and, beside the cards, the labels
    of its piles."""
    name, deck, tag = seat
    out = tag == "OUT"
    turn_ring = tag in ("TURN", "WINNER")
    raised(canvas, box, PANEL_OUT if out else PANEL, YELLOW if turn_ring else LIGHT, 5 if turn_ring else 2)
    left, top, right, bottom = geometry.plate(box)
    middle = (top + bottom) // 2
    seat_token(canvas, (left + 17, middle), 34, seat_style(index))
    tag_w = 0
    if tag:
        fill, ink = TAG_COLOURS.get(tag, (BAR, WHITE))
        tag_w = badge_width(tag, GLANCE) + 8
        badge(canvas, (right, middle - round(GLANCE * 1.55) // 2), tag, fill, ink, size=GLANCE, right=True)
    x = left + 42
    room = right - tag_w - x
    shown, face = fit_line(name, room, 22, GLANCE, bold=True)
    pen.text((x, middle), shown, font=face, fill=GREY if out else INK, anchor="lm")
    x += round(text_width(face, shown)) + 10
    deck_face = font(GLANCE)
    if deck and text_width(deck_face, deck) <= right - tag_w - x - 4:
        pen.text((x, middle + 1), deck, font=deck_face, fill=GREY, anchor="lm")
    if side_counts:
        c_left, c_top, c_right, c_bottom = geometry.counts_area(box, True)
        rounded_box(canvas, (c_left, c_top, c_right, c_bottom), 10, (230, 230, 226))
        step = (c_bottom - c_top) / len(COUNT_LABELS)
        label_face = font(GLANCE)
        for number, label in enumerate(COUNT_LABELS):
            y = c_top + step * (number + 0.5)
            pen.text((c_left + 9, y), label, font=label_face, fill=GREY, anchor="lm")


def symbol_key(canvas: Image.Image, box: Box, title: str) -> None:
    """The battle panel when no battle is on: a title, then what the symbols mean: power types,
    power timings and card kinds, each on its own colour."""
    left, top, right, _ = box
    pen = ImageDraw.Draw(canvas)
    shown, face = fit_line(title, right - left - 28, 20, GLANCE, bold=True)
    pen.text((left + 14, top + 22), shown, font=face, fill=GREY, anchor="lm")
    rows = (
        ("Powers", [(look.label, look.colour, look.ink) for look in POWER_TYPES.values()]),
        (
            "Timing",
            [(f"{look.symbol} {look.word}", look.colour, WHITE) for look in TIMINGS.values()]
            + [(f"{STUN_MARK} Stunned: sideways", BAR, WHITE)],
        ),
        ("Cards", [(look.label, look.colour, look.ink) for look in KINDS.values()]),
    )
    y = top + 44
    label_face = font(GLANCE, bold=True)
    chip_h = round(GLANCE * 1.55)
    x_chips = left + 14 + round(max(text_width(label_face, label) for label, _ in rows)) + 12
    for label, chips in rows:
        pen.text((left + 14, y + chip_h / 2), label, font=label_face, fill=INK, anchor="lm")
        x = x_chips
        for text, fill, ink in chips:
            if x + badge_width(text, GLANCE) > right - 10:
                break
            x = badge(canvas, (x, y), text, fill, ink, size=GLANCE)[2] + 7
        y += chip_h + 10
