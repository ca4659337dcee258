"""A seat's console: its screen (GO!/HOLD!), its hand as large cards, every pile as this seat may
use it now (GO! or HOLD!, and which values fit), its power-ups, and its shockwave puzzle."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.draw import Chip, badge, badge_width, paste_layer
from renderers.kit.fonts import font
from renderers.kit.palette import ink_on, legible, seat_style
from renderers.kit.text import fit_items, fit_line
from renderers.kit.views import View
from renderers.supernova.cards import back_layer, empty_slot, value_layer
from renderers.supernova.look import (
    AMBER,
    GO,
    HAND_GLANCE,
    HAND_W,
    HEADER_H,
    HOLD,
    INK,
    MUTED,
    NEUTRAL,
    PANEL,
    PANEL_EDGE,
    POWER_COLOURS,
    PUZZLE_GLYPHS,
    SPACE,
    TEXT,
    WHITE,
)
from renderers.supernova.read import Pile, Player, Puzzle, Table, read
from renderers.supernova.table import banner, draw_header
from renderers.supernova.words import fits, fitting, ordinal, token_kind_word, token_text

PAD = 16
CARD_H = 170
PILE_H = 144
PUZZLE_H = 196


def me(table: Table) -> Player | None:
    return table.players[table.you] if table.you is not None else None


def open_for_me(table: Table, pile: Pile) -> bool:
    """Whether this seat may lay a card on the pile now (values aside)."""
    player = me(table)
    if player is None or player.out is not None:
        return False
    if table.phase == "play":
        return player.go and pile.go
    if table.phase == "shockwave":
        return player.solved
    return table.phase == "free" and pile.named


def screen(table: Table) -> tuple[str, str]:
    """The console's big banner: (kind, words)."""
    player = me(table)
    if (
        player is not None
        and player.out is not None
        and table.phase in ("play", "quickdraw", "shockwave", "free")
    ):
        return "neutral", f"OUT {ordinal(player.out)}: you are done this round"
    if table.phase == "play":
        if player is not None and player.go:
            return "go", "GO!  Play on a GO! pile"
        return "hold", "HOLD!  Wait for GO! (a card now is payback)"
    if table.phase == "shockwave":
        if player is not None and player.solved:
            return "go", "SOLVED!  Play on any pile"
        return "amber", f"SHOCKWAVE: {table.shockwave or 'solve it'}. Then play anywhere"
    if table.phase == "free":
        named = next((p for p in table.piles if p.named), None)
        return "amber", f"FREE PLAY: any one card on {named.name if named else 'the named pile'}"
    return {
        "launch": ("hold", "HOLD!  Launch countdown"),
        "quickdraw": ("hold", "HOLD!  Quick draw: play resumes soon"),
        "scoring": ("neutral", "Scoring: use a Booster or Tractor Beam"),
        "damage": ("neutral", "Damage: use a Blaster or RepairBot"),
        "over": ("neutral", "Game over"),
    }.get(table.phase, ("neutral", "Waiting"))


def _label(canvas: Image.Image, y: int, text: str) -> None:
    ImageDraw.Draw(canvas).text((PAD + 4, y), text, font=font(17, bold=True), fill=MUTED, anchor="lt")


