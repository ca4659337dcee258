"""A game's renderer assembled from its drawing and describing functions (the Renderer protocol)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from renderers.kit.views import View


@dataclass(frozen=True)
class GameRenderer:
    """Draws one game's views with its own functions: the table never shows a hand, even when
    given a seat's view; samples are real seeded engine games at named moments (built once)."""

    draw_table: Callable[[View], Image.Image]
    describe_table: Callable[[View], str]
    draw_hand: Callable[[View], Image.Image]
    describe_hand: Callable[[View], str]
    sample_views: Callable[[], dict[str, tuple[View, View]]]

    def table(self, view: View) -> Image.Image:
        """The public table."""
        return self.draw_table(view)

    def table_alt(self, view: View) -> str:
        """The table in words."""
        return self.describe_table(view)

    def hand(self, view: View) -> Image.Image:
        """A seat's hand (a console in real-time games)."""
        return self.draw_hand(view)

    def hand_alt(self, view: View) -> str:
        """The hand in words."""
        return self.describe_hand(view)

    def samples(self) -> dict[str, tuple[View, View]]:
        """Named (public view, seat view) pairs for the gallery and the tests."""
        return self.sample_views()
