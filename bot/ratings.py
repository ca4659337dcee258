"""Ratings: openskill's Plackett-Luce model (2..8 players, ties, teams) and how ratings are shown.

Pure functions; the storage calls them inside the transaction that records a result, so two
games finishing at once can never lose an update.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40


class Skill(msgspec.Struct, frozen=True):
    """One player's rating in one game and scope."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate used for ranking: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The friendly number players see (a new player shows 1000)."""
        return shown(self.ordinal)


def shown(ordinal: float) -> int:
    """A rating's ordinal on the friendly scale players see."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """New skills after a game: sides in any order, ranks 1 = best, equal ranks tie."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [[Skill(r.mu, r.sigma) for r in side] for side in rated]
