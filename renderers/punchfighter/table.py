"""The public table: the header (mode, round, whose turn), the arena, the side column (whose turn
and what is asked, the open chain, the button offer, the achievements or the minions), a panel per
player and the last log lines."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.punchfighter.state import MINION_HEALTH
from renderers.kit.draw import Chip, HeaderStyle, header_bar, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import seat_style
from renderers.kit.shapes import Box
from renderers.kit.text import fit_block, fit_line, text_width
from renderers.kit.views import View
from renderers.punchfighter.board import TOKEN, draw_arena, paste_fighter
from renderers.punchfighter.frame import table_frame
from renderers.punchfighter.geometry import FOOTER_H, LOG_LINES, ROW, Layout
from renderers.punchfighter.look import (
    BAR,
    DANGER,
    GLANCE,
    HEADER_H,
    HIGHLIGHT,
    MUTED,
    PANEL_EDGE,
    STAR,
    TEXT,
    TITLE,
    WHITE,
)
from renderers.punchfighter.panels import draw_panel
from renderers.punchfighter.pieces import letter_tile, minion_token, seat_disc
from renderers.punchfighter.read import Button, Table, read
from renderers.punchfighter.words import (
    chain_text,
    initials,
    mode_text,
    now_text,
    offer_counts,
    over_text,
    status_text,
    turn_text,
)

HEADER = HeaderStyle(
    height=HEADER_H,
    bar=BAR,
    rule=PANEL_EDGE,
    title=(32, 22),
    chip=20,
    chip_min=GLANCE,
    status=(24, GLANCE),
    status_share=0.4,
    status_ink=HIGHLIGHT,
)
PAD = 12


def draw_header(canvas: Image.Image, table: Table, extra: list[Chip] | None = None, status: str = "") -> None:
    chips = [Chip("Last round", DANGER, WHITE)] if table.deck_out and not table.finished else []
    if table.rounds:
        chips.append(Chip(f"Round {table.rounds}"))
    chips.append(Chip(mode_text(table), short=mode_text(table).replace("Minion Rush", "Rush")))
    header_bar(canvas, TITLE, [*chips, *(extra or [])], status or status_text(table), style=HEADER)


def heading(canvas: Image.Image, box: Box, text: str, right_text: str = "") -> None:
    left, top, right, _ = box
    draw = ImageDraw.Draw(canvas)
    draw.text((left + PAD, top + 12), text, font=font(GLANCE, bold=True), fill=MUTED, anchor="lt")
    if right_text:
        draw.text((right - PAD, top + 12), right_text, font=font(GLANCE), fill=MUTED, anchor="rt")


def _turn(canvas: Image.Image, box: Box, table: Table) -> None:
    """Whose turn, what the game waits for (and from whom), and the open chain."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(canvas)
    player = table.player(table.turn)
    x = left + PAD
    if player is not None and not table.finished and table.phase != "choose":
        paste_fighter(canvas, player, (x + TOKEN / 2, top + 12 + TOKEN / 2), TOKEN, HIGHLIGHT)
        x += TOKEN + 16
    title = "Game over" if table.finished else turn_text(table)
    shown, face = fit_line(title, right - PAD - x, 26, GLANCE, bold=True)
    draw.text((x, top + 16 + TOKEN / 2), shown, font=face, fill=STAR if table.finished else TEXT, anchor="lm")
    y = top + TOKEN + 34
    if table.finished:
        ranked = sorted(table.players, key=lambda p: (-p.stars, -p.health, p.index))
        lines = [over_text(table), " · ".join(f"{p.name} ★{p.stars}" for p in ranked)]
    else:
        lines = [now_text(table)]
        if table.chain:
            lines.append(f"Chain: {chain_text(table, costs=False)}")
        elif table.marked:
            lines.append(f"Marked: {', '.join(table.marked)}")
        elif table.deck_out:
            lines.append("Last round: the button deck ran out")
    for n, line in enumerate(lines[:2]):
        shown, face = fit_line(line, right - left - 2 * PAD, 20, GLANCE)
        ink = HIGHLIGHT if n == 0 and not table.finished else TEXT if n == 0 else MUTED
        draw.text((left + PAD, y), shown, font=face, fill=ink, anchor="lm")
        y += 27


def button_row(
    canvas: Image.Image, xy: tuple[int, int], width: int, button: Button, size: int = GLANCE
) -> None:
    """A button: its letter tile, its name in bold and what it does, on one line."""
    x, y = xy
    tile = letter_tile(button.letter, ROW - 4, ROW - 4, button.pushed)
    canvas.paste(tile, (x, y), tile)
    x += ROW + 4
    draw = ImageDraw.Draw(canvas)
    name, face = fit_line(button.name, width - ROW - 4, size, size, bold=True)
    draw.text((x, y + (ROW - 4) / 2), name, font=face, fill=TEXT, anchor="lm")
    x += round(text_width(face, name)) + 10
    text, face = fit_line(button.text, xy[0] + width - x, size, size)
    if x < xy[0] + width - 40:
        draw.text((x, y + (ROW - 4) / 2), text, font=face, fill=MUTED, anchor="lm")


