"""The chance of winning a Smash Battle, for the AI (rulebook section 4: the last card wins).

A battle is a race: each counter is replaced by a draw, so a side keeps answering while its draws
bring Smash cards. `win_chance` runs that race exactly over card counts (memoised), with the
unseen side's hand spread over what it may hold: each card of an unseen hand is a Smash with
chance `smash_share`, a Team-Up with chance `teamup_share`. A side without a Smash to answer a
Smash plays a Team-Up if it can; a Team-Up is answered by a Team-Up only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

MAX_SMASH = 6  # counts above this change the odds very little
MAX_TEAMUP = 2
DEPTH = 12  # cards played before the race is called even


@dataclass(frozen=True)
class Side:
    """What one fighter's player holds or may hold: known counts, or an unseen hand's shares."""

    smash: int  # Smash cards in hand (known hand), or the hand size (unseen hand)
    teamup: int
    can_teamup: bool
    smash_share: float  # chance that a card drawn (or unseen) is a Smash card
    teamup_share: float
    unseen: bool = False


def _spread(side: Side) -> list[tuple[float, int, int]]:
    """(chance, Smash cards, Team-Up cards) over what a side may hold."""
    if not side.unseen:
        return [(1.0, min(side.smash, MAX_SMASH), min(side.teamup, MAX_TEAMUP))]
    size = side.smash
    p_s, p_t = side.smash_share, side.teamup_share
    p_o = max(0.0, 1.0 - p_s - p_t)
    found = []
    for s in range(size + 1):
        for t in range(size - s + 1):
            chance = comb(size, s) * comb(size - s, t) * p_s**s * p_t**t * p_o ** (size - s - t)
            if chance > 1e-4:
                found.append((chance, min(s, MAX_SMASH), min(t, MAX_TEAMUP)))
    return found


def _drawn(side: Side) -> list[tuple[float, int, int]]:
    """A known hand after its player draws one card (the replacement of the attack card)."""
    s, t = min(side.smash, MAX_SMASH), min(side.teamup, MAX_TEAMUP)
    p_o = max(0.0, 1.0 - side.smash_share - side.teamup_share)
    return [
        (side.smash_share, min(s + 1, MAX_SMASH), t),
        (side.teamup_share, s, min(t + 1, MAX_TEAMUP)),
        (p_o, s, t),
    ]


def win_chance(attacker: Side, defender: Side, strength: str, draws: bool = True) -> float:
    """The chance the attacker wins a battle it opens with a `strength` card; `attacker` holds
    what is left after that card, and `draws` its replacement (not for a free smash)."""
    total = 0.0
    for p_a, s_a, t_a in _drawn(attacker) if draws else _spread(attacker):
        for p_d, s_d, t_d in _spread(defender):
            total += (
                p_a
                * p_d
                * _race(
                    False,
                    strength == "teamup",
                    (
                        s_a,
                        t_a,
                        attacker.can_teamup,
                        _round(attacker.smash_share),
                        _round(attacker.teamup_share),
                    ),
                    (
                        s_d,
                        t_d,
                        defender.can_teamup,
                        _round(defender.smash_share),
                        _round(defender.teamup_share),
                    ),
                    DEPTH,
                )
            )
    return total


def _round(share: float) -> float:
    """Shares rounded to 1/20, so the memo stays small."""
    return round(share * 20) / 20


Hand = tuple[int, int, bool, float, float]  # Smash, Team-Up, may Team-Up, Smash share, Team-Up share


@cache
def _race(attacker_moves: bool, big: bool, attacker: Hand, defender: Hand, depth: int) -> float:
    """The attacker's chance to win when one side must answer the last card (`big`: a Team-Up)."""
    if depth == 0:
        return 0.5
    mover = attacker if attacker_moves else defender
    smash, teamup, can, p_s, p_t = mover
    if not big and smash > 0:
        played = (smash - 1, teamup, can, p_s, p_t)
        next_big = False
    elif teamup > 0 and can:
        played = (smash, teamup - 1, can, p_s, p_t)
        next_big = True
    else:
        return 0.0 if attacker_moves else 1.0
    chance = 0.0
    for share, after in (
        (p_s, (min(played[0] + 1, MAX_SMASH), *played[1:])),
        (p_t, (played[0], min(played[1] + 1, MAX_TEAMUP), *played[2:])),
        (max(0.0, 1.0 - p_s - p_t), played),
    ):
        if share <= 0:
            continue
        hands = (after, defender) if attacker_moves else (attacker, after)
        chance += share * _race(not attacker_moves, next_big, hands[0], hands[1], depth - 1)
    return chance
