"""Smash Masters card faces and layers, each built once per (card, size) and cached.

A character card: a rim and a top band in its power type's colour, the type's symbol and word in
the band (the symbol alone on a narrow card), the name, the power's timing symbol and name, then
its text (on a narrow card the name runs into the text; on one too small to read it the text is
left out). No text is smaller than the FaceSizes it is drawn for (a table's or a hand's). A
stunned character is the same face turned 90°; a blue card
(Smash, Team-Up, Super, Story) has its kind's colour, symbol and word in the band instead.
Layers are faces baked onto their shadow (renderers.kit.draw.shadowed), pasted in one go; they are
read-only and never mutated.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import cache
from renderers.kit.cards import corner_radius
from renderers.kit.contrast import decoration
from renderers.kit.draw import Layer, seat_token, shadowed
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB, seat_style
from renderers.kit.shapes import rounded_box, rounded_mask, rounded_outline
from renderers.kit.text import (
    fit_block,
    fit_line,
    fit_shaped,
    text_width,
    whole,
    whole_or_nothing,
    whole_or_pointer,
)
from renderers.smashmasters.look import (
    BACK_STYLE,
    CHARACTER_RATIO,
    GLANCE,
    GREY,
    HAND_FACE,
    INK,
    KINDS,
    LIGHT,
    PAPER,
    TABLE_FACE,
    WHITE,
    FaceSizes,
    Look,
    kind,
    power_type,
    timing,
)
from renderers.smashmasters.read import Card, Character

TEXT_MIN_WIDTH = 92
"""Narrower character cards leave the power's text out (it would be too small to read)."""
NAME_LINES = 3
"""A name takes as few lines as it can at the largest size that fits, three at most."""
SPLIT_POWER_WIDTH = 130
"""Cards at least this wide print the power's name on its own line; narrower ones run it into the
text ("Hot Dish: Rivals who attack ...") after the timing pill, to keep room for the text."""


def card_size(width: int, height: int = 0) -> tuple[int, int]:
    """A card of this width: `height` tall, or (0) as tall as a printed card's proportions say."""
    return width, height or round(width * CHARACTER_RATIO)


def _blank(size: tuple[int, int], rim: RGB) -> tuple[Image.Image, int]:
    """A paper card with a coloured rim; the tile (RGB) and the rim's width."""
    width, height = size
    edge = max(3, round(width * 0.045))
    tile = Image.new("RGB", size, rim)
    radius = corner_radius(width)
    rounded_box(tile, (edge, edge, width - edge, height - edge), max(2, radius - edge), PAPER)
    return tile, edge


def _rounded(tile: Image.Image) -> Image.Image:
    rgba = tile.convert("RGBA")
    rgba.putalpha(rounded_mask(tile.width, tile.height, corner_radius(tile.width)))
    return rgba


def _band(tile: Image.Image, edge: int, height: int, look: Look, smallest: int) -> int:
    """The top band in the look's colour with its symbol and word (the symbol alone when the word
    cannot fit at `smallest`); returns the band's bottom."""
    width = tile.width
    pen = ImageDraw.Draw(tile)
    bottom = edge + height
    pen.rectangle((0, 0, width, bottom), fill=look.colour)
    size = max(smallest, round(height * 0.66))
    shown, face = fit_line(look.label, width - 2 * edge - 6, size, smallest, bold=True)
    if shown != look.label:
        shown, face = look.symbol, font(size, bold=True)
    pen.text((width / 2, edge + height / 2 + 1), shown, font=face, fill=look.ink, anchor="mm")
    return bottom


def band_height(height: int, smallest: int) -> int:
    """How tall a card's top band is: a tenth of the card, and room for its label."""
    return max(round(smallest * 1.4), round(height * 0.1))


def _lines(
    pen: ImageDraw.ImageDraw, lines: list[str], face: ImageFont.FreeTypeFont, x: float, y: float, ink: RGB
) -> float:
    """Left-aligned lines from (x, y); returns the y below them."""
    step = round(face.size * 1.16)
    for line in lines:
        pen.text((x, y), line, font=face, fill=ink, anchor="lt")
        y += step
    return y


