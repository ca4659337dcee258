"""The Engine protocol every game implements (DESIGN.md section 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from engines.core.types import Decision, Event, GameMeta, GameState, Outcome, Seat

S = TypeVar("S", bound=GameState)


@runtime_checkable
class Engine(Protocol[S]):
    """Pure rules of one game. Engines never read the clock and never import discord."""

    meta: GameMeta

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> S:
        """A fresh game; all randomness derives from seed."""
        ...

    def decisions(self, state: S) -> list[Decision]:
        """Every open decision, for every seat; [] when the game is over."""
        ...

    def apply(self, state: S, seat: int, key: str, choice: Sequence[str], now: float = 0.0) -> list[Event]:
        """Apply one choice or raise IllegalChoice, leaving the state untouched."""
        ...

    def tick(self, state: S, now: float) -> list[Event]:
        """Time-driven changes; [] for turn-based games."""
        ...

    def next_deadline(self, state: S) -> float | None:
        """When tick() must run next, or None."""
        ...

    def view(self, state: S, seat: int | None) -> Mapping[str, Any]:
        """What this seat may see (None = the public)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over."""
        ...

    def encode(self, state: S) -> bytes:
        """The state as msgspec JSON."""
        ...

    def decode(self, data: bytes) -> S:
        """The state back from encode(); raises on malformed data."""
        ...


class Policy(Protocol):
    """Chooses for a seat: the AI, or a random fuzzer."""

    def choose(self, engine: Engine[Any], state: Any, decision: Decision) -> list[str]:
        """Option ids answering the decision."""
        ...


@runtime_checkable
class DeepThinker(Protocol):
    """A policy whose choices may take long (a look-ahead): the bot lets it think off the event loop."""

    def thinks_long(self, state: Any) -> bool:
        """Whether choosing at this table may take long (its level looks ahead)."""
        ...
