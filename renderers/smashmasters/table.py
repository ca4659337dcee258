"""The Smash Masters table, drawn over its cached static layer (renderers.smashmasters.frame): the
header (title, mode and variants, whose turn, who is deciding what), every team's row of cards
and piles, and the bottom band (the Smash Battle chain, the last Story, the log line). The table
never draws a hand or a Character Stack, even when given a seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engines.core.words import possessive
from renderers.kit.draw import Chip, header_bar
from renderers.kit.palette import seat_style
from renderers.kit.views import View
from renderers.smashmasters import geometry
from renderers.smashmasters.battle import draw_band
from renderers.smashmasters.frame import frame, frame_key
from renderers.smashmasters.look import HEADER_STYLE, INK, SKY, WHITE, WORDMARK, YELLOW
from renderers.smashmasters.players import draw_teams
from renderers.smashmasters.read import battle, drafting, turn
from renderers.smashmasters.words import mode_text, name, status, turn_text, variant_texts


def header(canvas: Image.Image, chips: Sequence[Chip], text: str) -> None:
    header_bar(canvas, WORDMARK, chips, text, style=HEADER_STYLE)


def table_chips(view: View) -> list[Chip]:
    """Mode, variants, then whose turn (in their seat colour and symbol) or the team draft."""
    chips = [Chip(mode_text(view), WHITE, INK)] if mode_text(view) else []
    chips += [Chip(text, YELLOW, INK) for text in variant_texts(view)]
    current = turn(view)
    if current is not None:
        style = seat_style(current)
        number = turn_text(view)
        whose = f"{style.symbol} {possessive(name(view, current))} turn"
        chips.append(Chip(f"{number} · {whose}" if number else whose, style.colour, style.ink, short=number))
    elif drafting(view):
        chips.append(Chip("Choosing teams", SKY, INK))
    return chips


def draw_table(view: View) -> Image.Image:
    """The public table (RGB)."""
    key = frame_key(view)
    layout = geometry.grid(len(key.seats), key.log)
    canvas = frame(key)
    header(canvas, table_chips(view), status(view))
    fight = battle(view)
    draw_teams(canvas, view, layout, fight)
    draw_band(canvas, view, layout, fight)
    return canvas
