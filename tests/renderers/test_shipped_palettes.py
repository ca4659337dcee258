"""The first table of a game is drawn without playing its sample games: its palette is shipped."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import renderers
from renderers import shipped_palettes


@pytest.fixture
def fresh_palettes() -> Iterator[None]:
    renderers.game_palette.cache_clear()
    yield
    renderers.game_palette.cache_clear()


@pytest.mark.parametrize("game", sorted(renderers.BUILT_IN))
def test_every_game_ships_a_palette_for_its_current_renderer(game: str) -> None:
    assert shipped_palettes.load(game) is not None, (
        f"renderers/palettes/{game}.pal is missing or was chosen for an older renderer: "
        "run python -m renderers.write_palettes"
    )


def test_the_shipped_palette_is_the_one_chosen_from_the_samples() -> None:
    shipped = shipped_palettes.load("superhot")
    chosen = renderers.choose_palette("superhot")
    assert shipped is not None and chosen is not None
    assert shipped.getpalette() == chosen.getpalette()


def test_a_first_table_is_drawn_without_playing_sample_games(
    fresh_palettes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = renderers.REGISTRY["supernova"]
    public, _ = next(iter(renderer.samples().values()))

    def no_samples(self: object) -> dict[str, object]:
        raise AssertionError("the samples were played to choose the palette")

    monkeypatch.setattr(type(renderer), "samples", no_samples)
    assert renderers.render_table("supernova", public).png


def test_after_a_renderer_change_the_palette_is_chosen_again(
    fresh_palettes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shipped_palettes, "fingerprint", lambda game: "an older renderer")
    assert shipped_palettes.load("supernova") is None
    palette = renderers.game_palette("supernova")
    chosen = renderers.choose_palette("supernova")
    assert palette is not None and chosen is not None and palette.getpalette() == chosen.getpalette()
