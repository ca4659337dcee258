"""A player's panel on the table: the plate (seat token, name, score against the goal, claimed
villains, hand and decks, whose turn), the hero row (active, then reserve) and the villain row
(active villains, then the objects waiting); a knocked-out team is stamped across its heroes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.draw import badge, badge_width, paste_layer, seat_token
from renderers.kit.fonts import drawable_text, font
from renderers.kit.palette import seat_style
from renderers.kit.shapes import Box, rounded_box, shade
from renderers.kit.text import fit_line, text_width
from renderers.letopsulle import tiles
from renderers.letopsulle.look import (
    GLANCE,
    GOLD,
    HIGHLIGHT,
    INK,
    KO_FILL,
    MUTED,
    RED,
    TEXT,
    WHITE,
)
from renderers.letopsulle.read import Player, Slot, Table
from renderers.letopsulle.rows import GAP, GROUP_GAP, PORTRAIT, Placed, plan, share
from renderers.letopsulle.words import claimed_text, score_text, short_score, turn_tag

PAD = 10
PLATE_H = 50
LABEL_H = 24
ROW_GAP = 6


WIDE = 1000
"""A panel this wide puts its villains beside its heroes rather than under them."""


def panel_height(row_h: int, width: int) -> int:
    """How tall a panel this wide is whose card rows are `row_h` tall."""
    rows = 1 if width >= WIDE else 2
    return PAD + PLATE_H + rows * (LABEL_H + row_h) + (rows - 1) * ROW_GAP + PAD


def _plate(canvas: Image.Image, box: Box, table: Table, player: Player) -> None:
    left, top, right, _ = box
    draw = ImageDraw.Draw(canvas)
    style = seat_style(player.index)
    seat_token(canvas, (left + 20, top + PLATE_H // 2), 40, style)
    x = left + 48
    tag = turn_tag(table, player)
    tag_w = badge_width(tag, GLANCE) + 8 if tag else 0
    name_w = text_width(font(GLANCE, bold=True, condensed=True), player.name)
    score = score_text(table, player)
    if badge_width(score, GLANCE) + tag_w + name_w + 8 > right - x:
        score = short_score(table, player)
    edge = badge(canvas, (right, top + 1), score, GOLD, INK, GLANCE, right=True)[0] - 8
    if tag:
        fill, ink = (HIGHLIGHT, INK) if tag != "VILLAIN TURN" else (RED, WHITE)
        edge = badge(canvas, (edge, top + 1), tag, fill, ink, GLANCE, right=True)[0] - 8
    name, face = fit_line(drawable_text(player.name), edge - x, 22, GLANCE, bold=True)
    draw.text((x, top + 15), name, font=face, fill=TEXT, anchor="lm")
    piles = f"Hand {player.hand}"
    piles_w = round(text_width(font(GLANCE), piles))
    room, face = right - x - piles_w - 16, font(GLANCE, condensed=True)
    claimed = claimed_text(player)
    for shown in range(len(player.claimed_names) - 1, 0, -1):
        if text_width(face, claimed) <= room:
            break
        claimed = claimed_text(player, shown)
    claimed, face = fit_line(claimed, room, GLANCE, GLANCE)
    draw.text((x, top + 40), claimed, font=face, fill=MUTED, anchor="lm")
    draw.text((right, top + 40), piles, font=font(GLANCE), fill=MUTED, anchor="rm")


def _label(canvas: Image.Image, xy: tuple[int, int], text: str, width: int) -> int:
    """A bold muted label from `xy` (left, middle), within `width`; returns where it ends."""
    if width < 30:
        return xy[0]
    shown, face = fit_line(text, width, GLANCE, GLANCE, bold=True)
    ImageDraw.Draw(canvas).text(xy, shown, font=face, fill=MUTED, anchor="lm")
    return xy[0] + round(text_width(face, shown))


def _paste_slots(
    canvas: Image.Image,
    spots: tuple[tuple[int, int], ...],
    slots: tuple[Slot, ...],
    xy: tuple[int, int],
    row_h: int,
    villain: bool,
) -> None:
    x0, top = xy
    for (x, width), slot in zip(spots, slots, strict=False):
        paste_layer(canvas, tiles.slot_layer(slot, (width, row_h), villain), (x0 + x, top))


def _more(canvas: Image.Image, placed: Placed, xy: tuple[int, int], row_h: int) -> None:
    if placed.more_at is not None and placed.hidden:
        x, width = placed.more_at
        paste_layer(canvas, tiles.more_layer(placed.hidden, (width, row_h)), (xy[0] + x, xy[1]))


def _piles(canvas: Image.Image, xy: tuple[int, int], counts: tuple[int, int], taken: int) -> None:
    """A deck's pile counts at the right end of a label row, shortened or left out so that they
    clear the labels (ending at `taken`)."""
    right, middle = xy
    face = font(GLANCE)
    deck, discard = counts
    for text in (f"deck {deck} · discard {discard}", f"deck {deck}"):
        if right - text_width(face, text) >= taken + 16:
            ImageDraw.Draw(canvas).text((right, middle), text, font=face, fill=MUTED, anchor="rm")
            return


def _heroes(canvas: Image.Image, box: Box, player: Player, row_h: int) -> None:
    """ACTIVE HERO(ES), then RESERVE; an empty place where no hero is active."""
    left, top, right, _ = box
    y, middle = top + LABEL_H, top + LABEL_H // 2
    pile = (player.hero_pile, player.hero_discard)
    taken = left
    if not player.active and not player.reserve:
        taken = _label(canvas, (left, middle), "HEROES", right - left)
        if not player.knocked_out:
            width = round(share(PORTRAIT, row_h) * 1.6)
            tiles.draw_empty(canvas, "No heroes in play", (left, y), (width, row_h))
        else:
            _knocked_out(canvas, (left - 4, y - 2, right + 4, y + row_h + 2))
        _piles(canvas, (right, middle), pile, taken)
        return
    start = left
    if not player.active:
        width = share(PORTRAIT, row_h)
        tiles.draw_empty(canvas, "No active hero", (left, y), (width, row_h))
        taken = _label(canvas, (left, middle), "ACTIVE", width)
        start += width + GROUP_GAP
    placed = plan((player.active, player.reserve), row_h, right - start)
    active, reserve = placed.groups
    _paste_slots(canvas, active, player.active, (start, y), row_h, False)
    _paste_slots(canvas, reserve, player.reserve, (start, y), row_h, False)
    _more(canvas, placed, (start, y), row_h)
    if active:
        end = active[-1][0] + active[-1][1] + (GROUP_GAP // 2 if reserve else 0)
        title = "ACTIVE HEROES" if len(player.active) > 1 else "ACTIVE HERO"
        if text_width(font(GLANCE, bold=True, condensed=True), title) > end:
            title = "ACTIVE"
        taken = _label(canvas, (left, middle), title, end)
    if reserve:
        at = start + reserve[0][0]
        taken = _label(canvas, (at, middle), "RESERVE", right - at)
    _piles(canvas, (right, middle), pile, taken)
    if player.knocked_out:
        _knocked_out(canvas, (left - 4, y - 2, right + 4, y + row_h + 2))


def _knocked_out(canvas: Image.Image, box: Box) -> None:
    shade(canvas, box, 10, 0.55)
    left, top, right, bottom = box
    middle = (top + bottom) // 2
    band = (left + 20, middle - 22, right - 20, middle + 22)
    rounded_box(canvas, band, 10, KO_FILL, WHITE, 2)
    shown, face = fit_line("KNOCKED OUT · skips hero turns", band[2] - band[0] - 20, 24, GLANCE, bold=True)
    ImageDraw.Draw(canvas).text(((left + right) / 2, middle), shown, font=face, fill=WHITE, anchor="mm")


def _villains(canvas: Image.Image, box: Box, player: Player, row_h: int) -> None:
    left, top, right, _ = box
    y = top + LABEL_H
    pile = (player.villain_pile, player.villain_discard)
    count = len(player.villains)
    title = f"VILLAINS ({count})" if count > 1 else "VILLAIN" if count else "NO VILLAINS"
    _piles(
        canvas,
        (right, top + LABEL_H // 2),
        pile,
        _label(canvas, (left, top + LABEL_H // 2), title, right - left),
    )
    tail = share(PORTRAIT, row_h) if player.waiting else 0
    placed = plan((player.villains,), row_h, right - left, tail)
    _paste_slots(canvas, placed.groups[0] if placed.groups else (), player.villains, (left, y), row_h, True)
    _more(canvas, placed, (left, y), row_h)
    if placed.tail_at is not None:
        x, width = placed.tail_at
        height = round(row_h * 0.86)
        paste_layer(
            canvas, tiles.waiting_layer(player.waiting, (width, height)), (left + x, y + row_h - height)
        )
    if not player.villains and not player.waiting:
        width = round(share(PORTRAIT, row_h) * 1.6)
        tiles.draw_empty(canvas, "No villains in play", (left, y), (width, row_h))


def draw_panel(canvas: Image.Image, box: Box, table: Table, player: Player, row_h: int) -> None:
    """One player's panel in `box` (its mat is in the table's frame; rows of cards `row_h` tall)."""
    left, top, right, bottom = box
    inner = (left + PAD, top + PAD, right - PAD, bottom - PAD)
    _plate(canvas, inner, table, player)
    y = inner[1] + PLATE_H
    if right - left >= WIDE:
        middle = (inner[0] + inner[2]) // 2
        _heroes(canvas, (inner[0], y, middle - GROUP_GAP, y + LABEL_H + row_h), player, row_h)
        _villains(canvas, (middle + GROUP_GAP, y, inner[2], y + LABEL_H + row_h), player, row_h)
        return
    _heroes(canvas, (inner[0], y, inner[2], y + LABEL_H + row_h), player, row_h)
    y += LABEL_H + row_h + ROW_GAP
    _villains(canvas, (inner[0], y, inner[2], y + LABEL_H + row_h), player, row_h)


__all__ = ["GAP", "draw_panel", "panel_height"]
