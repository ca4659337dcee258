"""Which moves may be taken back (engines.core.takeback): none that drew from or changed a
face-down pile (the button deck and each fighter deck)."""

from __future__ import annotations

from collections.abc import Sized

from engines.core.takeback import pile_rule
from engines.punchfighter.state import PunchState


def hidden_piles(state: PunchState) -> list[Sized]:
    """The face-down piles whose size a move that may be taken back leaves alone."""
    return [state.button_deck, *(player.deck for player in state.players)]


can_take_back = pile_rule(hidden_piles)
