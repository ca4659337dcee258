"""A seat's SUPERHOT hand: every card large with both halves (what it gives on top, the obstacle it
was below), the Aid card lent for this turn, the cards already played on the target and the Double
trouble copies ready to use, and the seat's whole Player Discard in one fitted line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import layout
from renderers.kit.cards import corner_radius
from renderers.kit.draw import Chip, badge, badge_width, centred_text, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import Box, rounded_outline
from renderers.kit.text import ellipsize, fit_block, fit_list, text_width
from renderers.kit.views import View, as_int, as_mappings, as_str, plural, seats
from renderers.superhot.cards import card_layer, top_strip
from renderers.superhot.look import (
    ALERT,
    ARROW,
    BAR,
    DARK,
    GREY,
    HAND_GLANCE,
    HAND_HALVES,
    HAND_W,
    HEADER,
    INK,
    LIGHT,
    MARGIN,
    MAX_BULLETS,
    NEEDS,
    PANEL,
    PAPER,
    RED,
    SYSTEM_STYLE,
    WHITE,
)
from renderers.superhot.read import (
    Card,
    copies,
    discard_cards,
    is_bullet,
    lent_aid,
    picked,
    target,
    target_card,
    title,
)
from renderers.superhot.room import backdrop, header, revenge_chip
from renderers.superhot.words import hand_status, level_text, name, revenge_aim, top_bullet_text, top_names

COLUMNS = 5
CARD_W = 180
CARD_H = 340
GAP = 14
INFO_TOP = HEADER + 14
ROWS_TOP = HEADER + 54
ROW_H = 48
AID_LABEL_H = 44
"""Above the Aid card: "AID from <name>", in two lines when one is too narrow."""
"""A row of one-line strips: the cards played on the target, the Double trouble copies."""
STRIP = (150, 34)
DISCARD_H = 34
PLAYED = f"PLAYED ON THE TARGET {ARROW}"
COPY = "DOUBLE TROUBLE COPY"
COPY_FILL: RGB = (255, 246, 196)
"""A Double trouble copy is a virtual card: its strip is tinted (and labelled)."""


def draw_hand(view: View) -> Image.Image:
    """The hand image (RGB), as tall as its rows of cards."""
    placed = hand_layout(view)
    canvas = backdrop(placed.size)
    _Hand(canvas, view, placed).draw()
    return canvas


@dataclass(frozen=True)
class HandLayout:
    """The image's size; where the strip rows, the cards and the discard line go."""

    size: tuple[int, int]
    rows: tuple[tuple[str, ...], ...]
    """The strip rows from ROWS_TOP, each naming what it holds ("played", "copies")."""
    top: int
    boxes: list[Box]
    aid: Box | None
    discard: int | None
    """The y of the Player Discard line, when the view lists that pile."""


def _label_w(text: str) -> int:
    return round(text_width(font(17, bold=True), text))


def _group_w(label: str, count: int) -> int:
    return _label_w(label) + 12 + count * (STRIP[0] + 8) - 8


def _strip_rows(view: View) -> tuple[tuple[str, ...], ...]:
    """The played cards and the copies share one row when both fit in it, else get one row each."""
    groups = []
    if picked(view):
        groups.append(("played", _group_w(PLAYED, len(picked(view)))))
    if copies(view):
        groups.append(("copies", _group_w(_copy_label(view), len(copies(view)))))
    if not groups:
        return ()
    if sum(width for _, width in groups) + 40 <= HAND_W - 2 * MARGIN:
        return (tuple(group for group, _ in groups),)
    return tuple((group,) for group, _ in groups)


def _copy_label(view: View) -> str:
    count = len(copies(view))
    return f"{COPY} ×{count} {ARROW}" if count > 1 else f"{COPY} {ARROW}"


def _seat(view: View) -> Mapping[str, Any]:
    listed, seat = seats(view), as_int(view.get("seat"), -1)
    return listed[seat] if 0 <= seat < len(listed) else {}


