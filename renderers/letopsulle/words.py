"""Phrases the Letopsulle images and their alt text share."""

from __future__ import annotations

import math

from engines.letopsulle.house_rules import HOUSE_RULES
from engines.letopsulle.words import ABILITY_RULES
from renderers.kit.views import humanize, join_names, plural
from renderers.letopsulle.look import KINDS
from renderers.letopsulle.read import Card, Player, Slot, Table

MODE_NAMES = {"solitaire": "Solitaire", "multiplayer": "Multiplayer"}
OPTION_NAMES = {
    "two_active": "Two active",
    "tag_teams": "Tag teams",
    "long_game": "Long game",
}
HOUSE_RULE_IDS = frozenset(option.id for option in HOUSE_RULES)
"""Named on the image by the shared house-rules strip (renderers.kit.house_rules), not here."""
KIND_NAMES = {kind: look.word for kind, look in KINDS.items()}


def mode_text(table: Table) -> str:
    """ "Solitaire", "Standard", or the mode id in words."""
    return MODE_NAMES.get(table.mode, humanize(table.mode).capitalize() or "Multiplayer")


def option_texts(table: Table) -> list[str]:
    """The optional rules of the rulebook that are on, in words (house rules are not among them)."""
    return [
        OPTION_NAMES.get(key, humanize(key).capitalize())
        for key, value in table.options
        if value == "on" and key not in HOUSE_RULE_IDS
    ]


def goal_text(table: Table) -> str:
    """ "Goal: 30 points or 10 villains"."""
    if not table.goal_points and not table.goal_cards:
        return ""
    return f"Goal: {table.goal_points} points or {plural(table.goal_cards, 'villain')}"


def score_text(table: Table, player: Player) -> str:
    """ "12/30 pts · 3/10 villains"."""
    points = f"{player.points}/{table.goal_points}" if table.goal_points else str(player.points)
    count = f"{player.claimed}/{table.goal_cards}" if table.goal_cards else str(player.claimed)
    return f"{points} pts · {count} villains"


def short_score(table: Table, player: Player) -> str:
    """ "12/30 · 3/10" (points, then villains)."""
    return score_text(table, player).replace(" pts", "").replace(" villains", "")


def fighter_text(card: Card, damage: int) -> str:
    """ "Night (6, 2 damage)"."""
    hurt = f", {damage} damage" if damage else ""
    return f"{card.name} ({card.base}{hurt})"


def stance_text(slot: Slot) -> str:
    """ "defending +3" ("defending" when the bonus is 0); "" when upright."""
    if not slot.defending:
        return ""
    return f"defending +{slot.guard}" if slot.guard else "defending"


def slot_text(slot: Slot) -> str:
    """ "Night (6, 2 damage) with +2 Weapon, defending +1"; a tag team joins its heroes with "&"."""
    text = " & ".join(fighter_text(f.card, f.damage) for f in slot.fighters)
    if slot.tag_team:
        text = f"tag team {text}"
    if slot.item:
        text += f" with {slot.item.name}"
    stance = stance_text(slot)
    return f"{text}, {stance}" if stance else text


def slots_text(slots: tuple[Slot, ...]) -> str:
    return "; ".join(slot_text(slot) for slot in slots)


def winner_text(table: Table) -> str:
    """Who won, in words ("" while the game goes on)."""
    if not table.finished:
        return ""
    if table.winner is not None and table.winner < 0:
        return "The villains win"
    player = table.player(table.winner)
    return f"{player.name} wins" if player else "Game over"


def turn_tag(table: Table, player: Player) -> str:
    """The tag on a player's plate: WINNER, HERO TURN, VILLAIN TURN or ""."""
    if table.finished:
        return "WINNER" if table.winner == player.index else ""
    if table.turn != player.index:
        return ""
    return "VILLAIN TURN" if table.phase == "villain" else "HERO TURN"


def claimed_text(player: Player, shown: int | None = None) -> str:
    """ "Claimed: Zeus, Clubs" (the first `shown` names, then "+2 more") or "No villains claimed"."""
    names = player.claimed_names
    if not names:
        return "No villains claimed"
    if shown is not None and shown < len(names):
        return f"Claimed: {', '.join(names[:shown])}, +{len(names) - shown} more"
    return f"Claimed: {', '.join(names)}"


def piles_text(player: Player) -> str:
    """ "hand 4, hero deck 20, villain deck 18"."""
    return f"hand {player.hand}, hero deck {player.hero_pile}, villain deck {player.villain_pile}"


def waiting_text(player: Player) -> str:
    """ "+2 Armor waiting" ("" when none)."""
    return f"{join_names([c.name for c in player.waiting])} waiting" if player.waiting else ""


def plot_text(table: Table) -> str:
    """ "Plot twist Surprise: Every attacking villain gets +2." (or "No plot twist in play")."""
    if table.plot is None:
        return "No plot twist in play"
    return f"Plot twist {table.plot.name}: {table.plot.text}"


def kind_text(card: Card) -> str:
    """ "Hero", "Villain object", "Plot twist"."""
    return KIND_NAMES.get(card.kind, humanize(card.kind).capitalize() or "Card")


def abilities_text(card: Card) -> str:
    """ "Fighting 2 · Money 1"."""
    return " · ".join(f"{name.capitalize()} {value}" for name, value in card.abilities)


SHORT_ABILITIES = {
    "intelligence": "Int",
    "speed": "Spd",
    "strength": "Str",
    "fighting": "Fight",
    "defense": "Def",
}


def abilities_tight(card: Card) -> str:
    """ "Str1 · Fig1 · Def1 · Mon3" (for the narrowest cards)."""
    return " · ".join(f"{name[:3].capitalize()}{value}" for name, value in card.abilities)


def abilities_short(card: Card) -> str:
    """ "Str 1 · Fight 1 · Def 1 · Money 3" (for a narrow card)."""
    return " · ".join(
        f"{SHORT_ABILITIES.get(name, name.capitalize())} {value}" for name, value in card.abilities
    )


def ability_rule(ability: str, value: int) -> str:
    """What an ability does at this X: "+2 to an attack or to a defence"."""
    rule = ABILITY_RULES.get(ability, "")
    rule = rule.replace("+X/2", f"+{math.ceil(value / 2)}").replace("X", str(value))
    return rule.replace(" 1 cards", " 1 card").replace(" 1 foes", " 1 foe")
