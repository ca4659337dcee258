"""A renderer for the High Card test game, built from renderers.kit (and reading views only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from engines.core import Seat
from renderers.kit import cache, draw, layout
from renderers.kit.cards import CardStyle
from renderers.kit.palette import HIGHLIGHT, seat_style
from renderers.kit.shapes import Box
from renderers.kit.views import View, join_names, mode_label, plural, seat_name, seats, sentences
from tests.support.highcard import HighCard, HighCardAI, HighCardState

TITLE = "High Card"
TABLE_SIZE = (1200, 675)
HAND_SIZE = (1200, 500)
HEADER = 84
FOOTER = 58
TABLE_CARD = (140, 196)
DECK_CARD = (104, 146)
LEAD_STYLE = CardStyle(edge=HIGHLIGHT, edge_share=0.045)
PHASE_WORDS = {
    "swap": "swap phase",
    "lead": "lead phase",
    "follow": "follow phase (answers are face down)",
    "over": "final table",
}


def _value(card: str) -> str:
    """ "k07" -> "7"."""
    return str(int(card[1:]))


def _waiting(view: View) -> list[int]:
    """The seats whose move it is: the leader in "lead", everyone yet to answer in "follow"."""
    if view["phase"] == "lead":
        return [view["leader"]]
    if view["phase"] == "follow":
        return [index for index, seat in enumerate(seats(view)) if seat["played"] is None]
    return []


def _winners(view: View) -> list[int]:
    points = [seat["points"] for seat in seats(view)]
    return [index for index, value in enumerate(points) if points and value == max(points)]


def _names(view: View, indexes: list[int]) -> str:
    return join_names([seat_name(view, index) for index in indexes])


def _status(view: View, longest_names: int = 30) -> str:
    """What the table is waiting for, in one line; too many names become a count."""
    phase = view["phase"]
    trick = f"Trick {view['trick']} of {view['tricks']}"
    if phase == "swap":
        return "Everyone may swap up to two cards"
    if phase == "lead":
        return f"{trick} · {seat_name(view, view['leader'])} leads"
    if phase == "follow":
        names = _names(view, _waiting(view))
        if len(names) > longest_names:
            names = plural(len(_waiting(view)), "player")
        return f"{trick} · waiting for {names}"
    winners = _winners(view)
    return f"Game over · {_names(view, winners)} {'wins' if len(winners) == 1 else 'tie'}"


def _tag(view: View, index: int) -> tuple[str, bool]:
    """The plate's tag and whether it is highlighted."""
    if index in _waiting(view):
        return "TURN", True
    if view["phase"] == "follow" and index == view["leader"]:
        return "LEADER", False
    if view["phase"] == "over" and index in _winners(view):
        return "WINNER", True
    return "", False