def _cards(canvas: Image.Image, table: Table, top: int) -> None:
    hand = table.hand
    _label(canvas, top, f"YOUR HAND ({len(hand)})")
    top += 26
    if not hand:
        ImageDraw.Draw(canvas).text(
            (HAND_W // 2, top + CARD_H // 2), "No cards in hand", font=font(26), fill=MUTED, anchor="mm"
        )
        return
    gap = 14
    width = min(round(CARD_H * 0.71), (HAND_W - 2 * PAD - gap * (len(hand) - 1)) // len(hand))
    height = min(CARD_H, round(width / 0.71))
    left = (HAND_W - (len(hand) * width + (len(hand) - 1) * gap)) // 2
    open_piles = [p for p in table.piles if open_for_me(table, p)]
    for n, value in enumerate(hand):
        x = left + n * (width + gap)
        paste_layer(canvas, value_layer(value, width, height, HAND_GLANCE), (x, top))
        if (table.phase == "free" and open_piles) or any(fits(value, p.top) for p in open_piles):
            text = "▶ PLAYABLE" if badge_width("▶ PLAYABLE", HAND_GLANCE) <= width + gap else "▶ PLAY"
            badge(
                canvas,
                (x + (width - badge_width(text, HAND_GLANCE)) // 2, top + height + 6),
                text,
                GO,
                WHITE,
                size=HAND_GLANCE,
            )


PILES_PER_ROW = 4
"""Up to four piles side by side; five or six go in two rows of three."""


def pile_rows(count: int) -> tuple[int, int]:
    """(rows, piles per row) for this many piles."""
    if count <= PILES_PER_ROW:
        return 1, max(1, count)
    return 2, -(-count // 2)


def _pile_box(canvas: Image.Image, table: Table, pile: Pile, box: tuple[int, int, int, int]) -> None:
    """One pile as this seat may use it now: GO!/HOLD! (or why not), its top card, its owners
    ("You" for this seat), which values fit, and its face-down cards and whose it is."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    mine = table.you in pile.owners
    opened = open_for_me(table, pile)
    kind, words = ("go", "GO!") if opened else ("hold", "HOLD!")
    if table.phase in ("scoring", "damage", "over"):
        kind, words = "neutral", "ROUND OVER" if table.phase != "over" else "CLOSED"
    banner(canvas, (left + 6, top + 6, right - 6, top + 38), kind, words, 22, HAND_GLANCE)
    card_h = min(96, bottom - top - 52)
    card_w = round(card_h * 0.71)
    cy = top + 44
    if pile.top is None:
        canvas.paste(empty_slot(card_w, card_h), (left + 8, cy), empty_slot(card_w, card_h))
    elif pile.top_down:
        paste_layer(canvas, back_layer(card_w, card_h, HAND_GLANCE), (left + 8, cy))
    else:
        paste_layer(canvas, value_layer(pile.top, card_w, card_h, HAND_GLANCE), (left + 8, cy))
    tx = left + 8 + card_w + 8
    room = right - 6 - tx
    step = round(HAND_GLANCE * 1.4)
    y = cy + step / 2
    owners = [table.players[o] for o in pile.owners if o < len(table.players)]
    for owner in owners[:2]:
        style = seat_style(owner.index)
        name = "You" if owner.index == table.you else owner.name
        text, face = fit_line(f"{style.symbol} {name}", room, 17, HAND_GLANCE, bold=True)
        draw.text((tx, y), text, font=face, fill=legible(style.colour, PANEL), anchor="lm")
        y += step
    low, high = fitting(pile.top)
    hint = f"fits {min(low, high)} or {max(low, high)}"
    text, face = fit_line(hint, room, 17, HAND_GLANCE)
    draw.text((tx, y), text, font=face, fill=TEXT, anchor="lm")
    y += step
    notes = [f"{pile.face_down} face down"] if pile.face_down else []
    if mine:
        notes.append("your pile")
    if notes:
        lines, face = fit_items(notes, room, bottom - 4 - (y - step / 2), HAND_GLANCE, HAND_GLANCE, 2)
        for line in lines:
            draw.text((tx, y), line, font=face, fill=MUTED, anchor="lm")
            y += step


def _piles(canvas: Image.Image, table: Table, top: int) -> None:
    _label(canvas, top, "PILES FOR YOU NOW")
    top += 26
    piles = table.piles[:6]
    if not piles:
        return
    gap = 10
    _, per_row = pile_rows(len(piles))
    width = (HAND_W - 2 * PAD - gap * (per_row - 1)) // per_row
    for n, pile in enumerate(piles):
        row, column = divmod(n, per_row)
        left, y = PAD + column * (width + gap), top + row * (PILE_H + gap)
        _pile_box(canvas, table, pile, (left, y, left + width, y + PILE_H))


def _power_ups(canvas: Image.Image, table: Table, top: int) -> None:
    _label(canvas, top, "YOUR POWER-UPS")
    x, y = PAD + 4, top + 24
    if not table.tokens:
        ImageDraw.Draw(canvas).text(
            (x, y + 4),
            "None (land on a ⚒ repair station to pick one up)",
            font=font(18),
            fill=MUTED,
            anchor="lt",
        )
        return
    for token in table.tokens:
        text = token_text(token)
        colour = POWER_COLOURS.get(token_kind_word(token), NEUTRAL)
        ink = ink_on(colour)
        if x + badge_width(text, 18) > HAND_W - PAD:
            break
        x = badge(canvas, (x, y), text, colour, ink, size=18)[2] + 8


def _chip(
    canvas: Image.Image,
    x: int,
    y: int,
    word: str,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int],
    size: int = 20,
) -> int:
    glyph = PUZZLE_GLYPHS.get(word, "")
    text = f"{glyph} {word}".strip()
    return badge(canvas, (x, y), text, fill, ink, size=size)[2]


def _puzzle(canvas: Image.Image, table: Table, puzzle: Puzzle, top: int) -> None:
    box = (PAD, top, HAND_W - PAD, top + PUZZLE_H)
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(box, radius=14, fill=(52, 44, 20), outline=AMBER, width=3)
    titles = {"order": "Press these in order", "odd": "Which symbol appears only once?", "sum": "Add them up"}
    title = f"⚡ {titles.get(puzzle.kind, 'Solve it')}"
    text, face = fit_line(title, HAND_W - 4 * PAD, 24, HAND_GLANCE, bold=True)
    draw.text((PAD * 2, top + 14), text, font=face, fill=AMBER, anchor="lt")
    shown, done = puzzle.todo, puzzle.done
    y = top + 54
    x = PAD * 2
    if puzzle.kind == "sum":
        text = " + ".join(shown) + " = ?" if shown else puzzle.prompt
        text, face = fit_line(text, HAND_W - 4 * PAD, 48, HAND_GLANCE, bold=True)
        draw.text((x, y + 26), text, font=face, fill=WHITE, anchor="lm")
    elif puzzle.kind == "order":
        for word in done:
            x = _chip(canvas, x, y, f"✔ {word}", NEUTRAL, WHITE, 18) + 8
        for n, word in enumerate(shown):
            x = _chip(canvas, x, y, word, AMBER, INK, 22) + 6
            if n < len(shown) - 1:
                draw.text((x + 4, y + 17), "→", font=font(22, bold=True), fill=AMBER, anchor="lm")
                x += 30
    else:
        for word in shown:
            if x + badge_width(word, 22) + 40 > HAND_W - PAD * 2:
                break
            x = _chip(canvas, x, y, word, (90, 80, 50), WHITE, 22) + 8
        if not shown:
            text, face = fit_line(puzzle.prompt, HAND_W - 4 * PAD, 22, HAND_GLANCE)
            draw.text((x, y + 16), text, font=face, fill=WHITE, anchor="lm")
    y = top + 120
    draw.text((PAD * 2, y), "Your buttons:", font=font(17, bold=True), fill=MUTED, anchor="lt")
    x = PAD * 2
    y += 26
    for word in puzzle.buttons:
        if x + badge_width(word, 20) + 30 > HAND_W - PAD * 2:
            break
        x = _chip(canvas, x, y, word, PANEL_EDGE, WHITE, 20) + 8


def draw_hand(view: View) -> Image.Image:
    """A seat's console (a public view draws the table's piles with an empty hand)."""
    table = read(view)
    puzzle = table.puzzle
    rows, _ = pile_rows(len(table.piles[:6]))
    piles_h = rows * PILE_H + (rows - 1) * 10
    height = (
        HEADER_H + 12 + 66 + 26 + CARD_H + 40 + 26 + piles_h + 14 + 62 + (PUZZLE_H + 12 if puzzle else 0) + 6
    )
    canvas = Image.new("RGB", (HAND_W, height), SPACE)
    player = me(table)
    extra = []
    if player is not None:
        style = seat_style(player.index)
        extra.append(Chip(f"{style.symbol} {player.name}", style.colour, style.ink, style.symbol))
    status = f"Space {player.position} of {table.finish}" if player is not None else ""
    draw_header(canvas, table, extra, status)
    y = HEADER_H + 12
    kind, words = screen(table)
    banner(canvas, (PAD, y, HAND_W - PAD, y + 56), kind, words, 30, HAND_GLANCE)
    y += 66
    if puzzle is not None:
        _puzzle(canvas, table, puzzle, y)
        y += PUZZLE_H + 12
    _cards(canvas, table, y)
    y += 26 + CARD_H + 40
    _piles(canvas, table, y)
    y += 26 + piles_h + 14
    _power_ups(canvas, table, y)
    return canvas


__all__ = ["GO", "HOLD", "draw_hand"]
