"""The static layer of a table: the backdrop, the header bar's ground, the pile panels, the board
(spaces, repair stations, finish), cached per shape of table (every table of that shape shares it),
and each lane's plate with its token and name, drawn on each image."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.cache import cached_image
from renderers.kit.draw import seat_token
from renderers.kit.fonts import font
from renderers.kit.palette import seat_style
from renderers.kit.shapes import rounded_box
from renderers.kit.text import fit_line
from renderers.supernova.geometry import BOARD_LABELS_H, Layout
from renderers.supernova.look import (
    BAR,
    FINISH,
    FINISH_MARK,
    FOOTER_H,
    GLANCE,
    HEADER_H,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SPACE,
    STATION,
    STATION_MARK,
    TABLE_W,
    TEXT,
    TRACK,
)


def table_frame(names: tuple[str, ...], piles: int, finish: int, stations: tuple[int, ...]) -> Image.Image:
    """The table's static layer (RGB, a fresh image to draw on): the shared layer of its shape, then
    each lane's plate with its token and name (drawn on each image: a layer per table's names was
    2.6 MiB kept for each table playing)."""
    canvas = table_base(len(names), piles, finish, stations)
    layout = Layout(len(names), piles, finish)
    for index, name in enumerate(names):
        _plate(canvas, layout, index, name)
    return canvas


@cached_image
def table_base(players: int, piles: int, finish: int, stations: tuple[int, ...]) -> Image.Image:
    """What every table of this shape shows under its plates (RGB): the header and footer bars'
    ground, the pile panels and the board."""
    layout = Layout(players, piles, finish)
    canvas = Image.new("RGB", (TABLE_W, layout.height), SPACE)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, TABLE_W, HEADER_H), fill=BAR)
    draw.line((0, HEADER_H, TABLE_W, HEADER_H), fill=PANEL_EDGE, width=2)
    top = layout.height - FOOTER_H
    draw.rectangle((0, top, TABLE_W, layout.height), fill=BAR)
    draw.line((0, top, TABLE_W, top), fill=PANEL_EDGE, width=2)
    for box in layout.pile_boxes():
        rounded_box(canvas, box, 16, PANEL, PANEL_EDGE, 2)
    _board(canvas, layout, stations)
    return canvas


def _board(canvas: Image.Image, layout: Layout, stations: tuple[int, ...]) -> None:
    draw = ImageDraw.Draw(canvas)
    top = layout.board_top
    bottom = layout.lanes_top + layout.players * layout.lane_h
    width = layout.space_w
    label = font(GLANCE, bold=True)
    key = f"{STATION_MARK} repair station · RACE" if stations else "RACE"
    draw.text((layout.track_left - 8, top + BOARD_LABELS_H / 2), key, font=label, fill=MUTED, anchor="rm")
    for space in range(layout.finish + 1):
        left = layout.track_left + space * width
        box = (round(left) + 1, top + 2, round(left + width) - 1, bottom)
        if space in stations:
            draw.rectangle(box, fill=(70, 60, 40))
            draw.text(
                (left + width / 2, top + BOARD_LABELS_H / 2),
                STATION_MARK,
                font=font(18, bold=True),
                fill=STATION,
                anchor="mm",
            )
        elif space == layout.finish:
            draw.rectangle(box, fill=(80, 84, 96))
            draw.text(
                (left + width / 2, top + BOARD_LABELS_H / 2),
                FINISH_MARK,
                font=font(18, bold=True),
                fill=FINISH,
                anchor="mm",
            )
        else:
            draw.rectangle(box, fill=TRACK if space % 2 else (44, 54, 98))
            text = "S" if space == 0 else str(space) if space % 5 == 0 else ""
            if text:
                draw.text(
                    (left + width / 2, top + BOARD_LABELS_H / 2), text, font=label, fill=MUTED, anchor="mm"
                )
    for index in range(1, layout.players):
        y = layout.lane(index)[1]
        draw.line((layout.track_left, y, layout.track_right, y), fill=SPACE, width=1)


def plate_rows(layout: Layout, index: int) -> tuple[int, float, float]:
    """Where a lane's plate puts its text: the left edge, and the middles of its two lines (the
    name and screen badge; the counts and pills)."""
    left, top, _, bottom = layout.plate(index)
    height = bottom - top
    return left + height - 12 + 18, top + height * 0.27, top + height * 0.73


def _plate(canvas: Image.Image, layout: Layout, index: int, name: str) -> None:
    left, top, right, bottom = layout.plate(index)
    rounded_box(canvas, (left, top, right, bottom), 10, PANEL, PANEL_EDGE, 1)
    diameter = bottom - top - 12
    seat_token(canvas, (left + 6 + diameter // 2, (top + bottom) // 2), diameter, seat_style(index))
    text_left, middle, _ = plate_rows(layout, index)
    text, face = fit_line(name, right - text_left - 130, 21, GLANCE, bold=True)
    ImageDraw.Draw(canvas).text((text_left, middle), text, font=face, fill=TEXT, anchor="lm")
