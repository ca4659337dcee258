"""How large text must be for people to read our images at the size Discord shows them, and a
recorder of the text a render draws (its font sizes and roles) so tests can hold every image to it.

Discord shows an image at most about 550 px wide (a desktop client; narrower on a phone), and
people enlarge one only when they must. Every text an image draws must read at that size: at
least 18 px in a 1,200-px-wide image, i.e. 8.25 px once shown 550 px wide (15 px in a 1,000-px
hand). That holds for what is read at a glance (names, values, counts, health and scores, whose
turn, what is asked) and for card rules text alike: where a card's text cannot fit whole at that
size, a table draws less (the card's name, numbers and icon) and leaves the text to the Cards
panel, rather than shrinking it.

Every text is "glance" text unless it is drawn inside `text_role(RULES)`; a text drawn inside
`exempt(name)` is one of the few EXCEPTIONS, each named with the reason it may be smaller.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

Role = Literal["glance", "rules"]
GLANCE: Role = "glance"
"""Text read at a glance (the default)."""
RULES: Role = "rules"
"""Card rules text: drawn whole at GLANCE_PX or larger, or not at all (the Cards panel has it)."""

REFERENCE_WIDTH = 1200
"""Sizes below are font pixels in an image this wide."""
SHOWN_WIDTH = 550
"""How wide Discord shows an image (a narrower one is shown at its own width)."""
GLANCE_PX = 18
"""The smallest text of any role, in font pixels of a REFERENCE_WIDTH image."""

EXCEPTIONS: dict[str, str] = {}
"""Texts that may be smaller than GLANCE_PX, by name, with the reason (keep it short and few)."""


@dataclass(frozen=True)
class Drawn:
    """One text drawn: its font size in pixels, its role and, for an exception, its name."""

    size: int
    role: Role
    exempt: str | None = None


_role: ContextVar[Role] = ContextVar("text_role", default=GLANCE)
_exempt: ContextVar[str | None] = ContextVar("text_exempt", default=None)
_records: ContextVar[list[Drawn] | None] = ContextVar("text_records", default=None)


@contextmanager
def text_role(name: Role) -> Iterator[None]:
    """Text drawn inside this block has role `name`."""
    token = _role.set(name)
    try:
        yield
    finally:
        _role.reset(token)


@contextmanager
def exempt(name: str) -> Iterator[None]:
    """Text drawn inside this block is the named exception (a key of EXCEPTIONS)."""
    if name not in EXCEPTIONS:
        raise KeyError(f"{name!r} is not a named legibility exception")
    token = _exempt.set(name)
    try:
        yield
    finally:
        _exempt.reset(token)


def note(size: int) -> None:
    """Record one text of this font size in the current role, when a recording() is on (the
    kit's fonts call this each time they draw)."""
    records = _records.get()
    if records is not None:
        records.append(Drawn(size, _role.get(), _exempt.get()))


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn inside this block (in this thread). Layers the kit memoises are
    drawn only once, so clear those caches first to see everything an image holds."""
    records: list[Drawn] = []
    token = _records.set(records)
    try:
        yield records
    finally:
        _records.reset(token)


def equivalent_px(size: float, image_width: int) -> float:
    """A font size in an image this wide, as the size it would be in a REFERENCE_WIDTH image shown
    at the same width (images wider than SHOWN_WIDTH are scaled down to it, narrower ones are not)."""
    return size * REFERENCE_WIDTH / max(image_width, SHOWN_WIDTH)


def smallest_legible(image_width: int, px: float = GLANCE_PX) -> int:
    """The smallest whole font size that meets `px` (at REFERENCE_WIDTH) in an image this wide."""
    size = int(px * max(image_width, SHOWN_WIDTH) / REFERENCE_WIDTH)
    while equivalent_px(size, image_width) < px:
        size += 1
    return size
