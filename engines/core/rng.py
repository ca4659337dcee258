"""A deterministic PRNG whose whole state is one integer (splitmix64)."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """A PRNG state from any integer seed."""
    return seed & _MASK


class Rng:
    """splitmix64 over an integer state; read `state` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """The next 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)
