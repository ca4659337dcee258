"""Battles: both totals, the difference split between the two cards, damage, defeat and claims.

The higher total takes the smaller half of the difference, each card at least 1, and the higher
card's damage is capped at the lower card's base. A card is defeated when its damage counters
exceed its base. Every battle is narrated with its whole arithmetic (`state.last_battle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from engines.core.words import counted
from engines.letopsulle import content
from engines.letopsulle.cards_in_play import item_bonus, plot_bonus, slot_base, slot_name
from engines.letopsulle.state import LetoState, Slot, Villain


@dataclass
class Side:
    """One card in a battle and what its total is made of."""

    name: str
    base: int
    parts: list[tuple[str, int]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return max(0, self.base + sum(value for _, value in self.parts))

    def sum_text(self) -> str:
        """ "6 + 2 (+2 Weapon) + 2 (Fighting) = 10"."""
        terms = [str(self.base)] + [
            (f"+ {value}" if value >= 0 else f"- {-value}") + f" ({label})"
            for label, value in self.parts
            if value
        ]
        return f"{' '.join(terms)} = {self.total}"


def split(high: int, low: int, low_base: int) -> tuple[int, int, bool]:
    """Damage to the higher and the lower card for totals `high` >= `low`, and whether the cap cut it."""
    difference = high - low
    to_high = max(1, difference // 2)
    to_low = max(1, difference - difference // 2)
    capped = to_high > low_base
    return min(to_high, low_base), to_low, capped


def hero_side(state: LetoState, slot: Slot, stance: str) -> Side:
    """A hero slot's side: base, its object (when usable in this stance: attacking, or sideways)."""
    side = Side(slot_name(slot), slot_base(slot))
    sideways = slot.guard is not None
    if slot.item and (stance == "attack" or sideways or content.game_object(slot.item).kind == "trap"):
        side.parts.append((content.game_object(slot.item).name, item_bonus(slot.item, stance)))
    if stance == "defense" and sideways and slot.guard:
        side.parts.append(("defending", slot.guard))
    return side


def villain_side(state: LetoState, owner: int, villain: Villain, stance: str) -> Side:
    """A villain's side, with its object, its stance and the plot twist."""
    card = content.character(villain.card)
    side = Side(card.name, card.base)
    sideways = villain.guard is not None
    if villain.item and (stance == "attack" or sideways or content.game_object(villain.item).kind == "trap"):
        side.parts.append((content.game_object(villain.item).name, item_bonus(villain.item, stance)))
    if stance == "defense" and sideways and villain.guard:
        side.parts.append(("defending", villain.guard))
    bonus, twist = plot_bonus(state, owner, attacking=stance == "attack")
    if bonus:
        side.parts.append((twist, bonus))
    return side


def _spend(item: str, stance: str) -> bool:
    """Whether a one-shot object is used up by this battle (a bomb attacking, a trap defending)."""
    if not item:
        return False
    kind = content.game_object(item).kind
    return (kind == "bomb" and stance == "attack") or (kind == "trap" and stance == "defense")


def _hurt_slot(slot: Slot, damage: int) -> None:
    """Damage counters on a hero slot: a tag team's lower card first, until it is taken to zero
    (damage equal to its base), the rest on its partner."""
    heroes = sorted(slot.heroes, key=lambda hero: content.character(hero.card).base)
    for hero in heroes:
        if damage <= 0:
            break
        room = content.character(hero.card).base - hero.damage
        taken = damage if hero is heroes[-1] else min(damage, room)
        hero.damage += taken
        damage -= taken


def _clear_heroes(state: LetoState, seat: int, slot: Slot) -> list[str]:
    """Defeated heroes of a slot go to the discard pile (the slot's object too when it empties).
    A lone hero falls with damage above its base; in a tag team the card taken to zero (damage
    equal to its base) is discarded too."""
    team = state.teams[seat]
    line = 1 if len(slot.heroes) > 1 else 0
    fallen = [hero for hero in slot.heroes if hero.damage + line > content.character(hero.card).base]
    for hero in fallen:
        slot.heroes.remove(hero)
        team.hero_discard.append(hero.card)
    if not slot.heroes:
        if slot.item:
            team.hero_discard.append(slot.item)
        for row in (team.active, team.reserve):
            if slot in row:
                row.remove(slot)
    return [content.character(hero.card).name for hero in fallen]


@dataclass
class Reckoning:
    """A battle worked out: both sides and the damage each card takes."""

    hero: Side
    villain: Side
    to_hero: int
    to_villain: int
    capped: bool


class Clash(NamedTuple):
    """Who meets whom: a hero slot and a villain of `owner`, which side attacks, and what the
    attacker adds (an ability, a later Speed target's penalty)."""

    slot: Slot
    owner: int
    villain: Villain
    hero_attacks: bool
    bonus: list[tuple[str, int]]


