"""Cards in play on the table, each drawn once per content and size and baked onto its shadow (a
kit Layer, pasted in one go; never mutate one): a hero slot or a villain (base, name, damage,
abilities, object band, DEFENDING band; wider than tall when it is sideways), the villain objects
waiting, a "+N more" summary and an empty place."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit.cards import corner_radius
from renderers.kit.draw import Layer, paste_layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB
from renderers.kit.shapes import rounded_box, rounded_mask, rounded_outline
from renderers.kit.text import ITEM_SEPARATOR, fit_block, fit_items, fit_line, text_width, whole
from renderers.letopsulle.look import (
    CARD_FACES,
    DEFEND_BAND,
    GLANCE,
    HERO_BASE,
    HERO_EDGE,
    HERO_FACE,
    INK,
    MORE_FACE,
    MUTED,
    OBJECT_BAND,
    PANEL_EDGE,
    RED,
    TEXT,
    VILLAIN_BASE,
    VILLAIN_EDGE,
    VILLAIN_FACE,
    WAITING_EDGE,
    WAITING_FACE,
    WHITE,
)
from renderers.letopsulle.read import Card, Fighter, Slot
from renderers.letopsulle.words import abilities_short, abilities_text, abilities_tight, stance_text

Size = tuple[int, int]
PAD = 6
BOX = 28
"""The base number's square."""
BAND = 24
LEADING = 1.12


@dataclass(frozen=True)
class Side:
    """The colours of one side's cards."""

    face: RGB
    edge: RGB
    base: RGB


HEROES = Side(HERO_FACE, HERO_EDGE, HERO_BASE)
VILLAINS = Side(VILLAIN_FACE, VILLAIN_EDGE, VILLAIN_BASE)


def _blank(size: Size, face: RGB, edge: RGB) -> Image.Image:
    width, height = size
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    radius = corner_radius(min(width, height))
    rounded_box(tile, (0, 0, width, height), radius, face, edge, 3)
    return tile


def _band(tile: Image.Image, bottom: int, text: str, fill: RGB, ink: RGB) -> int:
    """A full-width band ending at `bottom` holding `text` (bold, else regular, so that an object's
    whole name fits); returns its top."""
    width = tile.width
    top = bottom - BAND
    band = Image.new("RGBA", (width - 6, BAND), (*fill, 255))
    tile.paste(band, (3, top), band)
    shown, face = fit_line(text, width - 10, GLANCE, GLANCE, bold=True)
    if shown != text:
        shown, face = fit_line(text, width - 10, GLANCE, GLANCE)
    ImageDraw.Draw(tile).text((width / 2, top + BAND / 2), shown, font=face, fill=ink, anchor="mm")
    return top


def _base_box(tile: Image.Image, xy: tuple[int, int], base: int, colour: RGB) -> None:
    x, y = xy
    rounded_box(tile, (x, y, x + BOX, y + BOX), 6, colour)
    face = font(22 if base < 10 else 18, bold=True)
    ImageDraw.Draw(tile).text((x + BOX / 2, y + BOX / 2 + 1), str(base), font=face, fill=WHITE, anchor="mm")


def damage_label(damage: int, left: int, room: float) -> str:
    """ "2 dmg · 5 left" (the damage, and how much more the card can take before it falls), or
    "5 left" where that does not fit."""
    words = f"{damage} dmg · {left} left"
    return words if _pill_width(words) <= room else f"{left} left"


def _pill_width(text: str) -> int:
    return round(font(GLANCE, bold=True, condensed=True).getlength(text) + 10)


