"""Letopsulle's words: card texts generated from the card data, ability names, the status line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.words import counted, possessive
from engines.letopsulle.schema import Ability, Card, Character, GameObject, PlotTwist

if TYPE_CHECKING:
    from engines.letopsulle.state import LetoState

ABILITY_RULES: dict[str, str] = {
    "defense": "defend with +X",
    "fighting": "+X to an attack or to a defence",
    "intelligence": "first, look at X cards on top of a draw pile",
    "money": "first, a hero draws up to X cards; a villain makes a hand lose X",
    "power": "discard an opponent's object worth up to X (a plot twist: 2)",
    "speed": "attack X foes (-1 for each after the first), or defend with +X/2",
    "strength": "+X to an attack, then stay braced at +X/2",
}


def top_cards(number: int) -> str:
    """ "top card", "top 3 cards"."""
    return "top card" if number == 1 else f"top {counted(number, 'card')}"


def ability_name(ability: str) -> str:
    """ "fighting" -> "Fighting"."""
    return ability.capitalize()


def abilities_text(abilities: dict[Ability, int]) -> str:
    """ "Fighting 2 · Money 1"."""
    return " · ".join(f"{ability_name(ability)} {value}" for ability, value in abilities.items())


def _needs(needs: tuple[str, ...]) -> str:
    return " or ".join(ability_name(ability) for ability in needs)


def object_text(card: GameObject) -> str:
    """What an object does, from its data."""
    need = f" Needs {_needs(card.needs)}." if card.needs else ""
    if card.kind == "boost":
        totals = " or ".join("attack" if stance == "attack" else "defence" for stance in card.stances)
        text = f"Attach: +{card.value} to {totals}."
    elif card.kind == "heal":
        text = f"Use at once: take {card.value} damage off each of your heroes in play."
    elif card.kind == "draw":
        text = f"Use at once: draw {card.value + 1} cards."
    elif card.kind == "focus":
        text = f"Attach: +{card.value} to the X of every ability its card uses."
    elif card.kind == "trap":
        text = f"Attach: the first time its card is attacked, +{card.value} to its defence; then discard it."
    else:
        text = f"Attach: +{card.value} to its card's next attack; then discard it."
    return text + need


def twist_text(card: PlotTwist) -> str:
    """What a plot twist does while it is in play."""
    if card.rule == "immune":
        return f"Heroes cannot use {ability_name(card.ability or '')} while this is in play."
    if card.rule == "surprise":
        return f"Every attacking villain gets +{card.value}."
    if card.rule == "gang_up":
        return f"A villain gets +{card.value} for each other active villain of its deck (at most +3)."
    return f"Every villain defends with +{card.value}, sideways or not."


def card_text(card: Card) -> str:
    """The rules text of any card (characters: their abilities and special rule)."""
    if isinstance(card, Character):
        special = " May use any object." if card.special == "any_object" else ""
        return abilities_text(card.abilities) + "." + special
    if isinstance(card, GameObject):
        return object_text(card)
    return twist_text(card)


def status_line(state: LetoState) -> str:
    """Whose phase it is, or who won, in a few words (the whole result is in the log)."""
    if state.phase == "over":
        return f"{state.names[state.winner]} wins" if state.winner >= 0 else "The villains win. Bwa ha ha!"
    name = state.names[state.turn]
    phase = "hero turn" if state.phase == "hero" else "villain turn"
    return f"Round {state.round}: {possessive(name)} {phase}"