def hand_layout(view: View) -> HandLayout:
    """Cards up to five a row (four beside a lent Aid card), under the strip rows if any, over the
    Player Discard line when the view lists that pile."""
    hand, aid = as_mappings(view.get("hand")), lent_aid(view)
    rows = _strip_rows(view)
    top = ROWS_TOP + len(rows) * ROW_H + 10
    columns = COLUMNS - (1 if aid is not None else 0)
    count = max(1, -(-len(hand) // columns))
    bottom = top + count * CARD_H + (count - 1) * GAP
    right = HAND_W - MARGIN
    aid_box = None
    if aid is not None:
        aid_box = (right - CARD_W, top + AID_LABEL_H, right, top + AID_LABEL_H + CARD_H)
        right -= CARD_W + 40
        bottom = max(bottom, aid_box[3])
    area = (MARGIN, top, right, top + count * CARD_H + (count - 1) * GAP)
    boxes = layout.grid(area, len(hand), columns, (CARD_W, CARD_H), (GAP, GAP)) if hand else []
    listed = "discard_cards" in _seat(view) and _seat(view).get("role") != "System"
    discard = bottom + 12 if listed else None
    height = bottom + 24 + (DISCARD_H if listed else 0)
    return HandLayout((HAND_W, height), rows, top, boxes, aid_box, discard)


class _Hand:
    def __init__(self, canvas: Image.Image, view: View, placed: HandLayout) -> None:
        self.canvas = canvas
        self.view = view
        self.seat = as_int(view.get("seat"), -1)
        self.me = _seat(view)
        self.placed = placed
        self.pen = ImageDraw.Draw(canvas)

    def draw(self) -> None:
        view, seat = self.view, self.seat
        style = seat_style(seat) if seat >= 0 else SYSTEM_STYLE
        owner = ellipsize(
            f"{style.symbol} {name(view, seat if seat >= 0 else None)}", font(20, bold=True), 220
        )
        chips = [
            Chip(owner, style.colour, style.ink),
            Chip(level_text(view), RED, WHITE),
            *revenge_chip(view),
        ]
        role = as_str(self.me.get("role"))
        if role:
            chips.append(Chip(role, DARK, WHITE))
        header(self.canvas, chips, hand_status(view, seat))
        hand = as_mappings(view.get("hand"))
        self.info_row(hand)
        self.strip_rows()
        self.cards(hand)
        self.aid()
        self.discard_line()

    def info_row(self, hand: list[Card]) -> None:
        """Hand size, bullets held (of the four that lose), the piles, and the target's progress."""
        x, y = MARGIN + 4, INFO_TOP
        bullets = sum(1 for card in hand if is_bullet(card))
        x = badge(self.canvas, (x, y), plural(len(hand), "card") + " in hand", BAR, WHITE, size=18)[2] + 10
        fill, ink = (RED, WHITE) if bullets >= MAX_BULLETS - 1 else (PANEL, INK)
        x = badge(self.canvas, (x, y), f"{bullets}/{MAX_BULLETS} bullets", fill, ink, size=18)[2] + 10
        piles = f"Deck {as_int(self.me.get('deck'))} · Discard {as_int(self.me.get('discard'))}"
        x = badge(self.canvas, (x, y), piles, PANEL, INK, size=18)[2] + 10
        upcoming = top_bullet_text(self.view)
        if upcoming and x + badge_width(upcoming, 18) <= self.canvas.width - MARGIN:
            x = badge(self.canvas, (x, y), upcoming, DARK, WHITE, size=18)[2] + 10
        beat = revenge_aim(self.view)
        beat = beat[:1].upper() + beat[1:]
        if beat and x + badge_width(beat, 18) <= self.canvas.width - MARGIN:
            x = badge(self.canvas, (x, y), beat, ALERT, INK, size=18)[2] + 10
        aim = target(self.view)
        if aim is None:
            return
        card = target_card(self.view)
        need = NEEDS.get(as_str(aim.get("need")), NEEDS["mixed"])
        named = title(card, "obstacle") if card is not None else "obstacle"
        text = f"Target: {named} {need.symbol} {as_int(aim.get('total'))}/{as_int(aim.get('value'))}"
        room = self.canvas.width - MARGIN - x
        if badge_width(text, 18) > room:
            text = text.removeprefix("Target: ")
        size = 18
        while badge_width(text, size) > room and size > HAND_GLANCE:
            size -= 1
        if badge_width(text, size) <= room:
            badge(self.canvas, (x, y), text, ALERT, INK, size=size)

    def strip_rows(self) -> None:
        """The cards already played on the target (left) and the Double trouble copies (right, under
        the target chip), by their top halves."""
        for number, row in enumerate(self.placed.rows):
            y = ROWS_TOP + number * ROW_H
            for group in row:
                if group == "played":
                    self._group(MARGIN + 4, y, PLAYED, picked(self.view))
                else:
                    cards = copies(self.view)
                    left = HAND_W - MARGIN - _group_w(_copy_label(self.view), len(cards))
                    self._group(left, y, _copy_label(self.view), cards, COPY_FILL)

    def _group(self, x: int, y: int, label: str, cards: list[Card], fill: RGB = PAPER) -> None:
        face = font(17, bold=True)
        self.pen.text((x, y + STRIP[1] // 2), label, font=face, fill=INK, anchor="lm")
        x += _label_w(label) + 12
        for card in cards:
            if x + STRIP[0] > self.canvas.width - MARGIN:
                break
            paste_layer(self.canvas, top_strip(card, STRIP, fill), (x, y))
            x += STRIP[0] + 8

    def cards(self, hand: list[Card]) -> None:
        top = self.placed.top
        if not hand:
            box = (MARGIN + 4, top, MARGIN + 4 + CARD_W, top + CARD_H)
            rounded_outline(self.canvas, box, corner_radius(CARD_W), LIGHT, 3)
            centred_text(self.canvas, box, "No cards", 20, GREY, bold=True)
        for card, box in zip(hand, self.placed.boxes, strict=False):
            layer = card_layer(dict(card, down=False), (CARD_W, CARD_H), HAND_HALVES, True)
            paste_layer(self.canvas, layer, box[:2])

    def aid(self) -> None:
        """The Aid card the other player lent for this turn, apart from the hand."""
        aid, box = lent_aid(self.view), self.placed.aid
        if aid is None or box is None:
            return
        left, top, right, bottom = box
        giver = self.view.get("aid_from")
        label = f"AID from {name(self.view, giver)}" if isinstance(giver, int) else "AID"
        lines, face = fit_block(label, right - left + 20, AID_LABEL_H, 18, HAND_GLANCE, 2, True, 1.05, True)
        step = face.size * 1.05
        for number, line in enumerate(lines):
            y = top - 6 - step * (len(lines) - 1 - number)
            self.pen.text(((left + right) / 2, y), line, font=face, fill=INK, anchor="mb")
        self.pen.line((left - 20, self.placed.top, left - 20, bottom), fill=LIGHT, width=2)
        layer = card_layer(dict(aid, down=False), (right - left, bottom - top), HAND_HALVES, True)
        paste_layer(self.canvas, layer, (left, top))

    def discard_line(self) -> None:
        """ "Your discard (5): Punch, Gun, Jump, …", oldest first, as many as fit the width."""
        if self.placed.discard is None:
            return
        pile = discard_cards(self.me)
        middle = self.placed.discard + DISCARD_H / 2
        label = f"Your discard ({len(pile)}):" if pile else "Your discard:"
        bold, face = font(18, bold=True), font(18)
        x = MARGIN + 4
        self.pen.text((x, middle), label, font=bold, fill=INK, anchor="lm")
        x += round(text_width(bold, label)) + 8
        listed = fit_list("", top_names(pile), face, HAND_W - MARGIN - x) if pile else "empty"
        self.pen.text((x, middle), listed, font=face, fill=GREY, anchor="lm")
