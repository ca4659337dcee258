"""A seat's Smash Masters hand: its counts and its own team at a glance, every card large (kind by
colour, symbol and word; name; a Super's character; text), and the seat's own characters: the
face-down picks while teams are chosen, and the Character Stack."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.cards import corner_radius
from renderers.kit.draw import Chip, badge, badge_width, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import seat_style
from renderers.kit.shapes import Box, rounded_outline
from renderers.kit.text import ellipsize, text_width
from renderers.kit.views import View, as_int, plural
from renderers.smashmasters.cards import blue_layer, card_size, character_layer
from renderers.smashmasters.frame import backdrop
from renderers.smashmasters.look import (
    BAR,
    HAND_FACE,
    HAND_GLANCE,
    HAND_W,
    HEADER,
    INK,
    LIGHT,
    MARGIN,
    PANEL,
    STUN_MARK,
    WHITE,
    YELLOW,
    power_type,
)
from renderers.smashmasters.read import (
    Card,
    Character,
    Space,
    counts,
    drafting,
    hand,
    is_out,
    own_seat,
    picks,
    seat_of,
    stack_cards,
    team,
)
from renderers.smashmasters.table import header
from renderers.smashmasters.words import mode_text, name, status, variant_texts

HAND_MAX = 10
COLUMNS = 5
CARD = (180, 252)
GAP = 14
INFO_TOP = HEADER + 12
ROW_H = 34
LABEL_H = 30
SIDE = MARGIN + 8


@dataclass(frozen=True)
class Group:
    """A labelled group of the seat's own character cards (its picks or its Character Stack):
    its label, where its cards start, their width and how many go in a row before the next."""

    which: str
    label: str
    x: int
    label_top: int
    card_top: int
    width: int
    per_row: int = COLUMNS

    def box(self, number: int) -> Box:
        """Where the group's card `number` (from 0) goes."""
        width, height = card_size(self.width)
        row, column = divmod(number, self.per_row)
        left, top = self.x + column * (width + GAP), self.card_top + row * (height + GAP)
        return (left, top, left + width, top + height)


@dataclass(frozen=True)
class HandLayout:
    """The image's size and where each part goes."""

    size: tuple[int, int]
    team_top: int | None
    cards_top: int
    boxes: tuple[Box, ...]
    groups: tuple[Group, ...]


LABEL_FONT = 16
GROUP_GAP = 36
CHAR_W = 172
"""A character card in the hand: wide enough for its power's text at the hand's legible size."""


def _label_w(label: str) -> int:
    return round(text_width(font(LABEL_FONT, bold=True), label))


def _groups(view: View) -> list[tuple[str, str, int]]:
    """(which, label, count) for the seat's picks (while teams are chosen) and its stack."""
    found = []
    if drafting(view) or picks(view):
        found.append(("picks", "YOUR PICKS (face down)", len(picks(view))))
    if "stack_cards" in view:
        rest = len(stack_cards(view))
        found.append(("stack", f"YOUR CHARACTER STACK ({rest})", rest))
    return found


def _group_w(label: str, count: int) -> int:
    return max(_label_w(label), max(1, count) * (CHAR_W + GAP) - GAP)


