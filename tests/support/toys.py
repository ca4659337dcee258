"""Tiny engines that stress the TableService: repeated identical decisions and an automatic role."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engines.core import Decision, Event, GameMeta, GameState, IllegalChoice, Mode, Option, Outcome, Seat

AGAIN = (Option("yes", "Draw again"), Option("stop", "Stop"))
WEATHER = (Option("sun", "Sunshine"), Option("rain", "Rain"))


class PushState(GameState, kw_only=True):
    seats: int
    turn: int = 0
    draws: list[int] = msgspec.field(default_factory=list)
    stopped: list[bool] = msgspec.field(default_factory=list)
    weather_pending: bool = False
    weather: list[str] = msgspec.field(default_factory=list)


class PushYourLuck:
    """On your turn you may draw again and again (the same decision reopens each time) or stop.

    After each stop the System (an automatic role, seat index == number of seats) picks the weather.
    """

    meta = GameMeta("pushluck", "Push Your Luck", 2, 3, (Mode("classic", "Classic", range(2, 4)),))

    def new_game(self, seats: Sequence[Seat], mode: str, options: Mapping[str, Any], seed: int) -> PushState:
        return PushState(seats=len(seats), draws=[0] * len(seats), stopped=[False] * len(seats))

    def decisions(self, state: PushState) -> list[Decision]:
        if all(state.stopped):
            return []
        if state.weather_pending:
            return [Decision(state.seats, "weather", "Choose the weather", WEATHER)]
        return [Decision(state.turn, "again", "Draw again?", AGAIN)]

    def apply(
        self, state: PushState, seat: int, key: str, choice: Sequence[str], now: float = 0.0
    ) -> list[Event]:
        open_ = next((d for d in self.decisions(state) if d.seat == seat and d.key == key), None)
        if open_ is None or len(choice) != 1 or open_.option(choice[0]) is None:
            raise IllegalChoice("Not now.")
        if key == "weather":
            state.weather.append(choice[0])
            state.weather_pending = False
        elif choice[0] == "yes":
            state.draws[seat] += 1
        else:
            state.stopped[seat] = True
            state.weather_pending = True
            state.turn = (seat + 1) % state.seats
        state.version += 1
        return [Event("move", f"Seat {seat} chose {choice[0]}."), Event("secret", "psst", visible_to=(seat,))]

    def tick(self, state: PushState, now: float) -> list[Event]:
        return []

    def next_deadline(self, state: PushState) -> float | None:
        return None

    def view(self, state: PushState, seat: int | None) -> Mapping[str, Any]:
        return {"game": "pushluck", "draws": state.draws, "weather": state.weather}

    def outcome(self, state: PushState) -> Outcome | None:
        if not all(state.stopped):
            return None
        best = sorted(set(state.draws), reverse=True)
        return Outcome([[s for s, d in enumerate(state.draws) if d == v] for v in best], {}, "Done.")

    def encode(self, state: PushState) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes) -> PushState:
        return msgspec.json.decode(data, type=PushState)