def _timing_pill(tile: Image.Image, look: Look, xy: tuple[float, float], size: int) -> int:
    """A small dark pill with the timing's symbol; returns its width."""
    x, y = round(xy[0]), round(xy[1])
    height = round(size * 1.3)
    width = max(height, round(text_width(font(size, bold=True), look.symbol) + size * 0.6))
    rounded_box(tile, (x, y, x + width, y + height), height // 3, look.colour)
    middle = (x + width / 2, y + height / 2)
    ImageDraw.Draw(tile).text(middle, look.symbol, font=font(size, bold=True), fill=WHITE, anchor="mm")
    return width


def character_face(char: Character, width: int, sizes: FaceSizes = TABLE_FACE, tall: int = 0) -> Image.Image:
    """A character card face (RGBA), `tall` px tall (0: a printed card's proportions): its band,
    name, then its power (timing, name and text) as rules text, no smaller than `sizes` says (the
    text is left out on a card too narrow for it). Never mutate it."""
    size = card_size(width, tall)
    _, height = size
    look = power_type(char.power_type)
    tile, edge = _blank(size, look.colour)
    pen = ImageDraw.Draw(tile)
    pad = max(4, round(width * 0.05))
    inner = width - 2 * (edge + pad)
    y: float = _band(tile, edge, band_height(height, sizes.glance), look, sizes.glance) + pad * 0.6
    name_size = max(sizes.glance, round(width * 0.125))
    name_h = max(name_size * 2.4, sizes.glance * 1.12 * NAME_LINES + 1)  # 2 lines, 3 at the smallest
    lines, face = fit_block(
        char.name, inner, name_h, name_size, sizes.glance, NAME_LINES, True, 1.12, True, True
    )
    y = _lines(pen, lines, face, edge + pad, y, INK) + pad * 0.3
    pen.line((edge + pad, y, width - edge - pad, y), fill=LIGHT, width=max(1, width // 90))
    y += pad * 0.6
    power_size = max(sizes.rules, round(width * 0.085))
    when = timing(char.timing)
    with text_role(RULES):
        pill = _timing_pill(tile, when, (edge + pad, y), power_size) + 4 if when is not None else 0
        if width >= SPLIT_POWER_WIDTH:  # the power's name on its own line (two when it must)
            x, named = edge + pad + pill, 1
            if char.power:
                fit = (power_size * 2.5, power_size + 1, sizes.rules, 2, True, 1.1, True)
                lines, face = fit_block(char.power, width - edge - pad - x, *fit)
                if sizes.whole and pill and not whole(lines, char.power):  # under the timing pill
                    y, x = y + round(power_size * 1.3) + 2, edge + pad
                    lines, face = fit_block(char.power, inner, *fit)
                named = len(lines)
                for number, line in enumerate(lines):
                    middle = y + round(power_size * 0.65) + number * round(face.size * 1.1)
                    pen.text((x, middle), line, font=face, fill=INK, anchor="lm")
            y += round(power_size * 1.3) + (named - 1) * round(power_size * 1.1) + pad * 0.6
            pill = 0
        room = height - edge - pad - y
        split = width >= SPLIT_POWER_WIDTH
        body = char.text if split else ": ".join(part for part in (char.power, char.text) if part)
        if body and width >= TEXT_MIN_WIDTH and room > sizes.rules:
            text_size = max(sizes.rules + 2, round(width * 0.105))

            def below_pill(step: int) -> int:
                """How much further the second line starts, so that it clears the timing pill."""
                return max(0, round(power_size * 1.3) + 2 - step) if pill else 0

            def widths(size: int) -> list[float]:
                step = round(size * 1.16)
                rows = int((room - below_pill(step)) // step)
                return [inner - pill, *[inner] * (rows - 1)] if rows else []

            lines, face = fit_shaped(body, widths, text_size, sizes.rules)
            if sizes.whole and not whole(lines, body):  # the power's name alone, else nothing
                shorter = "" if split else char.power
                lines, face = fit_shaped(shorter, widths, sizes.rules, sizes.rules) if shorter else ([], face)
                if shorter and pill and not whole(lines, shorter):  # under the timing pill
                    y += round(power_size * 1.3) + 2
                    room, pill = height - edge - pad - y, 0
                    lines, face = fit_shaped(shorter, widths, sizes.rules, sizes.rules)
                lines = whole_or_nothing(lines, shorter)
            step = round(face.size * 1.16)
            for number, line in enumerate(lines):
                left = edge + pad + (pill if number == 0 else 0)
                top = y + (round(power_size * 0.65) - face.size * 0.5 - 1 if number == 0 and pill else 0)
                top += number * step + (below_pill(step) if number else 0)
                pen.text((left, top), line, font=face, fill=INK, anchor="lt")
    return _rounded(tile)


@layer_memo
def character_layer(char: Character, width: int, sizes: FaceSizes = TABLE_FACE, tall: int = 0) -> Layer:
    """A face-up, active character on its shadow."""
    return shadowed(character_face(char, width, sizes, tall))


@layer_memo
def stunned_layer(char: Character, width: int) -> Layer:
    """A stunned character: the face turned 90° clockwise (sideways), its colours kept (fading them
    would take its text below AA contrast; the STUNNED badge over it says it)."""
    return shadowed(character_face(char, width).transpose(Image.Transpose.ROTATE_270))


@layer_memo
def back_layer(width: int, tall: int = 0) -> Layer:
    """A face-down character card (the red back of the Character Stack)."""
    return shadowed(cache.card_back(card_size(width, tall), BACK_STYLE))


@layer_memo
def empty_slot(width: int, label: str, smallest: int = GLANCE, tall: int = 0) -> Image.Image:
    """An empty space on the table: a faint outlined card place with a label. Never mutate it."""
    w, h = card_size(width, tall)
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    radius = corner_radius(w)
    rounded_box(tile, (0, 0, w, h), radius, (226, 227, 228))
    rounded_outline(tile, (0, 0, w, h), radius, LIGHT, max(2, w // 50))
    if label:
        lines, face = fit_block(
            label, w - 12, h * 0.7, max(smallest, w // 8), smallest, 3, True, 1.15, True, True
        )
        step = round(face.size * 1.15)
        y = h / 2 - step * (len(lines) - 1) / 2
        pen = ImageDraw.Draw(tile)
        for line in lines:
            pen.text((w / 2, y), line, font=face, fill=GREY, anchor="mm")
            y += step
    return tile


# ---------------------------------------------------------------- blue cards


def blue_face(card: Card, size: tuple[int, int], sizes: FaceSizes = HAND_FACE) -> Image.Image:
    """A Smash, Team-Up, Super or Story card (RGBA): the kind's band, the name, a Super's
    character and timing, the text (rules text), and the kind's symbol large and faint in the
    corner; no text smaller than `sizes` says."""
    width, height = size
    look = kind(card.kind)
    tile, edge = _blank(size, look.colour)
    pen = ImageDraw.Draw(tile)
    pad = max(6, round(width * 0.055))
    inner = width - 2 * (edge + pad)
    mark_size = round(width * 0.42)
    faint = tuple(round(c * 0.22 + p * 0.78) for c, p in zip(look.colour, PAPER, strict=True))
    with decoration():
        pen.text(
            (width - edge - pad // 2, height - edge - pad // 3),
            look.symbol,
            font=font(mark_size, bold=True),
            fill=faint,
            anchor="rs",
        )
    y: float = _band(tile, edge, band_height(height, sizes.glance), look, sizes.glance) + pad * 0.7
    name_size = max(sizes.glance, round(width * 0.115))
    lines, face = fit_block(
        card.name, inner, height * 0.24, name_size, sizes.glance, 3, True, 1.12, True, True
    )
    y = _lines(pen, lines, face, edge + pad, y, INK) + pad * 0.3
    if card.kind == "super" and (card.character or card.timing):
        small = max(sizes.glance, round(width * 0.075))
        x = edge + pad
        when = timing(card.timing)
        if when is not None:
            x += _timing_pill(tile, when, (x, y), small) + 4
        if card.character:
            named = f"for {card.character}"
            lines, face = fit_block(
                named, width - edge - pad - x, small * 2.5, small, sizes.glance, 2, True, 1.1, True
            )
            line_y = y + round(small * 0.65) - (len(lines) - 1) * face.size * 0.55
            for line in lines:
                pen.text((x, line_y), line, font=face, fill=GREY, anchor="lm")
                line_y += face.size * 1.1
            y += face.size * 1.1 * (len(lines) - 1)
        y += round(small * 1.3) + pad * 0.5
    pen.line((edge + pad, y, width - edge - pad, y), fill=LIGHT, width=2)
    y += pad * 0.6
    if card.text:
        room = height - edge - pad - y
        text_size = max(sizes.rules, round(width * 0.085))
        lines, face = fit_block(card.text, inner, room, text_size, sizes.rules, 9, condense=True)
        if sizes.whole:
            lines = whole_or_pointer(lines, card.text, face, (inner, room))
        with text_role(RULES):
            _lines(pen, lines, face, edge + pad, y, INK)
    return _rounded(tile)


@layer_memo
def blue_layer(card: Card, size: tuple[int, int], sizes: FaceSizes = HAND_FACE) -> Layer:
    return shadowed(blue_face(card, size, sizes))


# ---------------------------------------------------------------- one-line strips


STRIP_H = 42
"""A blow strip's height: room for a seat token whose symbol is glance-sized."""
STRIP_FONT = 20
"""The largest font of a blow strip's card name (the smallest is GLANCE, condensed)."""


def _strip_layout(number: int, height: int) -> tuple[int, int, int]:
    """(token size, mark block width, where the name starts) in a blow strip."""
    token = height - 10
    face = font(GLANCE, bold=True)
    block = round(max(text_width(face, f"{number}{look.symbol}") for look in KINDS.values()) + 10)
    return token, block, 5 + token + 4 + block + 6


def strip_font(label: str, width: int, number: int = 10) -> int:
    """The font size a blow strip this wide gives this card name (so a whole chain can share the
    smallest one)."""
    _, _, x = _strip_layout(number, STRIP_H)
    return round(fit_line(label, width - x - 7, STRIP_FONT, GLANCE, bold=True)[1].size)


@layer_memo
def blow_strip(
    number: int, seat: int | None, label: str, kind_key: str, size: tuple[int, int], text: int = STRIP_FONT
) -> Layer:
    """A card played in a Smash Battle, in one line: who played it (their seat token), its order and
    the kind's symbol on the kind's colour, then the card's name (at most `text` px); the rim has
    the kind's colour."""
    width, height = size
    look = kind(kind_key)
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    rounded_box(tile, (0, 0, width, height), 8, look.colour)
    rounded_box(tile, (3, 3, width - 3, height - 3), 6, PAPER)
    pen = ImageDraw.Draw(tile)
    token, block, name_x = _strip_layout(number, height)
    x, top = 5, (height - token) // 2
    if seat is not None:
        seat_token(tile, (x + token // 2, height // 2), token, seat_style(seat))
    x += token + 4
    mark = f"{number}{look.symbol}"
    rounded_box(tile, (x, top, x + block, top + token), 5, look.colour)
    pen.text((x + block / 2, height / 2), mark, font=font(GLANCE, bold=True), fill=look.ink, anchor="mm")
    shown, face = fit_line(label, width - name_x - 7, max(text, GLANCE), GLANCE, bold=True)
    pen.text((name_x, height / 2), shown, font=face, fill=INK, anchor="lm")
    return shadowed(tile, offset=2, blur=4)
