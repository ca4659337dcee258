"""A seat's hand panel: what the game asks of it (or whom it waits for), its fighter (health dial,
stars, where it stands, counts), its fighter cards with their costs and effects (a bright edge on
each combo it can launch now), its control pad (a thumb token on each pushed button) and the open
chain."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.kit.draw import Chip, badge, badge_width, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import Box, rounded_box
from renderers.kit.text import fit_block, fit_line, text_width
from renderers.kit.views import View
from renderers.punchfighter.board import paste_fighter
from renderers.punchfighter.cards import fighter_card, pad_button
from renderers.punchfighter.look import (
    BACKDROP,
    HAND_GLANCE,
    HAND_W,
    HEADER_H,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    STAR,
    TEXT,
)
from renderers.punchfighter.panels import health_bar
from renderers.punchfighter.read import Player, Table, read
from renderers.punchfighter.table import draw_header
from renderers.punchfighter.words import (
    ask_text,
    band_name,
    chain_text,
    health_text,
    now_text,
    over_text,
    stars_text,
    turn_text,
    where_text,
)

PAD = 16
BANNER_H = 54
FIGHTER_H = 88
LABEL_H = 28
CARD_W, CARD_H = 178, 196
BUTTON_W, BUTTON_H = 180, 92
PER_ROW = 5
SHOWN = 2 * PER_ROW
"""Fighter cards drawn (the alt text lists them all)."""
GAP = 14


def me(table: Table) -> Player | None:
    return table.player(table.you)


def asked(table: Table) -> tuple[str, str]:
    """The banner: ("you" | "other" | "over", words)."""
    if table.finished:
        return "over", f"Game over: {over_text(table)}"
    if table.waiting is None:
        return "other", now_text(table)
    seat, key = table.waiting
    if seat == table.you:
        marked = f" ({len(table.marked)} marked on the table)" if table.marked else ""
        return "you", f"Your move: {ask_text(key)}{marked}"
    return "other", f"Waiting for {table.players[seat].name} to {ask_text(key)}"


BANNERS: dict[str, tuple[RGB, RGB]] = {
    "you": (HIGHLIGHT, INK),
    "other": (PANEL_EDGE, TEXT),
    "over": (STAR, INK),
}


def _banner(canvas: Image.Image, box: Box, table: Table) -> None:
    kind, words = asked(table)
    fill, ink = BANNERS[kind]
    left, top, right, bottom = box
    rounded_box(canvas, box, 12, fill)
    lines, face = fit_block(words, right - left - 24, bottom - top - 4, 24, HAND_GLANCE, 2, True, 1.05, True)
    step = face.size * 1.05
    y = (top + bottom) / 2 - step * (len(lines) - 1) / 2
    draw = ImageDraw.Draw(canvas)
    for line in lines:
        draw.text(((left + right) / 2, y), line, font=face, fill=ink, anchor="mm")
        y += step


def _fighter(canvas: Image.Image, box: Box, table: Table, player: Player) -> None:
    """The seat's fighter: token, name and style, where and counts; stars and the health dial."""
    left, top, right, bottom = box
    rounded_box(canvas, box, 14, PANEL, PANEL_EDGE, 2)
    draw = ImageDraw.Draw(canvas)
    paste_fighter(canvas, player, (left + 14 + 32, (top + bottom) / 2), 64)
    x = left + 14 + 64 + 14
    middle = (left + right) // 2 + 20
    title = f"{player.fighter_name} · {player.style}" if player.chosen else "No fighter chosen yet"
    shown, face = fit_line(title, middle - x - 10, 24, HAND_GLANCE, bold=True)
    draw.text((x, top + 27), shown, font=face, fill=TEXT, anchor="lm")
    where = where_text(table, player)
    facts = (
        f"{where[:1].upper()}{where[1:]} · Hand {player.hand} · Deck {player.deck} · Discard {player.discard}"
    )
    shown, face = fit_line(facts, middle - x - 10, 17, HAND_GLANCE)
    draw.text((x, top + 60), shown, font=face, fill=MUTED, anchor="lm")
    stars = stars_text(table, player)
    badge(canvas, (right - 14, top + 11), stars, STAR, INK, 20, right=True)
    dial = f"Health: {band_name(player)} band" if player.bands else "Health"
    shown, face = fit_line(dial, right - 14 - badge_width(stars, 20) - 10 - middle, 18, HAND_GLANCE)
    draw.text((middle, top + 27), shown, font=face, fill=MUTED, anchor="lm")
    if player.bands:
        health = health_text(player)
        face = font(18, bold=True)
        health_bar(
            canvas, (middle, top + 52, round(right - 14 - text_width(face, health) - 10), top + 70), player
        )
        draw.text((right - 14, top + 61), health, font=face, fill=TEXT, anchor="rm")


