"""The public table: the header (round, mode, options, goal; whose phase it is), a strip with the
plot twist in play and the last battle's narration (or who won), then each player's panel in a
grid of one column (solitaire) or two."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.cache import cached_image
from renderers.kit.draw import Chip, header_bar
from renderers.kit.fonts import drawable_text, font
from renderers.kit.shapes import Box, rounded_box
from renderers.kit.text import fit_block, fit_line, text_width, wrap
from renderers.kit.views import View
from renderers.letopsulle.look import (
    BACKDROP,
    GAP,
    GLANCE,
    GOLD,
    HEADER,
    HEADER_H,
    HIGHLIGHT,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PLOT_EDGE,
    PLOT_FILL,
    TABLE_W,
    TEXT,
    TITLE,
    WHITE,
)
from renderers.letopsulle.panels import draw_panel, panel_height
from renderers.letopsulle.read import Table, read
from renderers.letopsulle.words import goal_text, mode_text, option_texts, winner_text

STRIP_H = 128
PLOT_W = 440
ROW_HEIGHTS = {1: 140, 2: 128}
"""Card rows by how many rows of panels the table has (three rows: SMALL_ROW)."""
SMALL_ROW = 112
LINE = 23


def chips(table: Table) -> list[Chip]:
    """The header's chips: round, solitaire (a multiplayer table shows its players), the optional
    rules on, the goal."""
    made = [Chip(f"Round {table.round}")] if table.round else []
    if len(table.players) == 1:
        made.append(Chip(mode_text(table)))
    made += [Chip(text) for text in option_texts(table)]
    goal = goal_text(table).replace("Goal: ", "")
    if goal:
        made.append(Chip(f"Goal {goal.replace(' points', ' pts')}", short=f"Goal {table.goal_points} pts"))
    return made


def draw_header(canvas: Image.Image, table: Table, extra: list[Chip] | None = None) -> None:
    status = drawable_text(table.status) or winner_text(table) or "Waiting to start"
    header_bar(canvas, TITLE, [*(extra or []), *chips(table)], status, style=HEADER)


def draw_plot(canvas: Image.Image, box: Box, table: Table) -> None:
    """The plot twist in play (its name, whose deck it came from, what it does)."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    owner = table.player(table.plot_owner)
    label = (
        f"PLOT TWIST · from {drawable_text(owner.name)}" if owner and len(table.players) > 1 else "PLOT TWIST"
    )
    shown, face = fit_line(label, right - left - 24, GLANCE, GLANCE, bold=True)
    draw.text((left + 12, top + 16), shown, font=face, fill=MUTED if not table.plot else GOLD, anchor="lm")
    if table.plot is None:
        draw.text((left + 12, top + 50), "None in play", font=font(22, bold=True), fill=TEXT, anchor="lm")
        return
    name, face = fit_line(table.plot.name, right - left - 24, 24, GLANCE, bold=True)
    draw.text((left + 12, top + 44), name, font=face, fill=WHITE, anchor="lm")
    lines, face = fit_block(
        table.plot.text, right - left - 24, bottom - top - 62, 19, GLANCE, 2, condense=True
    )
    y = top + 60
    for line in lines:
        draw.text((left + 12, y), line, font=face, fill=TEXT, anchor="lt")
        y += round(face.size * 1.15)


def battle_rows(lines: tuple[str, ...], width: float, rows: int) -> list[str]:
    """The battle's lines in at most `rows` rows of `width`: a long line wraps onto two rows, short
    ones share a row; when they still need more rows, the first rows are left out (the last say
    who was defeated and who claimed whom)."""
    face = font(GLANCE, condensed=True)
    packed: list[str] = []
    fresh = True
    for line in (drawable_text(line) for line in lines):
        if not fresh and text_width(face, f"{packed[-1]}  {line}") <= width:
            packed[-1] += f"  {line}"
            continue
        parts = wrap(line, face, width, 2)[0]
        packed += parts
        fresh = len(parts) > 1
    return packed[-rows:]


