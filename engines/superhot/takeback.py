"""Which moves may be taken back (engines.core.takeback): none that drew from or changed a
face-down pile (decks: the Obstacles Deck, the goal deck and each player's deck)."""

from __future__ import annotations

from collections.abc import Sized

from engines.core.takeback import pile_rule
from engines.superhot.state import SuperhotState


def hidden_piles(state: SuperhotState) -> list[Sized]:
    """The face-down piles whose size a move that may be taken back leaves alone."""
    return [state.deck, state.goal_deck, *(player.deck for player in state.players)]


can_take_back = pile_rule(hidden_piles)