def reckon(state: LetoState, clash: Clash) -> Reckoning:
    """Both totals and the split, changing nothing (`bonus` adds to the attacker)."""
    slot, hero_attacks = clash.slot, clash.hero_attacks
    hero = hero_side(state, slot, "attack" if hero_attacks else "defense")
    bad = villain_side(state, clash.owner, clash.villain, "defense" if hero_attacks else "attack")
    (hero if hero_attacks else bad).parts.extend(clash.bonus)
    high, low = (hero, bad) if hero.total >= bad.total else (bad, hero)
    to_high, to_low, capped = split(high.total, low.total, low.base)
    if high is hero:
        return Reckoning(hero, bad, to_high, to_low, capped)
    return Reckoning(hero, bad, to_low, to_high, capped)


def preview(state: LetoState, clash: Clash) -> str:
    """What a battle would do, for a target menu: "10 vs 6: Rage takes 2 (defeated), you take 2"."""
    found = reckon(state, clash)
    slot, villain, hero_attacks = clash.slot, clash.villain, clash.hero_attacks
    card = content.character(villain.card)
    falls = villain.damage + found.to_villain > card.base
    hero_falls = (
        any(hero.damage + found.to_hero > content.character(hero.card).base for hero in slot.heroes[:1])
        and len(slot.heroes) == 1
    )
    ours, theirs = (found.hero, found.villain) if hero_attacks else (found.villain, found.hero)
    return (
        f"{ours.total} vs {theirs.total}: {card.name} takes {found.to_villain}"
        + ((" (claimed)" if hero_attacks else " (defeated)") if falls else "")
        + f", {found.hero.name} takes {found.to_hero}"
        + (" (defeated)" if hero_falls else "")
    )


def fight(state: LetoState, seat: int, clash: Clash) -> None:
    """One battle between a hero slot of `seat` and a villain; it is narrated in the log."""
    found = reckon(state, clash)
    slot, owner, villain, hero_attacks = clash.slot, clash.owner, clash.villain, clash.hero_attacks
    hero, bad, capped = found.hero, found.villain, found.capped
    attacker, defender = (hero, bad) if hero_attacks else (bad, hero)
    high, low = (hero, bad) if hero.total >= bad.total else (bad, hero)
    to_high, to_low = (found.to_hero, found.to_villain) if high is hero else (found.to_villain, found.to_hero)
    lines = [
        f"⚔️ {attacker.name} {'attack' if ' & ' in attacker.name else 'attacks'} {defender.name}: "
        f"{attacker.sum_text()} against {defender.sum_text()}.",
    ]
    if high.total == low.total:
        lines.append(f"A tie: each takes {to_low} damage.")
    else:
        cap = f" (capped at {low.name}'s base {low.base})" if capped else ""
        lines.append(
            f"Difference {high.total - low.total}: {high.name} takes {to_high}{cap}, "
            f"{low.name} takes {to_low}."
        )
    hero_damage, villain_damage = found.to_hero, found.to_villain
    for item, stance, holder in (
        (slot.item, "attack" if hero_attacks else "defense", "hero"),
        (villain.item, "defense" if hero_attacks else "attack", "villain"),
    ):
        if _spend(item, stance):
            if holder == "hero":
                state.teams[seat].hero_discard.append(item)
                slot.item = ""
            else:
                state.teams[owner].villain_discard.append(item)
                villain.item = ""
    _hurt_slot(slot, hero_damage)
    villain.damage += villain_damage
    villain.battled = True
    fallen = _clear_heroes(state, seat, slot)
    if fallen:
        lines.append(f"{' and '.join(fallen)} {'is' if len(fallen) == 1 else 'are'} defeated.")
    card = content.character(villain.card)
    if villain.damage > card.base:
        _defeat_villain(state, owner, villain, seat if hero_attacks else None, lines)
    state.last_battle = lines
    for line in lines:
        state.say(line)


def _defeat_villain(
    state: LetoState, owner: int, villain: Villain, claimer: int | None, lines: list[str]
) -> None:
    """A defeated villain leaves play: claimed by the attacking hero's player, or discarded."""
    team = state.teams[owner]
    team.villains.remove(villain)
    if villain.item:
        team.villain_discard.append(villain.item)
    card = content.character(villain.card)
    if claimer is None:
        team.villain_discard.append(villain.card)
        lines.append(f"{card.name} is defeated and discarded.")
        return
    state.teams[claimer].claimed.append(villain.card)
    lines.append(
        f"{card.name} is defeated: {state.names[claimer]} claims it ({counted(card.base, 'point')})."
    )
