"""Text people can tell from its background (issue 36, "Contrast"): WCAG 2 level AA, 4.5:1.

Every sample view of every renderer (and every leaderboard) is drawn with the kit's contrast
recorder on and every memoised layer cleared first, so each text an image holds is measured
against the pixels it was drawn on (renderers/kit/contrast.py). Large faint symbols drawn as
decoration (`contrast.decoration()`) are not text and are left out at the place they are drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw

from renderers.kit import contrast
from renderers.kit.cards import faded
from renderers.kit.contrast import AA, Contrast
from renderers.kit.fonts import font
from renderers.kit.palette import contrast_ratio, legible
from renderers.leaderboard import draw_leaderboard
from renderers.leaderboard_board import sample_boards
from tests.renderers.every_sample import RENDERERS, forget_memoised_layers, views


def measure(draw: Callable[[], Image.Image]) -> list[Contrast]:
    forget_memoised_layers()
    with contrast.recording() as drawn:
        draw()
    return drawn


def faint(drawn: list[Contrast]) -> list[str]:
    """Each text below AA (or on a background never known), in words."""
    return sorted(
        {
            f"{text.text!r} {text.ink} on {text.background}: "
            + ("no background" if text.ratio is None else f"{text.ratio:.2f}:1")
            for text in drawn
            if text.ratio is None or text.ratio < AA
        }
    )


@functools.cache
def measure_sample(game: str, name: str, kind: str) -> tuple[Contrast, ...]:
    renderer = RENDERERS[game]
    public, seat = renderer.samples()[name]
    draw = renderer.table if kind == "table" else renderer.hand
    return tuple(measure(functools.partial(draw, public if kind == "table" else seat)))


@pytest.mark.parametrize(("game", "name", "kind"), list(views()))
def test_every_text_of_every_sample_view_meets_aa_contrast(game: str, name: str, kind: str) -> None:
    drawn = list(measure_sample(game, name, kind))
    assert drawn, "the image draws no text at all"
    assert not faint(drawn), faint(drawn)


@pytest.mark.parametrize("name", list(sample_boards()))
def test_every_leaderboard_text_meets_aa_contrast(name: str) -> None:
    drawn = measure(lambda: draw_leaderboard(sample_boards()[name]))
    assert drawn and not faint(drawn), faint(drawn)


def draw_on(ground: tuple[int, int, int], ink: tuple[int, int, int], mode: str = "RGB") -> list[Contrast]:
    def draw() -> Image.Image:
        image = Image.new(mode, (300, 80), ground if mode == "RGB" else (*ground, 0))
        ImageDraw.Draw(image).text((10, 10), "Deck 12", font=font(30), fill=ink)
        return image

    return measure(draw)


def test_the_recorder_measures_text_against_what_is_behind_it() -> None:
    """The check can fail: grey on grey is caught with its true ratio, white on black passes, text
    on a transparent layer has no known background, and a decoration is not measured at all."""
    [grey] = draw_on((120, 120, 120), (150, 150, 150))
    assert grey.background == (120, 120, 120)
    assert grey.ratio == pytest.approx(contrast_ratio((150, 150, 150), (120, 120, 120)))
    assert faint([grey])
    [white] = draw_on((0, 0, 0), (255, 255, 255))
    assert white.ratio == pytest.approx(21) and not faint([white])
    [unknown] = draw_on((0, 0, 0), (255, 255, 255), "RGBA")
    assert unknown.ratio is None and faint([unknown])
    with contrast.decoration():
        assert draw_on((120, 120, 120), (150, 150, 150)) == []


def test_text_half_on_a_band_it_cannot_be_read_on_fails() -> None:
    """Dark text whose lower half lies on a dark band: more than a tenth of it is unreadable."""

    def draw() -> Image.Image:
        image = Image.new("RGB", (300, 80), (250, 250, 250))
        ImageDraw.Draw(image).rectangle((0, 28, 300, 80), fill=(20, 20, 20))
        ImageDraw.Draw(image).text((10, 10), "Deck 12", font=font(30), fill=(30, 30, 30))
        return image

    [text] = measure(draw)
    assert text.ratio is not None and text.ratio < 1.5


def test_text_the_same_colour_as_its_background_is_caught() -> None:
    [hidden] = draw_on((90, 90, 90), (90, 90, 90))
    assert hidden.ratio == pytest.approx(1)


def test_nothing_is_measured_outside_a_recording() -> None:
    image = Image.new("RGB", (100, 40))
    ImageDraw.Draw(image).text((0, 0), "x", font=font(20), fill="white")
    assert ImageDraw.ImageDraw.text is contrast._pillow_text


def test_text_on_a_tile_faded_later_is_measured_as_shown() -> None:
    """A card faded towards the table after its text is drawn (kit.cards.faded): black on white
    reads, but faded 80 % towards white it does not, and in greys alone it still does."""

    def card_tile() -> Image.Image:
        tile = Image.new("RGBA", (200, 60), (255, 255, 255, 255))
        ImageDraw.Draw(tile).text((10, 10), "Punch", font=font(30), fill=(0, 0, 0))
        return tile

    def measured(amount: float, grey: bool) -> Contrast:
        [text] = measure(lambda: faded(card_tile, (240, 240, 240), amount, grey))
        return text

    washed = measured(0.8, False)
    assert washed.ink == (192, 192, 192) and washed.ratio is not None and washed.ratio < 2
    greyed = measured(0.0, True)
    assert greyed.ratio is not None and greyed.ratio > 15
    shown = faded(card_tile, (240, 240, 240), 0.8)
    assert shown.getpixel((0, 0)) == (243, 243, 243, 255)


def test_legible_moves_a_colour_just_far_enough_to_read() -> None:
    """A seat's blue as text on a dark panel is lightened until it reads, and stays blue; a colour
    that already reads is kept; on a light ground a colour is darkened."""
    panel, blue = (28, 34, 70), (0, 114, 178)
    lighter = legible(blue, panel)
    assert contrast_ratio(lighter, panel) >= AA > contrast_ratio(blue, panel)
    assert lighter[2] > lighter[1] > lighter[0]
    assert legible((240, 240, 240), panel) == (240, 240, 240)
    darker = legible((150, 150, 150), (250, 250, 250))
    assert contrast_ratio(darker, (250, 250, 250)) >= AA and darker < (150, 150, 150)