def _damage(tile: Image.Image, right: int, top: int, damage: int, left: int, room: float) -> None:
    if damage <= 0:
        return
    text = damage_label(damage, left, room)
    face = font(GLANCE, bold=True, condensed=True)
    width, height = _pill_width(text), BOX
    left = right - width
    rounded_box(tile, (left, top, right, top + height), height // 2, RED)
    ImageDraw.Draw(tile).text((left + width / 2, top + height / 2), text, font=face, fill=WHITE, anchor="mm")


def _fighter_head(tile: Image.Image, top: int, fighter: Fighter, side: Side, tagged: bool) -> int:
    """Base square and damage pill; returns the y below. A card falls once its damage is more than
    its base; a tag team's card once its damage reaches its base (taken to zero)."""
    width = tile.width
    base = fighter.card.base
    left = base - fighter.damage + (0 if tagged else 1)
    _base_box(tile, (PAD, top), base, side.base)
    _damage(tile, width - PAD, top, fighter.damage, left, width - 2 * PAD - BOX - 2)
    return top + BOX + 3


def _text_lines(
    tile: Image.Image, top: int, bottom: int, text: str, size: int, floor: int, bold: bool
) -> int:
    """Wrapped text from `top`, as large as fits above `bottom`; returns the y below it."""
    height = bottom - top
    if not text or height < floor:
        return top
    lines, face = fit_block(text, tile.width - 2 * PAD, height, size, floor, 3, bold, LEADING, True, True)
    draw = ImageDraw.Draw(tile)
    y = float(top)
    for line in lines:
        draw.text((PAD, y), line, font=face, fill=INK, anchor="lt")
        y += face.size * LEADING
    return round(y)


def _abilities(tile: Image.Image, top: int, bottom: int, card: Card) -> None:
    """The card's abilities (rules text) at a glance size: the whole words, else shorter ones,
    else none (a card too small for them leaves them to the Cards panel, never cut short)."""
    height = bottom - top
    if not card.abilities or height < GLANCE * LEADING:
        return
    draw = ImageDraw.Draw(tile)
    for items in (abilities_text(card), abilities_short(card), abilities_tight(card)):
        lines, face = fit_items(items.split(ITEM_SEPARATOR), tile.width - 2 * PAD, height, GLANCE, GLANCE, 3)
        if whole(lines, items):
            with text_role(RULES):
                for number, line in enumerate(lines):
                    y = top + number * face.size * LEADING
                    draw.text((PAD, y), line, font=face, fill=INK, anchor="lt")
            return


def _name(tile: Image.Image, top: int, bottom: int, name: str) -> int:
    """The card's name on one line if it fits at a glance, else wrapped; returns the y below."""
    shown, face = fit_line(name, tile.width - 2 * PAD, 20, GLANCE, bold=True)
    if shown != name:
        return _text_lines(tile, top, bottom, name, 20, GLANCE, True)
    ImageDraw.Draw(tile).text((PAD, top), shown, font=face, fill=INK, anchor="lt")
    return round(top + face.size * LEADING)


def _bands(tile: Image.Image, slot: Slot) -> int:
    """The object and DEFENDING bands at the bottom; returns the top of the highest."""
    bottom = tile.height - 3
    if slot.defending:
        bottom = _band(tile, bottom, stance_text(slot).upper(), DEFEND_BAND, WHITE) - 1
    if slot.item is not None:
        bottom = _band(tile, bottom, slot.item.name, OBJECT_BAND, INK) - 1
    return bottom


@layer_memo
def slot_layer(slot: Slot, size: Size, villain: bool = False) -> Layer:
    """A hero slot (one hero, or a tag team) or a villain, as a card on its shadow."""
    return shadowed(slot_tile(slot, size, villain))


def slot_tile(slot: Slot, size: Size, villain: bool = False, tagged: bool = False) -> Image.Image:
    """A hero slot (one hero, or a tag team) or a villain, as an RGBA card tile (`tagged`: one
    card of a tag team)."""
    side = VILLAINS if villain else HEROES
    if slot.tag_team:
        return _tag_team(slot, size, villain)
    tile = _blank(size, side.face, side.edge)
    bottom = _bands(tile, slot)
    fighter = slot.fighters[0]
    top = _fighter_head(tile, PAD, fighter, side, tagged)
    top = _name(tile, top, bottom - 2, fighter.card.name)
    _abilities(tile, top + 1, bottom - 2, fighter.card)
    return tile


def _tag_team(slot: Slot, size: Size, villain: bool) -> Image.Image:
    """Two heroes sharing a slot: their two cards side by side on one mat, over one band (TAG TEAM,
    or what the team's stance adds while it defends)."""
    width, height = size
    tile = _blank(size, MORE_FACE, PANEL_EDGE)
    stance = stance_text(slot).upper()
    words = f"TAG TEAM · {stance}" if stance else "TAG TEAM"
    if stance and text_width(font(GLANCE, condensed=True), words) > width - 12:
        words = stance
    _band(tile, height - 3, words, DEFEND_BAND if stance else PANEL_EDGE, WHITE)
    inner = (width - 12) // 2
    for n, fighter in enumerate(slot.fighters[:2]):
        card = slot_tile(Slot((fighter,), None, False, 0), (inner, height - BAND - 9), villain, tagged=True)
        tile.alpha_composite(card, (4 + n * (inner + 4), 3))
    return tile


@layer_memo
def waiting_layer(objects: tuple[Card, ...], size: Size) -> Layer:
    """Villain objects waiting sideways for a villain that can use them."""
    tile = _blank(size, WAITING_FACE, WAITING_EDGE)
    draw = ImageDraw.Draw(tile)
    label = CARD_FACES["object"].symbol
    draw.text((tile.width / 2, PAD + 1), label, font=font(GLANCE, bold=True), fill=INK, anchor="mt")
    step = round(GLANCE * 1.25)
    room = max(1, (tile.height - PAD - 28) // step)
    shown = objects if len(objects) <= room else objects[: room - 1]
    y = PAD + 28
    for item in shown:
        text, face = fit_line(item.name, tile.width - 2 * PAD, GLANCE, GLANCE, bold=False)
        draw.text((tile.width / 2, y), text, font=face, fill=INK, anchor="mt")
        y += step
    if len(shown) < len(objects):
        draw.text(
            (tile.width / 2, y),
            f"+{len(objects) - len(shown)} more",
            font=font(GLANCE),
            fill=INK,
            anchor="mt",
        )
    return shadowed(tile)


@layer_memo
def more_layer(slots: tuple[Slot, ...], size: Size) -> Layer:
    """ "+3 more" and, as far as they fit, their bases and names."""
    tile = _blank(size, MORE_FACE, PANEL_EDGE)
    draw = ImageDraw.Draw(tile)
    draw.text(
        (tile.width / 2, PAD + 2), f"+{len(slots)} more", font=font(20, bold=True), fill=TEXT, anchor="mt"
    )
    step = round(GLANCE * 1.2)
    y = PAD + 30
    for slot in slots:
        if y + step > tile.height - PAD:
            break
        fighter = slot.fighters[0]
        text, face = fit_line(
            f"{fighter.card.base} {fighter.card.name}", tile.width - 2 * PAD, GLANCE, GLANCE
        )
        draw.text((PAD, y), text, font=face, fill=MUTED, anchor="lt")
        y += step
    return shadowed(tile)


@layer_memo
def empty_layer(size: Size) -> Layer:
    """An empty place: a dashed-looking outline on a darker patch."""
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    width, height = size
    mask = rounded_mask(width, height, corner_radius(min(size)))
    shade = Image.new("RGBA", size, (0, 0, 0, 60))
    tile.paste(shade, (0, 0), mask)
    rounded_outline(tile, (0, 0, width, height), corner_radius(min(size)), PANEL_EDGE, 2)
    return shadowed(tile)


def draw_empty(canvas: Image.Image, text: str, xy: tuple[int, int], size: Size) -> None:
    """An empty place at `xy` with a muted note in it (written on the table, where its contrast
    with the darker patch is known)."""
    paste_layer(canvas, empty_layer(size), xy)
    width, height = size
    lines, face = fit_block(text, width - 2 * PAD, height - 2 * PAD, 20, GLANCE, 3, hyphenate=True)
    draw = ImageDraw.Draw(canvas)
    x, y = xy[0] + width / 2, xy[1] + height / 2 - face.size * LEADING * (len(lines) - 1) / 2
    for line in lines:
        draw.text((x, y), line, font=face, fill=MUTED, anchor="mm")
        y += face.size * LEADING
