"""The house-rules strip every table image gets when a house rule is on (DESIGN.md section 7).

The bot adds the names of the house rules on to the public view under `HOUSE_RULES_KEY`; the
renderers' entry point draws this strip under whatever the game's renderer drew, so no game draws
it itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderers.kit.draw import badge, badge_width
from renderers.kit.palette import BAR, HIGHLIGHT, ON_HIGHLIGHT, PANEL_EDGE, TEXT
from renderers.kit.text import ITEM_SEPARATOR, fit_line
from renderers.kit.views import View

HOUSE_RULES_KEY = "house_rules"
LABEL = "HOUSE RULES"
SHOWN_WIDTH = 550  # about how wide Discord shows a table image
SMALLEST_SHOWN = 12  # the smallest text size, in pixels as shown, that stays readable


def house_rules_in(view: View) -> list[str]:
    """The names of the house rules a public view says are on (none: the printed rules)."""
    names = view.get(HOUSE_RULES_KEY)
    return [str(name) for name in names] if isinstance(names, list | tuple) else []


def with_house_rules(image: Image.Image, names: Sequence[str]) -> Image.Image:
    """The image with a strip under it naming the house rules on; the image itself when none."""
    if not names:
        return image
    scale = max(1.0, image.width / SHOWN_WIDTH)
    size = round(SMALLEST_SHOWN * scale * 1.4)
    height = round(size * 2.4)
    canvas = Image.new("RGB", (image.width, image.height + height), BAR)
    canvas.paste(image.convert("RGB"), (0, 0))
    draw = ImageDraw.Draw(canvas)
    top = image.height
    draw.line((0, top, canvas.width, top), fill=PANEL_EDGE, width=max(2, round(scale)))
    margin = round(size * 0.8)
    chip_size = round(size * 0.85)
    chip_top = top + (height - round(chip_size * 1.55)) // 2
    badge(canvas, (margin, chip_top), LABEL, HIGHLIGHT, ON_HIGHLIGHT, size=chip_size)
    left = margin * 2 + badge_width(LABEL, chip_size)
    shown, face = fit_line(
        ITEM_SEPARATOR.join(names), canvas.width - left - margin, size, round(SMALLEST_SHOWN * scale)
    )
    draw.text((left, top + height / 2), shown, font=face, fill=TEXT, anchor="lm")
    return canvas


def house_rules_alt(alt: str, names: Sequence[str]) -> str:
    """The alt text, saying first which house rules are on."""
    if not names:
        return alt
    return f"Played with house rules: {', '.join(names)}. {alt}"
