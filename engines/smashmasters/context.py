"""What every rule function works on while one answer is applied: state, PRNG and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import Event, Rng
from engines.core.words import sentence
from engines.smashmasters.state import SmashState, Task


@dataclass
class Ctx:
    """The state being changed, its PRNG, and the events told so far."""

    state: SmashState
    rng: Rng
    events: list[Event] = field(default_factory=list)
    now: float = 0.0  # the time the answer (or tick) happens, for timers

    def say(self, text: str, **data: Any) -> None:
        """A public event."""
        self.events.append(Event("log", sentence(text), None, data))

    def tell(self, seat: int, text: str) -> None:
        """An event only `seat` sees (a private draw, a hidden pick)."""
        self.events.append(Event("private", text, (seat,), {}))

    def push(self, *tasks: Task) -> None:
        """Put tasks on the stack; the first one given runs first."""
        self.state.tasks.extend(reversed(tasks))

    def who(self, seat: int) -> str:
        """A seat's player name."""
        return self.state.names[seat]
