"""Every table image names the house rules on, drawn by the kit under any game's table."""

from __future__ import annotations

import pytest
from PIL import ImageChops

import renderers
from renderers.kit.house_rules import HOUSE_RULES_KEY

GAMES = sorted(renderers.BUILT_IN)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_with_house_rules_gets_a_strip_naming_them(game: str) -> None:
    public, _ = next(iter(renderers.renderer_for(game).samples().values()))
    plain, plain_alt, _ = renderers.draw(game, public, "table")
    marked_view = {**public, HOUSE_RULES_KEY: ["Crossfire", "Extra lives: 2"]}
    marked, alt, _ = renderers.draw(game, marked_view, "table")
    assert marked.width == plain.width and marked.height > plain.height
    top = marked.crop((0, 0, plain.width, plain.height))
    assert ImageChops.difference(top.convert("RGB"), plain.convert("RGB")).getbbox() is None
    strip = marked.crop((0, plain.height, marked.width, marked.height)).convert("L")
    assert strip.getextrema()[1] - strip.getextrema()[0] > 100, "the strip has legible text"
    assert alt == f"Played with house rules: Crossfire, Extra lives: 2. {plain_alt}"


def test_a_table_without_house_rules_is_drawn_as_before() -> None:
    game = GAMES[0]
    public, _ = next(iter(renderers.renderer_for(game).samples().values()))
    plain, alt, _ = renderers.draw(game, public, "table")
    same, same_alt, _ = renderers.draw(game, {**public, HOUSE_RULES_KEY: []}, "table")
    assert same.size == plain.size and same_alt == alt
