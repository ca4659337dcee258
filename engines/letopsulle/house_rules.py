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
        "Printed, the first player picks off the villains the last villain phase left hurt, every "
        "round: in our seeded AI games the first player wins 85 % of 2-player games and 76-81 % at "
        "3 to 6 players. Playing the player furthest behind first brings it to 54 % at 2 players and "
        "within the error bars of the fair share at 3 to 6."
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
        "Printed solitaire is an easy win: our AI wins 96-100 % of games at every level. Two villain "
        "turns a round bring it to 64 % (easy AI) and 81 % (normal)."
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
        "Printed, a coin also picks the villain's action (attack, defend or an ability). Always "
        "making the strongest attack changes little on its own (our normal AI still wins 98 %); "
        "with two villain turns a round it wins 69 % (easy AI: 46 %) instead of 81 % (64 %)."
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
        "36 hero cards run out before anyone reaches 45 points: in printed 2-player long games the "
        "villains win 35 % (every team knocked out). One reshuffle of the hero discard brings that to "
        "2 %."
    ),
    changes_difficulty=True,
)

HOUSE_RULES = (CATCH_UP, SOLO_VILLAINS, SMART_VILLAINS, LONG_REFILL)
