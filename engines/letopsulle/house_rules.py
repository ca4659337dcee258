"""Our house rules for Letopsulle: changes to printed rules, each a named table option, off by
default (DESIGN.md section 7). `why` gives the reason and the effect measured by
`python -m bench.balance_letopsulle` (docs/rulings/letopsulle.md, Balance)."""

from __future__ import annotations

from engines.core import GameOption

ON_OFF = ("off", "on")

CATCH_UP = GameOption(
    "catch_up",
    "Catch-up order: fewest villain points play first",
    ON_OFF,
    "off",
    modes=("multiplayer",),
    house_rule=True,
    why=(
        "The printed fixed order lets the first player pick off the villains the last villain "
        "phase left hurt, every round; playing the player furthest behind first evens the seats."
    ),
)
SOLO_VILLAINS = GameOption(
    "solo_villains",
    "Solitaire villain turns a round",
    ("1", "2"),
    "1",
    modes=("solitaire",),
    house_rule=True,
    why=(
        "With the printed single villain turn a round, solitaire is an easy win; two villain turns "
        "make it a real fight."
    ),
    changes_difficulty=True,
)
SMART_VILLAINS = GameOption(
    "smart_villains",
    "Smart villains: solitaire villains make their strongest attack",
    ON_OFF,
    "off",
    modes=("solitaire",),
    house_rule=True,
    why=(
        "Printed, a coin picks the villain's action too, so villains often defend and pose little "
        "threat; always attacking with their strongest ability makes them a steady threat."
    ),
    changes_difficulty=True,
)
LONG_REFILL = GameOption(
    "long_refill",
    "Long-game refill: an empty hero pile is refilled once",
    ON_OFF,
    "off",
    house_rule=True,
    why=(
        "36 hero cards run out before anyone reaches 45 points, so printed long games often end "
        "with the villains winning; one reshuffle of the hero discard lets the heroes finish."
    ),
    changes_difficulty=True,
)

HOUSE_RULES = (CATCH_UP, SOLO_VILLAINS, SMART_VILLAINS, LONG_REFILL)
