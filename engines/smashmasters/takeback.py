"""Which moves may be taken back (engines.core.takeback): none that drew from or changed a
face-down pile (each player's deck and face-down team picks)."""

from __future__ import annotations

from collections.abc import Sized

from engines.core.takeback import pile_rule
from engines.smashmasters.state import SmashState


def hidden_piles(state: SmashState) -> list[Sized]:
    """The face-down piles whose size a move that may be taken back leaves alone."""
    return [*(player.deck for player in state.players), *(player.picks for player in state.players)]


can_take_back = pile_rule(hidden_piles)
