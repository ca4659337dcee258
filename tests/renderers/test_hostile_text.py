"""A player's name with a line or paragraph break, bidi or zero-width characters is drawn on every
game's table and hand by the game's own renderer: no text fails a picture (issue 40)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

import renderers
from renderers.kit.fonts import font
from renderers.kit.text import fit_line, text_width

BREAKERS = ["\n", "\r", "\r\n", "\x85", "\u2028", "\u2029"]
HOSTILE = "Ana\u2029[Free Nitro](https://evil.example/n)\r\n\x85\u202eZed\u200b`@everyone`"
GAMES = ["superhot", "smashmasters", "supernova", "punchfighter", "letopsulle"]


@pytest.mark.parametrize("breaker", BREAKERS)
def test_the_kit_measures_and_draws_a_name_with_a_break(breaker: str) -> None:
    face = font(18, bold=True)
    name = f"Zed{breaker}Break"
    assert text_width(face, name) > text_width(face, "Zed")
    line, _ = fit_line(name, 60, 18, 10)
    image = Image.new("RGB", (200, 40))
    ImageDraw.Draw(image).text((0, 0), line, font=face, fill="white", anchor="lt")
    assert image.getbbox() is not None, "the name was drawn"


def with_name(value: Any, name: str) -> Any:
    """The sample view with its player Ana renamed (in every text that names her)."""
    if isinstance(value, str):
        return value.replace("Ana", name)
    if isinstance(value, dict):
        return {key: with_name(item, name) for key, item in value.items()}
    if isinstance(value, list):
        return [with_name(item, name) for item in value]
    return value


@pytest.mark.parametrize("game", GAMES)
def test_every_game_draws_a_hostile_name_itself(game: str) -> None:
    renderer = renderers.renderer_for(game)
    public, seat = next(iter(renderer.samples().values()))
    for kind, view in (("table", public), ("hand", seat)):
        image, alt, drawn_by = renderers.draw(game, with_name(view, HOSTILE), kind)  # type: ignore[arg-type]
        assert drawn_by is renderer, f"{game} {kind} fell back to the generic renderer"
        assert image.width > 100 and alt


class CentredName:
    """A renderer that centres the player's name, as a title is drawn (Pillow refuses a centred
    text with a line break in it)."""

    def table(self, view: Any) -> Image.Image:
        image = Image.new("RGB", (240, 40))
        ImageDraw.Draw(image).text((120, 20), view["name"], font=font(18), fill="white", anchor="mm")
        return image

    hand = table

    def table_alt(self, view: Any) -> str:
        return f"{view['name']} at the table"

    hand_alt = table_alt

    def samples(self) -> dict[str, Any]:
        return {}


def test_a_renderer_that_fails_on_a_break_draws_the_name_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    renderer = CentredName()
    monkeypatch.setitem(renderers.REGISTRY, "centred", renderer)
    image, _, drawn_by = renderers.draw("centred", {"name": "Zed\nBreak"}, "table")
    assert drawn_by is renderer and image.getbbox() is not None
