"""Helpers for Super Nova Smash! tests: card accounting and secrets."""

from __future__ import annotations

from collections import Counter

from engines.supernova import shockwave
from engines.supernova.state import NovaState


def all_cards(state: NovaState) -> Counter[str]:
    """Every card on the table, wherever it lies (for conservation checks)."""
    cards = [*state.aside, *(card.value for pile in state.piles for card in pile.cards)]
    for player in state.players:
        cards += player.hand + player.draw
    return Counter(str(value) for value in cards)


def secrets(state: NovaState) -> dict[int, list[str]]:
    """A hand belongs to its seat (its view lists it right after the seat number), and so does the
    puzzle on its console."""
    found: dict[int, list[str]] = {}
    for seat, player in enumerate(state.players):
        hand = ",".join(str(value) for value in player.hand)
        found[seat] = [f'"you":{seat},"hand":[{hand}]']
        puzzle = player.puzzle
        if puzzle is not None:
            shown, buttons = (
                ",".join(f'"{item}"' for item in items) for items in (puzzle.shown, puzzle.buttons)
            )
            found[seat].append(
                f'"prompt":"{shockwave.prompt(puzzle)}","shown":[{shown}],"progress":{puzzle.progress},'
                f'"buttons":[{buttons}]'
            )
    return found
