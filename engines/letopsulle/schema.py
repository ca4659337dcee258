"""Letopsulle content schema: the shape of `cards.toml` and the vocabulary of abilities and effects.

Every card is data; the texts players read are generated from it (`words`), so a card always says
what it does. The meaning of each ability, object kind and plot twist: `docs/rulings/letopsulle.md`.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

Ability = Literal["defense", "fighting", "intelligence", "money", "power", "speed", "strength"]
Side = Literal["hero", "villain"]
Stance = Literal["attack", "defense"]
ObjectKind = Literal["boost", "heal", "draw", "focus", "trap", "bomb"]
TwistRule = Literal["immune", "surprise", "gang_up", "ambush"]

Ident = Annotated[str, Meta(pattern=r"^[a-z][a-z0-9_]{0,15}$")]
Name = Annotated[str, Meta(min_length=1, max_length=20)]
Blurb = Annotated[str, Meta(min_length=1, max_length=160)]
Level = Annotated[int, Meta(ge=1, le=9)]
Copies = Annotated[int, Meta(ge=1, le=4)]


class Character(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A hero or a villain: its base number (strength in battle and the damage it takes before it is
    defeated), its abilities with their X values, and an optional special rule."""

    id: Ident
    name: Name
    side: Side
    base: Level
    abilities: dict[Ability, Annotated[int, Meta(ge=1, le=4)]]
    blurb: Blurb
    copies: Copies = 1
    special: Literal["", "any_object"] = ""


class GameObject(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An object card. `boost`, `focus`, `trap` and `bomb` are attached to the active card; `heal`
    and `draw` are used at once. `needs` lists the abilities of which the card must have one (empty:
    anyone); `stances` the totals a boost adds to."""

    id: Ident
    name: Name
    side: Side
    kind: ObjectKind
    value: Annotated[int, Meta(ge=1, le=4)]
    blurb: Blurb
    needs: tuple[Ability, ...] = ()
    stances: tuple[Stance, ...] = ()
    copies: Copies = 1


class PlotTwist(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A plot twist: in play for every player's villains until another replaces it."""

    id: Ident
    name: Name
    rule: TwistRule
    blurb: Blurb
    ability: Ability | None = None  # the ability heroes cannot use, for `immune`
    value: Annotated[int, Meta(ge=0, le=3)] = 0
    copies: Copies = 1
    side: Side = "villain"


Card = Character | GameObject | PlotTwist
