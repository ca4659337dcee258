"""The white room every SUPERHOT image is drawn in: a cached gradient backdrop with faint floor lines,
and the black header bar (the kit's, in SUPERHOT's style) with the SUPER HOT wordmark."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers.kit import cache
from renderers.kit.draw import Chip, header_bar
from renderers.kit.views import View
from renderers.superhot.look import (
    ALERT,
    BG_BOTTOM,
    BG_TOP,
    DARK,
    HEADER_STYLE,
    INK,
    RED,
    WHITE,
    WORDMARK,
)
from renderers.superhot.words import level_text, mode_text, revenge_text


@cache.cached_image
def backdrop(size: tuple[int, int]) -> Image.Image:
    """The white room: a soft vertical gradient with faint floor lines (RGB, a fresh copy)."""
    width, height = size
    ramp = Image.linear_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    canvas = Image.composite(Image.new("RGB", size, BG_BOTTOM), Image.new("RGB", size, BG_TOP), ramp)
    pen = ImageDraw.Draw(canvas)
    horizon = height * 0.55
    for step in range(1, 12):
        y = horizon + (height - horizon) * (step / 11) ** 1.8
        pen.line((0, y, width, y), fill=(214, 215, 219) if y < height * 0.8 else (198, 199, 203), width=1)
    return canvas


def header(canvas: Image.Image, chips: Sequence[Chip], status: str) -> None:
    """The black bar: the wordmark, chips (the first cut short, later ones left out when the status
    needs the room), and the status on the right."""
    header_bar(canvas, WORDMARK, chips, status, style=HEADER_STYLE)


def revenge_chip(view: View) -> list[Chip]:
    """In 1v1 Revenge's second run: "Run 2 of 2" (revenge_aim() tells the target to beat)."""
    text = revenge_text(view)
    return [Chip(text.split(" · ")[0], ALERT, INK)] if text else []


def table_chips(view: View) -> list[Chip]:
    """Mode, level, the Revenge run, then the challenges (Infinite Mode is said by the level chip)."""
    chips = [Chip(mode_text(view), WHITE, INK), Chip(level_text(view), RED, WHITE), *revenge_chip(view)]
    infinite = not isinstance(view.get("levels"), int)
    for challenge in view.get("challenges") or ():
        if challenge and not (infinite and str(challenge).startswith("Infinite")):
            chips.append(Chip(str(challenge), DARK, WHITE))
    return chips
