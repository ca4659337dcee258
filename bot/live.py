"""A table held in memory: its stored record, decoded engine state and bot runtime."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.runtime import Runtime, encode_runtime
from bot.storage.records import TableRecord
from engines.core import Decision, Engine, Policy, Seat, policy_for

LIVE_IDLE_MIN = 300.0  # seconds


@dataclass
class LiveTable:
    """One table; mutate only under the TableService's lock for it."""

    record: TableRecord
    engine: Engine[Any]
    state: Any
    runtime: Runtime
    _policies: dict[int, Policy] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def title(self) -> str:
        return self.engine.meta.title

    @property
    def mode_label(self) -> str:
        """The mode's name at this table (it may depend on the number of seats)."""
        return self.engine.meta.mode(self.record.mode).label_for(len(self.record.seats))

    @property
    def max_seats(self) -> int:
        return self.engine.meta.mode(self.record.mode).seats.stop - 1

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user plays, if any (a removed player only watches: the AI has their seat)."""
        return next(
            (
                s.index
                for s in self.record.seats
                if s.user_id == user_id and s.index not in self.runtime.kicked
            ),
            None,
        )

    def seats(self) -> list[Seat]:
        """The engine's view of the seats."""
        return [Seat(s.index, s.name, s.is_ai) for s in self.record.seats]

    def is_automatic(self, seat: int) -> bool:
        """Whether the AI decides for this seat: an AI, away, forfeited or kicked seat, or an automatic role.

        Decisions for a seat index outside the table's seats belong to an automatic role (the
        System Player, villains, minions): the AI always answers them.
        """
        if not 0 <= seat < len(self.record.seats):
            return True
        runtime = self.runtime
        return (
            self.record.seats[seat].is_ai
            or seat in runtime.away
            or seat in runtime.forfeited
            or seat in runtime.kicked
        )

    def seat_name(self, seat: int) -> str:
        """A seat's name; automatic roles are called by the game."""
        if 0 <= seat < len(self.record.seats):
            return self.record.seats[seat].name
        return "The game"

    def active_seats(self) -> list[int]:
        """Seats still in the game (not forfeited)."""
        return [s.index for s in self.record.seats if s.index not in self.runtime.forfeited]

    def decided_by_forfeits(self) -> bool:
        """Whether forfeits left at most one seat in play, so the game ends without its engine.

        Only a forfeit ends a game this way: a solo game is played to its engine outcome
        (and ends at once if its only player forfeits).
        """
        return bool(self.runtime.forfeited) and len(self.active_seats()) <= 1

    def idle_timer(self) -> float:
        """Live play: how long a person may go without playing or touching their console (the turn
        timer, but never under LIVE_IDLE_MIN: watching through a HOLD! is not idling)."""
        return max(self.record.turn_timer, LIVE_IDLE_MIN)

    def has_active_human(self) -> bool:
        """Whether a person is still playing their own seat."""
        return any(not self.is_automatic(s.index) for s in self.record.seats)

    def someone_may_play(self) -> bool:
        """Whether a person plays a seat or may take theirs back (away, not forfeited or kicked):
        then the game runs at a human pace; otherwise the AI finishes it at once."""
        return self.has_active_human() or bool(self.runtime.away)

    def policy(self, seat: int) -> Policy:
        """The AI of this seat (seeded by the table, so a table's AI is reproducible)."""
        policy = self._policies.get(seat)
        if policy is None:
            policy = policy_for(self.engine, self.record.seed + seat)
            self._policies[seat] = policy
        return policy

    def decisions(self) -> list[Decision]:
        """Every open decision (none before the start or after the end)."""
        if self.state is None or self.record.status != "active":
            return []
        return self.engine.decisions(self.state)

    def decisions_for(self, seat: int) -> list[Decision]:
        """Open decisions of one seat."""
        return [d for d in self.decisions() if d.seat == seat]

    @property
    def version(self) -> int:
        """The game state's version (0 before the game starts)."""
        return self.state.version if self.state is not None else 0

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What this seat (None = the public) may see."""
        if self.state is None:
            return {}
        return self.engine.view(self.state, seat)

    def encode_runtime(self) -> bytes:
        return encode_runtime(self.runtime)


def lost_click_notes(live: LiveTable, user_ids: list[int]) -> list[str]:
    """One line for each person at the table whose last click was cut off by a stop, unapplied."""
    names = {seat.user_id: seat.name for seat in live.record.seats}
    return [
        f"{names[user_id]}, your last click did not go through before the restart: please make it again."
        for user_id in user_ids
        if user_id in names
    ]
