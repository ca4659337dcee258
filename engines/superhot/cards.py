"""SUPERHOT card definitions: the schema of `cards.toml` and the loaded card pool."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from engines.core import CardDataError, load_cards

CARDS_FILE = Path(__file__).with_name("cards.toml")

Need = Literal["fight", "dodge", "mixed"]
Kind = Literal["enemy", "location", "object"]
Ability = Literal["none", "shoot", "backup", "slash", "draw"]
Use = Literal["fight", "dodge", "pliers", "katana", "glass", "double"]
Pile = Literal["obstacles", "IT", "PZ", "bat"]
GoalKind = Literal[
    "destroy", "knockout", "destroy_turn", "use_turn", "line_left", "discard_size", "hold", "hand_power"
]
Target = Literal["any", "obstacle", "enemy", "location", "object", "bullet"]
GlitchEffect = Literal["stand_up", "shift", "open_fire", "lag", "reload"]


class Bullet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A flying bullet: what it takes to destroy it while it is in The Line."""

    id: str
    name: str
    need: Need
    value: int


class Obstacle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A two-halved card: the obstacle at the bottom, what a player gets from it at the top.

    `ability`/`amount` is the obstacle's phase-6 ability (shoot N bullets, back up a shooter,
    slash N cards from the hand, let the player draw N). `use`/`power` is the top half:
    a Fighting or Dodge value, or a player ability. `pile` says where the card starts:
    the Obstacles Deck, a starting deck (IT or PZ), or the Baseball Bat variant.
    `copies` expands to several physical cards with ids `<id>-1`, `<id>-2`, ...
    """

    id: str
    name: str
    kind: Kind
    need: Need
    value: int
    top: str
    use: Use
    text: str = ""
    top_text: str = ""
    ability: Ability = "none"
    amount: int = 0
    power: int = 0
    pile: Pile = "obstacles"
    copies: int = 1


class Goal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A goal card. `kind` says what is counted; counts over a whole level use a progress token."""

    id: str
    name: str
    text: str
    kind: GoalKind
    count: int = 1
    of: Target = "any"
    named: str = ""
    tops: tuple[str, ...] = ()
    skill: Literal["", "fight", "dodge"] = ""


class Glitch(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A System card glitch: what it costs (a skill type and value) and what it does."""

    id: str
    name: str
    text: str
    cost_type: Need
    cost: int
    effect: GlitchEffect


class CardPool(msgspec.Struct, frozen=True):
    """Every physical card of the game, keyed by instance id."""

    bullets: Mapping[str, Bullet]
    obstacles: Mapping[str, Obstacle]
    goals: Mapping[str, Goal]
    glitches: tuple[Glitch, ...]

    def pile(self, pile: Pile) -> list[str]:
        """Instance ids of the obstacle cards that start in this pile, in file order."""
        return [card_id for card_id, card in self.obstacles.items() if card.pile == pile]


def _expand(obstacles: tuple[Obstacle, ...]) -> dict[str, Obstacle]:
    cards: dict[str, Obstacle] = {}
    for card in obstacles:
        if card.copies < 1:
            raise CardDataError(f"{CARDS_FILE.name}: card {card.id!r}: copies must be at least 1")
        ids = [card.id] if card.copies == 1 else [f"{card.id}-{n}" for n in range(1, card.copies + 1)]
        for card_id in ids:
            if card_id in cards:
                raise CardDataError(f"{CARDS_FILE.name}: card {card_id!r}: duplicate id")
            cards[card_id] = card
    return cards


def _check(pool: CardPool) -> None:
    for card_id, card in pool.obstacles.items():
        if card.use in ("fight", "dodge") and card.power < 1:
            raise CardDataError(f"{CARDS_FILE.name}: card {card_id!r}: a {card.use} card needs power >= 1")
        if card.ability in ("shoot", "slash", "draw") and card.amount < 1:
            raise CardDataError(f"{CARDS_FILE.name}: card {card_id!r}: ability {card.ability} needs amount")
        if card.value < 1:
            raise CardDataError(f"{CARDS_FILE.name}: card {card_id!r}: value must be at least 1")
    for goal in pool.goals.values():
        if goal.count < 1:
            raise CardDataError(f"{CARDS_FILE.name}: card {goal.id!r}: count must be at least 1")
        if goal.kind == "hold" and not goal.tops:
            raise CardDataError(f"{CARDS_FILE.name}: card {goal.id!r}: a hold goal names its tops")
        if goal.kind == "hand_power" and not goal.skill:
            raise CardDataError(f"{CARDS_FILE.name}: card {goal.id!r}: a hand_power goal names a skill")
    ids = set(pool.obstacles) | set(pool.bullets) | set(pool.goals)
    if len(ids) != len(pool.obstacles) + len(pool.bullets) + len(pool.goals):
        raise CardDataError(f"{CARDS_FILE.name}: a card id is used by two kinds of card")


def load_pool(path: Path = CARDS_FILE) -> CardPool:
    """Load and validate the card pool (every error names the file and the card)."""
    pool = CardPool(
        bullets={b.id: b for b in load_cards(path, Bullet, table="bullets")},
        obstacles=_expand(load_cards(path, Obstacle, table="obstacles")),
        goals={g.id: g for g in load_cards(path, Goal, table="goals")},
        glitches=load_cards(path, Glitch, table="glitches"),
    )
    _check(pool)
    return pool


@cache
def pool() -> CardPool:
    """The game's card pool, loaded once."""
    return load_pool()
