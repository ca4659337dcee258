"""Text people can read where Discord shows it (issue 16, "Images people can read"; issue 36,
"Every card readable").

Every sample view of every renderer (and every leaderboard, and the house-rules strip) is drawn
with the kit's text recorder on and every memoised layer cleared first (a cached card face is
drawn once, and its text must be seen too). Each text is measured as the size it would have in a
1,200-px image shown at the same width, and EVERY text, glance and card rules text alike, on
tables and hands alike, is at least GLANCE_PX (18 px in a 1,200-px image, 15 px in a 1,000-px
hand); the only texts allowed smaller are the named legibility.EXCEPTIONS. A card's text that
cannot fit at that size is left out of a table (the Cards panel has it), never cut short.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from PIL import Image, ImageDraw, ImageFont

from renderers.kit import legibility
from renderers.kit.fonts import font
from renderers.kit.house_rules import with_house_rules
from renderers.kit.legibility import (
    EXCEPTIONS,
    GLANCE,
    GLANCE_PX,
    RULES,
    SHOWN_WIDTH,
    Drawn,
    Role,
    equivalent_px,
)
from renderers.leaderboard import draw_leaderboard
from renderers.leaderboard_board import sample_boards
from renderers.replay import encode_replay_gif
from tests.renderers.every_sample import RENDERERS, forget_memoised_layers, views
from tests.renderers.test_replay_gif import decode


@dataclass(frozen=True)
class Measure:
    """What one image drew: its width and every text (font size, role)."""

    width: int
    drawn: tuple[Drawn, ...]

    def smallest(self, role: Role | None = None) -> float | None:
        """The smallest text of this role (None: any) that is no named exception, in px of a
        1,200-px image shown as wide (None: none drawn)."""
        sizes = [
            equivalent_px(text.size, self.width)
            for text in self.drawn
            if role in (None, text.role) and text.exempt is None
        ]
        return min(sizes, default=None)

    def exceptions(self) -> set[str]:
        """The named exceptions this image drew smaller than GLANCE_PX."""
        return {
            text.exempt
            for text in self.drawn
            if text.exempt is not None and equivalent_px(text.size, self.width) < GLANCE_PX
        }


def _unseen_font(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("text drawn in a font the kit did not give, so its size is not recorded")


@contextmanager
def only_kit_fonts() -> Iterator[None]:
    """Inside this block Pillow's own fonts (its default, a font file opened directly) fail, so
    every text an image draws is one the kit's fonts recorded."""
    with (
        mock.patch.object(ImageFont, "load_default", _unseen_font),
        mock.patch.object(ImageFont, "truetype", _unseen_font),
    ):
        yield


def measure(draw: Callable[[], Image.Image]) -> Measure:
    """Every text `draw` draws (none in a font the kit does not record) and the image's width."""
    forget_memoised_layers()
    with legibility.recording() as drawn, only_kit_fonts():
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


def too_small(found: Measure, kind: str = "table") -> list[str]:
    """What breaks the standard, in words (empty when nothing does): every text of every role, on
    a table or a hand (`kind`, the same floor for both), at least GLANCE_PX."""
    problems = []
    for role in (GLANCE, RULES):
        smallest = found.smallest(role)
        if smallest is not None and smallest < GLANCE_PX - 1e-9:
            problems.append(f"{kind} {role} text at {smallest:.1f} px (of 1,200), below {GLANCE_PX}")
    return problems


@pytest.mark.parametrize(("game", "name", "kind"), list(views()))
def test_every_sample_view_is_legible_where_discord_shows_it(game: str, name: str, kind: str) -> None:
    found = measure_sample(game, name, kind)
    assert found.smallest(GLANCE) is not None, "the image draws no text at all"
    assert not too_small(found, kind), too_small(found, kind)


@pytest.mark.parametrize("game", list(RENDERERS))
@pytest.mark.parametrize("role", [GLANCE, RULES])
def test_each_renderers_smallest_text_meets_the_standard(game: str, role: Role) -> None:
    """The smallest text of each role over all of a renderer's samples and views (the figure
    issues 16 and 36 ask for: one per renderer); a renderer that draws no rules text passes."""
    smallest = [
        size
        for name in RENDERERS[game].samples()
        for kind in ("table", "hand")
        if (size := measure_sample(game, name, kind).smallest(role)) is not None
    ]
    assert role == RULES or smallest, "the renderer draws no glance text"
    assert min(smallest, default=GLANCE_PX) >= GLANCE_PX, min(smallest)


