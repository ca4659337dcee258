"""Alt text: the table and the hand panel in words, most important first, within Discord's limit."""

from __future__ import annotations

from engines.core.words import possessive
from renderers.kit.encode import MAX_ALT_TEXT
from renderers.kit.views import View, plural, sentences_within
from renderers.punchfighter.hand import asked, me, ready_cards
from renderers.punchfighter.read import Player, Table, read
from renderers.punchfighter.words import (
    band_name,
    chain_text,
    claimed_text,
    health_text,
    minion_text,
    mode_text,
    offer_counts,
    pad_text,
    stars_text,
    turn_text,
    waiting_text,
    where_text,
)


def _head(table: Table, what: str) -> str:
    rounds = f", round {table.rounds}" if table.rounds else ""
    return f"Super Punch Fighter {what}, {mode_text(table)}{rounds}: {turn_text(table)}"


def _marked(table: Table) -> str:
    return f"Marked spaces: {', '.join(table.marked)}" if table.marked else ""


def _player(table: Table, player: Player, pad: bool = True) -> str:
    if not player.chosen:
        return f"{player.name} (no fighter yet)"
    stars = stars_text(table, player).replace("★ ", "")
    health = f"{health_text(player)} health, {band_name(player)}"
    buttons = f", pad: {pad_text(player)}" if pad else ""
    return (
        f"{player.name} ({player.fighter_name} {where_text(table, player)}, {health}, {stars} stars, "
        f"hand {player.hand}, deck {player.deck}{buttons})"
    )


def table_alt(view: View) -> str:
    table = read(view)
    parts = [_head(table, "table"), waiting_text(table), _marked(table)]
    if table.deck_out and not table.finished:
        parts.append("The button deck ran out: the game ends when the first player's turn comes")
    parts.append(
        "Players: " + "; ".join(_player(table, p) for p in table.players) if table.players else "No players"
    )
    if table.chain and not table.finished:
        parts.append(f"Open chain: {chain_text(table)}")
    offer = ", ".join(f"{b.name} ({b.letter}: {b.text})" for b in table.offer)
    parts.append(f"Button offer: {offer or 'empty'}; {offer_counts(table).lower()}")
    if table.rush:
        parts.append(minion_text(table))
    elif table.achievements:
        parts.append(
            "Achievements: "
            + "; ".join(
                f"{a.name}, {a.text} ({claimed_text(table, a.claimed_by)})" for a in table.achievements
            )
        )
    if table.log:
        parts.append(f"Last: {table.log[-1]}")
    return sentences_within(parts, MAX_ALT_TEXT)


def hand_alt(view: View) -> str:
    table = read(view)
    player = me(table)
    who = f"{possessive(player.name)} hand" if player else "A hand panel"
    _, words = asked(table)
    parts = [_head(table, who), words, _marked(table)]
    if player is not None:
        parts.append(f"Fighter: {_player(table, player, pad=False)}")
    ready = ready_cards(table)
    cards = [
        f"{c.name} ({c.cost or 'defence'}: {c.effect}{', playable now' if c.id in ready else ''})"
        for c in table.hand
    ]
    parts.append(
        f"Hand ({plural(len(cards), 'card')}): " + "; ".join(cards) if cards else "No fighter cards in hand"
    )
    if player is not None:
        pad = [f"{b.letter} {b.name}: {b.text}" + (" (pushed)" if b.pushed else "") for b in player.pad]
        parts.append("Pad: " + "; ".join(pad) if pad else "Pad: no buttons")
    if table.chain and not table.finished:
        parts.append(f"Open chain: {chain_text(table)}")
    return sentences_within(parts, MAX_ALT_TEXT)
