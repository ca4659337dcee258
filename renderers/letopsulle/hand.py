"""A seat's hand panel: whose phase it is (is it mine?), my team at a glance (score against the
goal, active and reserve heroes, decks), my hand's cards with their numbers, abilities and texts,
and the cards Intelligence showed me (with whose pile they are the top of)."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engines.core.words import possessive
from renderers.kit.draw import Chip, badge, paste_layer, seat_token
from renderers.kit.fonts import drawable_text, font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import Box, rounded_box
from renderers.kit.text import fit_block, fit_line
from renderers.kit.views import View
from renderers.letopsulle.cards import card_layer
from renderers.letopsulle.look import (
    BACKDROP,
    GOLD,
    HAND_GLANCE,
    HAND_W,
    HEADER_H,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    TEXT,
)
from renderers.letopsulle.read import Card, Player, Table, read
from renderers.letopsulle.table import draw_header
from renderers.letopsulle.words import score_text, slot_text, winner_text

PAD = 16
GAP = 12
BANNER_H = 50
TEAM_H = 78
LABEL_H = 32
CARD_W, CARD_H = 178, 240
PEEK_H = 190
"""A peeked card is as wide as a hand card (so its text shows whole) but lower."""
PER_ROW = 5
SHOWN = 10
"""Hand cards drawn (the alt text lists them all)."""


def me(table: Table) -> Player | None:
    return table.player(table.you)


def asked(table: Table) -> tuple[str, str]:
    """The banner: ("you" | "other" | "over", words)."""
    if table.finished:
        return "over", f"Game over: {winner_text(table)}"
    whose = table.player(table.turn)
    phase = "villain" if table.phase == "villain" else "hero"
    if whose is not None and whose.index == table.you:
        return "you", "Your villains act now" if phase == "villain" else "Your hero turn: your move"
    if whose is None:
        return "other", table.status or "Waiting"
    return "other", f"Waiting for {possessive(whose.name)} {phase} turn"


BANNERS: dict[str, tuple[RGB, RGB]] = {
    "you": (HIGHLIGHT, INK),
    "other": (PANEL_EDGE, TEXT),
    "over": (GOLD, INK),
}


def _banner(canvas: Image.Image, box: Box, table: Table) -> None:
    kind, words = asked(table)
    fill, ink = BANNERS[kind]
    left, top, right, bottom = box
    rounded_box(canvas, box, 12, fill)
    shown, face = fit_line(drawable_text(words), right - left - 24, 24, HAND_GLANCE, bold=True)
    ImageDraw.Draw(canvas).text(
        ((left + right) / 2, (top + bottom) / 2), shown, font=face, fill=ink, anchor="mm"
    )


def team_text(player: Player) -> str:
    """ "Active: Night (6, 2 damage) with +2 Weapon · Reserve: Kion (2), Chrome (4)"."""
    parts = []
    if player.knocked_out:
        parts.append("Knocked out: your heroes skip their turns")
    if player.active:
        parts.append(f"Active: {'; '.join(slot_text(s) for s in player.active)}")
    if player.reserve:
        parts.append(f"Reserve: {', '.join(slot_text(s) for s in player.reserve)}")
    return " · ".join(parts) or "No heroes in play yet"


def _team(canvas: Image.Image, box: Box, table: Table, player: Player) -> None:
    left, top, right, bottom = box
    rounded_box(canvas, box, 14, PANEL, PANEL_EDGE, 2)
    seat_token(canvas, (left + 34, (top + bottom) // 2), 44, seat_style(player.index))
    x = left + 66
    score = badge(canvas, (right - 12, top + 7), score_text(table, player), GOLD, INK, 17, right=True)
    draw = ImageDraw.Draw(canvas)
    name, face = fit_line(drawable_text(player.name), score[0] - x - 12, 22, HAND_GLANCE, bold=True)
    draw.text((x, top + 20), name, font=face, fill=TEXT, anchor="lm")
    decks = f"Hero deck {player.hero_pile} · Villain deck {player.villain_pile}"
    lines, face = fit_block(
        f"{team_text(player)} · {decks}", right - x - 12, bottom - top - 38, 17, HAND_GLANCE, 2
    )
    y = top + 36
    for line in lines:
        draw.text((x, y), line, font=face, fill=MUTED, anchor="lt")
        y += round(face.size * 1.2)


def _label(canvas: Image.Image, y: int, text: str, note: str = "") -> None:
    draw = ImageDraw.Draw(canvas)
    shown, face = fit_line(text, HAND_W * 0.6, 18, HAND_GLANCE, bold=True)
    draw.text((PAD + 4, y + LABEL_H // 2), shown, font=face, fill=MUTED, anchor="lm")
    if note:
        room = HAND_W - 2 * PAD - face.getlength(shown) - 30
        shown, face = fit_line(note, room, 17, HAND_GLANCE)
        draw.text((HAND_W - PAD - 4, y + LABEL_H // 2), shown, font=face, fill=MUTED, anchor="rm")


def _rows(count: int) -> int:
    return max(1, math.ceil(count / PER_ROW))


def _grid(cards: tuple[Card, ...], top: int, size: tuple[int, int], canvas: Image.Image) -> None:
    width, height = size
    for n, card in enumerate(cards):
        row, column = divmod(n, PER_ROW)
        in_row = min(PER_ROW, len(cards) - row * PER_ROW)
        left = (HAND_W - (in_row * width + (in_row - 1) * GAP)) // 2
        paste_layer(
            canvas, card_layer(card, size), (left + column * (width + GAP), top + row * (height + GAP))
        )


def _section_height(count: int, height: int) -> int:
    return LABEL_H + _rows(count) * (height + GAP)


def draw_hand(view: View) -> Image.Image:
    """A seat's hand panel (a public view draws the same panel with no hand)."""
    table = read(view)
    player = me(table)
    hand = table.hand[:SHOWN]
    hand_h = _section_height(len(hand), CARD_H)
    peek_h = _section_height(len(table.peek), PEEK_H) if table.peek else 0
    team_h = TEAM_H + GAP if player else 0
    height = HEADER_H + GAP + BANNER_H + GAP + team_h + hand_h + peek_h + 4
    canvas = Image.new("RGB", (HAND_W, height), BACKDROP)
    extra = []
    if player is not None:
        style = seat_style(player.index)
        extra.append(Chip(drawable_text(player.name), style.colour, style.ink))
    draw_header(canvas, table, extra)
    y = HEADER_H + GAP
    _banner(canvas, (PAD, y, HAND_W - PAD, y + BANNER_H), table)
    y += BANNER_H + GAP
    if player is not None:
        _team(canvas, (PAD, y, HAND_W - PAD, y + TEAM_H), table, player)
        y += TEAM_H + GAP
    count = f"{len(table.hand)}, {len(hand)} shown" if len(hand) < len(table.hand) else str(len(hand))
    _label(canvas, y, f"YOUR HAND ({count})", "at most 5 at the end of your turn" if len(hand) > 5 else "")
    if hand:
        _grid(hand, y + LABEL_H, (CARD_W, CARD_H), canvas)
    else:
        ImageDraw.Draw(canvas).text(
            (HAND_W // 2, y + LABEL_H + CARD_H // 2),
            "No cards in hand",
            font=font(24),
            fill=MUTED,
            anchor="mm",
        )
    y += hand_h
    if table.peek:
        where = f"top of {drawable_text(table.peek_of)}" if table.peek_of else "top of a pile"
        _label(canvas, y, f"INTELLIGENCE: {where}", "top card first")
        _grid(table.peek, y + LABEL_H, (CARD_W, PEEK_H), canvas)
    return canvas
