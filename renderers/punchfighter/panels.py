"""A player's panel on the table: the fighter's token, the player's name and stars, the fighter and
where it stands, hand and deck counts, the health dial as coloured band cells, and the control pad
as letter tiles (a thumb token on each pushed one). Tags on the panel's edge say whose turn it is,
who else is answering, and who won."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.categories import Category, draw_pattern
from renderers.kit.draw import badge, badge_width
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, legible
from renderers.kit.shapes import Box, rounded_outline
from renderers.kit.text import fit_line, text_width
from renderers.punchfighter.board import paste_fighter
from renderers.punchfighter.look import (
    DANGER,
    GLANCE,
    HIGHLIGHT,
    INK,
    LOST,
    MARK,
    MUTED,
    PANEL,
    SKULL,
    STAR,
    STAR_MARK,
    TEXT,
    TURN_MARK,
    bands,
)
from renderers.punchfighter.pieces import letter_tile
from renderers.punchfighter.read import Player, Table
from renderers.punchfighter.words import counts_text, health_text, stars_text, where_text, winners

TAGS: dict[str, str] = {
    "defend": "DEFENDING",
    "stagger": "STAGGERED",
    "shove": "CHOOSING",
    "target": "TARGETING",
    "fighter": "CHOOSING",
    "claim": "CLAIMING",
    "chase": "CHOOSING",
    "place": "PLACING",
}
TILE = 28


def health_cells(player: Player) -> list[Category]:
    """The band of each health point from 1 up to the top, as the dial shows it there."""
    looks = bands(len(player.bands))
    cells: list[Category] = []
    for index in range(len(player.bands) - 1, -1, -1):
        cells += [looks[index]] * player.bands[index]
    return cells


def health_bar(canvas: Image.Image, box: Box, player: Player) -> None:
    """The dial as cells: low health on the left (red) to full on the right (green), lit up to
    the health left, a skull before them."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.text((left, (top + bottom) / 2), SKULL, font=font(GLANCE), fill=MUTED, anchor="lm")
    left += 24
    cells = health_cells(player)
    if not cells:
        return
    gap = 2
    width = (right - left - gap * (len(cells) - 1)) / len(cells)
    for n, band in enumerate(cells):
        x = left + n * (width + gap)
        cell = (round(x), top, round(x + width) - 1, bottom)
        draw.rectangle(cell, fill=band.colour if n < player.health else LOST)
        if n < player.health:
            draw_pattern(draw, cell, band)


def tag_for(table: Table, player: Player) -> tuple[str, RGB] | None:
    """The tag on a panel's edge: TURN, what another seat is answering, WINNER."""
    if table.finished:
        return (f"{STAR_MARK} WINNER", STAR) if player in winners(table) and not table.past_nine else None
    if table.waiting is not None and table.waiting[0] == player.index and player.index != table.turn:
        return TAGS.get(table.waiting[1].partition(".")[0], "ANSWERING"), MARK
    if player.index == table.turn and table.phase != "choose":
        return f"{TURN_MARK} TURN", HIGHLIGHT
    if table.phase == "choose" and table.waiting is not None and table.waiting[0] == player.index:
        return "CHOOSING", MARK
    return None


def _fighter_line(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], room: float, table: Table, player: Player
) -> None:
    """ "Kid Kilowatt · at C2" (the space left out before the name is cut), K.O. in red."""
    x, y = xy
    where = where_text(table, player)
    if not player.chosen:
        draw.text((x, y), where.capitalize(), font=font(GLANCE), fill=MUTED, anchor="lm")
        return
    face = font(GLANCE)
    ko = where == "K.O."
    tail = f" · {where}"
    if not ko and text_width(face, player.fighter_name + tail) > room:
        tail = ""
    tail_face = font(GLANCE, bold=True) if ko else face
    tail_w = text_width(tail_face, tail)
    name, name_face = fit_line(player.fighter_name, room - tail_w, GLANCE, GLANCE)
    draw.text((x, y), name, font=name_face, fill=MUTED, anchor="lm")
    if tail:
        x += round(text_width(name_face, name))
        draw.text((x, y), " · ", font=face, fill=MUTED, anchor="lm")
        x += round(text_width(face, " · "))
        draw.text((x, y), where, font=tail_face, fill=legible(DANGER, PANEL) if ko else MUTED, anchor="lm")


def draw_panel(canvas: Image.Image, box: Box, table: Table, player: Player) -> None:
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(canvas)
    tag = tag_for(table, player)
    if tag is not None:
        rounded_outline(canvas, box, 14, tag[1], 3)
    pad = 12
    diameter = 48
    paste_fighter(canvas, player, (left + pad + diameter / 2, top + 10 + diameter / 2), diameter)
    text_left = left + pad + diameter + 12
    # row 1: name, stars
    stars = stars_text(table, player)
    stars_w = badge_width(stars, GLANCE)
    badge(canvas, (right - pad, top + 9), stars, STAR, INK, GLANCE, right=True)
    name, face = fit_line(player.name, right - pad - stars_w - 8 - text_left, 22, GLANCE, bold=True)
    draw.text((text_left, top + 23), name, font=face, fill=TEXT, anchor="lm")
    # row 2: fighter and where, and the counts (beside the pad when it leaves them room)
    counts = counts_text(player)
    small = font(GLANCE)
    counts_w = round(text_width(small, counts))
    tiles_w = len(player.pad) * (TILE + 4) - 4
    counts_below = left + pad + tiles_w + 14 + counts_w <= right - pad
    room = right - pad - text_left - (0 if counts_below else counts_w + 12)
    _fighter_line(draw, (text_left, top + 50), room, table, player)
    counts_y = top + 95 + TILE / 2 if counts_below else top + 50
    draw.text((right - pad, counts_y), counts, font=small, fill=MUTED, anchor="rm")
    # row 3: health
    health = health_text(player)
    health_w = text_width(font(GLANCE, bold=True), health)
    if player.bands:
        health_bar(canvas, (left + pad, top + 68, round(right - pad - health_w - 10), top + 86), player)
        draw.text((right - pad, top + 77), health, font=font(GLANCE, bold=True), fill=TEXT, anchor="rm")
    # row 4: the pad
    x = left + pad
    y = top + 95
    for button in player.pad:
        if x + TILE > right - pad:
            break
        tile = letter_tile(button.letter, TILE, TILE, button.pushed)
        canvas.paste(tile, (x, y), tile)
        x += TILE + 4
    if not player.pad:
        draw.text((left + pad, y + TILE / 2), "No buttons", font=small, fill=MUTED, anchor="lm")
    if tag is not None:
        badge(canvas, (right - 16, top - 15), tag[0], tag[1], INK, GLANCE, right=True)