class HighCardRenderer:
    """The table (the deck; each seat's played card beside its plate; the last trick) and the hand."""

    def table(self, view: View) -> Image.Image:
        """The public table."""
        canvas = cache.felt(TABLE_SIZE)
        width, height = TABLE_SIZE
        draw.header_bar(canvas, TITLE, [draw.Chip(mode_label(view))], _status(view))
        middle_top, middle_bottom = HEADER, height - FOOTER
        self._deck(canvas, view["deck"], (middle_top + middle_bottom) // 2)
        card_w, card_h = TABLE_CARD
        count = len(seats(view))
        area = (170, middle_top, width - 28, middle_bottom)
        for index, box in enumerate(layout.grid(area, count, min(2, count), (456, card_h), (70, 58))):
            left, top, right, bottom = box
            draw.mat(canvas, (left - 14, top - 14, right + 14, bottom + 14))
            self._played(canvas, view, index, (left, top))
            self._plate(canvas, view, index, (left + card_w + 18, top + 23, right, bottom - 23))
        draw.footer_bar(canvas, "Last trick", view["last"] or "No trick played yet.")
        return canvas

    @staticmethod
    def _plate(canvas: Image.Image, view: View, index: int, box: Box) -> None:
        seat = seats(view)[index]
        stats = [plural(seat["points"], "point"), plural(seat["hand_size"], "card")]
        tag, active = _tag(view, index)
        draw.seat_plate(canvas, box, seat_name(view, index), seat_style(index), stats, active, tag)

    @staticmethod
    def _deck(canvas: Image.Image, count: int, middle: int) -> None:
        card_w, card_h = DECK_CARD
        x, y = 36, middle - card_h // 2 - 24
        if count:
            for layer in range(min(3, count) - 1, -1, -1):
                draw.card_back(canvas, (x + 3 * layer, y - 3 * layer), DECK_CARD)
        else:
            draw.slot(canvas, (x, y, x + card_w, y + card_h), "Empty")
        label = f"Deck {count}"
        draw.badge(canvas, (x + (card_w - draw.badge_width(label)) // 2, y + card_h + 16), label)

    @staticmethod
    def _played(canvas: Image.Image, view: View, index: int, xy: tuple[int, int]) -> None:
        played = seats(view)[index]["played"]
        x, y = xy
        if played == "hidden":
            draw.card_back(canvas, xy, TABLE_CARD)
        elif played is not None:
            leading = view["phase"] == "follow" and index == view["leader"]
            style = LEAD_STYLE if leading else CardStyle()
            draw.card(canvas, xy, TABLE_CARD, _value(played), _value(played), style)
        else:
            waiting = index in _waiting(view)
            label = ("to lead" if view["phase"] == "lead" else "to answer") if waiting else ""
            draw.slot(canvas, (x, y, x + TABLE_CARD[0], y + TABLE_CARD[1]), label)

    def hand(self, view: View) -> Image.Image:
        """One seat's hand, large, with the card to beat when answering."""
        canvas = cache.felt(HAND_SIZE)
        width, height = HAND_SIZE
        seat = view["seat"]
        style = seat_style(seat)
        owner = draw.Chip(f"{style.symbol} {seat_name(view, seat)}", style.colour, style.ink)
        chips = [draw.Chip(mode_label(view)), owner]
        draw.header_bar(canvas, TITLE, chips, self._prompt(view))
        area = (40, HEADER + 28, width - 40, height - 28)
        lead = seats(view)[view["leader"]]["played"] if view["phase"] == "follow" else None
        if lead and seat != view["leader"] and seats(view)[seat]["played"] is None:
            card_w, card_h = 150, 210
            y = (area[1] + area[3] - card_h) // 2 + 14
            draw.badge(canvas, (40 + (card_w - draw.badge_width("To beat")) // 2, y - 46), "To beat")
            draw.card(canvas, (40, y), (card_w, card_h), _value(lead), _value(lead), LEAD_STYLE)
            area = (40 + card_w + 60, area[1], area[2], area[3])
        hand = view["hand"]
        if not hand:
            draw.slot(canvas, layout.card_grid(area, 1, 0, 180)[0], "No cards left")
        for card, box in zip(hand, layout.card_grid(area, len(hand), 24, 220), strict=True):
            draw.card(canvas, box[:2], (box[2] - box[0], box[3] - box[1]), _value(card), _value(card))
        return canvas

    @staticmethod
    def _prompt(view: View) -> str:
        """What this seat is asked to do."""
        seat, phase = view["seat"], view["phase"]
        played = seats(view)[seat]["played"]
        if phase == "swap":
            return "Swap up to two cards, or keep them"
        if phase == "lead":
            leader = seat_name(view, view["leader"])
            return "Your lead" if seat == view["leader"] else f"{leader} leads, then you answer"
        if phase == "follow":
            if seat == view["leader"]:
                return "Waiting for the answers"
            return f"You answered {_value(played)}" if played else "Answer: beat the lead"
        winners = _winners(view)
        if seat in winners:
            return "Game over · you win" if len(winners) == 1 else "Game over · you tie for first"
        return f"Game over · {_names(view, winners)} {'wins' if len(winners) == 1 else 'tie'}"

    def table_alt(self, view: View) -> str:
        """The table in words; face-down answers stay face down."""
        phase = PHASE_WORDS.get(view["phase"], view["phase"])
        status = _status(view, longest_names=1000).replace(" · ", ": ")
        parts = [f"{TITLE}, {mode_label(view)} mode, {phase}", status]
        order = sorted(range(len(seats(view))), key=lambda index: index != view["leader"])
        for index in order:
            played = seats(view)[index]["played"]
            if played == "hidden":
                parts.append(f"{seat_name(view, index)} answered face down")
            elif played is not None:
                verb = "led" if index == view["leader"] else "played"
                parts.append(f"{seat_name(view, index)} {verb} the {_value(played)}")
        scores = "; ".join(
            f"{seat_name(view, index)} {plural(seat['points'], 'point')}, {plural(seat['hand_size'], 'card')}"
            for index, seat in enumerate(seats(view))
        )
        parts += [f"Scores: {scores}", f"Deck: {plural(view['deck'], 'card')}"]
        if view["last"]:
            parts.append(f"Last trick: {view['last']}")
        return sentences(parts)

    def hand_alt(self, view: View) -> str:
        """The seat's hand in words."""
        cards = ", ".join(_value(card) for card in view["hand"]) or "no cards"
        return sentences([f"{seat_name(view, view['seat'])}'s hand in {TITLE}: {cards}", self._prompt(view)])

    def samples(self) -> dict[str, tuple[View, View]]:
        """Real views from seeded games: two players swapping and leading, four answering and done."""
        return {
            "duo_swap": _sample(("Ana", "Bo"), "classic", 1, 0, lambda s: True),
            "duo_lead": _sample(("Ana", "Bo"), "classic", 2, 1, lambda s: s.phase == "lead" and s.trick == 3),
            "four_follow": _sample(
                ("Ana", "Maximilian the Magnificent", "Cyrille", "Dmitri"),
                "lightning",
                3,
                2,
                lambda s: s.phase == "follow" and s.trick == 2 and sum(c is not None for c in s.played) == 2,
            ),
            "four_over": _sample(
                ("Ana", "Bo", "Cyrille", "Dmitri"), "classic", 4, 3, lambda s: s.phase == "over"
            ),
        }


def _sample(
    names: tuple[str, ...], mode: str, seed: int, seat: int, until: Callable[[HighCardState], bool]
) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """Play a seeded game with the AI until `until` holds (`seat` answers last); public and seat views."""
    engine, ai = HighCard(), HighCardAI()
    state = engine.new_game([Seat(index, name) for index, name in enumerate(names)], mode, {}, seed)
    while not until(state):
        decisions = engine.decisions(state)
        decision = next((d for d in decisions if d.seat != seat or d.key != "follow"), decisions[0])
        engine.apply(state, decision.seat, decision.key, ai.choose(engine, state, decision))
    return engine.view(state, None), engine.view(state, seat)
