"""The Minion Rush leaderboard: the rank a solo or co-op score earns (rulebook, Ending the Game
in Minion Rush Mode)."""

from __future__ import annotations

RANKS: tuple[tuple[str, int, int], ...] = (
    ("Grand Champion", 12, 20),
    ("Champion", 11, 17),
    ("Ranked", 10, 15),
    ("Pro", 9, 13),
    ("Semi-Pro", 7, 11),
    ("Amateur", 0, 0),
)
"""(rank, fewest stars for it with 1 player, with 2 players), best first."""


def rank(stars: int, players: int) -> str:
    """The rank for a star total (stars added together with 2 players)."""
    for name, solo, duo in RANKS:
        if stars >= (solo if players == 1 else duo):
            return name
    return RANKS[-1][0]
