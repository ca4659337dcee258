"""Text that fits: shrink to a width, ellipsize, wrap words (breaking a word too long for a line
with a hyphen, where asked) or pack items into a few lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import ImageFont

from renderers.kit.fonts import font, layable

ELLIPSIS = "…"
ITEM_SEPARATOR = " · "


@lru_cache(maxsize=16_384)
def text_width(face: ImageFont.FreeTypeFont, text: str) -> float:
    """How wide `text` is in `face` (memoised: fonts are cached, so the same labels measure once).
    The kit's fonts measure a text the layout engine refuses (a line break in a player's name) as
    `layable` makes it, which is also how they draw it."""
    return face.getlength(text)


def one_line_texts(value: Any) -> Any:
    """A view with every text in it on one line (`layable`): what a renderer draws again when a
    view's text made it fail, so a strange name never costs a table its picture."""
    if isinstance(value, str):
        return layable(value)
    if isinstance(value, dict):
        return {key: one_line_texts(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [one_line_texts(item) for item in value]
    return value


def ellipsize(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """The text on one line (`layable`), cut with an ellipsis if needed so that it is at most
    `width` pixels wide."""
    text = layable(text)
    if text_width(face, text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(face, text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def whole(lines: Sequence[str], source: str) -> bool:
    """Whether fitted lines hold all of `source` (none was cut with an ellipsis)."""
    return not any(line.endswith(ELLIPSIS) for line in lines) or source.endswith(ELLIPSIS)


def whole_or_nothing(lines: list[str], source: str) -> list[str]:
    """Fitted rules text as it is when it is whole, else no lines: a table draws a card's text
    whole at a legible size or leaves it to the Cards panel, never cut short or shrunk."""
    return lines if whole(lines, source) else []


SEE_CARDS = "See Cards"
"""What a table's card says where its rules text did not fit: the Cards button has it."""


def whole_or_pointer(
    lines: list[str], source: str, face: ImageFont.FreeTypeFont, room: tuple[float, float]
) -> list[str]:
    """Like `whole_or_nothing`, but a card whose text is left out says so ("See Cards") where one
    line of `face` fits the room (width, height), so a player knows the card does more than its
    name and numbers tell."""
    if whole(lines, source):
        return lines
    width, height = room
    fits = text_width(face, SEE_CARDS) <= width and face.size * 1.2 <= height
    return [SEE_CARDS] if fits else []


def fit_line(
    text: str, width: float, size: int, min_size: int, bold: bool = False
) -> tuple[str, ImageFont.FreeTypeFont]:
    """One line in the largest size from `size` down to `min_size` that fits (in the normal width,
    else condensed), else condensed at `min_size` and ellipsized; always on one line (`layable`)."""
    text = layable(text)
    for current in range(size, min_size - 1, -1):
        for condensed in (False, True):
            face = font(current, bold, condensed)
            if text_width(face, text) <= width:
                return text, face
    face = font(min_size, bold, condensed=True)
    return ellipsize(text, face, width), face


def fit_list(
    label: str, items: Sequence[str], face: ImageFont.FreeTypeFont, width: float, sep: str = ", "
) -> str:
    """ "label item, item, …": as many whole items as fit in `width` after the label, then an
    ellipsis for the rest (the label itself is cut only when nothing else fits)."""
    if not items:
        return ellipsize(label, face, width)
    line = label + sep.join(items)
    if text_width(face, line) <= width:
        return line
    for count in range(len(items) - 1, 0, -1):
        line = label + sep.join(items[:count]) + sep + ELLIPSIS
        if text_width(face, line) <= width:
            return line
    return ellipsize(label + items[0], face, width)


HYPHEN = "-"
SHORTEST_PIECE = 3
"""A word is broken only where both pieces keep at least this many letters."""


def hyphenated(word: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A word too wide for `width` broken into pieces that fit, each but the last ending with a
    hyphen: after one of its own hyphens where it has one ("Robo-", "Grandma"), else with one
    added ("Extingui-", "sher"); a word that fits, or cannot be broken so, is kept whole."""
    pieces: list[str] = []
    rest = word
    while text_width(face, rest) > width and len(rest) >= 2:
        own = [end for end in range(1, len(rest)) if rest[end - 1] == HYPHEN]
        added = range(SHORTEST_PIECE, len(rest) - SHORTEST_PIECE + 1)
        cut = max((end for end in own if text_width(face, rest[:end]) <= width), default=0)
        if cut:
            pieces.append(rest[:cut])
        else:
            cut = max((end for end in added if text_width(face, rest[:end] + HYPHEN) <= width), default=0)
            if not cut:
                break
            pieces.append(rest[:cut] + HYPHEN)
        rest = rest[cut:]
    return [*pieces, rest]


def _lines(
    tokens: Sequence[str],
    face: ImageFont.FreeTypeFont,
    width: float,
    sep: str,
    max_lines: int,
    hyphenate: bool = False,
) -> tuple[list[str], bool]:
    """Tokens packed greedily into at most `max_lines` lines (a token too wide for a line broken
    with a hyphen when `hyphenate`), and whether they fit without cuts."""
    if hyphenate:
        tokens = [piece for token in tokens for piece in hyphenated(token, face, width)]
    lines: list[str] = []
    for token in tokens:
        if lines and text_width(face, lines[-1] + sep + token) <= width:
            lines[-1] += sep + token
        else:
            lines.append(token)
    whole = len(lines) <= max_lines and all(text_width(face, line) <= width for line in lines)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], sep.join(lines[max_lines - 1 :])]
    return [ellipsize(line, face, width) for line in lines], whole


def wrap(
    text: str | Sequence[str],
    face: ImageFont.FreeTypeFont,
    width: float,
    max_lines: int,
    hyphenate: bool = False,
) -> tuple[list[str], bool]:
    """Words (or given tokens, kept whole unless `hyphenate` lets a too-long one break) packed
    greedily into at most `max_lines` lines of this face, cut with an ellipsis where needed, and
    whether all of it fitted without cuts."""
    tokens = text.split() if isinstance(text, str) else text
    return _lines(tokens, face, width, " ", max_lines, hyphenate)


def wrap_shaped(
    text: str | Sequence[str], face: ImageFont.FreeTypeFont, widths: Sequence[float]
) -> tuple[list[str], bool]:
    """Words packed greedily into lines of the given widths (one per line, at most len(widths)
    lines), e.g. text flowing full width above a corner mark, then narrower beside it; cut with an
    ellipsis where needed, and whether all of it fitted without cuts."""
    tokens = text.split() if isinstance(text, str) else list(text)
    if not widths:
        return [], not tokens

    def room(index: int) -> float:
        return widths[min(index, len(widths) - 1)]

    lines: list[str] = []
    for token in tokens:
        if lines and text_width(face, lines[-1] + " " + token) <= room(len(lines) - 1):
            lines[-1] += " " + token
        else:
            lines.append(token)
    whole = len(lines) <= len(widths) and all(
        text_width(face, line) <= room(index) for index, line in enumerate(lines)
    )
    if len(lines) > len(widths):
        lines = [*lines[: len(widths) - 1], " ".join(lines[len(widths) - 1 :])]
    return [ellipsize(line, face, room(index)) for index, line in enumerate(lines)], whole


def fit_shaped(
    text: str, widths: Callable[[int], Sequence[float]], size: int, min_size: int, bold: bool = False
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """Words flowing through lines of the widths `widths(size)` gives at each size (e.g. beside a
    mark, then full width), as large as fits whole: at each size the normal face before the
    condensed one; else condensed at `min_size`, cut with an ellipsis."""
    for current in range(size, min_size - 1, -1):
        for condensed in (False, True):
            face = font(current, bold, condensed)
            lines, whole = wrap_shaped(text, face, widths(current))
            if whole:
                return lines, face
    face = font(min_size, bold, condensed=True)
    return wrap_shaped(text, face, widths(min_size))[0], face


def _capacity(height: float, size: int, leading: float, max_lines: int) -> int:
    """How many lines of this size fit in `height` (at least one, at most `max_lines`)."""
    return min(max_lines, max(1, int(height // (size * leading))))


def _fit(
    tokens: Sequence[str],
    sep: str,
    box: tuple[float, float],
    sizes: tuple[int, int],
    max_lines: int,
    bold: bool,
    leading: float,
    one_per_line: bool = False,
    condense: bool = False,
    hyphenate: bool = False,
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The tokens in the largest size that fits the box whole (with `condense`, at each size the
    normal face before the condensed one), else the smallest size with words too long for a line
    broken (with `hyphenate`), cut to fit."""
    width, height = box
    size, min_size = sizes
    for current in range(size, min_size - 1, -1):
        capacity = _capacity(height, current, leading, max_lines)
        for condensed in (False, True) if condense else (False,):
            face = font(current, bold, condensed)
            if one_per_line and len(tokens) <= capacity and all(text_width(face, t) <= width for t in tokens):
                return list(tokens), face
            lines, whole = _lines(tokens, face, width, sep, capacity)
            if whole:
                return lines, face
    face = font(min_size, bold, condense)
    lines, _ = _lines(tokens, face, width, sep, _capacity(height, min_size, leading, max_lines), hyphenate)
    return lines, face


def fit_block(
    text: str,
    width: float,
    height: float,
    size: int,
    min_size: int,
    max_lines: int,
    bold: bool = False,
    leading: float = 1.15,
    condense: bool = False,
    hyphenate: bool = False,
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """Words wrapped in the largest size that fits the box whole (with `condense`, trying the
    condensed face at each size too), else the smallest size (a word too long for a line broken
    with a hyphen when `hyphenate`), ellipsized."""
    return _fit(
        text.split(),
        " ",
        (width, height),
        (size, min_size),
        max_lines,
        bold,
        leading,
        condense=condense,
        hyphenate=hyphenate,
    )


def fit_items(
    items: Sequence[str],
    width: float,
    height: float,
    size: int,
    min_size: int,
    max_lines: int,
    one_per_line: bool = True,
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """Short items ("3 points"), one a line when they fit so (unless not `one_per_line`), else
    joined by " · " in as few lines as they take (breaking only between items), in the largest
    size that fits."""
    return _fit(
        items, ITEM_SEPARATOR, (width, height), (size, min_size), max_lines, False, 1.25, one_per_line
    )
