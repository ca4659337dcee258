"""The fallback renderer: draws any game from the keys views share (seats, mode, phase, last, hand)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.core.words import possessive
from renderers.generic_samples import SAMPLES
from renderers.kit import cache, draw, layout
from renderers.kit.cards import fit_title
from renderers.kit.palette import seat_style
from renderers.kit.shapes import Box
from renderers.kit.views import View, game_title, humanize, mode_label, plural, seat_name, seats, sentences

TABLE_SIZE = (1200, 675)
HAND_SIZE = (1200, 500)
HEADER = 84
FOOTER = 58
ACTIVE_KEYS = ("turn", "active", "current")
SEAT_KEYS = (*ACTIVE_KEYS, "leader", "dealer")
SKIPPED = {"game", "title", "mode", "phase", "seats", "seat", "hand", "last", "deadline", *SEAT_KEYS}
MAX_WORD = 24


def _scalar(value: Any) -> str | None:
    """A value short and simple enough to show, as text; None for anything else."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:g}"
    if isinstance(value, str) and value and len(value) <= MAX_WORD:
        return value
    return None


def _facts(mapping: Mapping[str, Any], skipped: set[str]) -> list[str]:
    """ "Key value" for every simple entry."""
    facts = []
    for key, value in mapping.items():
        shown = _scalar(value)
        if key not in skipped and shown is not None:
            facts.append(f"{humanize(key).capitalize()} {shown}")
    return facts


def _seat_refs(view: View) -> dict[int, list[str]]:
    """Seat index -> the seat keys (turn, leader, ...) pointing at it."""
    count = len(seats(view))
    refs: dict[int, list[str]] = {}
    for key in SEAT_KEYS:
        value = view.get(key)
        targets = value if isinstance(value, list) else [value]
        for target in targets:
            if isinstance(target, int) and not isinstance(target, bool) and 0 <= target < count:
                refs.setdefault(target, []).append(key)
    return refs


def _phase(view: View) -> str:
    return humanize(str(view.get("phase") or "")).capitalize()


def _card_label(card: Any) -> str:
    if isinstance(card, Mapping):
        return str(card.get("name") or card.get("label") or card.get("title") or card.get("id") or "?")
    return str(card)


class GenericRenderer:
    """Draws any view: a header, a scoreboard of seats, the table facts and the last event."""

    def table(self, view: View) -> Image.Image:
        """The public table."""
        canvas = cache.felt(TABLE_SIZE)
        width, height = TABLE_SIZE
        chips = [draw.Chip(label) for label in (mode_label(view),) if label]
        draw.header_bar(canvas, game_title(view), chips, _phase(view))
        top = HEADER + 24
        x = 28
        for fact in _facts(view, SKIPPED):
            if x + draw.badge_width(fact, 22) > width - 28:
                break
            x = draw.badge(canvas, (x, top), fact, size=22)[2] + 10
        last = str(view.get("last") or "")
        bottom = height - (FOOTER if last else 0) - 24
        self._plates(canvas, view, (28, top + 70, width - 28, bottom))
        if last:
            draw.footer_bar(canvas, "Last", last)
        return canvas

    def _plates(self, canvas: Image.Image, view: View, area: Box) -> None:
        listed = seats(view)
        if not listed:
            draw.note(canvas, area, "No seats to show.")
            return
        refs = _seat_refs(view)
        columns = min(len(listed), max(2, math.ceil(len(listed) / 4)))
        rows = math.ceil(len(listed) / columns)
        left, top, right, bottom = area
        gap_x, gap_y = 24, 22
        cell = (
            (right - left - gap_x * (columns - 1)) // columns,
            min(150, (bottom - top - gap_y * (rows - 1)) // rows),
        )
        for index, box in enumerate(layout.grid(area, len(listed), columns, cell, (gap_x, gap_y))):
            keys = refs.get(index, [])
            active = any(key in ACTIVE_KEYS for key in keys)
            tag = humanize(keys[0]).upper() if keys else ""
            stats = _facts(listed[index], {"name"})
            draw.seat_plate(canvas, box, seat_name(view, index), seat_style(index), stats, active, tag)

    def hand(self, view: View) -> Image.Image:
        """One seat's hand: every card as a labelled card."""
        canvas = cache.felt(HAND_SIZE)
        width, height = HAND_SIZE
        seat = view.get("seat")
        owner = seat_name(view, seat) if isinstance(seat, int) else "Your"
        cards = [_card_label(card) for card in view.get("hand") or ()]
        status = f"{possessive(owner)} hand · {plural(len(cards), 'card')}"
        chips = [draw.Chip(label) for label in (mode_label(view), _phase(view)) if label]
        draw.header_bar(canvas, game_title(view), chips, status)
        area = (40, HEADER + 30, width - 40, height - 30)
        if not cards:
            draw.slot(canvas, layout.card_grid(area, 1, 0, 180)[0], "No cards")
        boxes = layout.card_grid(area, len(cards), 18, 200)
        size = (boxes[0][2] - boxes[0][0], boxes[0][3] - boxes[0][1]) if boxes else (0, 0)
        fitted = sorted(int(fit_title(label, size, largest=44)[1].size) for label in cards)
        common = fitted[len(fitted) // 2] if fitted else 0
        for label, box in zip(cards, boxes, strict=True):
            draw.card(canvas, box[:2], size, label, largest=common)
        return canvas

    def table_alt(self, view: View) -> str:
        """The table in words."""
        title = game_title(view)
        mode = mode_label(view)
        parts = [f"{title} ({mode})" if mode else title, _phase(view) and f"Phase: {_phase(view)}"]
        refs = _seat_refs(view)
        for index, seat in enumerate(seats(view)):
            facts = ", ".join(fact.lower() for fact in _facts(seat, {"name"}))
            marks = ", ".join(humanize(key) for key in refs.get(index, []))
            marked = f"{seat_name(view, index)} ({marks})" if marks else seat_name(view, index)
            parts.append(f"{marked}: {facts}" if facts else marked)
        parts += [", ".join(_facts(view, SKIPPED)), str(view.get("last") or "")]
        return sentences(parts)

    def hand_alt(self, view: View) -> str:
        """The hand in words."""
        seat = view.get("seat")
        owner = seat_name(view, seat) if isinstance(seat, int) else "Your"
        cards = [_card_label(card) for card in view.get("hand") or ()]
        listed = ", ".join(cards) if cards else "no cards"
        return sentences([f"{possessive(owner)} hand in {game_title(view)}: {listed}"])

    def samples(self) -> dict[str, tuple[View, View]]:
        """Made-up views of the shapes games send: a duel, a full table, a bare minimum."""
        return dict(SAMPLES)