def _group_rows(groups: Sequence[tuple[str, str, int]], top: int) -> tuple[list[Group], int]:
    """The groups side by side in one row when they fit, else one after the other, each in rows
    of up to COLUMNS cards; and the y below them."""
    placed: list[Group] = []
    room = HAND_W - 2 * SIDE
    shared = sum(_group_w(label, n) for _, label, n in groups) + GROUP_GAP * (len(groups) - 1) <= room
    rows = [list(groups)] if shared else [[group] for group in groups]
    height = card_size(CHAR_W)[1]
    y = top
    for row in rows:
        x = SIDE
        tallest = 0
        for which, label, count in row:
            placed.append(Group(which, label, x, y, y + LABEL_H, CHAR_W))
            x += _group_w(label, count) + GROUP_GAP
            lines = -(-count // COLUMNS)
            tallest = max(tallest, lines * height + (lines - 1) * GAP if count else 36)
        y += LABEL_H + tallest + 14
    return placed, y


def hand_layout(view: View) -> HandLayout:
    held = hand(view)
    me = seat_of(view, own_seat(view))
    y = INFO_TOP + ROW_H + 10
    team_top = None
    if team(me):
        team_top = y
        y += ROW_H + 10
    cards_top = y + 4
    rows = max(1, -(-len(held) // COLUMNS))
    boxes = []
    width, height = CARD
    for index in range(len(held)):
        row, column = divmod(index, COLUMNS)
        in_row = min(COLUMNS, len(held) - row * COLUMNS)
        left = (HAND_W - (in_row * width + (in_row - 1) * GAP)) // 2
        x = left + column * (width + GAP)
        top = cards_top + row * (height + GAP)
        boxes.append((x, top, x + width, top + height))
    y = cards_top + rows * height + (rows - 1) * GAP + 16
    groups, y = _group_rows(_groups(view), y) if _groups(view) else ([], y)
    return HandLayout((HAND_W, y + 6), team_top, cards_top, tuple(boxes), tuple(groups))


def draw_hand(view: View) -> Image.Image:
    """The hand image (RGB), as tall as its rows."""
    placed = hand_layout(view)
    canvas = backdrop(placed.size)
    _Hand(canvas, view, placed).draw()
    return canvas


def hand_chips(view: View, seat: int | None) -> list[Chip]:
    chips = []
    if seat is not None:
        style = seat_style(seat)
        owner = ellipsize(f"{style.symbol} {name(view, seat)}", font(19, bold=True), 240)
        first = name(view, seat).split()[0] if name(view, seat).split() else "?"
        short = ellipsize(f"{style.symbol} {first}", font(19, bold=True), 140)
        chips.append(Chip(owner, style.colour, style.ink, short=short))
    if mode_text(view):
        chips.append(Chip(mode_text(view), WHITE, INK))
    chips += [Chip(text, YELLOW, INK) for text in variant_texts(view)]
    return chips


class _Hand:
    def __init__(self, canvas: Image.Image, view: View, placed: HandLayout) -> None:
        self.canvas = canvas
        self.view = view
        self.seat = own_seat(view)
        self.me: Mapping[str, Any] = seat_of(view, self.seat)
        self.placed = placed
        self.pen = ImageDraw.Draw(canvas)

    def draw(self) -> None:
        header(self.canvas, hand_chips(self.view, self.seat), status(self.view, self.seat))
        held = hand(self.view)
        self.info(held)
        if self.placed.team_top is not None:
            self.team_line(team(self.me), self.placed.team_top)
        self.cards(held)
        for group in self.placed.groups:
            chosen = picks(self.view) if group.which == "picks" else stack_cards(self.view)
            self.characters(group, chosen, numbered=group.which == "picks")

    def info(self, held: Sequence[Card]) -> None:
        piles = counts(self.me)
        low = as_int(self.me.get("hand_min"), 5)
        x, y = SIDE, INFO_TOP
        text = f"{plural(len(held), 'card')} in hand"
        x = badge(self.canvas, (x, y), text, BAR, WHITE, size=18)[2] + 8
        x = badge(self.canvas, (x, y), f"min {low} · max {HAND_MAX}", PANEL, INK, size=16)[2] + 8
        for text in (
            f"Deck {piles.deck} · Discard {piles.discard}",
            f"Stack {piles.stack}",
            f"Defeated {piles.defeated}",
        ):
            if x + badge_width(text, 16) > HAND_W - SIDE:
                break
            x = badge(self.canvas, (x, y + 2), text, PANEL, INK, size=16)[2] + 8

    def team_line(self, spaces: Sequence[Space], y: int) -> None:
        """ "YOUR TEAM": each space as a chip in its power type's colour (stunned ones dark),
        and how many are active (Team-Up cards need two)."""
        label = "YOUR TEAM"
        face = font(16, bold=True)
        self.pen.text((SIDE, y + 13), label, font=face, fill=WHITE, anchor="lm")
        x = SIDE + round(text_width(face, label)) + 10
        if is_out(self.me):
            badge(self.canvas, (x, y), "OUT OF THE GAME", BAR, WHITE, size=16)
            return
        active = sum(1 for space in spaces if space.char is not None and not space.stunned)
        tail = f"{active} active"
        right = HAND_W - SIDE - badge_width(tail, 16) - 8
        for space in spaces:
            if space.char is None:
                text, fill, ink = "empty", LIGHT, INK
            elif space.stunned:
                text, fill, ink = f"{STUN_MARK} {space.char.name}", BAR, YELLOW
            else:
                look = power_type(space.char.power_type)
                text, fill, ink = f"{look.symbol} {space.char.name}", look.colour, look.ink
            size = 16
            while badge_width(text, size) > right - x and size > HAND_GLANCE:
                size -= 1
            if badge_width(text, size) > right - x:
                break
            x = badge(self.canvas, (x, y + (16 - size)), text, fill, ink, size=size)[2] + 6
        badge(self.canvas, (HAND_W - SIDE, y), tail, YELLOW if active >= 2 else PANEL, INK, 16, right=True)

    def cards(self, held: Sequence[Card]) -> None:
        if not held:
            left = (HAND_W - CARD[0]) // 2
            box = (left, self.placed.cards_top, left + CARD[0], self.placed.cards_top + CARD[1])
            rounded_outline(self.canvas, box, corner_radius(CARD[0]), LIGHT, 3)
            self.pen.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                "No cards",
                font=font(20, bold=True),
                fill=LIGHT,
                anchor="mm",
            )
            return
        for card, box in zip(held, self.placed.boxes, strict=False):
            paste_layer(self.canvas, blue_layer(card, CARD), box[:2])

    def characters(self, group: Group, chars: Sequence[Character], numbered: bool = False) -> None:
        """A labelled group of the seat's own characters (picks numbered left to right)."""
        face = font(LABEL_FONT, bold=True)
        shown = ellipsize(group.label, face, HAND_W - SIDE - group.x)
        self.pen.text((group.x, group.label_top + LABEL_H // 2), shown, font=face, fill=WHITE, anchor="lm")
        if not chars:
            self.pen.text((group.x, group.card_top + 14), "none", font=font(17), fill=LIGHT, anchor="lm")
            return
        for number, char in enumerate(chars):
            left, top, _, _ = group.box(number)
            paste_layer(self.canvas, character_layer(char, group.width, HAND_FACE), (left, top))
            if numbered:
                badge(self.canvas, (left + 4, top - 10), str(number + 1), YELLOW, INK, size=HAND_GLANCE)
