"""Text people can read where Discord shows it (issue 16, "Images people can read").

Every sample view of every renderer is drawn with the kit's text recorder on and every memoised
layer cleared first (a cached card face is drawn once, and its text must be seen too). Each text
is measured as the size it would have in a 1,200-px image shown at the same width:

- glance text (names, values, counts, health, scores, whose turn, what is asked) is at least
  GLANCE_PX (18 px in a 1,200-px image) on tables and hands alike;
- card rules text is at least GLANCE_PX on a hand (read where it is shown) and TABLE_RULES_PX on
  a table (read after a click).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

from renderers import GENERIC, REGISTRY, Renderer
from renderers.kit import legibility
from renderers.kit.fonts import font
from renderers.kit.legibility import GLANCE, GLANCE_PX, RULES, TABLE_RULES_PX, Drawn, Role, equivalent_px
from renderers.kit.memo import clear_all as forget_layers
from renderers.leaderboard import draw_leaderboard
from renderers.leaderboard_board import sample_boards

RENDERERS: dict[str, Renderer] = {**REGISTRY, "generic": GENERIC}


def forget_memoised_layers() -> None:
    """Clear every memo of the renderers package (card faces, static frames, badges, text masks),
    so that the next render draws, and records, every text its image holds."""
    for thing in gc.get_objects():
        memo = isinstance(thing, functools._lru_cache_wrapper)
        if memo and str(getattr(thing, "__module__", "")).startswith("renderers"):
            thing.cache_clear()
    forget_layers()


@dataclass(frozen=True)
class Measure:
    """What one image drew: its width and every text (font size, role)."""

    width: int
    drawn: tuple[Drawn, ...]

    def smallest(self, role: Role) -> float | None:
        """The smallest text of this role, in px of a 1,200-px image shown as wide (None: none drawn)."""
        sizes = [equivalent_px(text.size, self.width) for text in self.drawn if text.role == role]
        return min(sizes, default=None)


def measure(draw: Callable[[], Image.Image]) -> Measure:
    forget_memoised_layers()
    with legibility.recording() as drawn:
        image = draw()
    return Measure(image.width, tuple(drawn))


@functools.cache
def measure_sample(game: str, name: str, kind: str) -> Measure:
    """What the game's renderer draws for this sample's table (public view) or hand (seat view);
    measured once per test session."""
    renderer = RENDERERS[game]
    public, seat = renderer.samples()[name]
    if kind == "table":
        return measure(functools.partial(renderer.table, public))
    return measure(functools.partial(renderer.hand, seat))


def floors(kind: str) -> dict[Role, float]:
    """The smallest size each role may have on this kind of image."""
    return {GLANCE: GLANCE_PX, RULES: TABLE_RULES_PX if kind == "table" else GLANCE_PX}


def too_small(found: Measure, kind: str) -> list[str]:
    """What breaks the standard, in words ("" when nothing does)."""
    problems = []
    for role, floor in floors(kind).items():
        smallest = found.smallest(role)
        if smallest is not None and smallest < floor - 1e-9:
            problems.append(f"{role} text at {smallest:.1f} px (of 1,200), below {floor}")
    return problems


def views() -> Iterator[Any]:
    for game, renderer in RENDERERS.items():
        for name in renderer.samples():
            for kind in ("table", "hand"):
                yield pytest.param(game, name, kind, id=f"{game}-{name}-{kind}")


@pytest.mark.parametrize(("game", "name", "kind"), list(views()))
def test_every_sample_view_is_legible_where_discord_shows_it(game: str, name: str, kind: str) -> None:
    found = measure_sample(game, name, kind)
    assert found.smallest(GLANCE) is not None, "the image draws no text at all"
    assert not too_small(found, kind), too_small(found, kind)


@pytest.mark.parametrize("game", list(RENDERERS))
def test_each_renderers_smallest_glance_text_meets_the_standard(game: str) -> None:
    """The smallest glance text over all of a renderer's samples and views (the figure issue 16
    asks for: one per renderer)."""
    smallest = [
        size
        for name in RENDERERS[game].samples()
        for kind in ("table", "hand")
        if (size := measure_sample(game, name, kind).smallest(GLANCE)) is not None
    ]
    assert smallest and min(smallest) >= GLANCE_PX, min(smallest, default=None)


@pytest.mark.parametrize("name", list(sample_boards()))
def test_every_leaderboard_is_legible_where_discord_shows_it(name: str) -> None:
    found = measure(lambda: draw_leaderboard(sample_boards()[name]))
    assert not too_small(found, "table"), too_small(found, "table")


def test_the_measure_sees_small_text_and_its_role() -> None:
    """The check can fail: 12-px glance text on a 1,200-px image is caught; rules text that small
    passes on a table, not on a hand; the same text on a 600-px image is large enough."""

    def draw(width: int, size: int, role: Role) -> Image.Image:
        image = Image.new("RGB", (width, 200))
        with legibility.text_role(role):
            ImageDraw.Draw(image).text((10, 10), "Deck 12", font=font(size), fill="white")
        return image

    small = measure(lambda: draw(1200, 12, GLANCE))
    assert small.smallest(GLANCE) == 12 and too_small(small, "table")
    rules = measure(lambda: draw(1200, 12, RULES))
    assert rules.smallest(GLANCE) is None and not too_small(rules, "table") and too_small(rules, "hand")
    narrow = measure(lambda: draw(600, 9, GLANCE))
    assert narrow.smallest(GLANCE) == 18 and not too_small(narrow, "hand")
    tiny = measure(lambda: draw(400, 9, GLANCE))
    assert tiny.smallest(GLANCE) == pytest.approx(9 * 1200 / 550) and not too_small(tiny, "hand")


def test_memoised_layers_are_measured_too() -> None:
    """A second render (every card face cached) would record less; the measure clears the memos."""
    renderer = RENDERERS["superhot"]
    public, _ = next(iter(renderer.samples().values()))
    first = measure(lambda: renderer.table(public))
    with legibility.recording() as warm:
        renderer.table(public)
    again = measure(lambda: renderer.table(public))
    assert sorted(first.drawn, key=repr) == sorted(again.drawn, key=repr)
    assert len(warm) < len(first.drawn)


def test_nothing_is_recorded_outside_a_recording() -> None:
    legibility.note(10)
    with legibility.recording() as drawn:
        pass
    assert drawn == []


def test_smallest_legible_size_per_image_width() -> None:
    assert legibility.smallest_legible(1200) == 18
    assert legibility.smallest_legible(1000) == 15
    assert legibility.smallest_legible(900) == 14
    assert legibility.smallest_legible(400) == 9
    assert legibility.smallest_legible(1200, TABLE_RULES_PX) == 10
