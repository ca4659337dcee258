"""Helpers for SUPERHOT engine tests: card accounting, secrets, and hand-built positions."""

from __future__ import annotations

from collections import Counter

from engines.superhot.state import SuperhotState


def all_cards(state: SuperhotState) -> Counter[str]:
    """Every physical card on the table, wherever it lies (for conservation checks)."""
    cards: list[str] = [slot.card for slot in state.line if slot is not None]
    cards += state.deck + state.discard + state.bullets + state.goal_deck + [g.card for g in state.goals]
    for player in state.players:
        cards += player.hand + player.deck + player.discard
    cards += state.turn.used + state.turn.new
    if state.target is not None:
        cards += [pick.card for pick in state.target.picks if pick.source != "echo"]
    if state.aid is not None:
        cards.append(state.aid)
    if state.system_turn is not None:
        cards += state.system_turn.cards
    return Counter(cards)


def secrets(state: SuperhotState) -> dict[int, list[str]]:
    """Hand cards belong to their seat; the order of hidden decks belongs to nobody (-1)."""
    found: dict[int, list[str]] = {
        player.seat: [f'"{card}"' for card in player.hand] for player in state.players
    }
    hidden = state.deck[1:] + state.goal_deck
    for player in state.players:
        hidden += player.deck
    found[-1] = [f'"{card}"' for card in hidden]
    return found