def draw_battle(canvas: Image.Image, box: Box, table: Table) -> None:
    """The last battle's narration (who won the game first, when it is over)."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    over = winner_text(table)
    label = f"GAME OVER · {over}" if over else "LAST BATTLE"
    shown, face = fit_line(label, right - left - 24, GLANCE, GLANCE, bold=True)
    draw.text((left + 12, top + 16), shown, font=face, fill=HIGHLIGHT if over else MUTED, anchor="lm")
    rows = max(1, (bottom - top - 34) // LINE)
    lines = battle_rows(table.battle, right - left - 24, rows)
    if not lines:
        lines = [
            fit_line(
                drawable_text(table.log[-1]) if table.log else "No battle yet",
                right - left - 24,
                GLANCE,
                GLANCE,
            )[0]
        ]
    y = top + 32
    face = font(GLANCE, condensed=True)
    for n, line in enumerate(lines):
        draw.text((left + 12, y), line, font=face, fill=TEXT if n == len(lines) - 1 else MUTED, anchor="lt")
        y += LINE


def layout(count: int) -> tuple[int, int, int, int]:
    """(columns, panel rows, card row height, panel width) for this many players."""
    count = max(1, count)
    columns = 1 if count == 1 else 2
    rows = -(-count // columns)
    width = (TABLE_W - 2 * MARGIN - (columns - 1) * GAP) // columns
    return columns, rows, ROW_HEIGHTS.get(rows, SMALL_ROW), width


def panel_boxes(count: int) -> list[Box]:
    """Where each player's panel goes (a last panel alone in its row is centred)."""
    columns, _, row_h, width = layout(count)
    height = panel_height(row_h, width)
    top = HEADER_H + MARGIN + STRIP_H + GAP
    boxes = []
    for n in range(count):
        row, column = divmod(n, columns)
        alone = columns == 2 and n == count - 1 and column == 0
        left = MARGIN + column * (width + GAP) + ((width + GAP) // 2 if alone else 0)
        y = top + row * (height + GAP)
        boxes.append((left, y, left + width, y + height))
    return boxes


def table_height(count: int) -> int:
    _, rows, row_h, width = layout(count)
    panels = rows * panel_height(row_h, width) + (rows - 1) * GAP
    return HEADER_H + MARGIN + STRIP_H + GAP + panels + MARGIN


PLOT_BOX: Box = (MARGIN, HEADER_H + MARGIN, MARGIN + PLOT_W, HEADER_H + MARGIN + STRIP_H)
BATTLE_BOX: Box = (MARGIN + PLOT_W + GAP, HEADER_H + MARGIN, TABLE_W - MARGIN, HEADER_H + MARGIN + STRIP_H)


@cached_image
def table_frame(count: int, ring: int, plot: bool) -> Image.Image:
    """The static layer: the backdrop, the plot twist's and the battle's boxes and every panel
    (the one of seat `ring` edged in gold: whose turn it is, or who won)."""
    canvas = Image.new("RGB", (TABLE_W, table_height(count)), BACKDROP)
    rounded_box(canvas, PLOT_BOX, 12, PLOT_FILL if plot else PANEL, PLOT_EDGE, 2)
    rounded_box(canvas, BATTLE_BOX, 12, PANEL, PANEL_EDGE, 2)
    for n, box in enumerate(panel_boxes(count)):
        rounded_box(canvas, box, 14, PANEL, HIGHLIGHT if n == ring else PANEL_EDGE, 3 if n == ring else 2)
    return canvas


def draw_table(view: View) -> Image.Image:
    """The public table (a seat's view draws the same public table)."""
    table = read(view)
    ring = table.winner if table.finished else table.turn
    ring = ring if ring is not None and table.player(ring) else -1
    canvas = table_frame(len(table.players), ring, table.plot is not None)
    draw_header(canvas, table)
    draw_plot(canvas, PLOT_BOX, table)
    draw_battle(canvas, BATTLE_BOX, table)
    row_h = layout(len(table.players))[2]
    for player, box in zip(table.players, panel_boxes(len(table.players)), strict=True):
        draw_panel(canvas, box, table, player, row_h)
    if not table.players:
        draw = ImageDraw.Draw(canvas)
        draw.text((TABLE_W / 2, PLOT_BOX[3] + 70), "No players yet", font=font(24), fill=MUTED, anchor="mm")
    return canvas