def _offer(canvas: Image.Image, box: Box, table: Table) -> None:
    left, top, right, _ = box
    heading(canvas, box, "BUTTON OFFER", offer_counts(table))
    y = top + 40
    for button in table.offer:
        button_row(canvas, (left + PAD, y), right - left - 2 * PAD, button)
        y += ROW
    if not table.offer:
        ImageDraw.Draw(canvas).text(
            (left + PAD, y), "No buttons left", font=font(GLANCE), fill=MUTED, anchor="lt"
        )


def _achievements(canvas: Image.Image, box: Box, table: Table) -> None:
    left, top, right, bottom = box
    heading(canvas, box, "ACHIEVEMENTS", "1 star each")
    draw = ImageDraw.Draw(canvas)
    step = min(50, (bottom - top - 42) // max(1, len(table.achievements)))
    y = top + 42
    for achievement in table.achievements:
        x = right - PAD
        for seat in reversed(achievement.claimed_by):
            player = table.players[seat]
            disc = seat_disc(initials(player), seat_style(seat).colour, 30)
            x -= disc.width
            canvas.paste(disc, (x, y - 2), disc)
            x -= 4
        name, face = fit_line(achievement.name, x - left - PAD - 8, GLANCE, GLANCE, bold=True)
        ink = MUTED if achievement.claimed_by and len(achievement.claimed_by) == len(table.players) else TEXT
        draw.text((left + PAD, y), name, font=face, fill=ink, anchor="lt")
        text, face = fit_line(achievement.text, right - left - 2 * PAD, GLANCE, GLANCE)
        draw.text((left + PAD, y + 23), text, font=face, fill=MUTED, anchor="lt")
        y += step


def _minions(canvas: Image.Image, box: Box, table: Table) -> None:
    left, top, right, bottom = box
    heading(canvas, box, "MINIONS", "4 health each")
    draw = ImageDraw.Draw(canvas)
    y = top + 42
    for minion in table.minions:
        paste_layer(canvas, minion_token(minion.letter, 34, minion.health, MINION_HEALTH), (left + PAD, y))
        on = minion.at is not None and table.on_map(minion.at)
        words = (
            f"{minion.letter} minion at {minion.at}: {minion.health}/4 health"
            if on
            else f"{minion.letter} minion: off the board"
        )
        shown, face = fit_line(words, right - left - 2 * PAD - 44, GLANCE, GLANCE)
        draw.text((left + PAD + 44, y + 17), shown, font=face, fill=TEXT if on else MUTED, anchor="lm")
        y += 42
    goal = "Until the button deck runs out" if table.past_nine else "First to 9 stars wins"
    lines, face = fit_block(goal, right - left - 2 * PAD, bottom - y - 8, GLANCE, GLANCE, 3)
    for line in lines:
        draw.text((left + PAD, y + 4), line, font=face, fill=MUTED, anchor="lt")
        y += round(face.size * 1.2)


def draw_footer(canvas: Image.Image, table: Table) -> None:
    draw = ImageDraw.Draw(canvas)
    lines = list(table.log[-LOG_LINES:]) or ["No moves yet."]
    step = (FOOTER_H - 12) / LOG_LINES
    y = canvas.height - FOOTER_H + 6 + step / 2 + step * (LOG_LINES - len(lines))
    for n, line in enumerate(lines):
        shown, face = fit_line(line, canvas.width - 48, 20, GLANCE)
        draw.text((24, y), shown, font=face, fill=TEXT if n == len(lines) - 1 else MUTED, anchor="lm")
        y += step


def draw_table(view: View) -> Image.Image:
    """The public table (a seat's view draws the same public table)."""
    table = read(view)
    layout = Layout(table.grid, max(1, len(table.players)))
    boxes = layout.side_boxes()
    canvas = table_frame(table.board, layout.players, bool(table.marked))
    draw_header(canvas, table)
    draw_arena(canvas, layout, table)
    _turn(canvas, boxes[0], table)
    _offer(canvas, boxes[1], table)
    if table.rush:
        _minions(canvas, boxes[2], table)
    elif table.achievements:
        _achievements(canvas, boxes[2], table)
    else:
        heading(canvas, boxes[2], "NO ACHIEVEMENTS")
    for player in table.players:
        draw_panel(canvas, layout.panel(player.index), table, player)
    draw_footer(canvas, table)
    return canvas