def _label(canvas: Image.Image, y: int, text: str, note: str = "") -> None:
    draw = ImageDraw.Draw(canvas)
    draw.text((PAD + 4, y + 4), text, font=font(17, bold=True), fill=MUTED, anchor="lt")
    if note:
        shown, face = fit_line(
            note, HAND_W - 2 * PAD - text_width(font(17, bold=True), text) - 30, 16, HAND_GLANCE
        )
        draw.text((HAND_W - PAD - 4, y + 5), shown, font=face, fill=MUTED, anchor="rt")


def ready_cards(table: Table) -> set[str]:
    """The cards this seat can play now: the combos it can launch, and when it is asked to
    defend, its defence cards."""
    ready = set(table.launchable)
    if table.waiting is not None and table.waiting == (table.you, "defend"):
        ready |= {card.id for card in table.hand if not card.combo}
    return ready


def _rows(count: int) -> int:
    return max(1, math.ceil(count / PER_ROW))


def _grid(count: int, top: int, width: int, height: int) -> list[tuple[int, int]]:
    """Top-left corners of `count` tiles in centred rows of up to PER_ROW."""
    spots = []
    for n in range(count):
        row, column = divmod(n, PER_ROW)
        in_row = min(PER_ROW, count - row * PER_ROW)
        left = (HAND_W - (in_row * width + (in_row - 1) * GAP)) // 2
        spots.append((left + column * (width + GAP), top + row * (height + GAP)))
    return spots


def _cards(canvas: Image.Image, table: Table, top: int) -> None:
    ready = ready_cards(table)
    note = "bright edge: you can play it now" if ready else ""
    shown = table.hand[:SHOWN]
    count = f"{len(table.hand)}, {len(shown)} shown" if len(shown) < len(table.hand) else str(len(shown))
    _label(canvas, top, f"YOUR HAND ({count})", note)
    top += LABEL_H
    if not table.hand:
        ImageDraw.Draw(canvas).text(
            (HAND_W // 2, top + CARD_H // 2),
            "No fighter cards in hand",
            font=font(24),
            fill=MUTED,
            anchor="mm",
        )
        return
    for card, xy in zip(shown, _grid(len(shown), top, CARD_W, CARD_H), strict=True):
        layer = fighter_card(card.name, card.cost, card.effect, CARD_W, CARD_H, card.id in ready)
        paste_layer(canvas, layer, xy)


def _pad(canvas: Image.Image, player: Player | None, top: int) -> None:
    pad = player.pad if player else ()
    pushed = sum(1 for b in pad if b.pushed)
    _label(canvas, top, f"YOUR PAD ({len(pad)}/10)", f"{pushed} pushed (thumb token)" if pushed else "")
    top += LABEL_H
    if not pad:
        ImageDraw.Draw(canvas).text(
            (HAND_W // 2, top + BUTTON_H // 2), "No buttons", font=font(24), fill=MUTED, anchor="mm"
        )
        return
    for button, xy in zip(pad, _grid(len(pad), top, BUTTON_W, BUTTON_H), strict=True):
        paste_layer(
            canvas, pad_button(button.letter, button.name, button.text, button.pushed, BUTTON_W, BUTTON_H), xy
        )


def _chain(canvas: Image.Image, table: Table, top: int) -> None:
    owner = table.player(table.turn)
    _label(canvas, top, f"OPEN CHAIN ({owner.name})" if owner else "OPEN CHAIN")
    shown, face = fit_line(chain_text(table), HAND_W - 2 * PAD - 8, 19, HAND_GLANCE)
    ImageDraw.Draw(canvas).text((PAD + 4, top + LABEL_H + 12), shown, font=face, fill=TEXT, anchor="lm")


def draw_hand(view: View) -> Image.Image:
    """A seat's hand panel (a public view draws the same panel with no hand)."""
    table = read(view)
    player = me(table)
    cards_h = LABEL_H + _rows(len(table.hand[:SHOWN])) * (CARD_H + GAP)
    pad_h = LABEL_H + _rows(len(player.pad) if player else 0) * (BUTTON_H + GAP)
    chain_h = LABEL_H + 30 if table.chain and not table.finished else 0
    height = HEADER_H + 12 + BANNER_H + 12 + (FIGHTER_H + 14 if player else 0) + cards_h + pad_h + chain_h + 8
    canvas = Image.new("RGB", (HAND_W, height), BACKDROP)
    extra = []
    if player is not None:
        style = seat_style(player.index)
        extra.append(Chip(player.name, style.colour, style.ink))
    draw_header(canvas, table, extra, turn_text(table))
    y = HEADER_H + 12
    _banner(canvas, (PAD, y, HAND_W - PAD, y + BANNER_H), table)
    y += BANNER_H + 12
    if player is not None:
        _fighter(canvas, (PAD, y, HAND_W - PAD, y + FIGHTER_H), table, player)
        y += FIGHTER_H + 14
    _cards(canvas, table, y)
    y += cards_h
    _pad(canvas, player, y)
    y += pad_h
    if chain_h:
        _chain(canvas, table, y)
    return canvas
