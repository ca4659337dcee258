"""SUPERHOT card faces: two-halved obstacle cards, red bullet cards (each with its own name),
knocked-out cards (greyed, with a KNOCKED OUT band: their identity is public), the top of
the Obstacles Deck in greys, and one-line strips. Every face is cached, and baked onto its shadow once."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.cards import Half, Mark, SplitLayout, build_banded, corner_radius, faded
from renderers.kit.draw import Layer, shadowed
from renderers.kit.fonts import font
from renderers.kit.legibility import RULES, text_role
from renderers.kit.memo import layer_memo
from renderers.kit.palette import RGB
from renderers.kit.shapes import Box, rounded_box, rounded_mask
from renderers.kit.text import fit_block, text_width, whole_or_pointer
from renderers.kit.views import as_int, as_str
from renderers.superhot.look import (
    BACK_STYLE,
    BAR,
    BG_TOP,
    BULLET_STYLE,
    CARD_STYLE,
    GLANCE,
    INK,
    LIGHT,
    NEEDS,
    PAPER,
    PLIERS,
    RED,
    WHITE,
)
from renderers.superhot.read import Card, bullet_name, is_bullet, kind, need, title
from renderers.superhot.words import BULLET_IN_HAND, need_text, top_text

KNOCKED_OUT = "KNOCKED OUT"


def use_mark(card: Card) -> Mark | None:
    """What the card's top half gives, as a mark: a skill and its power, or an ability's sign."""
    use, power = as_str(card.get("use")), as_int(card.get("power"))
    fight, dodge = NEEDS["fight"], NEEDS["dodge"]
    if use in ("fight", "katana"):
        return Mark(f"{fight.symbol}{power or ''}", fight.colour, fight.ink)
    if use == "dodge":
        return Mark(f"{dodge.symbol}{power}", dodge.colour, dodge.ink)
    if use == "glass":
        return Mark(f"{dodge.symbol}X", dodge.colour, dodge.ink)
    if use == "double":
        return Mark("×2", BAR, WHITE)
    if use == "pliers":
        return Mark(PLIERS, BAR, WHITE)
    return None


def need_mark(card: Card) -> Mark:
    look = need(card)
    return Mark(need_text(card), look.colour, look.ink)


def halves(card: Card, with_text: bool) -> tuple[Half, Half]:
    """The top half (what a player gets) and the bottom half (the obstacle) of a card."""
    look = kind(card)
    top = Half(
        title=as_str(card.get("top")) or "—",
        text=top_text(card) if with_text else "",
        face=PAPER,
        ink=INK,
        mark=use_mark(card),
    )
    bottom = Half(
        title=title(card),
        text=as_str(card.get("text")),
        face=PAPER,
        ink=INK,
        icon=look.symbol,
        band=look.colour,
        band_ink=look.ink,
        mark=need_mark(card),
    )
    return top, bottom


# ---------------------------------------------------------------- bullets


@layer_memo
def _bullet_mask(width: int, height: int) -> Image.Image:
    """An "L" mask of a bullet flying right: casing, a groove, an ogive nose. Never mutate."""
    scale = 4
    w, h = width * scale, height * scale
    mask = Image.new("L", (w, h))
    pen = ImageDraw.Draw(mask)
    top, bottom = round(h * 0.18), round(h * 0.82)
    pen.rectangle((0, round(h * 0.1), round(w * 0.07), round(h * 0.9)), fill=255)
    pen.rectangle((round(w * 0.1), top, round(w * 0.56), bottom), fill=255)
    nose: list[tuple[float, float]] = [(w * 0.6, top)]
    steps = 24
    for step in range(1, steps):
        t = step / steps
        # A quadratic curve from the shoulder to the tip and back, bulging forwards.
        x = (1 - t) ** 2 * w * 0.6 + 2 * (1 - t) * t * w * 1.02 + t**2 * w * 0.6
        y = (1 - t) ** 2 * top + 2 * (1 - t) * t * (h / 2) + t**2 * bottom
        nose.append((x, y))
    nose.append((w * 0.6, bottom))
    pen.polygon(nose, fill=255)
    return mask.resize((width, height), Image.Resampling.LANCZOS)


def draw_bullet(canvas: Image.Image, box: Box, colour: RGB) -> None:
    """A drawn bullet filling `box`, flying right."""
    left, top, right, bottom = box
    canvas.paste(colour, (left, top), _bullet_mask(right - left, bottom - top))


@dataclass(frozen=True)
class BulletFace:
    """What a bullet card shows: its own name, its need, and (in a hand) a reminder text."""

    name: str
    need: str
    value: int
    text: str


@cache.cached_image
def _bullet_face(face: BulletFace, size: tuple[int, int], layout: SplitLayout) -> Image.Image:
    """A bullet card: red, its name, a big white bullet, its need in the bottom-right corner (a
    mark a little larger than an obstacle's), and the reminder text under the bullet."""
    width, height = size
    tile = Image.new("RGB", size, BULLET_STYLE.edge)
    edge = max(2, round(width * BULLET_STYLE.edge_share))
    radius = corner_radius(width)
    rounded_box(tile, (0, 0, width, height), radius, BULLET_STYLE.edge)
    rounded_box(tile, (edge, edge, width - edge, height - edge), radius - edge, RED)
    pad = max(5, width // 14)
    pen = ImageDraw.Draw(tile)
    names, name_face = fit_block(
        face.name,
        width - 2 * pad - 2 * edge,
        layout.title_height,
        layout.title + 2,
        layout.floor,
        2,
        True,
        1.1,
    )
    name_y = edge + pad
    for name in names:
        pen.text((edge + pad, name_y), name, font=name_face, fill=WHITE, anchor="lt")
        name_y += round(name_face.size * 1.1)
    bullet_w = round(width * 0.66)
    bullet_h = round(bullet_w * 0.42)
    y = max(round(height * (0.32 if face.text else 0.44)) - bullet_h // 2, name_y + pad // 2)
    draw_bullet(tile, ((width - bullet_w) // 2, y, (width + bullet_w) // 2, y + bullet_h), WHITE)
    look = NEEDS.get(face.need, NEEDS["mixed"])
    mark_size = layout.mark + 2
    label = f"{look.symbol}{face.value}"
    mark_face = font(mark_size, bold=True)
    mark_h = round(mark_size * 1.45)
    mark_w = max(mark_h, round(text_width(mark_face, label) + mark_size * 0.8))
    x1, y1 = width - edge - pad, height - edge - pad
    rounded_box(tile, (x1 - mark_w - 3, y1 - mark_h - 3, x1 + 3, y1 + 3), mark_h // 3 + 3, WHITE)
    rounded_box(tile, (x1 - mark_w, y1 - mark_h, x1, y1), mark_h // 3, look.colour)
    pen.text((x1 - mark_w / 2, y1 - mark_h / 2), label, font=mark_face, fill=look.ink, anchor="mm")
    if face.text:
        room = y1 - mark_h - pad // 2 - (y + bullet_h + pad)
        lines, text_face = fit_block(
            face.text, width - 2 * (edge + pad), room, layout.text, layout.smallest_text, 6, condense=True
        )
        if layout.whole_text:
            lines = whole_or_pointer(lines, face.text, text_face, (width - 2 * (edge + pad), room))
        ty = y + bullet_h + pad
        with text_role(RULES):
            for line in lines:
                pen.text((edge + pad, ty), line, font=text_face, fill=WHITE, anchor="lt")
                ty += round(text_face.size * 1.15)
    tile = tile.convert("RGBA")
    tile.putalpha(rounded_mask(width, height, radius))
    return tile


# ---------------------------------------------------------------- faces by key

FaceKey = BulletFace | tuple[Half, Half]
"""What a face-up card looks like, hashable (a cache key): a bullet, or an obstacle's halves."""


def face_key(card: Card, with_text: bool) -> FaceKey:
    if is_bullet(card):
        text = (as_str(card.get("text")) or BULLET_IN_HAND) if with_text else ""
        return BulletFace(bullet_name(card), as_str(card.get("need")), as_int(card.get("value")), text)
    return halves(card, with_text)


def face(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Image.Image:
    """The face-up tile (RGBA, a fresh copy)."""
    if isinstance(key, BulletFace):
        return _bullet_face(key, size, layout)
    top, bottom = key
    return cache.split_face(top, bottom, size, layout, CARD_STYLE)


@cache.cached_image
def knocked_out_face(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Image.Image:
    """A knocked-out card: face down in the physical game, but everyone saw it (and the System's
    Reboot glitch stands it back up by its slot), so it is drawn greyed with a KNOCKED OUT band
    across its top half; its name, text and need stay readable."""
    width, height = size
    greyed = faded(lambda: face(key, size, layout), BG_TOP, 0.0, grey=True)
    top_half = round(height * layout.split) if isinstance(key, tuple) else round(height * 0.5)
    edge = max(2, round(width * CARD_STYLE.edge_share))
    band = max(24, top_half - edge - 2)
    middle = edge + 1 + band // 2
    return build_banded(
        greyed, KNOCKED_OUT, middle, (BAR, WHITE), (max(GLANCE + 2, width // 6), GLANCE), band
    )


def washed_face(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Image.Image:
    """A face in greys: seen, but not in play (the Obstacles Deck's next card). Greys keep each
    colour's lightness, so its text keeps its contrast; a fade towards the table would not."""
    return faded(lambda: face(key, size, layout), BG_TOP, 0.0, grey=True)


def card_tile(card: Card, size: tuple[int, int], layout: SplitLayout, with_text: bool) -> Image.Image:
    """A card tile: knocked out (when `down`) or face up."""
    key = face_key(card, with_text)
    return knocked_out_face(key, size, layout) if card.get("down") else face(key, size, layout)


# Card layers: each card baked onto its shadow once, pasted in one go (read-only, never mutated).


@layer_memo
def _face_layer(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Layer:
    return shadowed(face(key, size, layout))


@layer_memo
def _knocked_out_layer(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Layer:
    return shadowed(knocked_out_face(key, size, layout))


@layer_memo
def washed_layer(key: FaceKey, size: tuple[int, int], layout: SplitLayout) -> Layer:
    return shadowed(washed_face(key, size, layout))


@layer_memo
def back_layer(size: tuple[int, int]) -> Layer:
    return shadowed(cache.card_back(size, BACK_STYLE))


def card_layer(card: Card, size: tuple[int, int], layout: SplitLayout, with_text: bool) -> Layer:
    """A card on its shadow, ready for paste_layer(): knocked out (when `down`) or face up."""
    key = face_key(card, with_text)
    return _knocked_out_layer(key, size, layout) if card.get("down") else _face_layer(key, size, layout)


@layer_memo
def top_half_layer(top: Half, size: tuple[int, int], layout: SplitLayout) -> Layer:
    """A card by its top half only (mark, title and what it does), on its shadow: the Aid card."""
    return shadowed(cache.split_face(top, Half(title="", face=PAPER), size, layout, CARD_STYLE))


# ---------------------------------------------------------------- one-line strips


STRIP_LEADING = 1.0


@layer_memo
def _strip(mark: Mark | None, label: str, size: tuple[int, int], fill: RGB, ink: RGB) -> Layer:
    """A small card on its shadow: a mark and a label (e.g. a used card: "⚔2 Gun"), the label in
    two lines when the strip is tall enough and one is too narrow."""
    width, height = size
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    rounded_box(tile, (0, 0, width, height), 9, LIGHT)
    rounded_box(tile, (2, 2, width - 2, height - 2), 7, fill)
    x = 7
    pen = ImageDraw.Draw(tile)
    if mark is not None:
        mark_face, mark_h = font(GLANCE, bold=True), min(30, height - 10)
        mark_w = max(mark_h, round(text_width(mark_face, mark.text) + 10))
        mark_top = (height - mark_h) / 2
        rounded_box(tile, (x, round(mark_top), x + mark_w, round(mark_top) + mark_h), 6, mark.fill)
        pen.text((x + mark_w / 2, height / 2), mark.text, font=mark_face, fill=mark.ink, anchor="mm")
        x += mark_w + 6
    lines, face_ = fit_block(label, width - x - 6, height - 4, 19, GLANCE, 2, True, STRIP_LEADING, True, True)
    step = face_.size * STRIP_LEADING
    y = height / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        pen.text((x, y), line, font=face_, fill=ink, anchor="lm")
        y += step
    return shadowed(tile)


def top_strip(card: Card, size: tuple[int, int], fill: RGB = PAPER) -> Layer:
    """A card by its top half (what a player uses it for); a bullet by its name."""
    if is_bullet(card):
        return _strip(Mark(need_text(card), WHITE, INK), title(card, "Bullet"), size, RED, WHITE)
    label = as_str(card.get("top")) or as_str(card.get("name")) or "?"
    return _strip(use_mark(card), label, size, fill, INK)


def bottom_strip(card: Card, size: tuple[int, int]) -> Layer:
    """A card by its bottom half (what the System uses it for: its need)."""
    if is_bullet(card):
        return _strip(need_mark(card), title(card, "Bullet"), size, RED, WHITE)
    return _strip(need_mark(card), f"{kind(card).symbol} {title(card)}", size, PAPER, INK)
