"""The SUPERHOT The Card Game renderer, built from renderers.kit and reading views only.

The table reads left to right the way time moves: the Obstacles Deck (its visible top card is only
what comes *next*), The Line (its START, where cards leave it, is the right end), then the Obstacles
Discard. Goals and the Bullets Deck sit above The Line; the cards used this turn sit under the slots
they will empty; the players (and the System) sit below. The hand shows every card with both halves:
what the card gives (top) and the obstacle it was (bottom).

Nothing is told by colour alone: every skill has a symbol (Fighting ⚔, Dodge ↯, Mixed ◈, else the
letters F, D, M), every obstacle kind too (enemy ♟, location ♜, object ▣, else E, L, O), and bullets
are red cards with a drawn bullet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import cache, layout
from renderers.kit.cards import CardStyle, Half, Mark, SplitLayout, corner_radius
from renderers.kit.draw import Layer, badge, badge_width, paste_layer, seat_token, shadowed
from renderers.kit.fonts import font, has_glyph
from renderers.kit.palette import RGB, SeatStyle, ink_on, seat_style
from renderers.kit.shapes import Box, rounded_box, rounded_mask, rounded_outline, shade, shadow
from renderers.kit.text import ellipsize, fit_block, fit_line
from renderers.kit.views import View, plural, sentences
from renderers.superhot_samples import SAMPLES

Card = Mapping[str, Any]

TITLE = "SUPERHOT"
TABLE_SIZE = (1200, 760)
HEADER = 64
FOOTER = 44
MARGIN = 16

# The look: a stark white room, black bars, red enemies and bullets.
BG_TOP: RGB = (240, 240, 241)
BG_BOTTOM: RGB = (205, 206, 210)
PAPER: RGB = (252, 252, 252)
INK: RGB = (24, 24, 28)
GREY: RGB = (96, 97, 104)
LIGHT: RGB = (186, 188, 194)
PANEL: RGB = (250, 250, 250)
BAR: RGB = (18, 18, 21)
WHITE: RGB = (255, 255, 255)
RED: RGB = (222, 33, 27)
DEEP_RED: RGB = (150, 18, 14)
ALERT: RGB = (240, 228, 66)
"""Okabe-Ito yellow: the obstacle being interacted with, whose turn it is."""


@dataclass(frozen=True)
class Look:
    """How a skill or an obstacle kind is marked: a symbol (a letter where the font lacks it), a
    colour, and the word for alt text."""

    symbol: str
    colour: RGB
    word: str

    @property
    def ink(self) -> RGB:
        return ink_on(self.colour)


def _glyph(symbol: str, letter: str) -> str:
    """The symbol if every face of the bundled font draws it, else the letter."""
    faces = ((False, False), (True, False), (False, True), (True, True))
    return symbol if all(has_glyph(symbol, bold, condensed) for bold, condensed in faces) else letter


NEEDS: dict[str, Look] = {
    "fight": Look(_glyph("⚔", "F"), (230, 159, 0), "Fighting"),
    "dodge": Look(_glyph("↯", "D"), (86, 180, 233), "Dodge"),
    "mixed": Look(_glyph("◈", "M"), (204, 121, 167), "Mixed"),
}
KINDS: dict[str, Look] = {
    "enemy": Look(_glyph("♟", "E"), RED, "enemy"),
    "location": Look(_glyph("♜", "L"), (118, 119, 126), "location"),
    "object": Look(_glyph("▣", "O"), (34, 34, 38), "object"),
}
TICK = _glyph("✓", "x")
WARNING = _glyph("⚠", "!")
ARROW = _glyph("➜", ">")
START_ARROW = _glyph("▶", ">")
SYSTEM_STYLE = SeatStyle(BAR, _glyph("⚙", "S"), WHITE)
MAX_BULLETS = 4
"""A player holding this many bullets loses."""

TABLE_HALVES = SplitLayout(split=0.32, title=18, text=16, mark=19, floor=12)
HAND_HALVES = SplitLayout(split=0.45, title=21, text=17, mark=24, floor=13)
AID_HALVES = SplitLayout(split=0.97, title=17, text=16, mark=19, floor=12)
CARD_STYLE = CardStyle(face=PAPER, ink=INK, edge=(150, 151, 158), edge_share=0.016)
BACK_STYLE = CardStyle(face=(38, 38, 43), ink=(70, 70, 78), edge=(236, 236, 238), edge_share=0.05)
BULLET_STYLE = CardStyle(face=RED, ink=WHITE, edge=DEEP_RED, edge_share=0.03)


# ---------------------------------------------------------------- reading the view


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _cards(value: Any) -> list[Card]:
    return [card for card in value or () if isinstance(card, Mapping)] if isinstance(value, list) else []


def _card(value: Any) -> Card | None:
    return value if isinstance(value, Mapping) else None


def _seats(view: View) -> list[Mapping[str, Any]]:
    return [seat for seat in view.get("seats") or () if isinstance(seat, Mapping)]


def _name(view: View, index: int | None) -> str:
    seats = _seats(view)
    if index is not None and 0 <= index < len(seats) and seats[index].get("name"):
        return str(seats[index]["name"])
    return "Seat" if index is None else f"Seat {index + 1}"


def _turn(view: View) -> int | None:
    turn = view.get("turn")
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _is_bullet(card: Card) -> bool:
    return card.get("type") == "bullet" or card.get("kind") == "bullet"


def _need(card: Card) -> Look:
    return NEEDS.get(_str(card.get("need")), NEEDS["mixed"])


def _need_text(card: Card) -> str:
    return f"{_need(card).symbol}{_int(card.get('value'))}"


def _need_words(card: Card) -> str:
    return f"{_need(card).word} {_int(card.get('value'))}"


def _kind(card: Card) -> Look:
    return KINDS.get(_str(card.get("kind")), KINDS["object"])


def _title(card: Card, default: str = "?") -> str:
    return (_str(card.get("name")) or default).upper()


def _use_mark(card: Card) -> Mark | None:
    """What the card's top half gives, as a mark: a skill and its power, or an ability's sign."""
    use, power = _str(card.get("use")), _int(card.get("power"))
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
        return Mark(_glyph("✂", "P"), BAR, WHITE)
    return None


def _use_words(card: Card, detail: bool = False) -> str:
    """The top half in words: "Gun (Fighting 2)", "Pliers (ability)"; with `detail`, an ability
    says what it does: "Pliers (Put a bullet ...)"."""
    use, power = _str(card.get("use")), _int(card.get("power"))
    top = _str(card.get("top")) or _str(card.get("name")) or "card"
    if use in ("fight", "dodge"):
        return f"{top} ({NEEDS[use].word} {power})"
    text = _str(card.get("top_text")).rstrip(".")
    if detail and text:
        return f"{top} ({text})"
    return f"{top} (ability)" if use else top


def _obstacle_words(card: Card) -> str:
    """The bottom half in words: "Dude with a Gun, enemy, needs Fighting 2"."""
    if _is_bullet(card):
        return f"bullet, needs {_need_words(card)}"
    name = _str(card.get("name")) or "obstacle"
    return f"{name}, {_kind(card).word}, needs {_need_words(card)}"


# ---------------------------------------------------------------- card tiles (cached)


def _top_text(card: Card) -> str:
    """What the top half does, in words: its own text, else "Gives 2 Fighting."."""
    text, use = _str(card.get("top_text")), _str(card.get("use"))
    if text or use not in ("fight", "dodge"):
        return text
    return f"Gives {_int(card.get('power'))} {NEEDS[use].word}."


BULLET_IN_HAND = "Can't be played. Holding 4 bullets loses."


def _halves(card: Card, with_text: bool) -> tuple[Half, Half]:
    kind = _kind(card)
    top = Half(
        title=(_str(card.get("top")) or "—").upper(),
        text=_top_text(card) if with_text else "",
        face=PAPER,
        ink=INK,
        mark=_use_mark(card),
    )
    need = _need(card)
    bottom = Half(
        title=_title(card),
        text=_str(card.get("text")),
        face=PAPER,
        ink=INK,
        icon=kind.symbol,
        band=kind.colour,
        band_ink=kind.ink,
        mark=Mark(_need_text(card), need.colour, need.ink),
    )
    return top, bottom


@lru_cache(maxsize=64)
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


def _draw_bullet(canvas: Image.Image, box: Box, colour: RGB) -> None:
    left, top, right, bottom = box
    canvas.paste(colour, (left, top), _bullet_mask(right - left, bottom - top))


@cache.cached_image(maxsize=256)
def _bullet_face(need: str, value: int, size: tuple[int, int], text: str, halves: SplitLayout) -> Image.Image:
    """A bullet card: red, a big white bullet, BULLET, its need in the bottom-right corner (a mark a
    little larger than an obstacle's), and `text` under the bullet."""
    width, height = size
    tile = Image.new("RGB", size, BULLET_STYLE.edge)
    edge = max(2, round(width * BULLET_STYLE.edge_share))
    radius = corner_radius(width)
    rounded_box(tile, (0, 0, width, height), radius, BULLET_STYLE.edge)
    rounded_box(tile, (edge, edge, width - edge, height - edge), radius - edge, RED)
    pad = max(5, width // 14)
    pen = ImageDraw.Draw(tile)
    title, face = fit_line("BULLET", width - 2 * pad - 2 * edge, halves.title + 2, 12, bold=True)
    pen.text((edge + pad, edge + pad), title, font=face, fill=WHITE, anchor="lt")
    bullet_w = round(width * 0.66)
    bullet_h = round(bullet_w * 0.42)
    y = round(height * (0.32 if text else 0.44)) - bullet_h // 2
    _draw_bullet(tile, ((width - bullet_w) // 2, y, (width + bullet_w) // 2, y + bullet_h), WHITE)
    look = NEEDS.get(need, NEEDS["mixed"])
    mark_size = halves.mark + 2
    label = f"{look.symbol}{value}"
    mark_face = font(mark_size, bold=True)
    mark_h = round(mark_size * 1.45)
    mark_w = max(mark_h, round(mark_face.getlength(label) + mark_size * 0.8))
    x1, y1 = width - edge - pad, height - edge - pad
    rounded_box(tile, (x1 - mark_w - 3, y1 - mark_h - 3, x1 + 3, y1 + 3), mark_h // 3 + 3, WHITE)
    rounded_box(tile, (x1 - mark_w, y1 - mark_h, x1, y1), mark_h // 3, look.colour)
    pen.text((x1 - mark_w / 2, y1 - mark_h / 2), label, font=mark_face, fill=look.ink, anchor="mm")
    if text:
        room = y1 - mark_h - pad // 2 - (y + bullet_h + pad)
        lines, face = fit_block(text, width - 2 * (edge + pad), room, halves.text, halves.floor, 5)
        ty = y + bullet_h + pad
        for line in lines:
            pen.text((edge + pad, ty), line, font=face, fill=WHITE, anchor="lt")
            ty += round(face.size * 1.15)
    tile = tile.convert("RGBA")
    tile.putalpha(rounded_mask(width, height, radius))
    return tile


@cache.cached_image(maxsize=32)
def _knocked_out(size: tuple[int, int]) -> Image.Image:
    """A knocked-out obstacle: the card back with a KO tag across it."""
    tile = cache.card_back(size, BACK_STYLE)
    width, height = size
    lines, face = fit_block("KNOCKED OUT", width - 16, height / 3, max(15, width // 7), 12, 2, bold=True)
    step = round(face.size * 1.1)
    tag_h = step * len(lines) + round(face.size * 0.7)
    top = (height - tag_h) // 2
    strip = Image.new("RGBA", (width, tag_h), (*WHITE, 235))
    tile.alpha_composite(strip, (0, top))
    pen = ImageDraw.Draw(tile)
    for number, line in enumerate(lines):
        y = top + tag_h / 2 + (number - (len(lines) - 1) / 2) * step
        pen.text((width / 2, y), line, font=face, fill=INK, anchor="mm")
    tile.putalpha(rounded_mask(width, height, corner_radius(width)))
    return tile


@dataclass(frozen=True)
class _BulletFace:
    need: str
    value: int
    text: str


FaceKey = _BulletFace | tuple[Half, Half]
"""What a face-up card looks like, hashable (a cache key): a bullet's need, or an obstacle's halves."""


def _face_key(card: Card, with_text: bool) -> FaceKey:
    if _is_bullet(card):
        text = (_str(card.get("text")) or BULLET_IN_HAND) if with_text else ""
        return _BulletFace(_str(card.get("need")), _int(card.get("value")), text)
    return _halves(card, with_text)


def _face(key: FaceKey, size: tuple[int, int], halves: SplitLayout) -> Image.Image:
    if isinstance(key, _BulletFace):
        return _bullet_face(key.need, key.value, size, key.text, halves)
    top, bottom = key
    return cache.split_face(top, bottom, size, halves, CARD_STYLE)


def card_tile(card: Card, size: tuple[int, int], halves: SplitLayout, with_text: bool) -> Image.Image:
    """A card tile: a bullet, a knocked-out back (only when `down`), or a two-halved obstacle."""
    if card.get("down"):
        return _knocked_out(size)
    return _face(_face_key(card, with_text), size, halves)


@cache.cached_image(maxsize=64)
def _washed_face(key: FaceKey, size: tuple[int, int], halves: SplitLayout) -> Image.Image:
    """A face faded towards the table: seen, but not in play."""
    tile = _face(key, size, halves)
    wash = Image.new("RGBA", size, (*BG_TOP, 110))
    washed = Image.alpha_composite(tile, wash)
    washed.putalpha(tile.getchannel("A"))
    return washed


# Card layers: each card baked onto its shadow once, pasted in one go (read-only, never mutated).


@lru_cache(maxsize=256)
def _face_layer(key: FaceKey, size: tuple[int, int], halves: SplitLayout) -> Layer:
    return shadowed(_face(key, size, halves))


@lru_cache(maxsize=64)
def _washed_layer(key: FaceKey, size: tuple[int, int], halves: SplitLayout) -> Layer:
    return shadowed(_washed_face(key, size, halves))


@lru_cache(maxsize=16)
def _back_layer(size: tuple[int, int]) -> Layer:
    return shadowed(cache.card_back(size, BACK_STYLE))


@lru_cache(maxsize=16)
def _down_layer(size: tuple[int, int]) -> Layer:
    return shadowed(_knocked_out(size))


def card_layer(card: Card, size: tuple[int, int], halves: SplitLayout, with_text: bool) -> Layer:
    """A card on its shadow, ready for paste_layer(): knocked out (when `down`) or face up."""
    if card.get("down"):
        return _down_layer(size)
    return _face_layer(_face_key(card, with_text), size, halves)


@lru_cache(maxsize=256)
def _strip(mark: Mark | None, title: str, size: tuple[int, int], fill: RGB, ink: RGB) -> Layer:
    """A small one-line card on its shadow: a mark and a title (e.g. a used card: "⚔2 GUN")."""
    width, height = size
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    rounded_box(tile, (0, 0, width, height), 9, LIGHT)
    rounded_box(tile, (2, 2, width - 2, height - 2), 7, fill)
    x = 7
    pen = ImageDraw.Draw(tile)
    if mark is not None:
        mark_face, mark_h = font(17, bold=True), height - 12
        mark_w = max(mark_h, round(mark_face.getlength(mark.text) + 12))
        rounded_box(tile, (x, 6, x + mark_w, 6 + mark_h), 6, mark.fill)
        pen.text((x + mark_w / 2, 6 + mark_h / 2), mark.text, font=mark_face, fill=mark.ink, anchor="mm")
        x += mark_w + 6
    text, face = fit_line(title, width - x - 6, 18, 13, bold=True)
    pen.text((x, height / 2), text, font=face, fill=ink, anchor="lm")
    return shadowed(tile)


def _top_strip(card: Card, size: tuple[int, int]) -> Layer:
    """A card by its top half (what a player uses it for)."""
    if _is_bullet(card):
        return _strip(Mark(_need_text(card), WHITE, INK), "BULLET", size, RED, WHITE)
    title = (_str(card.get("top")) or _str(card.get("name")) or "?").upper()
    return _strip(_use_mark(card), title, size, PAPER, INK)


def _bottom_strip(card: Card, size: tuple[int, int]) -> Layer:
    """A card by its bottom half (what the System uses it for: its need)."""
    need = _need(card)
    mark = Mark(_need_text(card), need.colour, need.ink)
    if _is_bullet(card):
        return _strip(mark, "BULLET", size, RED, WHITE)
    return _strip(mark, f"{_kind(card).symbol} {_title(card)}", size, PAPER, INK)


# ---------------------------------------------------------------- static layers (cached)


@cache.cached_image(maxsize=8)
def _backdrop(size: tuple[int, int]) -> Image.Image:
    """The white room: a soft vertical gradient with faint floor lines, and the header bar."""
    width, height = size
    ramp = Image.linear_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    canvas = Image.composite(Image.new("RGB", size, BG_BOTTOM), Image.new("RGB", size, BG_TOP), ramp)
    pen = ImageDraw.Draw(canvas)
    horizon = height * 0.55
    for step in range(1, 12):
        y = horizon + (height - horizon) * (step / 11) ** 1.8
        pen.line((0, y, width, y), fill=(214, 215, 219) if y < height * 0.8 else (198, 199, 203), width=1)
    pen.rectangle((0, 0, width, HEADER), fill=BAR)
    pen.line((0, HEADER, width, HEADER), fill=RED, width=3)
    return canvas


def _wordmark(canvas: Image.Image, x: int, middle: int) -> int:
    """SUPER in white, HOT in red; returns the x after it."""
    face = font(34, bold=True)
    pen = ImageDraw.Draw(canvas)
    pen.text((x, middle), "SUPER", font=face, fill=WHITE, anchor="lm")
    x += round(face.getlength("SUPER"))
    pen.text((x, middle), "HOT", font=face, fill=RED, anchor="lm")
    return x + round(face.getlength("HOT"))


def _header(canvas: Image.Image, chips: Sequence[tuple[str, RGB, RGB]], status: str) -> None:
    """The black bar: the wordmark, chips (the first cut short, later ones left out when the status
    needs the room), and the status on the right."""
    width = canvas.width
    shown, face = fit_line(status, width * 0.46, 24, 18, bold=True)
    status_left = width - 22 - round(face.getlength(shown))
    ImageDraw.Draw(canvas).text((width - 22, HEADER // 2), shown, font=face, fill=WHITE, anchor="rm")
    x = _wordmark(canvas, 22, HEADER // 2) + 18
    chip_face = font(20, bold=True)
    for number, (text, fill, ink) in enumerate(chips):
        room = status_left - 20 - x
        if badge_width(text, 20) > room:
            if number:
                continue
            text = ellipsize(text, chip_face, room - 24)
        x = badge(canvas, (x, HEADER // 2 - 16), text, fill, ink, size=20)[2] + 8


# ---------------------------------------------------------------- words


def level_text(view: View, spoken: bool = False) -> str:
    """ "Level 2 of 3", "Level 5 · Infinite" (spoken, for alt text: "Level 5, Infinite Mode")."""
    level, levels = _int(view.get("level"), 1), view.get("levels")
    if isinstance(levels, int) and not isinstance(levels, bool):
        return f"Level {level} of {levels}"
    return f"Level {level}, Infinite Mode" if spoken else f"Level {level} · Infinite"


def _mode(view: View) -> str:
    return _str(view.get("mode_label")) or _str(view.get("mode")).capitalize() or "Solo"


def _status(view: View) -> str:
    """The header's right side: what happens now and whose it is."""
    if view.get("over"):
        return _str(view.get("result")) or "Game over"
    phase = _str(view.get("phase"))
    turn = _turn(view)
    if turn is None:
        return phase
    return f"{_name(view, turn)} · {phase}" if phase else f"{_name(view, turn)}'s turn"


def _chips(view: View) -> list[tuple[str, RGB, RGB]]:
    chips = [(_mode(view), WHITE, INK), (level_text(view), RED, WHITE)]
    infinite = not isinstance(view.get("levels"), int)
    for name in view.get("challenges") or ():
        if name and not (infinite and str(name).startswith("Infinite")):
            chips.append((str(name), (60, 60, 66), WHITE))
    return chips


# ---------------------------------------------------------------- the renderer


class SuperhotRenderer:
    """Draws SUPERHOT views: the table (goals, The Line, the players) and a seat's hand."""

    # ------------------------------------------------------------ table

    def table(self, view: View) -> Image.Image:
        """The public table; never draws a hand, even when given a seat's view."""
        key = _frame_key(view)
        canvas = _frame(key)
        _Table(canvas, view, key).draw()
        return canvas

    def table_alt(self, view: View) -> str:
        """The table in words: level, phase, goals, The Line from its START, piles, players."""
        return table_alt(view)

    # ------------------------------------------------------------ hand

    def hand(self, view: View) -> Image.Image:
        """A seat's hand: every card large, both halves legible."""
        placed = _hand_layout(view)
        canvas = _backdrop(placed.size)
        _Hand(canvas, view, placed).draw()
        return canvas

    def hand_alt(self, view: View) -> str:
        """The hand in words, each card by both halves."""
        return hand_alt(view)

    def samples(self) -> dict[str, tuple[View, View]]:
        """Hand-built views covering every mode, a 7-slot Line, the System turn and finished games."""
        return dict(SAMPLES)


# ---------------------------------------------------------------- table layout


@dataclass(frozen=True)
class _Geometry:
    """Where the Line's columns are: the deck, each slot (index 0 = START, on the right), the discard."""

    card: tuple[int, int]
    deck_x: int
    slot_x: tuple[int, ...]
    discard_x: int


GOALS_TOP = HEADER + 12
GOALS_H = 108
GOALS_RIGHT = TABLE_SIZE[0] - MARGIN - 220
"""The goals (and the Goals Deck) end here; the Bullets Deck fills the rest of the row."""
GOALS_DECK_W = 92
LABELS_TOP = GOALS_TOP + GOALS_H + 10
LABELS_H = 28
LINE_TOP = LABELS_TOP + LABELS_H + 4
LINE_CARD_H = 208
NUDGE = 28
"""How far the obstacle being interacted with is pulled down (its tag fills the gap above it)."""
USED_TOP = LINE_TOP + LINE_CARD_H + NUDGE + 6
USED_H = 40
PLAYERS_TOP = USED_TOP + USED_H + 14
PLAYERS_BOTTOM = TABLE_SIZE[1] - FOOTER - 12
LEGEND_W = 272
AID_W = 150
PLATE_PAD = 14
DARK: RGB = (60, 60, 66)


@lru_cache(maxsize=8)
def _geometry(slots: int) -> _Geometry:
    width = TABLE_SIZE[0]
    side_gap, gap = 22, 6
    card_w = (width - 2 * MARGIN - 2 * side_gap - (slots - 1) * gap) // (slots + 2)
    used = (slots + 2) * card_w + 2 * side_gap + (slots - 1) * gap
    left = (width - used) // 2
    line_left = left + card_w + side_gap
    slot_x = tuple(line_left + (slots - 1 - index) * (card_w + gap) for index in range(slots))
    discard_x = line_left + slots * card_w + (slots - 1) * gap + side_gap
    return _Geometry((card_w, LINE_CARD_H), left, slot_x, discard_x)


@lru_cache(maxsize=64)
def _goal_boxes(count: int, deck: bool) -> tuple[Box, ...]:
    right = GOALS_RIGHT - (GOALS_DECK_W + 10 if deck else 0)
    if count == 0:
        return ((MARGIN, GOALS_TOP, right, GOALS_TOP + GOALS_H),)
    gap = 10
    width = (right - MARGIN - gap * (count - 1)) // count
    return tuple(
        (MARGIN + n * (width + gap), GOALS_TOP, MARGIN + n * (width + gap) + width, GOALS_TOP + GOALS_H)
        for n in range(count)
    )


@dataclass(frozen=True)
class _Players:
    """Where the players band puts each seat's plate, the Aid card and the symbol key."""

    plates: tuple[Box, ...]
    aid: Box | None
    legend: Box | None


@lru_cache(maxsize=64)
def _players_layout(roles: tuple[str, ...], aid: bool, system: bool) -> _Players:
    """Plates side by side (the System's wider while it shows its draw), the Aid card after the first
    player, and the symbol key at the right when every player plate stays at least 380 px wide."""
    left, right, top, bottom = MARGIN, TABLE_SIZE[0] - MARGIN, PLAYERS_TOP, PLAYERS_BOTTOM
    gap = 12
    weights = [1.5 if role == "System" and system else 1.0 for role in roles]
    room = right - left - (AID_W + gap if aid else 0) - gap * max(0, len(roles) - 1)
    legend = None
    if not roles or (room - LEGEND_W - gap) / sum(weights) >= 380:
        legend = (right - LEGEND_W, top, right, bottom)
        room -= LEGEND_W + gap
    normals = [index for index, role in enumerate(roles) if role != "System"]
    aid_after = normals[0] if aid and normals else -1
    plates: list[Box] = []
    aid_box = None
    x = left
    for index, weight in enumerate(weights):
        width = round(room * weight / sum(weights))
        plates.append((x, top, x + width, bottom))
        x += width + gap
        if index == aid_after:
            aid_box = (x, top, x + AID_W, bottom)
            x += AID_W + gap
    return _Players(tuple(plates), aid_box, legend)


def _panel(canvas: Image.Image, box: Box, fill: RGB = PANEL, edge: RGB = LIGHT, edge_w: int = 2) -> None:
    shadow(canvas, box, 14, 3, 6)
    rounded_box(canvas, box, 14, fill, edge, edge_w)


def _fitted_badge(canvas: Image.Image, box: Box, text: str, fill: RGB, ink: RGB, size: int = 17) -> None:
    """A badge centred between `box`'s left and right at its top, shrunk (to 13 px) to fit."""
    left, top, right, _ = box
    while badge_width(text, size) > right - left and size > 13:
        size -= 1
    width = badge_width(text, size)
    badge(canvas, ((left + right - width) // 2, top), text, fill, ink, size=size)


def _centred(canvas: Image.Image, box: Box, text: str, size: int, ink: RGB, bold: bool = False) -> None:
    left, top, right, bottom = box
    shown, face = fit_line(text, right - left - 8, size, 12, bold)
    middle = ((left + right) / 2, (top + bottom) / 2)
    ImageDraw.Draw(canvas).text(middle, shown, font=face, fill=ink, anchor="mm")


def _bullet_row(canvas: Image.Image, xy: tuple[int, int], held: int) -> None:
    """Four bullet places (holding the fourth loses), the held ones red."""
    x, y = xy
    for number in range(max(MAX_BULLETS, held)):
        colour = RED if number < held else (196, 197, 203)
        _draw_bullet(canvas, (x, y, x + 34, y + 16), colour)
        x += 39


# ---------------------------------------------------------------- the static layer of a table


@dataclass(frozen=True)
class _FrameKey:
    """Everything the static layer shows; tables in the same situation share one cached layer."""

    slots: int
    goals: tuple[tuple[str, str, bool, bool], ...]
    goals_deck: bool
    low_bullets: bool
    seats: tuple[tuple[str, str], ...]
    active: int | None
    aid_from: str | None
    system: bool


def _frame_key(view: View) -> _FrameKey:
    line = view.get("line")
    goals = [goal for goal in view.get("goals") or () if isinstance(goal, Mapping)]
    seats = _seats(view)
    aid = _card(view.get("aid"))
    giver = view.get("aid_from")
    return _FrameKey(
        slots=max(1, len(line)) if isinstance(line, list) else 6,
        goals=tuple(
            (
                (_str(g.get("name")) or "Goal").upper(),
                _str(g.get("text")),
                bool(g.get("done")),
                bool(g.get("counted")) and _int(g.get("count")) > 0,
            )
            for g in goals
        ),
        goals_deck=_int(view.get("goals_deck"), -1) >= 0,
        low_bullets=_int(view.get("bullets_left")) <= MAX_BULLETS,
        seats=tuple((_name(view, index), _str(seat.get("role"))) for index, seat in enumerate(seats)),
        active=None if view.get("over") else _turn(view),
        aid_from=None if aid is None else (_name(view, giver) if isinstance(giver, int) else ""),
        system=isinstance(view.get("system"), Mapping),
    )


@cache.cached_image(maxsize=24)
def _frame(key: _FrameKey) -> Image.Image:
    """The backdrop with every panel, label and name that changes only between turns."""
    canvas = _backdrop(TABLE_SIZE)
    pen = ImageDraw.Draw(canvas)
    # Goals and the Goals Deck.
    for box, goal in zip(_goal_boxes(len(key.goals), key.goals_deck), key.goals or [None], strict=True):
        if goal is None:
            _panel(canvas, box)
            _centred(canvas, box, "No goals yet", 20, GREY)
        else:
            _goal_face(canvas, pen, box, goal)
    if key.goals_deck:
        left, top, right, bottom = GOALS_RIGHT - GOALS_DECK_W, GOALS_TOP, GOALS_RIGHT, GOALS_TOP + GOALS_H
        _panel(canvas, (left, top, right, bottom), fill=(232, 232, 234))
        _centred(canvas, (left, top + 60, right, top + 80), "goals", 17, GREY)
        _centred(canvas, (left, top + 80, right, top + 100), "deck", 17, GREY)
    # The Bullets Deck's panel.
    left, top = GOALS_RIGHT + 10, GOALS_TOP
    box = (left, top, TABLE_SIZE[0] - MARGIN, top + GOALS_H)
    fill, ink = (BAR, ALERT) if key.low_bullets else (RED, WHITE)
    shadow(canvas, box, 14, 3, 6)
    rounded_box(canvas, box, 14, fill)
    _draw_bullet(canvas, (left + 16, top + 28, left + 84, top + 58), ink)
    label = f"{WARNING} bullets left" if key.low_bullets else "bullets left"
    pen.text((left + 16, top + 86), label, font=font(20, bold=True), fill=ink, anchor="lm")
    _line_labels(canvas, pen, _geometry(key.slots))
    # The players band.
    band = _players_layout(tuple(role for _, role in key.seats), key.aid_from is not None, key.system)
    for index, ((name, role), box) in enumerate(zip(key.seats, band.plates, strict=True)):
        style = SYSTEM_STYLE if role == "System" else seat_style(index)
        _plate_face(canvas, pen, box, (name, role), style, key.active == index)
        if role == "System" and not key.system:
            left, top, right, bottom = box
            text = "Glitches The Line after each player's turn with the needs of 4 discarded cards."
            lines, face = fit_block(text, right - left - 2 * PLATE_PAD, bottom - top - 76, 18, 14, 4)
            y = top + 62
            for line in lines:
                pen.text((left + PLATE_PAD, y), line, font=face, fill=GREY, anchor="lt")
                y += round(face.size * 1.2)
    if band.aid is not None:
        left, top, right, _ = band.aid
        label = f"AID from {key.aid_from}" if key.aid_from else "AID"
        shown, face = fit_line(label, right - left, 17, 13, bold=True)
        pen.text(((left + right) / 2, top + 2), shown, font=face, fill=INK, anchor="mt")
    if band.legend is not None:
        _legend(canvas, pen, band.legend)
    # The footer bar.
    width, height = TABLE_SIZE
    pen.rectangle((0, height - FOOTER, width, height), fill=BAR)
    badge(canvas, (16, height - FOOTER + 8), "LOG", RED, WHITE, size=17)
    return canvas


def _goal_face(
    canvas: Image.Image, pen: ImageDraw.ImageDraw, box: Box, goal: tuple[str, str, bool, bool]
) -> None:
    """A goal's panel: a tick box (ticked when done), its name and text; the pips of a counted goal
    are drawn over it later."""
    name, text, done, counted = goal
    left, top, right, bottom = box
    _panel(canvas, box, fill=(224, 225, 228) if done else PANEL)
    pad, tick = 11, 24
    tick_box = (left + pad, top + pad, left + pad + tick, top + pad + tick)
    if done:
        rounded_box(canvas, tick_box, 6, BAR)
        middle = ((tick_box[0] + tick_box[2]) / 2, (tick_box[1] + tick_box[3]) / 2)
        pen.text(middle, TICK, font=font(20, bold=True), fill=WHITE, anchor="mm")
    else:
        rounded_outline(canvas, tick_box, 6, INK, 3)
    name_x = tick_box[2] + 8
    shown, face = fit_line(name, right - pad - name_x, 20, 14, bold=True)
    pen.text((name_x, top + pad + tick / 2), shown, font=face, fill=GREY if done else INK, anchor="lm")
    text_top = top + pad + tick + 5
    text_bottom = bottom - pad - (22 if counted else 0)
    lines, face = fit_block(text, right - left - 2 * pad, text_bottom - text_top, 18, 13, 3)
    for line in lines:
        pen.text((left + pad, text_top), line, font=face, fill=GREY if done else DARK, anchor="lt")
        text_top += round(face.size * 1.15)


def _line_labels(canvas: Image.Image, pen: ImageDraw.ImageDraw, geo: _Geometry) -> None:
    """Above The Line: NEXT, the slot numbers on an arrow (time moves right), START, DISCARD."""
    card_w, _ = geo.card
    y = LABELS_TOP + LABELS_H // 2
    start = f"START {START_ARROW}"
    start_left = geo.slot_x[0] + card_w - badge_width(start, 17)
    if len(geo.slot_x) > 1:
        pen.line((geo.slot_x[-1] + card_w // 2, y, start_left - 12, y), fill=LIGHT, width=3)
        pen.polygon([(start_left - 4, y), (start_left - 16, y - 7), (start_left - 16, y + 7)], fill=LIGHT)
    small = font(16, bold=True)
    for index, x in enumerate(geo.slot_x[1:], start=1):
        middle = x + card_w // 2
        rounded_box(canvas, (middle - 13, y - 13, middle + 13, y + 13), 13, PAPER, LIGHT, 2)
        pen.text((middle, y), str(index + 1), font=small, fill=GREY, anchor="mm")
    badge(canvas, (start_left, LABELS_TOP), start, BAR, WHITE, size=17)
    badge(canvas, (geo.deck_x, LABELS_TOP), "NEXT", DARK, WHITE, size=17)
    badge(canvas, (geo.discard_x + card_w, LABELS_TOP), "DISCARD", DARK, WHITE, 17, True)


def _plate_face(
    canvas: Image.Image,
    pen: ImageDraw.ImageDraw,
    box: Box,
    seat: tuple[str, str],
    style: SeatStyle,
    active: bool,
) -> None:
    """A seat's plate: its token, name, role and, on its turn, a black ring and a TURN tag."""
    name, role = seat
    left, top, right, _ = box
    _panel(canvas, box, edge=BAR if active else LIGHT, edge_w=4 if active else 2)
    pad = PLATE_PAD
    seat_token(canvas, (left + pad + 19, top + pad + 19), 38, style)
    tag_w = badge_width("TURN", 17) + 8 if active else 0
    role_w = badge_width(role, 16) + 8 if role and role != "System" else 0
    name_x = left + pad + 48
    shown, face = fit_line(name, right - pad - name_x - role_w - tag_w, 24, 16, bold=True)
    pen.text((name_x, top + pad + 19), shown, font=face, fill=INK, anchor="lm")
    if role_w:
        badge(canvas, (name_x + round(face.getlength(shown)) + 8, top + pad + 7), role, DARK, WHITE, size=16)
    if active:
        badge(canvas, (right - pad, top + pad + 6), "TURN", ALERT, INK, size=17, right=True)


def _legend(canvas: Image.Image, pen: ImageDraw.ImageDraw, box: Box) -> None:
    """The key: what each skill and kind symbol means."""
    left, top, right, bottom = box
    _panel(canvas, box, fill=(236, 236, 238))
    pad = 12
    pen.text((left + pad, top + pad), "KEY", font=font(16, bold=True), fill=GREY, anchor="lt")
    column_w = (right - left - 2 * pad) // 2
    row_h = (bottom - top - pad - 30) // 3
    for number, look in enumerate([*NEEDS.values(), *KINDS.values()]):
        x = left + pad + (number // 3) * column_w
        y = top + 34 + (number % 3) * row_h
        rounded_box(canvas, (x, y, x + 30, y + 28), 7, look.colour)
        pen.text((x + 15, y + 14), look.symbol, font=font(19, bold=True), fill=look.ink, anchor="mm")
        word, face = fit_line(look.word.capitalize(), column_w - 40, 18, 13)
        pen.text((x + 37, y + 14), word, font=face, fill=INK, anchor="lm")


# ---------------------------------------------------------------- the table, over its static layer


class _Table:
    def __init__(self, canvas: Image.Image, view: View, key: _FrameKey) -> None:
        self.canvas = canvas
        self.view = view
        self.key = key
        self.pen = ImageDraw.Draw(canvas)
        line = view.get("line")
        self.line: list[Card | None] = [_card(slot) for slot in line] if isinstance(line, list) else []
        self.geo = _geometry(key.slots)
        target = view.get("target")
        self.target: Mapping[str, Any] | None = target if isinstance(target, Mapping) else None
        self.target_slot = _int(self.target.get("slot"), -1) if self.target else -1

    def draw(self) -> None:
        _header(self.canvas, _chips(self.view), _status(self.view))
        self.counts()
        self.deck()
        self.slots()
        self.discard()
        self.used()
        self.players()
        self.log()
        if self.view.get("over"):
            self.banner()

    def counts(self) -> None:
        """The goals' progress pips, the Goals Deck and the Bullets Deck counts."""
        goals = [goal for goal in self.view.get("goals") or () if isinstance(goal, Mapping)]
        for box, goal in zip(_goal_boxes(len(goals), self.key.goals_deck), goals, strict=False):
            if goal.get("counted") and _int(goal.get("count")) > 0:
                left, _, right, bottom = box
                self._pips((left + 11, bottom - 11 - 17, right - 11), goal, bool(goal.get("done")))
        if self.key.goals_deck:
            box = (GOALS_RIGHT - GOALS_DECK_W, GOALS_TOP + 12, GOALS_RIGHT, GOALS_TOP + 58)
            _centred(self.canvas, box, str(_int(self.view.get("goals_deck"))), 30, INK, bold=True)
        ink = ALERT if self.key.low_bullets else WHITE
        count = str(_int(self.view.get("bullets_left")))
        self.pen.text(
            (GOALS_RIGHT + 106, GOALS_TOP + 44), count, font=font(48, bold=True), fill=ink, anchor="lm"
        )

    def _pips(self, row: tuple[int, int, int], goal: Mapping[str, Any], done: bool) -> None:
        """Progress tokens: one pip per step, filled up to the progress, then "progress/count"."""
        left, top, right = row
        count, progress = _int(goal.get("count")), _int(goal.get("progress"))
        label = f"{min(progress, count)}/{count}"
        face = font(17, bold=True)
        room = right - left - round(face.getlength(label)) - 8
        size = min(17, (room + 4) // count - 4)
        x = left
        for number in range(count if size >= 6 else 0):
            box = (x, top + (17 - size) // 2, x + size, top + (17 + size) // 2)
            if number < progress:
                rounded_box(self.canvas, box, size // 2, GREY if done else RED)
            else:
                rounded_outline(self.canvas, box, size // 2, GREY, 2)
            x += size + 4
        self.pen.text((right, top + 9), label, font=face, fill=INK, anchor="rm")

    # -------------------------------------------------------- the line

    def deck(self) -> None:
        """The Obstacles Deck: its visible top card, faded (not in play yet), and its count."""
        geo = self.geo
        card_w, card_h = geo.card
        x, y = geo.deck_x, LINE_TOP
        count = _int(self.view.get("deck"))
        top = _card(self.view.get("deck_top"))
        for layer in range(min(2, max(0, count - 1)), 0, -1):
            paste_layer(self.canvas, _back_layer(geo.card), (x - 4 * layer, y + 4 * layer))
        if top is not None and not top.get("down"):
            paste_layer(self.canvas, _washed_layer(_face_key(top, False), geo.card, TABLE_HALVES), (x, y))
        elif count:
            paste_layer(self.canvas, _back_layer(geo.card), (x, y))
        else:
            self._slot((x, y, x + card_w, y + card_h), "empty")
        _fitted_badge(self.canvas, (x, USED_TOP + 7, x + card_w, 0), f"Deck {count}", DARK, WHITE)

    def discard(self) -> None:
        """The Obstacles Discard: its top card face up, and its count."""
        geo = self.geo
        card_w, card_h = geo.card
        x, y = geo.discard_x, LINE_TOP
        count = _int(self.view.get("obstacle_discard"))
        top = _card(self.view.get("discard_top"))
        if count > 1:
            paste_layer(self.canvas, _back_layer(geo.card), (x + 4, y + 4))
        if top is not None:
            face_up = dict(top, down=False)
            paste_layer(self.canvas, card_layer(face_up, geo.card, TABLE_HALVES, False), (x, y))
        elif count:
            paste_layer(self.canvas, _back_layer(geo.card), (x, y))
        else:
            self._slot((x, y, x + card_w, y + card_h), "empty")
        _fitted_badge(self.canvas, (x, USED_TOP + 7, x + card_w, 0), f"Discard {count}", DARK, WHITE)

    def slots(self) -> None:
        geo = self.geo
        card_w, card_h = geo.card
        radius = corner_radius(card_w)
        for index, x in enumerate(geo.slot_x):
            card = self.line[index] if index < len(self.line) else None
            if index == self.target_slot:
                y = LINE_TOP + NUDGE
                ring = (x - 6, y - 6, x + card_w + 6, y + card_h + 6)
                shadow(self.canvas, ring, radius + 6)
                rounded_box(self.canvas, ring, radius + 6, BAR)
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
        need = NEEDS.get(_str(self.target.get("need")), NEEDS["mixed"])
        total, value = _int(self.target.get("total")), _int(self.target.get("value"))
        fate = "KO" if self.target.get("fate") == "knockout" else "DESTROY"
        card_w = self.geo.card[0]
        text = f"{need.symbol} {total}/{value} {fate}"
        _fitted_badge(self.canvas, (x - 8, LINE_TOP - 5, x + card_w + 8, 0), text, ALERT, INK)

    def used(self) -> None:
        """The Used Cards Area, laid under the slots it will empty at the end of the turn (from START)."""
        used = _cards(self.view.get("used"))
        if not used:
            return
        geo = self.geo
        card_w, _ = geo.card
        slots = len(geo.slot_x)
        for index, card in enumerate(used[:slots]):
            paste_layer(self.canvas, _top_strip(card, (card_w, USED_H)), (geo.slot_x[index], USED_TOP))
        label = f"USED {len(used)} {ARROW}"
        if len(used) > slots:
            label = f"USED {len(used)} (+{len(used) - slots}) {ARROW}"
        last = geo.slot_x[min(len(used), slots) - 1]
        if last - 10 - badge_width(label, 16) >= geo.deck_x + card_w + 10:
            badge(self.canvas, (last - 10, USED_TOP + 7), label, DARK, WHITE, 16, True)

    def _slot(self, box: Box, label: str) -> None:
        rounded_outline(self.canvas, box, corner_radius(box[2] - box[0]), LIGHT, 3)
        if label:
            _centred(self.canvas, box, label, 17, GREY)

    # -------------------------------------------------------- players

    def players(self) -> None:
        seats = _seats(self.view)
        roles = tuple(role for _, role in self.key.seats)
        band = _players_layout(roles, self.key.aid_from is not None, self.key.system)
        for index, (seat, box) in enumerate(zip(seats, band.plates, strict=True)):
            if seat.get("role") == "System":
                self.system_draw(box)
            else:
                self.stats(box, index, seat)
        aid = _card(self.view.get("aid"))
        if band.aid is not None and aid is not None:
            left, top, right, bottom = band.aid
            size = (right - left - 4, bottom - top - 26)
            paste_layer(self.canvas, _aid_layer(_halves(aid, True)[0], size), (left + 2, top + 24))

    def stats(self, box: Box, index: int, seat: Mapping[str, Any]) -> None:
        """A player's hand size, bullets in hand (of the four that lose), deck, discard and its top,
        and on their turn the New Cards Area."""
        left, _, right, bottom = box
        pad = PLATE_PAD
        y = box[1] + 72
        hand, bullets = _int(seat.get("hand_size")), _int(seat.get("bullets"))
        bold = font(19, bold=True)
        row_left = right - pad - max(MAX_BULLETS, bullets) * 39 + 5
        _bullet_row(self.canvas, (row_left, y - 8), bullets)
        room = row_left - 12 - (left + pad)
        cards = plural(hand, "card") + " in hand"
        if bold.getlength(cards) > room:
            cards = plural(hand, "card")
        self.pen.text((left + pad, y), cards, font=bold, fill=INK, anchor="lm")
        danger = bullets >= MAX_BULLETS - 1
        label_face = font(17, bold=danger)
        if label_face.getlength("bullets") + 8 < room - bold.getlength(cards):
            ink = RED if danger else GREY
            self.pen.text((row_left - 8, y), "bullets", font=label_face, fill=ink, anchor="rm")
        y += 34
        piles = f"Deck {_int(seat.get('deck'))} · Discard {_int(seat.get('discard'))}"
        face = font(18)
        self.pen.text((left + pad, y), piles, font=face, fill=GREY, anchor="lm")
        new = _cards(self.view.get("new")) if _turn(self.view) == index else []
        top_card = _card(seat.get("discard_top"))
        if top_card is not None:
            # The discard's top card beside its count, else on the next row when that is free.
            strip_left = left + pad + round(face.getlength(piles)) + 10
            if right - pad - strip_left >= 150:
                strip = _top_strip(top_card, (min(170, right - pad - strip_left), 34))
                paste_layer(self.canvas, strip, (strip_left, y - 17))
            elif not new and bottom - (y + 22) >= 40:
                label = f"on top {ARROW}"
                label_w = round(font(17).getlength(label))
                self.pen.text((left + pad, y + 41), label, font=font(17), fill=GREY, anchor="lm")
                strip_w = min(170, right - 2 * pad - left - label_w - 10)
                paste_layer(
                    self.canvas, _top_strip(top_card, (strip_w, 34)), (left + pad + label_w + 10, y + 24)
                )
        if new and bottom - (y + 22) >= 40:
            y += 24
            face = font(17, bold=True)
            self.pen.text((left + pad, y + 17), f"NEW {ARROW}", font=face, fill=INK, anchor="lm")
            x = left + pad + 70
            for card in new:
                if x + 130 > right - pad:
                    break
                paste_layer(self.canvas, _top_strip(card, (130, 34)), (x, y))
                x += 136

    def system_draw(self, box: Box) -> None:
        """On the System's turn: the pool its four cards give, and the cards by their bottom halves."""
        system = self.view.get("system")
        if not isinstance(system, Mapping):
            return
        left, top, right, _ = box
        pad = PLATE_PAD
        y = top + 62
        pool = system.get("pool")
        pool = pool if isinstance(pool, Mapping) else {}
        self.pen.text((left + pad, y + 15), "POOL", font=font(17, bold=True), fill=INK, anchor="lm")
        x = left + pad + 54
        for key, look in NEEDS.items():
            text = f"{look.symbol} {_int(pool.get(key))}"
            x = badge(self.canvas, (x, y), text, look.colour, look.ink, size=19)[2] + 6
        y += 40
        strip_w = (right - left - 2 * pad - 6) // 2
        for number, card in enumerate(_cards(system.get("cards"))[:4]):
            xy = (left + pad + (number % 2) * (strip_w + 6), y + (number // 2) * 40)
            paste_layer(self.canvas, _bottom_strip(card, (strip_w, 34)), xy)

    # -------------------------------------------------------- log and banner

    def log(self) -> None:
        width, height = TABLE_SIZE
        log = [str(line) for line in self.view.get("log") or () if line]
        text = log[-1] if log else "Time moves only when you move."
        left = 16 + badge_width("LOG", 17) + 14
        shown, face = fit_line(text, width - left - 18, 20, 16)
        self.pen.text((left, height - FOOTER / 2), shown, font=face, fill=WHITE, anchor="lm")

    def banner(self) -> None:
        """Across The Line at the end: SUPER HOT (won) or GAME OVER, and the result."""
        width = TABLE_SIZE[0]
        top, bottom = LINE_TOP + 24, LINE_TOP + LINE_CARD_H - 24
        shade(self.canvas, (0, top, width, bottom), 0, 0.85)
        face = font(68, bold=True)
        words = (
            (("SUPER ", WHITE), ("HOT", RED)) if self.view.get("won") else (("GAME ", WHITE), ("OVER", RED))
        )
        x = (width - sum(face.getlength(word) for word, _ in words)) / 2
        for word, ink in words:
            self.pen.text((x, top + 56), word, font=face, fill=ink, anchor="lm")
            x += face.getlength(word)
        result = _str(self.view.get("result"))
        if not self.view.get("won") and result.lower().startswith("game over"):
            result = result[len("game over") :].lstrip(" :·-—").capitalize()
        shown, small = fit_line(result, width - 80, 26, 18, bold=True)
        self.pen.text((width / 2, bottom - 30), shown, font=small, fill=WHITE, anchor="mm")


@lru_cache(maxsize=32)
def _aid_layer(top: Half, size: tuple[int, int]) -> Layer:
    """The Aid card by its top half only (mark, title and what it does), on its shadow."""
    return shadowed(cache.split_face(top, Half(title="", face=PAPER), size, AID_HALVES, CARD_STYLE))


# ---------------------------------------------------------------- hand drawing

HAND_W = 1000
HAND_COLUMNS = 5
HAND_CARD_W = 180
HAND_GAP = 14
HAND_TOP = HEADER + 58
PICKED_H = 48


def _hand_cards(view: View) -> tuple[list[Card], Card | None]:
    """The seat's cards, and the Aid card when the other player lent it to this seat."""
    seat = _int(view.get("seat"), -1)
    aid = _card(view.get("aid"))
    lent = aid if aid is not None and view.get("aid_from") != seat else None
    return _cards(view.get("hand")), lent


@dataclass(frozen=True)
class _HandLayout:
    """The hand image's size, where its cards start, each card's box and the Aid card's box."""

    size: tuple[int, int]
    top: int
    boxes: list[Box]
    aid: Box | None


def _picked(view: View) -> list[Card]:
    """Cards this seat has already played on the open target (out of the hand until it resolves)."""
    return _cards(view.get("picked"))


def _hand_layout(view: View) -> _HandLayout:
    """Cards up to five a row (four beside a lent Aid card), under a row of picked cards if any."""
    hand, aid = _hand_cards(view)
    top = HAND_TOP + (PICKED_H if _picked(view) else 0)
    columns = HAND_COLUMNS - (1 if aid is not None else 0)
    rows = max(1, -(-len(hand) // columns))
    card_w = HAND_CARD_W
    card_h = round(card_w * 1.5)
    height = top + rows * card_h + (rows - 1) * HAND_GAP + 28
    right = HAND_W - MARGIN
    aid_box = None
    if aid is not None:
        aid_box = (right - card_w, top + 26, right, top + 26 + card_h)
        right -= card_w + 40
        height = max(height, aid_box[3] + 24)
    area = (MARGIN, top, right, top + rows * card_h + (rows - 1) * HAND_GAP)
    boxes = layout.grid(area, len(hand), columns, (card_w, card_h), (HAND_GAP, HAND_GAP)) if hand else []
    return _HandLayout((HAND_W, height), top, boxes, aid_box)


class _Hand:
    def __init__(self, canvas: Image.Image, view: View, placed: _HandLayout) -> None:
        self.canvas = canvas
        self.view = view
        self.seat = _int(view.get("seat"), -1)
        self.placed = placed
        self.pen = ImageDraw.Draw(canvas)

    def draw(self) -> None:
        view, seat = self.view, self.seat
        seats = _seats(view)
        me: Mapping[str, Any] = seats[seat] if 0 <= seat < len(seats) else {}
        hand, aid = _hand_cards(view)
        style = seat_style(seat) if seat >= 0 else SYSTEM_STYLE
        owner = ellipsize(f"{style.symbol} {_name(view, seat)}", font(20, bold=True), 220)
        chips: list[tuple[str, RGB, RGB]] = [(owner, style.colour, style.ink)]
        role = _str(me.get("role"))
        if role:
            chips.append((role, DARK, WHITE))
        chips.append((level_text(view), RED, WHITE))
        _header(self.canvas, chips, _hand_status(view, seat))
        self.info_row(me, hand)
        self.picked_row()
        top = self.placed.top
        if not hand:
            box = (MARGIN + 4, top, MARGIN + 4 + HAND_CARD_W, top + round(HAND_CARD_W * 1.5))
            rounded_outline(self.canvas, box, corner_radius(HAND_CARD_W), LIGHT, 3)
            _centred(self.canvas, box, "No cards", 20, GREY, bold=True)
        for card, box in zip(hand, self.placed.boxes, strict=False):
            size = (box[2] - box[0], box[3] - box[1])
            paste_layer(self.canvas, card_layer(dict(card, down=False), size, HAND_HALVES, True), box[:2])
        if aid is not None and self.placed.aid is not None:
            left, aid_top, right, bottom = self.placed.aid
            giver = view.get("aid_from")
            label = f"AID from {_name(view, giver)}" if isinstance(giver, int) else "AID"
            shown, face = fit_line(label, right - left, 18, 13, bold=True)
            self.pen.text(((left + right) / 2, aid_top - 8), shown, font=face, fill=INK, anchor="mb")
            self.pen.line((left - 20, top, left - 20, bottom), fill=LIGHT, width=2)
            size = (right - left, bottom - aid_top)
            layer = card_layer(dict(aid, down=False), size, HAND_HALVES, True)
            paste_layer(self.canvas, layer, (left, aid_top))

    def picked_row(self) -> None:
        """The cards already played on the open target, by their top halves."""
        picked = _picked(self.view)
        if not picked:
            return
        y = HAND_TOP - 4
        face = font(17, bold=True)
        label = f"PLAYED ON THE TARGET {ARROW}"
        self.pen.text((MARGIN + 4, y + 17), label, font=face, fill=INK, anchor="lm")
        x = MARGIN + 4 + round(face.getlength(label)) + 12
        for card in picked:
            if x + 150 > self.canvas.width - MARGIN:
                break
            paste_layer(self.canvas, _top_strip(card, (150, 34)), (x, y))
            x += 158

    def info_row(self, me: Mapping[str, Any], hand: list[Card]) -> None:
        y = HEADER + 14
        x = MARGIN + 4
        bullets = sum(1 for card in hand if _is_bullet(card))
        x = badge(self.canvas, (x, y), plural(len(hand), "card") + " in hand", BAR, WHITE, size=18)[2] + 10
        fill, ink = (RED, WHITE) if bullets >= MAX_BULLETS - 1 else (PANEL, INK)
        x = badge(self.canvas, (x, y), f"{bullets}/{MAX_BULLETS} bullets", fill, ink, size=18)[2] + 10
        piles = f"Deck {_int(me.get('deck'))} · Discard {_int(me.get('discard'))}"
        x = badge(self.canvas, (x, y), piles, PANEL, INK, size=18)[2] + 10
        target = self.view.get("target")
        line = self.view.get("line")
        if isinstance(target, Mapping) and isinstance(line, list):
            slot = _int(target.get("slot"), -1)
            card = _card(line[slot]) if 0 <= slot < len(line) else None
            need = NEEDS.get(_str(target.get("need")), NEEDS["mixed"])
            name = _title(card, "OBSTACLE") if card is not None else "OBSTACLE"
            text = f"Target: {name} {need.symbol} {_int(target.get('total'))}/{_int(target.get('value'))}"
            room = self.canvas.width - MARGIN - x
            if badge_width(text, 16) > room:
                text = text.removeprefix("Target: ")
            size = 18
            while badge_width(text, size) > room and size > 13:
                size -= 1
            if badge_width(text, size) <= room:
                badge(self.canvas, (x, y), text, ALERT, INK, size=size)


def _hand_status(view: View, seat: int) -> str:
    if view.get("over"):
        return _str(view.get("result")) or "Game over"
    turn = _turn(view)
    phase = _str(view.get("phase"))
    if turn == seat:
        return f"Your turn · {phase}" if phase else "Your turn"
    if turn is None:
        return phase
    return f"{_name(view, turn)} · {phase}" if phase else f"Waiting for {_name(view, turn)}"


# ---------------------------------------------------------------- alt text


def _line_words(view: View) -> str:
    line = view.get("line")
    if not isinstance(line, list):
        return ""
    parts = []
    for index, slot in enumerate(line):
        card = _card(slot)
        if card is None:
            parts.append(f"{index + 1} empty")
        elif card.get("down"):
            parts.append(f"{index + 1} knocked out (face down)")
        else:
            parts.append(f"{index + 1} {_obstacle_words(card)}")
    return f"The Line, {len(line)} slots from its start: " + "; ".join(parts)


def _giver(view: View) -> str:
    giver = view.get("aid_from")
    return _name(view, giver) if isinstance(giver, int) and not isinstance(giver, bool) else "a player"


def _seat_words(view: View, index: int, seat: Mapping[str, Any]) -> str:
    name = _name(view, index)
    if seat.get("role") == "System":
        system = view.get("system")
        if not isinstance(system, Mapping):
            return f"{name} plays the System"
        pool = system.get("pool")
        pool = pool if isinstance(pool, Mapping) else {}
        pool_words = ", ".join(f"{look.word} {_int(pool.get(key))}" for key, look in NEEDS.items())
        cards = "; ".join(_obstacle_words(card) for card in _cards(system.get("cards")))
        return f"{name} (System) drew {cards or 'nothing'}; its pool: {pool_words}"
    role = _str(seat.get("role"))
    return (
        f"{name}{f' ({role})' if role else ''}: {plural(_int(seat.get('hand_size')), 'card')} and "
        f"{plural(_int(seat.get('bullets')), 'bullet')} in hand, deck {_int(seat.get('deck'))}, "
        f"discard {_int(seat.get('discard'))}"
    )


def table_alt(view: View) -> str:
    """The public table in words, the most important facts first (Discord keeps 1024 characters)."""
    parts = [f"{TITLE} table, {_mode(view)}, {level_text(view, spoken=True)}"]
    challenges = [str(name) for name in view.get("challenges") or () if name]
    if challenges:
        parts.append("Challenges: " + ", ".join(challenges))
    if view.get("over"):
        parts.append(f"Game over: {_str(view.get('result')) or ('won' if view.get('won') else 'lost')}")
    phase, turn = _str(view.get("phase")), _turn(view)
    if turn is not None:
        parts.append(f"{_name(view, turn)}'s turn" + (f", phase: {phase}" if phase else ""))
    elif phase:
        parts.append(f"Phase: {phase}")
    parts.append(f"Bullets Deck: {plural(_int(view.get('bullets_left')), 'bullet')} left")
    goals = []
    for goal in view.get("goals") or ():
        if isinstance(goal, Mapping):
            name = _str(goal.get("name")) or "goal"
            if goal.get("done"):
                goals.append(f"{name} (done)")
            elif goal.get("counted"):
                goals.append(f"{name} ({_int(goal.get('progress'))} of {_int(goal.get('count'))})")
            else:
                goals.append(name)
    if goals:
        parts.append("Goals: " + ", ".join(goals))
    target = view.get("target")
    if isinstance(target, Mapping):
        slot = _int(target.get("slot"), -1)
        fate = "knock out" if target.get("fate") == "knockout" else "destroy"
        need = NEEDS.get(_str(target.get("need")), NEEDS["mixed"]).word
        line = view.get("line")
        card = _card(line[slot]) if isinstance(line, list) and 0 <= slot < len(line) else None
        what = (
            f", {_str(card.get('name')) or 'an obstacle'},"
            if card is not None and not card.get("down")
            else ""
        )
        parts.append(
            f"Interacting with slot {slot + 1}{what} to {fate} it: {need} "
            f"{_int(target.get('total'))} of {_int(target.get('value'))}"
        )
    parts.append(_line_words(view))
    top = _card(view.get("deck_top"))
    next_up = f", next up: {_obstacle_words(top)}" if top is not None and not top.get("down") else ""
    parts.append(f"Obstacles Deck {_int(view.get('deck'))}{next_up}")
    discard_top = _card(view.get("discard_top"))
    on_top = f", top: {_str(discard_top.get('name')) or 'a card'}" if discard_top is not None else ""
    parts.append(f"Obstacles Discard {_int(view.get('obstacle_discard'))}{on_top}")
    used = _cards(view.get("used"))
    if used:
        parts.append(f"Used this turn ({len(used)}): " + ", ".join(_use_words(card) for card in used))
    new = _cards(view.get("new"))
    if new:
        parts.append("New cards: " + ", ".join(_use_words(card) for card in new))
    aid = _card(view.get("aid"))
    if aid is not None:
        parts.append(f"Aid card from {_giver(view)}: {_use_words(aid)}")
    parts += [_seat_words(view, index, seat) for index, seat in enumerate(_seats(view))]
    log = [str(line) for line in view.get("log") or () if line]
    if log:
        parts.append(f"Last: {log[-1]}")
    return sentences(parts)


def hand_alt(view: View) -> str:
    """A seat's hand in words: each card by what it gives and the obstacle it was."""
    seat = _int(view.get("seat"), -1)
    hand = _cards(view.get("hand"))
    words = []
    for card in hand:
        if _is_bullet(card):
            words.append(f"a bullet ({_need_words(card)}, cannot be used)")
        else:
            words.append(f"{_use_words(card, detail=True)} over {_obstacle_words(card)}")
    listed = "; ".join(words) if words else "no cards"
    status = _hand_status(view, seat).replace(" · ", ": ")
    parts = [f"{_name(view, seat)}'s hand in {TITLE}, {level_text(view, spoken=True)}: {listed}", status]
    picked = _picked(view)
    if picked:
        parts.append("Played on the target so far: " + ", ".join(_use_words(card) for card in picked))
    bullets = sum(1 for card in hand if _is_bullet(card))
    if bullets:
        parts.append(f"{plural(bullets, 'bullet')} in hand; {MAX_BULLETS} loses")
    aid = _card(view.get("aid"))
    if aid is not None and view.get("aid_from") != seat:
        parts.append(f"Aid card from {_giver(view)} to use this turn: {_use_words(aid, detail=True)}")
    return sentences(parts)


__all__ = ["SuperhotRenderer", "card_tile", "hand_alt", "level_text", "table_alt"]
