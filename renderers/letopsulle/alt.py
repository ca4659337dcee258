"""Alt text: the table and the hand panel in words, most important first, within Discord's limit."""

from __future__ import annotations

from engines.core.words import possessive
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.views import View, plural, sentences_within
from renderers.letopsulle.hand import asked, me, team_text
from renderers.letopsulle.read import Card, Player, Table, read
from renderers.letopsulle.words import (
    abilities_text,
    goal_text,
    kind_text,
    mode_text,
    option_texts,
    plot_text,
    slot_text,
    slots_text,
    waiting_text,
    winner_text,
)


def _head(table: Table, what: str) -> str:
    options = option_texts(table)
    extra = f" ({', '.join(options)})" if options else ""
    status = table.status or winner_text(table)
    rounds = f", round {table.round}" if table.round and "Round" not in status else ""
    return f"Letopsulle {what}, {mode_text(table)}{extra}{rounds}: {status}"


def points_text(table: Table, player: Player) -> str:
    """ "12 of 30 points and 3 of 10 villains"."""
    points = f"{player.points} of {table.goal_points}" if table.goal_points else str(player.points)
    cards = f"{player.claimed} of {table.goal_cards}" if table.goal_cards else str(player.claimed)
    return f"{points} points and {cards} villains"


def active_text(player: Player) -> str:
    """ "active Night (6, 2 damage) with +2 Weapon", "knocked out" or "no active hero"."""
    if player.knocked_out:
        return "knocked out"
    return f"active {slots_text(player.active)}" if player.active else "no active hero"


def villains_text(player: Player) -> str:
    """ "villains Zeus (9) with +1 Weapon; +2 Armor waiting"."""
    parts = [slot_text(v) for v in player.villains] or ["none"]
    waiting = waiting_text(player)
    return "villains " + "; ".join(parts) + (f"; {waiting}" if waiting else "")


def _summary(table: Table, player: Player) -> str:
    return f"{player.name}, {points_text(table, player)}, {active_text(player)}"


def _details(player: Player) -> str:
    reserve = f"reserve {slots_text(player.reserve)}" if player.reserve else "no reserve"
    claimed = f"claimed {', '.join(player.claimed_names)}" if player.claimed_names else "nothing claimed"
    return f"{player.name}: {reserve}; {villains_text(player)}; {claimed}"


def table_alt(view: View) -> str:
    table = read(view)
    parts = [_head(table, "table"), goal_text(table)]
    over = winner_text(table)
    if over and over not in parts[0]:
        parts.append(over)
    parts.append(plot_text(table))
    if table.players:
        parts.append("Players: " + "; ".join(_summary(table, p) for p in table.players))
    else:
        parts.append("No players")
    if table.battle:
        parts.append("Last battle: " + " ".join(table.battle))
    parts += [_details(p) for p in table.players]
    return sentences_within(parts, MAX_ALT_TEXT)


def card_text(card: Card) -> str:
    """ "Night (hero, base 6: Fighting 2 · Intelligence 1.)"; objects and twists give their text."""
    number = f"base {card.base}: " if card.character else ""
    text = card.text or abilities_text(card)
    return f"{card.name} ({kind_text(card).lower()}, {number}{text})"


def hand_alt(view: View) -> str:
    table = read(view)
    player = me(table)
    who = f"{possessive(player.name)} hand" if player else "A hand panel"
    _, words = asked(table)
    parts = [_head(table, who), words]
    if player is not None:
        parts.append(f"Your team: {points_text(table, player)}; {team_text(player)}")
    cards = [card_text(card) for card in table.hand]
    parts.append(f"Hand ({plural(len(cards), 'card')}): " + "; ".join(cards) if cards else "No cards in hand")
    if table.peek:
        where = table.peek_of or "a pile"
        parts.append(
            f"Intelligence shows the top of {where}, top first: "
            + "; ".join(card_text(c) for c in table.peek)
        )
    parts.append(plot_text(table))
    return sentences_within(parts, MAX_ALT_TEXT)