@pytest.mark.parametrize("width", [1200, 1000, 700])
def test_the_house_rules_strip_is_legible(width: int) -> None:
    """The strip every table with a house rule gets, with more names than fit on its line."""
    names = [f"House rule number {number} with a long name" for number in range(8)]
    found = measure(lambda: with_house_rules(Image.new("RGB", (width, 300)), names))
    assert found.smallest() is not None and not too_small(found), too_small(found)


def test_a_replay_keeps_its_text_legible_before_it_drops_frames() -> None:
    """A replay too big for its budget is shown no narrower than Discord shows a table (so its
    text stays at the legibility floor) while frames can still be dropped instead."""
    noisy = [Image.effect_noise((1200, 700), 90 + 10 * number).convert("RGB") for number in range(6)]
    gif = decode(encode_replay_gif(noisy, max_bytes=700_000))
    assert gif.width >= SHOWN_WIDTH
    assert gif.n_frames < len(noisy)


def test_exceptions_are_few_named_and_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text smaller than the floor must be one of a short, explained list; an unnamed exception
    is refused, and a named one is measured apart from the rest."""
    assert len(EXCEPTIONS) <= 3 and all(reason.strip() for reason in EXCEPTIONS.values())
    with pytest.raises(KeyError), legibility.exempt("not a named exception"):
        pass
    monkeypatch.setitem(EXCEPTIONS, "fine print", "a test's own exception")

    def draw() -> Image.Image:
        image = Image.new("RGB", (1200, 100))
        pen = ImageDraw.Draw(image)
        pen.text((10, 10), "Deck 12", font=font(20), fill="white")
        with legibility.exempt("fine print"):
            pen.text((10, 50), "printed in 2026", font=font(9), fill="white")
        return image

    found = measure(draw)
    assert found.smallest() == 20 and found.exceptions() == {"fine print"} and not too_small(found)


@pytest.mark.parametrize("name", list(sample_boards()))
def test_every_leaderboard_is_legible_where_discord_shows_it(name: str) -> None:
    found = measure(lambda: draw_leaderboard(sample_boards()[name]))
    assert not too_small(found, "table"), too_small(found, "table")


def test_the_measure_sees_small_text_of_every_role() -> None:
    """The check can fail: 12-px glance text on a 1,200-px image is caught, and rules text that
    small too, on a table as on a hand; the same text on a 600-px image is large enough."""

    def draw(width: int, size: int, role: Role) -> Image.Image:
        image = Image.new("RGB", (width, 200))
        with legibility.text_role(role):
            ImageDraw.Draw(image).text((10, 10), "Deck 12", font=font(size), fill="white")
        return image

    small = measure(lambda: draw(1200, 12, GLANCE))
    assert small.smallest(GLANCE) == 12 and too_small(small, "table")
    rules = measure(lambda: draw(1200, 12, RULES))
    assert rules.smallest(GLANCE) is None and too_small(rules, "table") and too_small(rules, "hand")
    narrow = measure(lambda: draw(600, 9, GLANCE))
    assert narrow.smallest(GLANCE) == 18 and not too_small(narrow, "hand")
    tiny = measure(lambda: draw(400, 9, GLANCE))
    assert tiny.smallest(GLANCE) == pytest.approx(9 * 1200 / 550) and not too_small(tiny, "hand")


def test_text_in_a_font_the_kit_does_not_record_fails_the_measure() -> None:
    """Pillow's default font draws text the recorder cannot see: the measure refuses it."""

    def draw() -> Image.Image:
        image = Image.new("RGB", (1200, 100))
        ImageDraw.Draw(image).text((10, 10), "Deck 12", fill="white")
        return image

    with pytest.raises(AssertionError, match="font the kit did not give"):
        measure(draw)


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
    assert legibility.smallest_legible(1200, 10) == 10
