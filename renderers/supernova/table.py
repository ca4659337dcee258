"""The public table: the header (phase, round, who has GO!), every Play Pile with its GO!/HOLD!
banner, top card, face-down paybacks and owners, then the race lanes and the log line."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.draw import Chip, HeaderStyle, badge, badge_width, header_bar, paste_layer, seat_token
from renderers.kit.fonts import font
from renderers.kit.palette import RGB, ink_on, seat_style
from renderers.kit.text import fit_block, fit_items, fit_line, text_width
from renderers.kit.views import View, plural
from renderers.supernova.cards import back_layer, empty_slot, value_layer
from renderers.supernova.frame import plate_rows, table_frame
from renderers.supernova.geometry import Layout
from renderers.supernova.look import (
    AMBER,
    BAR,
    DAMAGE_MARK,
    FINISH_MARK,
    FOOTER_H,
    GLANCE,
    GO,
    HOLD,
    INK,
    MUTED,
    NEUTRAL,
    PANEL_EDGE,
    POWER_COLOURS,
    POWER_SHORT,
    SCREENS,
    SHOCK_MARK,
    SOLVED_MARK,
    TEXT,
    TITLE,
    TOKEN,
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
    chip_min=GLANCE,
    status=(24, GLANCE),
    status_share=0.42,
)


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
    canvas: Image.Image,
    box: tuple[int, int, int, int],
    kind: str,
    words: str,
    size: int = 26,
    smallest: int = GLANCE,
) -> None:
    """A full-width status strip: colour, symbol and words (never colour alone), in two lines
    when one would be smaller than `smallest`."""
    screen = SCREENS[kind]
    fill, ink, mark = screen.colour, screen.ink, screen.symbol
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(box, radius=10, fill=fill)
    text = f"{mark} {words}".strip()
    lines, face = fit_block(text, right - left - 12, bottom - top, size, smallest, 2, True, 1.05, True)
    step = face.size * 1.05
    y = (top + bottom) / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        draw.text(((left + right) / 2, y), line, font=face, fill=ink, anchor="mm")
        y += step


def _owners(canvas: Image.Image, table: Table, pile: Pile, box: tuple[int, int, int, int]) -> None:
    """The pile's owners: their tokens and names (in two lines when one is too narrow)."""
    left, top, right, bottom = box
    owners = [table.players[o] for o in pile.owners if o < len(table.players)]
    names = " & ".join(p.name for p in owners) or pile.name
    middle = (top + bottom) // 2
    for n, owner in enumerate(owners):
        seat_token(canvas, (left + TOKEN // 2 + n * (TOKEN + 4), middle), TOKEN, seat_style(owner.index))
    x = left + len(owners) * (TOKEN + 4) + 4
    lines, face = fit_block(names, right - x, bottom - top, 20, GLANCE, 2, True, 1.0, True, True)
    step = face.size * 1.0
    y = middle - step * (len(lines) - 1) / 2
    for line in lines:
        ImageDraw.Draw(canvas).text((x, y), line, font=face, fill=TEXT, anchor="lm")
        y += step


def pile_stats(pile: Pile, width: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A pile's counts ("21 cards · ☠ 3 damage · 1 face down") in as few lines as fit its panel."""
    stats = [plural(pile.cards, "card"), f"{DAMAGE_MARK} {pile.damage} damage"]
    if pile.face_down:
        stats.append(f"{pile.face_down} face down")
    named_w = badge_width("NAMED", GLANCE) + 8 if pile.named else 0
    return fit_items(stats, width - 24 - named_w, 3.8 * GLANCE, GLANCE, GLANCE, 3, one_per_line=False)


def draw_pile(
    canvas: Image.Image, table: Table, pile: Pile, box: tuple[int, int, int, int], rows: int = 2
) -> None:
    """A Play Pile's panel: its GO!/HOLD! banner, its top card (and its face-down paybacks beside
    it), its owners, then its counts in `rows` lines (as many as the most crowded pile takes, so
    that every panel's card is the same size) and a NAMED badge."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    kind, words = pile_state(table, pile)
    banner(canvas, (left + 8, top + 8, right - 8, top + 52), kind, words, 28)
    width = right - left
    step = round(GLANCE * 1.2)
    lines, face = pile_stats(pile, width)
    stats_top = bottom - 8 - step * max(rows, len(lines))
    owners_top = stats_top - 44
    card_h = min(150, owners_top - 6 - (top + 60))
    card_w = round(card_h * 0.71)
    downs = min(pile.face_down, 4)
    small_w, small_h = card_w // 2, card_h // 2
    stack_w = small_w + downs * 6 + 10 if pile.face_down else 0
    x = left + (width - card_w - stack_w) // 2
    y = top + 60
    if pile.top is None:
        canvas.paste(empty_slot(card_w, card_h), (x, y), empty_slot(card_w, card_h))
    elif pile.top_down:
        paste_layer(canvas, back_layer(card_w, card_h), (x, y))
    else:
        paste_layer(canvas, value_layer(pile.top, card_w, card_h), (x, y))
    for n in range(downs):
        paste_layer(
            canvas, back_layer(small_w, small_h), (x + card_w + 10 + n * 6, y + card_h - small_h - n * 5)
        )
    _owners(canvas, table, pile, (left + 12, owners_top, right - 10, owners_top + 42))
    ty = stats_top + step / 2
    for line in lines:
        draw.text((left + 14, ty), line, font=face, fill=MUTED, anchor="lm")
        ty += step
    if pile.named:
        badge_top = round(stats_top + step * len(lines) / 2 - GLANCE * 0.78)
        badge(canvas, (right - 10, badge_top), "NAMED", AMBER, INK, GLANCE, True)


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
        screen = SCREENS["go" if player.go else "hold"]
        return f"{screen.symbol} {screen.word}", screen.colour, screen.ink
    return "", NEUTRAL, WHITE


def draw_lane(canvas: Image.Image, layout: Layout, table: Table, player: Player) -> None:
    """A player's plate (its name is static): the screen badge beside the name, then the counts
    ("Hand 5 · Draw 9 · Space 2", the space left out when the pills need the room) and the
    damage and power-up pills; and the player's token on the board."""
    right = layout.plate(player.index)[2]
    text_left, upper, lower = plate_rows(layout, player.index)
    draw = ImageDraw.Draw(canvas)
    badge_h = round(GLANCE * 1.55)
    label, fill, ink = screen_badge(table, player)
    if label:
        badge(canvas, (right - 6, round(upper - badge_h / 2)), label, fill, ink, size=GLANCE, right=True)
    pills: list[tuple[str, RGB, RGB]] = []
    if player.damage is not None:
        pills.append((f"{DAMAGE_MARK} {player.damage}", HOLD, WHITE))
    for kind, count in player.power_ups:
        colour = POWER_COLOURS.get(kind, NEUTRAL)
        pills.append((f"{POWER_SHORT.get(kind, kind)}×{count}", colour, ink_on(colour)))
    face = font(GLANCE)
    full = f"Hand {player.hand} · Draw {player.draw} · Space {player.position}"
    short = f"Hand {player.hand} · Draw {player.draw}"
    widths = [badge_width(text, GLANCE) + 4 for text, _, _ in pills]
    stats = full
    for stats in (full, short):
        if text_left + text_width(face, stats) + 10 + sum(widths) <= right - 6:
            break
    x = right - 6
    for (text, colour, ink), width in zip(reversed(pills), reversed(widths), strict=True):
        if x - width < text_left + text_width(face, stats) + 6:
            break
        badge(canvas, (x, round(lower - badge_h / 2)), text, colour, ink, size=GLANCE, right=True)
        x -= width
    shown, face = fit_line(stats, x - text_left - 4, GLANCE, GLANCE)
    draw.text((text_left, lower), shown, font=face, fill=MUTED, anchor="lm")
    # the token on the board
    lane_top, lane_bottom = layout.lane(player.index)[1], layout.lane(player.index)[3]
    d = min(lane_bottom - lane_top - 10, 40)
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
    shown, face = fit_line(text, canvas.width - 48, 20, GLANCE)
    ImageDraw.Draw(canvas).text((24, top + FOOTER_H / 2 + 1), shown, font=face, fill=TEXT, anchor="lm")


def draw_table(view: View) -> Image.Image:
    """The public table (a seat's view draws the same public table)."""
    table = read(view)
    names = tuple(p.name for p in table.players) or ("Nobody",)
    piles = table.piles[:6]
    layout = Layout(len(names), len(piles), table.finish)
    canvas = table_frame(names, len(piles), table.finish, table.stations)
    draw_header(canvas, table)
    boxes = layout.pile_boxes()
    rows = max(
        (len(pile_stats(pile, box[2] - box[0])[0]) for pile, box in zip(piles, boxes, strict=True)), default=1
    )
    for pile, box in zip(piles, boxes, strict=True):
        draw_pile(canvas, table, pile, box, rows)
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
