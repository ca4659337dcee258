"""What changes on the arena: the spaces the open question offers (bright, outlined, labelled in
bold, over a dimmed board), fighters and minions on their spaces, and the trays in the arena's
empty corners holding the fighters knocked out (and, in Minion Rush, the minions off the board)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.punchfighter.state import MINION_HEALTH
from renderers.kit.draw import Layer, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import Box
from renderers.punchfighter.frame import TOKEN_DROP, draw_label, label_ink
from renderers.punchfighter.geometry import Layout
from renderers.punchfighter.look import GLANCE, HEX, HIGHLIGHT, KIND_MARKS, KO, MARK, MUTED, band_colours
from renderers.punchfighter.pieces import GLOW, fighter_token, marked_hex, minion_token
from renderers.punchfighter.read import Player, Table, hex_of
from renderers.punchfighter.words import initials

TOKEN = 44


def fighter_layer(player: Player, diameter: int = TOKEN, halo: RGB | None = None) -> Layer:
    """A fighter's token: seat colour, initials, and a ring of the health left in its band's colour."""
    colours = band_colours(len(player.bands)) if player.bands else ((128, 128, 128),)
    band = colours[min(player.band, len(colours) - 1)]
    share = player.health / player.max_health if player.max_health else 0.0
    return fighter_token(
        initials(player), seat_style(player.index).colour, diameter, round(share, 3), band, halo
    )


def paste_fighter(
    canvas: Image.Image,
    player: Player,
    centre: tuple[float, float],
    diameter: int = TOKEN,
    halo: RGB | None = None,
) -> None:
    """A fighter's token centred on `centre`."""
    size = diameter + 2 * (GLOW + 1 if halo else 1)
    paste_layer(
        canvas,
        fighter_layer(player, diameter, halo),
        (round(centre[0] - size / 2), round(centre[1] - size / 2)),
    )


def halo_of(table: Table, player: Player) -> RGB | None:
    """The ring around a fighter: bright for whose turn it is, cyan for another seat answering."""
    if table.finished or table.phase == "choose":
        return None
    if table.waiting is not None and table.waiting[0] == player.index != table.turn:
        return MARK
    return HIGHLIGHT if player.index == table.turn else None


def draw_arena(canvas: Image.Image, layout: Layout, table: Table) -> None:
    """The spaces marked for the open question, then every piece, then the trays."""
    draw = ImageDraw.Draw(canvas)
    grid = layout.grid
    pieces = table.pieces()
    for label in table.marked:
        spot = hex_of(label)
        if spot is None:
            continue
        kind = grid.kinds[spot]
        tile = marked_hex(kind, HEX)
        x, y = layout.centre(spot)
        canvas.paste(tile, (round(x - tile.width / 2), round(y - tile.height / 2)), tile)
        draw_label(draw, spot, kind, (x, y), False, bold=True)
        mark = KIND_MARKS.get(kind)
        if mark and label not in pieces:
            face = font(GLANCE + 2, bold=True)
            draw.text((x, y + TOKEN_DROP), mark, font=face, fill=label_ink(kind), anchor="mm")
    for label, piece in pieces.items():
        spot = hex_of(label)
        if spot is None:
            continue
        x, y = layout.centre(spot)
        _piece(canvas, table, piece, (x, y + TOKEN_DROP))
    _trays(canvas, layout, table)


def _piece(canvas: Image.Image, table: Table, piece: str, centre: tuple[float, float]) -> None:
    if piece.startswith("f"):
        player = table.players[int(piece[1:])]
        paste_fighter(canvas, player, centre, TOKEN, halo_of(table, player))
        return
    minion = next(m for m in table.minions if m.letter == piece[1:])
    layer = minion_token(minion.letter, TOKEN, minion.health, MINION_HEALTH)
    paste_layer(canvas, layer, (round(centre[0] - TOKEN / 2), round(centre[1] - TOKEN / 2)))


def _trays(canvas: Image.Image, layout: Layout, table: Table) -> None:
    """Knocked-out fighters in the bottom-left corner (overflowing right); minions off the board
    in the bottom-right."""
    left_tray, right_tray = layout.trays()
    out = [p for p in table.knocked_out() if table.phase != "choose"]
    rest = _tray(canvas, left_tray, KO, [("f", p.index) for p in out], table)
    minions = [("m", n) for n, m in enumerate(table.minions) if not (m.at and table.on_map(m.at))]
    if rest or minions:
        _tray(canvas, right_tray, "OFF" if minions else KO, [*rest, *minions], table)


def _tray(
    canvas: Image.Image, box: Box, caption: str, items: list[tuple[str, int]], table: Table
) -> list[tuple[str, int]]:
    """A caption and tokens in rows; returns the items that did not fit."""
    if not items:
        return []
    left, top, right, bottom = box
    ImageDraw.Draw(canvas).text(
        (left + 4, top + 4), caption, font=font(GLANCE, bold=True), fill=MUTED, anchor="lt"
    )
    size, gap = TOKEN - 4, 6
    columns = max(1, (right - left - 4 + gap) // (size + gap))
    rows = max(1, (bottom - top - 30 + gap) // (size + gap))
    for n, (kind, index) in enumerate(items[: columns * rows]):
        row, column = divmod(n, columns)
        x = left + 4 + column * (size + gap) + size / 2
        y = top + 30 + row * (size + gap) + size / 2
        if kind == "f":
            paste_fighter(canvas, table.players[index], (x, y), size)
        else:
            minion = table.minions[index]
            layer = minion_token(minion.letter, size, minion.health, MINION_HEALTH)
            paste_layer(canvas, layer, (round(x - size / 2), round(y - size / 2)))
    return items[columns * rows :]
