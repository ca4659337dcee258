"""The action vocabulary heroes and villains share: which actions a card has, and their stance.

An action id is one of ATTACKS (needing targets), STANCES (turning the card sideways), `pow`
(Power: an object to discard) or a first-of-turn ability (`int`, `mon`). X values include the
card's focus object (Research)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.core.words import counted
from engines.letopsulle.cards_in_play import ability_x

ATTACKS = ("atk", "fgt", "str", "spd")
STANCES = ("def", "dfd", "fgd", "spdd")
USES = {
    "fgt": "fighting",
    "str": "strength",
    "spd": "speed",
    "dfd": "defense",
    "fgd": "fighting",
    "spdd": "speed",
    "pow": "power",
    "int": "intelligence",
    "mon": "money",
}


def half_up(value: int) -> int:
    """Half, rounded up."""
    return -(-value // 2)


@dataclass(frozen=True)
class Move:
    """One action a card can take now: its id, its label, and its X (0 for plain ones)."""

    id: str
    label: str
    x: int = 0


def card_moves(
    abilities: dict[str, int],
    item: str,
    *,
    ability_left: bool,
    allowed: Callable[[str], bool],
    first: bool,
    hero: bool,
) -> list[Move]:
    """The actions open to a card. `first`: only the before-anything abilities (Intelligence,
    Money) are asked; otherwise attack, defend and the ability actions."""

    def x_of(ability: str) -> int:
        return ability_x(abilities, ability, item) if ability_left and allowed(ability) else 0

    if first:
        found = []
        if x := x_of("intelligence"):
            found.append(Move("int", f"Intelligence: first look at {counted(x, 'card')} of a pile", x))
        if x := x_of("money"):
            what = f"draw {x} cards" if hero else f"make a player discard {x} cards"
            found.append(Move("mon", f"Money: first {what}", x))
        return found
    found = [Move("atk", "Attack")]
    if x := x_of("fighting"):
        found.append(Move("fgt", f"Attack with Fighting +{x}", x))
    if x := x_of("strength"):
        found.append(Move("str", f"Attack with Strength +{x} (then braced +{half_up(x)})", x))
    if x := x_of("speed"):
        found.append(Move("spd", f"Speed: attack up to {x} foes (-1 each after the first)", x))
    found.append(Move("def", "Defend (sideways)"))
    if x := x_of("defense"):
        found.append(Move("dfd", f"Defend with Defense +{x}", x))
    if x := x_of("fighting"):
        found.append(Move("fgd", f"Defend with Fighting +{x}", x))
    if x := x_of("speed"):
        found.append(Move("spdd", f"Defend with Speed +{half_up(x)}", x))
    if x := x_of("power"):
        found.append(Move("pow", f"Power: discard a foe's object worth up to {x}", x))
    return found


def stance_guard(move: str, x: int) -> int:
    """The defence bonus a stance action leaves on the sideways card."""
    if move in ("dfd", "fgd"):
        return x
    if move == "spdd":
        return half_up(x)
    return 0


def speed_penalty(k: int) -> list[tuple[str, int]]:
    """What the k-th target (from 0) of a Speed attack takes off the attacker's total: 1 for
    every target after the first, as printed ("-1 to each subsequent opponent")."""
    return [("Speed, later foe", -1)] if k else []


def attack_bonus(move: str, x: int) -> list[tuple[str, int]]:
    """What an attack action adds to the attacker's total."""
    if move == "fgt":
        return [("Fighting", x)]
    if move == "str":
        return [("Strength", x)]
    return []
