"""Reading the cards in play: bases, abilities, which objects a card can use, plot twist bonuses."""

from __future__ import annotations

from engines.letopsulle import content
from engines.letopsulle.schema import Character, GameObject
from engines.letopsulle.state import LetoState, Slot, Villain

GANG_CAP = 3


def slot_base(slot: Slot) -> int:
    """A slot's base: its hero's, or a tag team's two added."""
    return sum(content.character(hero.card).base for hero in slot.heroes)


def slot_name(slot: Slot) -> str:
    """ "Night", or "Kion & Chrome" for a tag team."""
    return " & ".join(content.character(hero.card).name for hero in slot.heroes)


def slot_abilities(slot: Slot) -> dict[str, int]:
    """Every ability the slot's heroes have (a tag team chooses from both; the higher X counts)."""
    found: dict[str, int] = {}
    for hero in slot.heroes:
        for ability, value in content.character(hero.card).abilities.items():
            found[ability] = max(found.get(ability, 0), value)
    return found


def can_use(card: Character, item: GameObject) -> bool:
    """Whether a character can use an object: it has one of the abilities the object needs."""
    return (
        card.special == "any_object" or not item.needs or any(need in card.abilities for need in item.needs)
    )


def slot_can_use(slot: Slot, item: GameObject) -> bool:
    """Only a lone hero holds objects (tag teams may not)."""
    return len(slot.heroes) == 1 and can_use(content.character(slot.heroes[0].card), item)


def item_bonus(item_id: str, stance: str) -> int:
    """What an attached object adds to an attack ("attack") or a defence ("defense") total."""
    if not item_id:
        return 0
    item = content.game_object(item_id)
    if item.kind == "boost" and stance in item.stances:
        return item.value
    if (item.kind == "bomb" and stance == "attack") or (item.kind == "trap" and stance == "defense"):
        return item.value
    return 0


def focus(item_id: str) -> int:
    """What a Research-like object adds to the X of the abilities its card uses."""
    return (
        content.game_object(item_id).value if item_id and content.game_object(item_id).kind == "focus" else 0
    )


def ability_x(abilities: dict[str, int], ability: str, item_id: str) -> int:
    """An ability's X for a card, with its focus object."""
    return abilities[ability] + focus(item_id) if ability in abilities else 0


def hero_may_use(state: LetoState, ability: str) -> bool:
    """Whether the plot twist in play leaves heroes this ability."""
    if not state.plot:
        return True
    plot = content.twist(state.plot)
    return not (plot.rule == "immune" and plot.ability == ability)


def villain_abilities(villain: Villain) -> dict[str, int]:
    """A villain's abilities and their X values."""
    return {str(ability): value for ability, value in content.character(villain.card).abilities.items()}


def plot_bonus(state: LetoState, owner: int, attacking: bool) -> tuple[int, str]:
    """What the plot twist adds to a villain's total in a battle, and its name ("" when nothing)."""
    if not state.plot:
        return 0, ""
    plot = content.twist(state.plot)
    if plot.rule == "surprise" and attacking:
        return plot.value, plot.name
    if plot.rule == "ambush" and not attacking:
        return plot.value, plot.name
    if plot.rule == "gang_up":
        others = len(state.teams[owner].villains) - 1
        bonus = min(GANG_CAP, max(0, others) * plot.value)
        return bonus, plot.name if bonus else ""
    return 0, ""
