"""The Letopsulle look: a night-city backdrop, heroes on pale blue cards and villains on pale red
ones (each row also says HEROES or VILLAINS, so colour never tells alone), gold object bands,
blue "DEFENDING +N" bands on cards turned sideways, red damage pills, and the sizes images share."""

from __future__ import annotations

from renderers.kit.categories import Category, register
from renderers.kit.draw import HeaderStyle
from renderers.kit.legibility import smallest_legible
from renderers.kit.palette import RGB

TITLE = "Letopsulle"
TABLE_W = 1200
HAND_W = 1000
HEADER_H = 60
MARGIN = 12
GAP = 10
GLANCE = smallest_legible(TABLE_W)
"""The smallest text on the table, abilities included: 18 px, legible where Discord shows it (an
ability's text that cannot fit whole at this size is left to the Cards panel)."""
HAND_GLANCE = smallest_legible(HAND_W)
"""The smallest text of the hand panel, rules included: 15 px in a 1,000-px image."""

BACKDROP: RGB = (22, 26, 48)
PANEL: RGB = (34, 40, 70)
PANEL_EDGE: RGB = (84, 96, 150)
BAR: RGB = (12, 14, 28)
TEXT: RGB = (244, 244, 250)
MUTED: RGB = (176, 184, 214)
INK: RGB = (24, 24, 34)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (244, 196, 52)
HIGHLIGHT: RGB = GOLD
RED: RGB = (214, 52, 60)
KO_FILL: RGB = (120, 24, 34)

HERO_FACE: RGB = (214, 228, 252)
HERO_EDGE: RGB = (70, 120, 210)
HERO_BASE: RGB = (36, 92, 190)
VILLAIN_FACE: RGB = (244, 208, 196)
VILLAIN_EDGE: RGB = (180, 60, 70)
VILLAIN_BASE: RGB = (150, 30, 46)
OBJECT_BAND: RGB = GOLD
DEFEND_BAND: RGB = (40, 110, 200)
WAITING_FACE: RGB = (250, 240, 210)
WAITING_EDGE: RGB = (190, 150, 60)
MORE_FACE: RGB = (56, 64, 104)
PLOT_FILL: RGB = (92, 52, 130)
PLOT_EDGE: RGB = (170, 120, 220)

CARD_FACES: dict[str, Category] = register(
    "letopsulle",
    "card faces",
    {
        "hero": Category("", HERO_FACE, "hero"),
        "villain": Category("", VILLAIN_FACE, "villain"),
        "object": Category("WAITING", WAITING_FACE, "waiting object"),
    },
)
"""A table card's face: heroes pale blue, villains pale red, told apart for every eye by how light
they are too (and by their rows' headings); objects waiting for a villain say WAITING."""
KINDS: dict[str, Category] = register(
    "letopsulle",
    "card kinds",
    {
        "hero": Category("HERO", HERO_BASE, "Hero"),
        "villain": Category("VILLAIN", VILLAIN_BASE, "Villain"),
        "hero_object": Category("HERO OBJECT", (190, 140, 20), "Hero object"),
        "villain_object": Category("VILLAIN OBJECT", (150, 100, 30), "Villain object"),
        "plot_twist": Category("PLOT TWIST", PLOT_FILL, "Plot twist"),
    },
)
"""The band across the top of a hand card, by kind, with the kind written in it."""
KIND_BANDS: dict[str, RGB] = {kind: look.colour for kind, look in KINDS.items()}

HEADER = HeaderStyle(
    height=HEADER_H,
    bar=BAR,
    rule=PANEL_EDGE,
    title=(32, 24),
    chip=20,
    chip_min=GLANCE,
    status=(24, GLANCE),
    status_share=0.45,
    status_ink=HIGHLIGHT,
    pad=20,
)
