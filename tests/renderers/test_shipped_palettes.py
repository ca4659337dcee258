"""The first table of a game is drawn without playing its sample games: its palette is shipped, and
it keeps the colours of every sample (held-out mid-game views: test_game_palette.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import renderers
from renderers import shipped_palettes
from tests.renderers.test_game_palette import DRIFT, SLACK, drift_of


@pytest.fixture
def fresh_palettes() -> Iterator[None]:
    renderers.game_palette.cache_clear()
    yield
    renderers.game_palette.cache_clear()


@pytest.mark.parametrize("game", sorted(renderers.BUILT_IN))
def test_every_game_ships_a_palette_that_keeps_its_samples_colours(game: str) -> None:
    shipped = shipped_palettes.load(game)
    assert shipped is not None, f"no renderers/palettes/{game}.pal: run python -m renderers.write_palettes"
    renderer = renderers.REGISTRY[game]
    for public, seat in renderer.samples().values():
        for image in (renderer.table(public), renderer.hand(seat)):
            png = renderers.encode(game, renderers.quantise(game, image, renderer), "", "table").png
            assert drift_of(image, png) <= DRIFT + SLACK, (
                f"{game}: the shipped palette lost colours; run python -m renderers.write_palettes"
            )


def test_a_first_table_is_drawn_without_playing_sample_games(
    fresh_palettes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = renderers.REGISTRY["supernova"]
    public, _ = next(iter(renderer.samples().values()))

    def no_samples(self: object) -> dict[str, object]:
        raise AssertionError("the samples were played to choose the palette")

    monkeypatch.setattr(type(renderer), "samples", no_samples)
    assert renderers.render_table("supernova", public).png


def test_without_a_shipped_palette_it_is_chosen_at_first_use(
    fresh_palettes: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(shipped_palettes, "FOLDER", tmp_path)
    assert shipped_palettes.load("supernova") is None
    palette = renderers.game_palette("supernova")
    chosen = renderers.choose_palette("supernova")
    assert palette is not None and chosen is not None and palette.getpalette() == chosen.getpalette()
    shipped_palettes.save("supernova", chosen)
    again = shipped_palettes.load("supernova")
    assert again is not None and again.getpalette() == chosen.getpalette()
