"""Gallery and test samples shared by the game renderers: views of real engine games at named moments.

A game lists its moments (the game to play and when to stop) and says how one seeded game is played
up to a moment. The first seed in range(seeds) where the moment comes wins, so the samples are the
same on every run. They are built once, on first use, and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engines.core import Engine, GameState, Seat
from renderers.kit.views import View

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Moment(Generic[S]):
    """A game to play (mode, seat names, options) and the moment to stop at; `seat` picks whose
    view the sample shows (None: the game's usual choice)."""

    mode: str
    names: tuple[str, ...]
    wanted: Callable[[S], bool]
    options: Mapping[str, str] = field(default_factory=dict)
    seat: Callable[[S], int] | None = None

    def seats(self) -> list[Seat]:
        """The seats, every one played by the AI."""
        return [Seat(index, name, True) for index, name in enumerate(self.names)]


M = TypeVar("M", bound=Moment[Any])


class SampleBook(Generic[M, S]):
    """A game's named moments and the (public view, seat view) pair found for each."""

    def __init__(
        self,
        engine: Engine[S],
        moments: Mapping[str, M],
        play: Callable[[M, int], S | None],
        *,
        seeds: int,
        seat: Callable[[S], int],
    ) -> None:
        """`play(moment, seed)` is that seed's game at the moment, or None if it never comes; `seat`
        picks the seat to show when the moment does not."""
        self.engine = engine
        self.moments = moments
        self._play = play
        self._seeds = seeds
        self._seat = seat
        self._built: dict[str, tuple[View, View]] | None = None

    def sample(self, name: str) -> tuple[View, View] | None:
        """One sample: (public view, seat view) at the first seed where its moment comes."""
        moment = self.moments[name]
        for seed in range(self._seeds):
            state = self._play(moment, seed)
            if state is not None:
                seat = (moment.seat or self._seat)(state)
                return dict(self.engine.view(state, None)), dict(self.engine.view(state, seat))
        return None

    def samples(self) -> dict[str, tuple[View, View]]:
        """Every sample whose moment came within the seeds (a fresh dict of views built once)."""
        if self._built is None:
            built = {name: self.sample(name) for name in self.moments}
            self._built = {name: views for name, views in built.items() if views is not None}
        return dict(self._built)
