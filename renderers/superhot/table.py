"""The SUPERHOT table, drawn over its cached static layer (renderers.superhot.frame).

It reads left to right the way time moves: the Obstacles Deck (its visible top card is only what
comes *next*), The Line (its START, where cards leave it, is the right end), then the Obstacles
Discard. Goals and the Bullets Deck sit above The Line; the cards used this turn sit under the slots
they will empty; the players (and the System) sit below. The table never draws a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.cards import corner_radius
from renderers.kit.draw import badge, badge_width, centred_text, fitted_badge, paste_layer
from renderers.kit.fonts import font
from renderers.kit.shapes import Box, raised_box, rounded_box, rounded_outline, shade
from renderers.kit.text import fit_line, text_width
from renderers.kit.views import View, as_int, as_mapping, as_mappings, as_str
from renderers.superhot import geometry
from renderers.superhot.cards import (
    back_layer,
    card_layer,
    card_tile,
    face_key,
    top_strip,
    washed_layer,
)
from renderers.superhot.frame import GOAL_PAD, PIPS_H, FrameKey, frame, frame_key
from renderers.superhot.geometry import (
    GOALS_DECK_BOX,
    GOALS_RIGHT,
    GOALS_TOP,
    LINE_CARD_H,
    LINE_TOP,
    NUDGE,
    USED_H,
    USED_TOP,
)
from renderers.superhot.look import (
    ALERT,
    ARROW,
    BAR,
    DARK,
    FOOTER,
    GLANCE,
    GREY,
    INK,
    LIGHT,
    MARGIN,
    NEEDS,
    RED,
    RED_ON_DARK,
    TABLE_HALVES,
    TABLE_SIZE,
    WHITE,
)
from renderers.superhot.players import draw_players
from renderers.superhot.read import line, target
from renderers.superhot.room import header, table_chips
from renderers.superhot.words import revenge_aim, status, top_bullet_text


def draw_table(view: View) -> Image.Image:
    """The public table: the cached static layer, then the cards, counts and texts of this moment."""
    key = frame_key(view)
    canvas = frame(key)
    _Table(canvas, view, key).draw()
    return canvas


class _Table:
    def __init__(self, canvas: Image.Image, view: View, key: FrameKey) -> None:
        self.canvas = canvas
        self.view = view
        self.key = key
        self.pen = ImageDraw.Draw(canvas)
        self.line = line(view)
        self.geo = geometry.line(key.slots)
        self.target = target(view)
        self.target_slot = as_int(self.target.get("slot"), -1) if self.target else -1

    def draw(self) -> None:
        header(self.canvas, table_chips(self.view), status(self.view))
        self.counts()
        self.deck()
        self.slots()
        self.discard()
        self.used()
        draw_players(self.canvas, self.view, self.key)
        self.log()
        if self.view.get("over"):
            self.banner()

    def counts(self) -> None:
        """The goals' progress pips, the Goals Deck and the Bullets Deck counts."""
        goals = as_mappings(self.view.get("goals"))
        boxes = geometry.goal_boxes(self.key.done_goals, self.key.goals_deck)
        for box, goal in zip(boxes, goals, strict=False):
            if goal.get("counted") and as_int(goal.get("count")) > 0:
                left, _, right, bottom = box
                row = (left + GOAL_PAD, bottom - GOAL_PAD - PIPS_H, right - GOAL_PAD)
                self._pips(row, goal, bool(goal.get("done")))
        if self.key.goals_deck:
            left, top, right, _ = GOALS_DECK_BOX
            count = str(as_int(self.view.get("goals_deck")))
            centred_text(self.canvas, (left, top + 12, right, top + 58), count, 30, INK, bold=True)
        ink = ALERT if self.key.low_bullets else WHITE
        count = str(as_int(self.view.get("bullets_left")))
        self.pen.text(
            (GOALS_RIGHT + 106, GOALS_TOP + 44), count, font=font(48, bold=True), fill=ink, anchor="lm"
        )
        upcoming = top_bullet_text(self.view)
        if upcoming:
            shown, face = fit_line(
                upcoming, TABLE_SIZE[0] - MARGIN - GOALS_RIGHT - 36, GLANCE, GLANCE, bold=True
            )
            self.pen.text((GOALS_RIGHT + 26, GOALS_TOP + 112), shown, font=face, fill=ink, anchor="lm")

    def _pips(self, row: tuple[int, int, int], goal: Mapping[str, Any], done: bool) -> None:
        """Progress tokens: one pip per step, filled up to the progress, then "progress/count"."""
        left, top, right = row
        count, progress = as_int(goal.get("count")), as_int(goal.get("progress"))
        label = f"{min(progress, count)}/{count}"
        face = font(GLANCE, bold=True)
        room = right - left - round(text_width(face, label)) - 8
        size = min(18, (room + 4) // count - 4)
        x = left
        for number in range(count if size >= 6 else 0):
            box = (x, top + (PIPS_H - size) // 2, x + size, top + (PIPS_H + size) // 2)
            if number < progress:
                rounded_box(self.canvas, box, size // 2, GREY if done else RED)
            else:
                rounded_outline(self.canvas, box, size // 2, GREY, 2)
            x += size + 4
        self.pen.text((right, top + PIPS_H / 2), label, font=face, fill=INK, anchor="rm")

    # -------------------------------------------------------- the line

    def deck(self) -> None:
        """The Obstacles Deck: its visible top card, in greys (not in play yet), and its count."""
        geo = self.geo
        card_w, card_h = geo.card
        x, y = geo.deck_x, LINE_TOP
        count = as_int(self.view.get("deck"))
        top = as_mapping(self.view.get("deck_top"))
        for layer in range(min(2, max(0, count - 1)), 0, -1):
            paste_layer(self.canvas, back_layer(geo.card), (x - 4 * layer, y + 4 * layer))
        if top is not None and not top.get("down"):
            paste_layer(self.canvas, washed_layer(face_key(top, False), geo.card, TABLE_HALVES), (x, y))
        elif count:
            paste_layer(self.canvas, back_layer(geo.card), (x, y))
        else:
            self._slot((x, y, x + card_w, y + card_h), "empty")
        self._count((x, x + card_w), f"Deck {count}")

    def discard(self) -> None:
        """The Obstacles Discard: its top card face up, and its count."""
        geo = self.geo
        card_w, card_h = geo.card
        x, y = geo.discard_x, LINE_TOP
        count = as_int(self.view.get("obstacle_discard"))
        top = as_mapping(self.view.get("discard_top"))
        if count > 1:
            paste_layer(self.canvas, back_layer(geo.card), (x + 4, y + 4))
        if top is not None:
            face_up = dict(top, down=False)
            paste_layer(self.canvas, card_layer(face_up, geo.card, TABLE_HALVES, False), (x, y))
        elif count:
            paste_layer(self.canvas, back_layer(geo.card), (x, y))
        else:
            self._slot((x, y, x + card_w, y + card_h), "empty")
        self._count((x, x + card_w), f"Discard {count}")

    def _count(self, span: tuple[int, int], text: str) -> None:
        """A pile's count under its column (wider than the column when it must be)."""
        left, right = span
        middle, width = (left + right) // 2, max(right - left, badge_width(text, GLANCE))
        top = USED_TOP + (USED_H - round(GLANCE * 1.55)) // 2
        fitted_badge(
            self.canvas, (middle - width // 2, top, middle + width // 2, 0), text, DARK, WHITE, GLANCE
        )

    def slots(self) -> None:
        """The Line: each card (knocked-out ones greyed with a band), the target pulled down, ringed."""
        geo = self.geo
        card_w, card_h = geo.card
        radius = corner_radius(card_w)
        for index, x in enumerate(geo.slot_x):
            card = self.line[index] if index < len(self.line) else None
            if index == self.target_slot:
                y = LINE_TOP + NUDGE
                ring = (x - 6, y - 6, x + card_w + 6, y + card_h + 6)
                raised_box(self.canvas, ring, radius + 6, BAR)
                rounded_box(self.canvas, (x - 4, y - 4, x + card_w + 4, y + card_h + 4), radius + 4, ALERT)
                if card is not None:
                    tile = card_tile(card, geo.card, TABLE_HALVES, False)
                    self.canvas.paste(tile, (x, y), tile)
                self.target_tag(x)
            elif card is None:
                self._slot((x, LINE_TOP, x + card_w, LINE_TOP + card_h), "")
            else:
                paste_layer(self.canvas, card_layer(card, geo.card, TABLE_HALVES, False), (x, LINE_TOP))

    def target_tag(self, x: int) -> None:
        """Above the pulled-down obstacle: the running total against its need, and its fate."""
        assert self.target is not None
        need = NEEDS.get(as_str(self.target.get("need")), NEEDS["mixed"])
        total, value = as_int(self.target.get("total")), as_int(self.target.get("value"))
        fate = "KO" if self.target.get("fate") == "knockout" else "DESTROY"
        card_w = self.geo.card[0]
        text = f"{need.symbol} {total}/{value} {fate}"
        # As wide as it must be: over the neighbours' halves, short of their slot numbers.
        spill = max(8, min(badge_width(text, GLANCE) - card_w, card_w - 24) // 2)
        top = LINE_TOP + NUDGE - 8 - round(GLANCE * 1.55)
        fitted_badge(self.canvas, (x - spill, top, x + card_w + spill, 0), text, ALERT, INK, GLANCE, GLANCE)

    def used(self) -> None:
        """The Used Cards Area, laid under the slots it will empty at the end of the turn (from START)."""
        used = as_mappings(self.view.get("used"))
        if not used:
            return
        geo = self.geo
        card_w, _ = geo.card
        slots = len(geo.slot_x)
        for index, card in enumerate(used[:slots]):
            paste_layer(self.canvas, top_strip(card, (card_w, USED_H)), (geo.slot_x[index], USED_TOP))
        label = f"USED {len(used)} {ARROW}"
        if len(used) > slots:
            label = f"USED {len(used)} (+{len(used) - slots}) {ARROW}"
        last = geo.slot_x[min(len(used), slots) - 1]
        top = USED_TOP + (USED_H - round(GLANCE * 1.55)) // 2
        if last - 10 - badge_width(label, GLANCE) >= geo.deck_x + card_w + 10:
            badge(self.canvas, (last - 10, top), label, DARK, WHITE, GLANCE, True)

    def _slot(self, box: Box, label: str) -> None:
        rounded_outline(self.canvas, box, corner_radius(box[2] - box[0]), LIGHT, 3)
        if label:
            centred_text(self.canvas, box, label, GLANCE, GREY, min_size=GLANCE)

    # -------------------------------------------------------- log and banner

    def log(self) -> None:
        width, height = TABLE_SIZE
        log = [str(entry) for entry in self.view.get("log") or () if entry]
        text = log[-1] if log else "Time moves only when you move."
        left, right = 16 + badge_width("LOG", GLANCE) + 14, width - 16
        aim = revenge_aim(self.view)
        if aim:
            top = height - FOOTER + (FOOTER - round(GLANCE * 1.55)) // 2
            right = badge(self.canvas, (right, top), aim[:1].upper() + aim[1:], ALERT, INK, GLANCE, True)[0]
        shown, face = fit_line(text, right - left - 18, 20, GLANCE)
        self.pen.text((left, height - FOOTER / 2), shown, font=face, fill=WHITE, anchor="lm")

    def banner(self) -> None:
        """Across The Line at the end: SUPER HOT (won) or GAME OVER, and the result."""
        width = TABLE_SIZE[0]
        top, bottom = LINE_TOP + 24, LINE_TOP + LINE_CARD_H - 24
        shade(self.canvas, (0, top, width, bottom), 0, 0.85)
        face = font(68, bold=True)
        won = bool(self.view.get("won"))
        first, last = ("SUPER ", "HOT") if won else ("GAME ", "OVER")
        words = ((first, WHITE), (last, RED_ON_DARK))
        x = (width - sum(text_width(face, word) for word, _ in words)) / 2
        for word, ink in words:
            self.pen.text((x, top + 56), word, font=face, fill=ink, anchor="lm")
            x += text_width(face, word)
        result = as_str(self.view.get("result"))
        if not won and result.lower().startswith("game over"):
            result = result[len("game over") :].lstrip(" :·-—").capitalize()
        shown, small = fit_line(result, width - 80, 26, 18, bold=True)
        self.pen.text((width / 2, bottom - 30), shown, font=small, fill=WHITE, anchor="mm")
