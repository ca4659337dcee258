"""A whole card face for the hand panel (drawn once per card and size): a band naming its kind, its
base (a character) or value (an object) in a square, its name, then its abilities one a line or
its rules text, every text at least the hand's glance size."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.cards import corner_radius
from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import ink_on
from renderers.kit.shapes import rounded_box
from renderers.kit.text import fit_block, fit_line, whole_or_pointer, wrap
from renderers.letopsulle.look import (
    HAND_GLANCE,
    HERO_EDGE,
    HERO_FACE,
    INK,
    KIND_BANDS,
    KINDS,
    PANEL_EDGE,
    VILLAIN_EDGE,
    VILLAIN_FACE,
    WAITING_EDGE,
    WAITING_FACE,
)
from renderers.letopsulle.read import Card
from renderers.letopsulle.words import ability_rule, kind_text

PAD = 10
BAND_H = 30
SQUARE = 44
LEADING = 1.15


def _colours(card: Card) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(face, edge) of a card by kind."""
    if card.kind == "hero":
        return HERO_FACE, HERO_EDGE
    if card.kind == "villain":
        return VILLAIN_FACE, VILLAIN_EDGE
    if card.kind.endswith("object"):
        return WAITING_FACE, WAITING_EDGE
    return (236, 226, 248), PANEL_EDGE


def number_text(card: Card) -> str:
    """What the corner square shows: a character's base ("" for other cards, whose names say
    their value)."""
    return str(card.base) if card.character else ""


def _lines(
    draw: ImageDraw.ImageDraw, lines: list[str], face: ImageFont.FreeTypeFont, xy: tuple[float, float]
) -> float:
    x, y = xy
    for line in lines:
        draw.text((x, y), line, font=face, fill=INK, anchor="lt")
        y += face.size * LEADING
    return y


def _abilities(draw: ImageDraw.ImageDraw, card: Card, xy: tuple[int, int], width: int, bottom: int) -> None:
    """Each ability in bold with what it does under it (only the names when that is too long),
    then a special rule."""
    x, y = xy
    name_face, rule_face = font(18, bold=True), font(HAND_GLANCE, condensed=True)
    rules = [wrap(ability_rule(name, value), rule_face, width, 4)[0] for name, value in card.abilities]
    special = card.text.partition(". ")[2].strip()
    special_lines = wrap(special, rule_face, width, 3)[0] if special else []
    step, rule_step = round(18 * LEADING), round(HAND_GLANCE * LEADING)
    full = len(rules) * (step + 3) + sum(len(lines) for lines in rules) * rule_step
    if y + full + len(special_lines) * rule_step > bottom:
        rules = [[] for _ in rules]
    for (name, value), lines in zip(card.abilities, rules, strict=True):
        draw.text((x, y), f"{name.capitalize()} {value}", font=name_face, fill=INK, anchor="lt")
        y += step
        with text_role(RULES):
            y = round(_lines(draw, lines, rule_face, (x, y))) + (3 if lines else 0)
    if special_lines and y + len(special_lines) * rule_step <= bottom:
        with text_role(RULES):
            _lines(draw, special_lines, rule_face, (x, y + 2))


@layer_memo
def card_layer(card: Card, size: tuple[int, int]) -> Layer:
    """The card on its shadow (never mutate it)."""
    return shadowed(card_face(card, size))


def card_face(card: Card, size: tuple[int, int]) -> Image.Image:
    """The card as an RGBA tile."""
    width, height = size
    face_colour, edge = _colours(card)
    band = KIND_BANDS.get(card.kind, PANEL_EDGE)
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    radius = corner_radius(width)
    rounded_box(tile, (0, 0, width, height), radius, face_colour, edge, 3)
    strip = Image.new("RGBA", (width - 6, BAND_H), (*band, 255))
    tile.paste(strip, (3, 3), strip)
    draw = ImageDraw.Draw(tile)
    known = KINDS.get(card.kind)
    label = known.symbol if known else kind_text(card).upper()
    label, face = fit_line(label, width - 2 * PAD, 17, HAND_GLANCE, bold=True)
    draw.text((width / 2, 3 + BAND_H / 2), label, font=face, fill=ink_on(band), anchor="mm")
    top = BAND_H + 10
    number = number_text(card)
    left = PAD
    if number:
        rounded_box(tile, (PAD, top, PAD + SQUARE, top + SQUARE), 8, band)
        draw.text(
            (PAD + SQUARE / 2, top + SQUARE / 2 + 1),
            number,
            font=font(26, bold=True),
            fill=ink_on(band),
            anchor="mm",
        )
        left = PAD + SQUARE + 8
    name, face = fit_block(
        card.name, width - left - PAD, SQUARE + 4, 20, HAND_GLANCE, 2, True, 1.05, True, True
    )
    y = top + SQUARE / 2 - face.size * 1.05 * (len(name) - 1) / 2
    for line in name:
        draw.text((left, y), line, font=face, fill=INK, anchor="lm")
        y += face.size * 1.05
    y = top + SQUARE + 10
    room = height - y - PAD
    if card.character and card.abilities:
        _abilities(draw, card, (PAD, round(y)), width - 2 * PAD, height - PAD)
    elif card.text and room >= HAND_GLANCE:
        with text_role(RULES):
            lines, face = fit_block(
                card.text, width - 2 * PAD, room, 17, HAND_GLANCE, 7, False, LEADING, True, True
            )
            _lines(draw, whole_or_pointer(lines, card.text, face, (width - 2 * PAD, room)), face, (PAD, y))
    return tile
