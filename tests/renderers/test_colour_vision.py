"""Colours every player can tell apart (issue 36, "Colour is never the only sign").

Each game declares the colours that tell its things apart, with the marks drawn beside or over
them, in one registry (renderers/kit/categories.py); the renderers draw with what they declared.
Every pair of a group must stay apart for normal vision and for people with protanopia,
deuteranopia and tritanopia (simulated at full severity by coloraide): a CIEDE2000 difference of
at least 15 between the two simulated colours, or marks that differ.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from coloraide import Color
from PIL import Image, ImageDraw

import renderers
import renderers.leaderboard  # declares the medals' colours
from renderers.kit.categories import REGISTRY, Category, draw_pattern
from renderers.kit.fonts import drawable
from renderers.kit.game import GameRenderer
from renderers.kit.palette import RGB

VISIONS = ("normal", "protan", "deutan", "tritan")
SMALLEST_DIFFERENCE = 15.0
"""CIEDE2000 difference two colours keep, in every vision, to be told apart by colour alone."""


def seen(colour: RGB, vision: str) -> Color:
    """The colour as a person with this vision sees it (full severity)."""
    shown = Color("srgb", [channel / 255 for channel in colour])
    return shown if vision == "normal" else shown.filter(vision, 1.0)


def difference(first: RGB, second: RGB) -> tuple[float, str]:
    """The smallest CIEDE2000 difference of two colours over the visions, and in which."""
    return min((seen(first, v).delta_e(seen(second, v), method="2000"), v) for v in VISIONS)


def marked_apart(first: Category, second: Category) -> bool:
    """Whether the two carry different non-colour marks (two without any do not)."""
    return first.mark != second.mark and any(first.mark + second.mark)


def confusions(group: dict[str, Category]) -> list[str]:
    """Each pair some people cannot tell apart: too close in colour and marked alike."""
    found = []
    for (one, first), (two, second) in combinations(group.items(), 2):
        delta, vision = difference(first.colour, second.colour)
        if delta < SMALLEST_DIFFERENCE and not marked_apart(first, second):
            found.append(f"{one} and {two}: ΔE {delta:.1f} in {vision} vision, marks {first.mark}")
    return found


@pytest.mark.parametrize(("game", "group"), list(REGISTRY), ids=lambda part: str(part))
def test_every_groups_colours_stay_apart_for_every_vision(game: str, group: str) -> None:
    members = dict(REGISTRY[game, group])
    assert len(members) >= 2
    assert not confusions(members), confusions(members)


@pytest.mark.parametrize(("game", "group"), list(REGISTRY), ids=lambda part: str(part))
def test_every_mark_is_one_the_font_draws(game: str, group: str) -> None:
    for name, member in REGISTRY[game, group].items():
        assert all(drawable(char) for char in member.symbol), (name, member.symbol)


def test_every_game_declares_its_colours() -> None:
    """Each product game's renderer (the kit's game renderers; tests add a bare one of their own)."""
    products = {game for game, drawn in renderers.REGISTRY.items() if isinstance(drawn, GameRenderer)}
    assert products and products <= {game for game, _ in REGISTRY}


def test_the_check_catches_colours_alike_for_colour_blind_people() -> None:
    """Okabe-Ito's vermillion and bluish green differ plainly, but red and green of the same
    lightness look alike with deuteranopia: unmarked they fail, with marks they pass."""
    red, green = (204, 80, 60), (110, 130, 40)
    delta, vision = difference(red, green)
    assert delta < SMALLEST_DIFFERENCE and vision in ("protan", "deutan")
    assert seen(red, "normal").delta_e(seen(green, "normal"), method="2000") > 30
    assert confusions({"red": Category("", red, "red"), "green": Category("", green, "green")})
    assert not confusions({"red": Category("R", red, "red"), "green": Category("G", green, "green")})
    assert not confusions({"a": Category("", (230, 159, 0), "a"), "b": Category("", (0, 114, 178), "b")})


def test_each_pattern_draws_differently() -> None:
    """The patterns of small coloured cells (health bands) are told apart by their pixels."""
    drawn = set()
    for pattern in ("", "dot", "stripe", "pair"):
        image = Image.new("RGB", (18, 20))
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, 17, 19), fill=(240, 180, 40))
        draw_pattern(draw, (0, 0, 17, 19), Category("", (240, 180, 40), "cell", pattern))
        drawn.add(image.tobytes())
    assert len(drawn) == 4


def test_an_unknown_pattern_is_refused() -> None:
    with pytest.raises(ValueError, match="pattern"):
        Category("", (0, 0, 0), "x", "zigzag")
