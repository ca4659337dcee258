"""Which moves may be taken back (engines.core.takeback): none that drew from or changed a
face-down pile (each hero pile and villain pile)."""

from __future__ import annotations

from collections.abc import Sized

from engines.core.takeback import pile_rule
from engines.letopsulle.state import LetoState


def hidden_piles(state: LetoState) -> list[Sized]:
    """The face-down piles whose size a move that may be taken back leaves alone."""
    return [*(team.hero_pile for team in state.teams), *(team.villain_pile for team in state.teams)]


can_take_back = pile_rule(hidden_piles)
