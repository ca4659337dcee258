"""The physical content: the card deck, the power-up tokens and the race boards (rulings 1-4)."""

from __future__ import annotations

HAND_SIZE = 5
# One deck: 66 cards. Zeros are damage, so they are the scarce value (ruling 1).
DECK: dict[int, int] = {0: 6, 1: 12, 2: 12, 3: 12, 4: 12, 5: 12}
VALUES = tuple(DECK)
SHARED_FROM = 6  # from this many players on, neighbours share a Play Pile

# Power-up tokens "kind+value", with how many of each are in the supply bag (ruling 4).
TOKENS: dict[str, int] = {
    "booster1": 3,
    "booster2": 3,
    "booster3": 2,
    "tractor2": 3,
    "tractor3": 2,
    "blaster1": 3,
    "blaster2": 3,
    "repair1": 3,
    "repair2": 3,
}
KIND_LABELS = {"booster": "Booster", "tractor": "Tractor Beam", "blaster": "Blaster", "repair": "RepairBot"}
PHASE_KINDS = {"scoring": ("booster", "tractor"), "damage": ("blaster", "repair")}

# Race boards: finish line and repair stations (the start is not a station; ruling 3).
BOARDS: dict[str, tuple[int, tuple[int, ...]]] = {
    "short": (16, (4, 8, 12)),
    "standard": (24, (6, 12, 18)),
    "long": (32, (8, 16, 24)),
}
SPACES = (5, 4, 3, 2, 1)  # spaces for going out 1st, 2nd, ...; 5th and later get 1


def deck(copies: int) -> list[int]:
    """The unshuffled cards of `copies` decks."""
    return [value for value, count in DECK.items() for _ in range(count * copies)]


def token_bag() -> list[str]:
    """The unshuffled power-up supply."""
    return [token for token, count in TOKENS.items() for _ in range(count)]


def token_kind(token: str) -> str:
    """ "booster2" -> "booster"."""
    return token.rstrip("0123456789")


def token_value(token: str) -> int:
    """ "booster2" -> 2."""
    return int(token[len(token_kind(token)) :])


def token_label(token: str) -> str:
    """ "booster2" -> "Booster 2"."""
    return f"{KIND_LABELS[token_kind(token)]} {token_value(token)}"


def pile_owners(seats: int) -> list[list[int]]:
    """Who owns each Play Pile: two each for 2 players, shared by neighbours from 6 players on."""
    if seats == 2:
        return [[0], [0], [1], [1]]
    if seats < SHARED_FROM:
        return [[seat] for seat in range(seats)]
    return [list(range(start, min(start + 2, seats))) for start in range(0, seats, 2)]


def spaces_for(place: int) -> int:
    """Spaces moved for going out in `place` (0-based)."""
    return SPACES[min(place, len(SPACES) - 1)]


def fits(value: int, top: int) -> bool:
    """One higher or lower, wrapping 5 <-> 0."""
    return (value - top) % len(VALUES) in (1, len(VALUES) - 1)
