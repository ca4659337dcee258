"""A game's one palette keeps the colours of views it was not chosen from (real mid-game tables)
as well as a palette chosen for each image does."""

from __future__ import annotations

import io
from itertools import islice

import pytest
from PIL import Image, ImageChops

import engines
import renderers
from bench.engines import playout
from renderers.kit.encode import encode_png

DRIFT = 16  # levels a channel may move, in 999 pixels out of 1000 (as the encoding tests keep)
SLACK = 2  # levels the game's palette may lose against an image's own (no eye sees 2 in 256)


def drift_of(drawn: Image.Image, png: bytes) -> int:
    """The level within which 999 pixels in 1000 of the decoded PNG match the drawing."""
    shown = Image.open(io.BytesIO(png)).convert("RGB")
    red, green, blue = ImageChops.difference(drawn.convert("RGB"), shown).split()
    histogram = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
    total = sum(histogram)
    return next(level for level in range(256) if sum(histogram[: level + 1]) >= 0.999 * total)


@pytest.mark.parametrize("game", sorted(renderers.BUILT_IN))
def test_seeded_mid_game_views_keep_their_colours_with_the_games_palette(game: str) -> None:
    engine = engines.REGISTRY[game]
    renderer = renderers.renderer_for(game)
    assert renderers.game_palette(game) is not None
    mode = max(engine.meta.modes, key=lambda m: m.seats.stop)  # the busiest table the game has
    checked = 0
    for seed in (3, 4):
        for state in islice(playout(engine, mode.id, mode.seats.stop - 1, seed), 5, 300, 60):
            for kind, view in (("table", engine.view(state, None)), ("hand", engine.view(state, 0))):
                image, alt, drew = renderers.draw(game, view, kind)
                assert drew is renderer
                encoded = renderers.encode(game, renderers.quantise(game, image, drew), alt, kind)
                own = drift_of(image, encode_png(image))  # a palette chosen for this image alone
                allowed = max(DRIFT, own) + SLACK
                assert drift_of(image, encoded.png) <= allowed, f"{game} {kind} at seed {seed}"
                checked += 1
    assert checked >= 8


def test_a_view_drawn_by_the_generic_renderer_gets_its_own_colours() -> None:
    image, alt, drew = renderers.draw("no-such-game", {"title": "Mystery"}, "table")
    assert drew is renderers.GENERIC and renderers.game_palette("no-such-game") is None
    shown = renderers.encode("no-such-game", renderers.quantise("no-such-game", image, drew), alt, "table")
    assert drift_of(image, shown.png) <= DRIFT
