"""Super Punch Fighter content schema: the shape of the data files and the effect vocabulary.

Every fighter card, button and achievement is data (`fighters.toml`, `buttons.toml`,
`achievements.toml`, `boards.toml`); the printed texts are generated from it (`words`), so a card
always says what it does. Semantics of every effect: `docs/rulings/punchfighter.md` (content).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

Letter = Literal["A", "B", "C", "D", "W"]
CostLetter = Literal["A", "B", "C", "D"]
LETTERS: tuple[CostLetter, ...] = ("A", "B", "C", "D")
LETTER_NAMES: dict[str, str] = {"A": "Attack", "B": "Block", "C": "Charge", "D": "Draw", "W": "Wild"}

Small = Annotated[int, Meta(ge=1, le=6)]
Name = Annotated[str, Meta(min_length=1, max_length=24)]
Ident = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_]{0,17}$")]


class Attack(msgspec.Struct, tag="attack", forbid_unknown_fields=True, frozen=True):
    """Hit one fighter within `range` spaces and line of sight for `strength` damage, then move it:
    `push` spaces away, `pull` spaces closer or `throw` spaces anywhere (at most one of the three),
    and `stagger`: its player pushes that many of their buttons without their effect."""

    range: Small
    strength: Annotated[int, Meta(ge=0, le=8)]
    push: Annotated[int, Meta(ge=0, le=4)] = 0
    pull: Annotated[int, Meta(ge=0, le=4)] = 0
    throw: Annotated[int, Meta(ge=0, le=4)] = 0
    stagger: Annotated[int, Meta(ge=0, le=3)] = 0


class Move(msgspec.Struct, tag="move", forbid_unknown_fields=True, frozen=True):
    """Move your fighter up to `spaces` spaces (not through fighters, spawn points or pits)."""

    spaces: Small


class Draw(msgspec.Struct, tag="draw", forbid_unknown_fields=True, frozen=True):
    """Draw `cards` cards, one at a time, each from your fighter deck, the button deck or the offer."""

    cards: Annotated[int, Meta(ge=1, le=3)]


class Recharge(msgspec.Struct, tag="recharge", forbid_unknown_fields=True, frozen=True):
    """Take the thumb tokens off up to `buttons` other pushed buttons of your pad."""

    buttons: Annotated[int, Meta(ge=1, le=3)]


class Heal(msgspec.Struct, tag="heal", forbid_unknown_fields=True, frozen=True):
    """Turn your health dial up `health` spaces (never past the top)."""

    health: Annotated[int, Meta(ge=1, le=4)]


Effect = Attack | Move | Draw | Recharge | Heal


class Fighter(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A fighter: its dial's colour bands (health per band, top first; the skull is below the
    last) and how it plays."""

    id: Ident
    name: Name
    style: Annotated[str, Meta(min_length=1, max_length=24)]
    blurb: Annotated[str, Meta(min_length=1, max_length=200)]
    bands: Annotated[list[Annotated[int, Meta(ge=1, le=8)]], Meta(min_length=2, max_length=4)]


class FighterCard(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A fighter card. With a `cost` it is a combo card resolving `effects` in order; without, a
    defence card played when its fighter is attacked: it blocks `block` damage of that attack
    (`everything` blocks it all), `steady` also ignores the attack's push, pull, throw and
    stagger, and `draw` draws that many cards after."""

    id: Ident
    fighter: Ident
    name: Name
    copies: Annotated[int, Meta(ge=1, le=4)] = 1
    cost: Annotated[str, Meta(pattern=r"^[ABCD]{0,5}$")] = ""
    effects: list[Effect] = []
    block: Annotated[int, Meta(ge=0, le=8)] = 0
    everything: bool = False
    steady: bool = False
    draw: Annotated[int, Meta(ge=0, le=2)] = 0

    @property
    def is_combo(self) -> bool:
        return bool(self.cost)


class Button(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A button card: its letter, how many of it there are, and what pushing it does. Block
    buttons (B) are pushed when their fighter is attacked and block `block` damage; the others are
    pushed on your turn for their `effects`. `starter` buttons form the starting control pads (one
    of each letter per player); the rest, and the starters no player took, make the button deck."""

    id: Ident
    letter: Letter
    name: Name
    copies: Annotated[int, Meta(ge=1, le=16)] = 1
    starter: bool = False
    effects: list[Effect] = []
    block: Annotated[int, Meta(ge=0, le=4)] = 0


Check = Literal[
    "damage",  # damage your attacks dealt this turn
    "chain",  # combo cards in your longest chain this turn
    "pushed",  # buttons you pushed for their effect this turn
    "knockouts",  # fighters your attacks K.O.'d this turn
    "ring_outs",  # fighters you moved off the board this turn
    "targets",  # different fighters your attacks hit this turn
    "long_hit",  # the longest range at which your attack hit this turn
    "pad",  # buttons on your control pad at the end of the turn
    "hand",  # fighter cards in your hand at the end of the turn
    "blocked",  # damage you blocked this turn
    "moved",  # spaces your fighter moved by its own moves this turn
    "red_space",  # 1 when your fighter ends the turn on a red power-up space
]


class Achievement(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An achievement: claimed at the end of a turn by a player whose `check` reached `at_least`."""

    id: Ident
    name: Name
    check: Check
    at_least: Annotated[int, Meta(ge=1, le=12)]


class Board(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One side of the board as a picture: rows top to bottom, one character per hex, odd rows
    shifted half a hex to the right. `.` floor, `y` yellow and `r` red power-up spaces, `s` spawn
    point, `o` pit (a hole: off the board), a space or `-` no hex. A hex is labelled by its column
    letter and row number (`C4`)."""

    id: Ident
    name: Name
    side: Literal["standard", "minion_rush"]
    rows: Annotated[list[str], Meta(min_length=3, max_length=12)]
