"""The end of an `apply` or a `tick`, the same in every game that keeps a public log."""

from __future__ import annotations

from typing import Protocol

from engines.core.rng import Rng
from engines.core.types import Event


class LoggedState(Protocol):
    """A state with a PRNG, a version and a public log that keeps only its latest lines (`said`
    counts every line ever written)."""

    rng: int
    version: int
    said: int
    log: list[str]


def step_done(state: LoggedState, rng: Rng, said: int) -> list[Event]:
    """Keep the PRNG's state, count the step in the version, and return the log lines written
    since the log had `said` lines, as events (at most the lines it still keeps)."""
    state.rng = rng.state
    state.version += 1
    fresh = min(state.said - said, len(state.log))
    return [Event("log", line) for line in state.log[len(state.log) - fresh :]] if fresh else []
