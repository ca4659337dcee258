"""The players band of the SUPERHOT table, over its static plates (renderers.superhot.frame): each
player's hand size, bullets held (of the four that lose), deck, discard and its top card, and on
their turn the New Cards Area; the System's pool and draw on its turn; the Aid card lent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.draw import badge, paste_layer
from renderers.kit.fonts import font
from renderers.kit.shapes import Box
from renderers.kit.text import text_width
from renderers.kit.views import View, as_int, as_mapping, as_mappings, plural, seats
from renderers.superhot import geometry
from renderers.superhot.cards import bottom_strip, draw_bullet, halves, top_half_layer, top_strip
from renderers.superhot.frame import FrameKey
from renderers.superhot.geometry import AID_LABEL_H, PLATE_PAD
from renderers.superhot.look import AID_HALVES, ARROW, GLANCE, GREY, INK, MAX_BULLETS, NEEDS, RED
from renderers.superhot.read import Card, turn


def bullet_row(canvas: Image.Image, xy: tuple[int, int], held: int) -> None:
    """Four bullet places (holding the fourth loses), the held ones red."""
    x, y = xy
    for number in range(max(MAX_BULLETS, held)):
        colour = RED if number < held else (196, 197, 203)
        draw_bullet(canvas, (x, y, x + 34, y + 16), colour)
        x += 39


def draw_players(canvas: Image.Image, view: View, key: FrameKey) -> None:
    """Each seat's plate contents (a player's counts, or the System's pool and draw) and the Aid card."""
    roles = tuple(role for _, role in key.seats)
    band = geometry.players(roles, key.aid_from is not None, key.system)
    for index, (seat, box) in enumerate(zip(seats(view), band.plates, strict=True)):
        if seat.get("role") == "System":
            _system(canvas, view, box)
        else:
            _stats(canvas, view, box, index, seat)
    aid = as_mapping(view.get("aid"))
    if band.aid is not None and aid is not None:
        left, top, right, bottom = band.aid
        size = (right - left - 4, bottom - top - AID_LABEL_H - 2)
        layer = top_half_layer(halves(aid, True)[0], size, AID_HALVES)
        paste_layer(canvas, layer, (left + 2, top + AID_LABEL_H))


def _stats(canvas: Image.Image, view: View, box: Box, index: int, seat: Mapping[str, Any]) -> None:
    """A player's hand size, bullets in hand (of the four that lose), deck, discard and its top,
    and on their turn the New Cards Area."""
    pen = ImageDraw.Draw(canvas)
    left, _, right, bottom = box
    pad = PLATE_PAD
    y = box[1] + 72
    hand, bullets = as_int(seat.get("hand_size")), as_int(seat.get("bullets"))
    bold = font(19, bold=True)
    row_left = right - pad - max(MAX_BULLETS, bullets) * 39 + 5
    bullet_row(canvas, (row_left, y - 8), bullets)
    room = row_left - 12 - (left + pad)
    danger = bullets >= MAX_BULLETS - 1
    label_face = font(GLANCE, bold=danger)
    label_w = text_width(label_face, "bullets") + 8
    cards = plural(hand, "card") + " in hand"
    if text_width(bold, cards) + label_w >= room:  # keep the bullets' label: "in hand" goes first
        cards = plural(hand, "card")
    pen.text((left + pad, y), cards, font=bold, fill=INK, anchor="lm")
    if label_w < room - text_width(bold, cards):
        ink = RED if danger else GREY
        pen.text((row_left - 8, y), "bullets", font=label_face, fill=ink, anchor="rm")
    y += 34
    piles = f"Deck {as_int(seat.get('deck'))} · Discard {as_int(seat.get('discard'))}"
    face = font(18)
    pen.text((left + pad, y), piles, font=face, fill=GREY, anchor="lm")
    new = as_mappings(view.get("new")) if turn(view) == index else []
    top_card = as_mapping(seat.get("discard_top"))
    if top_card is not None:
        # The discard's top card beside its count, else on the next row when that is free.
        strip_left = left + pad + round(text_width(face, piles)) + 10
        if right - pad - strip_left >= 150:
            strip = top_strip(top_card, (min(220, right - pad - strip_left), 34))
            paste_layer(canvas, strip, (strip_left, y - 17))
        elif not new and bottom - (y + 22) >= 40:
            label = f"on top {ARROW}"
            label_w = round(text_width(font(GLANCE), label))
            pen.text((left + pad, y + 41), label, font=font(GLANCE), fill=GREY, anchor="lm")
            strip_w = min(220, right - 2 * pad - left - label_w - 10)
            paste_layer(canvas, top_strip(top_card, (strip_w, 34)), (left + pad + label_w + 10, y + 24))
    if new and bottom - (y + 22) >= 40:
        y += 24
        face = font(GLANCE, bold=True)
        pen.text((left + pad, y + 17), f"NEW {ARROW}", font=face, fill=INK, anchor="lm")
        x = left + pad + round(text_width(face, f"NEW {ARROW}")) + 8
        strip_w = max(130, min(210, (right - pad - x - 6 * (len(new) - 1)) // len(new)))
        for card in new:
            if x + strip_w > right - pad:
                break
            paste_layer(canvas, top_strip(card, (strip_w, 34)), (x, y))
            x += strip_w + 6


def _system(canvas: Image.Image, view: View, box: Box) -> None:
    """On the System's turn: the pool its four cards give, and the cards by their bottom halves."""
    system = as_mapping(view.get("system"))
    if system is None:
        return
    pen = ImageDraw.Draw(canvas)
    left, top, right, _ = box
    pad = PLATE_PAD
    y = top + 56
    pool = as_mapping(system.get("pool")) or {}
    pool_face = font(GLANCE, bold=True)
    pen.text((left + pad, y + 15), "POOL", font=pool_face, fill=INK, anchor="lm")
    x = left + pad + round(text_width(pool_face, "POOL")) + 8
    for key, look in NEEDS.items():
        text = f"{look.symbol} {as_int(pool.get(key))}"
        x = badge(canvas, (x, y), text, look.colour, look.ink, size=19)[2] + 6
    y += 38
    strip_w = (right - left - 2 * pad - 6) // 2
    cards: list[Card] = as_mappings(system.get("cards"))
    for number, card in enumerate(cards[:4]):
        xy = (left + pad + (number % 2) * (strip_w + 6), y + (number // 2) * 38)
        paste_layer(canvas, bottom_strip(card, (strip_w, 34)), xy)
