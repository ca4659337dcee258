"""Helpers for Smash Masters engine tests: card accounting and the secrets of each seat."""

from __future__ import annotations

from collections import Counter

from engines.smashmasters.state import SmashState


def all_cards(state: SmashState) -> Counter[str]:
    """Every physical card in the game, wherever it lies (for conservation checks)."""
    cards: list[str] = []
    for player in state.players:
        cards += [space.char for space in player.team if space.char]
        cards += player.stack + player.aside + player.hand + player.deck + player.discard
        cards += player.defeated + player.playing
    if state.battle is not None:
        cards += [blow.card for blow in state.battle.blows if blow.card]
    return Counter(cards)


def secrets(state: SmashState) -> dict[int, list[str]]:
    """Hands, Character Stacks, face-down picks and set-aside characters belong to their seat;
    the order of every Deck belongs to nobody (-1)."""
    found: dict[int, list[str]] = {}
    for player in state.players:
        hidden = player.hand + player.stack + player.picks + player.aside
        found[player.seat] = [f'"{card}"' for card in hidden]
    found[-1] = [f'"{card}"' for player in state.players for card in player.deck]
    return found
