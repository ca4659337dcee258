"""The public table: the header (phase, round, who has GO!), every Play Pile with its GO!/HOLD!
banner, top card, face-down paybacks and owners, then the race lanes and the log line."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.draw import Chip, HeaderStyle, badge, badge_width, header_bar, paste_layer, seat_token
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, seat_style
from renderers.kit.text import fit_line, text_width
from renderers.kit.views import View
from renderers.supernova.cards import back_layer, empty_slot, value_layer
from renderers.supernova.frame import table_frame
from renderers.supernova.geometry import Layout
from renderers.supernova.look import (
    AMBER,
    BAR,
    DAMAGE_MARK,
    FINISH_MARK,
    FOOTER_H,
    GO,
    GO_MARK,
    HOLD,
    HOLD_MARK,
    INK,
    MUTED,
    NEUTRAL,
    PANEL_EDGE,
    POWER_COLOURS,
    POWER_SHORT,
    SHOCK_MARK,
    SOLVED_MARK,
    TEXT,
    TITLE,
    WHITE,
)
from renderers.supernova.read import Pile, Player, Table, read
from renderers.supernova.words import ordinal, phase_text, pile_state, status_text

HEADER = HeaderStyle(
    height=64,
    bar=BAR,
    rule=PANEL_EDGE,
    title=(32, 22),
    chip=20,
    chip_min=15,
    status=(24, 16),
    status_share=0.42,
)
BANNERS: dict[str, tuple[RGB, RGB, str]] = {
    "go": (GO, WHITE, GO_MARK),
    "hold": (HOLD, WHITE, HOLD_MARK),
    "amber": (AMBER, INK, SHOCK_MARK),
    "neutral": (NEUTRAL, WHITE, ""),
}


def phase_chip(table: Table) -> Chip:
    text = phase_text(table)
    if table.phase == "shockwave":
        return Chip(f"{SHOCK_MARK} {text}", AMBER, INK, "Shockwave")
    if table.showdown and table.phase in ("play", "free", "quickdraw"):
        return Chip(text, HOLD, WHITE, "Showdown")
    return Chip(text)


def draw_header(canvas: Image.Image, table: Table, extra: list[Chip] | None = None, status: str = "") -> None:
    chips = [Chip(f"Round {table.round}" if table.round else "Round ?"), phase_chip(table), *(extra or [])]
    header_bar(canvas, TITLE, chips, status or status_text(table), style=HEADER)


def banner(
    canvas: Image.Image, box: tuple[int, int, int, int], kind: str, words: str, size: int = 26
) -> None:
    """A full-width status strip: colour, symbol and words (never colour alone)."""
    fill, ink, mark = BANNERS[kind]
    left, top, right, bottom = box
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=10, fill=fill)
    text, face = fit_line(f"{mark} {words}".strip(), right - left - 12, size, 12, bold=True)
    ImageDraw.Draw(canvas).text(
        ((left + right) / 2, (top + bottom) / 2), text, font=face, fill=ink, anchor="mm"
    )


def draw_pile(canvas: Image.Image, table: Table, pile: Pile, box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    kind, words = pile_state(table, pile)
    banner(canvas, (left + 8, top + 8, right - 8, top + 52), kind, words, 28)
    width = right - left
    card_h = min(150, bottom - top - 140)
    card_w = round(card_h * 0.71)
    downs = min(pile.face_down, 4)
    stack_w = card_w // 2 + 10 + downs * 6 if pile.face_down else 0
    x = left + (width - card_w - stack_w) // 2
    y = top + 62
    if pile.top is None:
        canvas.paste(empty_slot(card_w, card_h), (x, y), empty_slot(card_w, card_h))
    elif pile.top_down:
        paste_layer(canvas, back_layer(card_w, card_h), (x, y))
    else:
        paste_layer(canvas, value_layer(pile.top, card_w, card_h), (x, y))
    if pile.face_down:
        small_w, small_h = card_w // 2, card_h // 2
        sx = x + card_w + 10
        for n in range(downs):
            paste_layer(canvas, back_layer(small_w, small_h), (sx + n * 6, y + 8 + n * 5))
        draw.text(
            (sx + small_w // 2 + downs * 3, y + small_h + 30),
            f"{pile.face_down} face",
            font=font(15, bold=True),
            fill=TEXT,
            anchor="mm",
        )
        draw.text(
            (sx + small_w // 2 + downs * 3, y + small_h + 48),
            "down",
            font=font(15, bold=True),
            fill=TEXT,
            anchor="mm",
        )
    # owners: tokens and names
    y = top + 62 + card_h + 12
    owners = [table.players[o] for o in pile.owners if o < len(table.players)]
    names = " & ".join(p.name for p in owners) or pile.name
    tokens_w = 30 * len(owners)
    text, face = fit_line(names, width - 24 - tokens_w, 20, 12, bold=True)
    for n, owner in enumerate(owners):
        seat_token(canvas, (left + 12 + 13 + n * 30, y + 13), 26, seat_style(owner.index))
    draw.text((left + 14 + tokens_w + 4, y + 13), text, font=face, fill=TEXT, anchor="lm")
    y += 34
    stats = f"{pile.cards} card{'s' if pile.cards != 1 else ''} · {DAMAGE_MARK} {pile.damage} damage"
    text, face = fit_line(stats, width - 24, 17, 12)
    draw.text((left + 14, y + 10), text, font=face, fill=MUTED, anchor="lm")
    if pile.named:
        badge(canvas, (right - 10, y), "NAMED", AMBER, INK, size=15, right=True)


def screen_badge(table: Table, player: Player) -> tuple[str, RGB, RGB]:
    if table.phase == "over":
        place = 1 + sum(1 for other in table.players if other.position > player.position)
        return (
            (f"{FINISH_MARK} WINNER", AMBER, INK)
            if place == 1
            else (f"{ordinal(place)} place", NEUTRAL, WHITE)
        )
    if player.out is not None:
        return f"OUT {ordinal(player.out)}", AMBER, INK
    if table.phase == "shockwave":
        return (
            (f"{SOLVED_MARK} SOLVED", GO, WHITE)
            if player.solved
            else (f"{SHOCK_MARK} SOLVING", NEUTRAL, WHITE)
        )
    if table.phase in ("play",):
        return (f"{GO_MARK} GO!", GO, WHITE) if player.go else (f"{HOLD_MARK} HOLD!", HOLD, WHITE)
    return "", NEUTRAL, WHITE


def draw_lane(canvas: Image.Image, layout: Layout, table: Table, player: Player) -> None:
    left, top, right, bottom = layout.plate(player.index)
    height = bottom - top
    diameter = height - 10
    text_left = left + diameter + 16
    draw = ImageDraw.Draw(canvas)
    label, fill, ink = screen_badge(table, player)
    if label:
        badge(canvas, (right - 8, top + 3), label, fill, ink, size=12 if height < 50 else 14, right=True)
    pills: list[tuple[str, RGB, RGB]] = []
    if player.damage is not None:
        pills.append((f"{DAMAGE_MARK} {player.damage} damage", HOLD, WHITE))
    for kind, count in player.power_ups:
        colour = POWER_COLOURS.get(kind, NEUTRAL)
        pills.append((f"{POWER_SHORT.get(kind, kind)}×{count}", colour, WHITE if kind == "Blaster" else INK))
    size = 11 if height < 50 else 12
    pill_h = round(size * 1.55)
    stats_size = 15 if height >= 50 else 14
    full = f"Hand {player.hand} · Draw {player.draw} · Space {player.position}"
    short = f"Hand {player.hand} · Draw {player.draw}"
    stats = full
    widths = [badge_width(text, size) + 4 for text, _, _ in pills]
    for stats in (full, short):
        used = text_width(font(stats_size), stats) + 10
        if text_left + used + sum(widths) <= right - 8:
            break
    x = right - 8
    for (text, colour, ink), width in zip(reversed(pills), reversed(widths), strict=True):
        if x - width < text_left + text_width(font(stats_size), stats) + 6:
            break
        badge(canvas, (x, bottom - 3 - pill_h), text, colour, ink, size=size, right=True)
        x -= width
    shown, face = fit_line(stats, x - text_left - 4, stats_size, 11)
    draw.text((text_left, bottom - 4), shown, font=face, fill=MUTED, anchor="lb")
    # the token on the board
    lane_top, lane_bottom = layout.lane(player.index)[1], layout.lane(player.index)[3]
    d = min(lane_bottom - lane_top - 8, 40)
    seat_token(
        canvas,
        (round(layout.space_x(player.position)), (lane_top + lane_bottom) // 2),
        d,
        seat_style(player.index),
    )


def draw_footer(canvas: Image.Image, text: str) -> None:
    top = canvas.height - FOOTER_H
    if not text:
        text = "No moves yet."
    shown, face = fit_line(text, canvas.width - 48, 20, 14)
    ImageDraw.Draw(canvas).text((24, top + FOOTER_H / 2 + 1), shown, font=face, fill=TEXT, anchor="lm")


def draw_table(view: View) -> Image.Image:
    """The public table (a seat's view draws the same public table)."""
    table = read(view)
    names = tuple(p.name for p in table.players) or ("Nobody",)
    piles = table.piles[:6]
    layout = Layout(len(names), len(piles), table.finish)
    canvas = table_frame(names, len(piles), table.finish, table.stations)
    draw_header(canvas, table)
    for pile, box in zip(piles, layout.pile_boxes(), strict=True):
        draw_pile(canvas, table, pile, box)
    if not piles:
        ImageDraw.Draw(canvas).text(
            (600, layout.piles_top + layout.pile_h // 2),
            "No Play Piles yet",
            font=font(26),
            fill=MUTED,
            anchor="mm",
        )
    for player in table.players:
        draw_lane(canvas, layout, table, player)
    draw_footer(canvas, table.log)
    return canvas
