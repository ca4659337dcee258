"""Smash Masters card validation: the rules a `cards.toml` must satisfy beyond its schema.

Each check returns a problem (or raises `CardDataError`) naming the card or deck at fault; the
loader in `cards` adds the file name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec

from engines.core import CardDataError
from engines.smashmasters.card_schema import (
    CANCELLABLE,
    CHARACTER_TRIGGERS,
    DECK_COUNT,
    DECK_SHAPE,
    MAX_TEXT,
    TIMINGS,
    BringBack,
    Cancel,
    Card,
    Character,
    DeckInfo,
    Defeat,
    Effect,
    FreeSmash,
    Modifier,
    Power,
    Revive,
    Safe,
    Smash,
    Story,
    Stun,
    Super,
    Targeted,
    TeamUp,
    Trigger,
    TurnAround,
    effect_kind,
)


class _Source(msgspec.Struct, frozen=True):
    """What an effect list belongs to, for the rules that depend on it."""

    label: str
    has_self: bool
    timing: Literal["action", "react"]
    trigger: Trigger | None = None
    is_story: bool = False


def _check_modifier(mod: Modifier, turned: bool) -> str | None:
    if (mod.kind == "safe") != (mod.danger is not None):
        return "modifier 'safe' needs a danger, and only 'safe' takes one"
    if mod.scope == "team" and (mod.kind != "safe" or turned):
        return f"modifier {mod.kind!r} cannot have scope 'team' here"
    if mod.power and mod.scope != "team":
        return f"modifier {mod.kind!r}: a power filter needs scope 'team'"
    return None


def _check_target(step: Targeted, source: _Source) -> str | None:
    kind = type(step).__struct_config__.tag
    target = step.target
    if target.who in ("self", "trigger"):
        if target.who == "self" and not source.has_self:
            return f"{kind}: {source.label} has no character of its own for who = 'self'"
        if target.who == "trigger" and (
            source.trigger is None or source.trigger.on not in CHARACTER_TRIGGERS
        ):
            return f"{kind}: who = 'trigger' needs a react trigger that names a character"
        if (target.select, target.count, target.power, target.state, target.others, target.nearest) != (
            "choose",
            1,
            (),
            "any",
            False,
            0,
        ):
            return f"{kind}: who = {target.who!r} takes no select, count, power, state or others"
    if target.select == "all" and target.count != 1:
        return f"{kind}: count means nothing with select = 'all'"
    if target.select == "each_team" and target.who not in ("rivals", "all"):
        return f"{kind}: select = 'each_team' needs who = 'rivals' or 'all'"
    if target.nearest and (target.select != "each_team" or isinstance(step, BringBack) or target.nearest < 0):
        return f"{kind}: nearest = n needs select = 'each_team' on the table (n at least 1)"
    if target.others and not source.has_self:
        return f"{kind}: others = true needs a source character"
    if isinstance(step, Stun | TurnAround) and target.state == "stunned":
        return f"{kind} only affects active characters"
    if isinstance(step, Revive) and target.state == "active":
        return "revive only affects stunned characters"
    if isinstance(step, BringBack):
        if target.who not in ("own", "all", "trigger") or target.state != "any" or target.others:
            return "bring_back takes who = 'own', 'all' (each_team) or 'trigger', and no state/others"
        if target.who == "all" and target.select != "each_team":
            return "bring_back with who = 'all' needs select = 'each_team' (each player their own pile)"
        if target.who == "trigger" and source.trigger is not None and source.trigger.on != "ally_defeated":
            return "bring_back of the trigger character needs the ally_defeated trigger"
    if isinstance(step, FreeSmash):
        if source.is_story or not source.has_self or source.timing != "action":
            return "free_smash needs an acting source character (an action power or action Super)"
        if (target.who, target.select, target.count) != ("rivals", "choose", 1):
            return "free_smash targets one rival character chosen by the player"
    return None


def _check_steps(steps: tuple[Effect, ...], source: _Source) -> str | None:
    if not steps:
        return f"{source.label} needs at least one effect"
    for index, step in enumerate(steps):
        if isinstance(step, Cancel):
            if source.trigger is None or source.trigger.on not in CANCELLABLE:
                return "cancel needs a react trigger on an attack, a Story, a Super or a power"
            if index != 0:
                return "cancel must be the first step"
            continue
        if isinstance(step, TurnAround):
            if not step.modifiers:
                return "turn_around needs at least one modifier"
            for mod in step.modifiers:
                if problem := _check_modifier(mod, turned=True):
                    return f"turn_around: {problem}"
        if isinstance(step, Stun | Revive | Defeat | BringBack | FreeSmash | Safe | TurnAround):
            if source.is_story and step.target.who in ("self", "trigger"):
                return f"{effect_kind(step)}: a Story has no character of its own"
            if problem := _check_target(step, source):
                return problem
    return None


def _check_trigger(trigger: Trigger, is_power: bool, needs_character: bool) -> str | None:
    if trigger.on not in CHARACTER_TRIGGERS and trigger.ally != "any":
        return f"trigger {trigger.on!r} takes no ally qualifier"
    if is_power and trigger.on in ("ally_stunned", "ally_defeated") and trigger.ally != "other":
        return f"a react power on {trigger.on!r} needs ally = 'other' (its own character has no power then)"
    if not is_power and needs_character and trigger.on == "ally_defeated" and trigger.ally != "other":
        return "a react Super on 'ally_defeated' needs ally = 'other' (its character must be on the team)"
    return None


def _check_power(power: Power) -> str | None:
    if power.timing == "passive":
        if power.effects or power.trigger is not None or not power.modifiers:
            return "a passive power has modifiers only (no effects, no trigger)"
        for mod in power.modifiers:
            if problem := _check_modifier(mod, turned=False):
                return problem
        return None
    if power.modifiers:
        return f"an {power.timing} power has effects, not modifiers"
    if (power.timing == "react") != (power.trigger is not None):
        return "a react power needs a trigger, and only a react power has one"
    if power.trigger is not None and (problem := _check_trigger(power.trigger, True, True)):
        return problem
    source = _Source(f"power {power.name!r}", True, "react" if power.trigger else "action", power.trigger)
    return _check_steps(power.effects, source)


def _check_super(card: Super, characters: Mapping[str, Character]) -> str | None:
    owner = characters.get(card.character)
    if owner is None:
        return f"names a missing character {card.character!r}"
    if owner.deck != card.deck:
        return f"its character {card.character!r} is in deck {owner.deck!r}, not {card.deck!r}"
    if (card.timing == "react") != (card.trigger is not None):
        return "a react Super needs a trigger, and only a react Super has one"
    if card.trigger is not None and card.trigger.on == "ally_attacked":
        return "a Super cannot react to an attack: only Smash and Team-Up cards are played in a Smash Battle"
    if card.trigger is not None and (problem := _check_trigger(card.trigger, False, card.needs_character)):
        return problem
    source = _Source("this Super", card.needs_character, card.timing, card.trigger)
    return _check_steps(card.effects, source)


def expand(cards: tuple[Smash, ...] | tuple[TeamUp, ...], found: dict[str, Card], name: str) -> None:
    """Add plain cards to `found`, one per copy (ids `<id>-1` ... `<id>-n` when there are several)."""
    for card in cards:
        ids = [card.id] if card.copies == 1 else [f"{card.id}-{n}" for n in range(1, card.copies + 1)]
        for card_id in ids:
            if card_id in found:
                raise CardDataError(f"{name}: card {card_id!r}: duplicate id")
            found[card_id] = msgspec.structs.replace(card, id=card_id, copies=1)


def check_decks(decks: Mapping[str, DeckInfo], by_id: Mapping[str, Card], name: str) -> None:
    """Check the decks of a loaded set: their number, each one's shape, Supers and power timings, and
    that no two named cards share a name; raise `CardDataError` naming the file (`name`) and the fault."""
    if len(decks) != DECK_COUNT:
        raise CardDataError(f"{name}: expected {DECK_COUNT} decks, found {len(decks)}")
    for card_id, card in by_id.items():
        if card.deck not in decks:
            raise CardDataError(f"{name}: card {card_id!r}: unknown deck {card.deck!r}")
    for deck_id in decks:
        members = {cid: c for cid, c in by_id.items() if c.deck == deck_id}
        for kind, wanted in DECK_SHAPE.items():
            found = sum(1 for c in members.values() if c.kind == kind)
            if found != wanted:
                raise CardDataError(f"{name}: deck {deck_id!r}: has {found} {kind} cards, needs {wanted}")
        characters = {cid: c for cid, c in members.items() if isinstance(c, Character)}
        supered = {c.character for c in members.values() if isinstance(c, Super)}
        for char_id in characters:
            if char_id not in supered:
                raise CardDataError(f"{name}: card {char_id!r}: no Super in deck {deck_id!r} matches it")
        timings = {c.power.timing for c in characters.values()}
        if timings != set(TIMINGS):
            raise CardDataError(f"{name}: deck {deck_id!r}: needs action, passive and react powers")
    names: dict[str, str] = {}
    for card_id, card in by_id.items():
        if isinstance(card, Smash | TeamUp):
            continue
        if card.name in names:
            raise CardDataError(
                f"{name}: card {card_id!r}: name {card.name!r} already used by {names[card.name]!r}"
            )
        names[card.name] = card_id


def check_card(item: Card, characters: Mapping[str, Character]) -> str | None:
    """The problem with one card (`characters`: every character of the set), or None."""
    if isinstance(item, Character):
        problem = _check_power(item.power)
        if problem is None and len(item.text) > MAX_TEXT:
            problem = f"power name and text together exceed {MAX_TEXT} characters"
        return problem
    if isinstance(item, Super):
        return _check_super(item, characters)
    if isinstance(item, Story):
        return _check_steps(item.effects, _Source("a Story", False, "action", is_story=True))
    return None
