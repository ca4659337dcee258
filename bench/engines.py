"""Engine speed: decisions + apply steps per second in seeded AI playouts, no rendering, no storage."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from bench.figures import Figure
from engines import REGISTRY
from engines.core import Engine, Seat, policy_for

STEPS_BUDGET = 5_000.0
SECTION = "engine"


def playout(engine: Engine[Any], mode: str, seats: int, seed: int, max_steps: int = 20_000) -> Iterator[Any]:
    """One seeded game with the AI in every seat: the state after each step (an apply or a tick),
    until the game is over."""
    state = engine.new_game([Seat(i, f"P{i + 1}", True) for i in range(seats)], mode, {}, seed)
    policies = [policy_for(engine, seed + i) for i in range(seats)]
    now = 0.0
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            return
        decisions = engine.decisions(state)
        due = engine.next_deadline(state)
        if due is not None and (not decisions or due <= now):
            now = max(now, due)
            engine.tick(state, now)
        else:
            decision = decisions[step % len(decisions)]
            seat = decision.seat if 0 <= decision.seat < seats else 0
            choice = policies[seat].choose(engine, state, decision)
            engine.apply(state, decision.seat, decision.key, choice, now)
            if engine.meta.realtime:
                now += 0.25
        yield state
    raise RuntimeError(f"{engine.meta.id}/{mode} seed {seed} did not finish in {max_steps} steps")


def playout_steps(engine: Engine[Any], mode: str, seats: int, seed: int) -> int:
    """Play one seeded game with the AI in every seat; returns how many steps (applies and ticks) it took."""
    return sum(1 for _ in playout(engine, mode, seats, seed))


def setups(engine: Engine[Any]) -> list[tuple[str, int]]:
    """Every mode at every seat count it allows."""
    return [(mode.id, seats) for mode in engine.meta.modes for seats in mode.seats]


def engine_speed(quick: bool) -> list[Figure]:
    """Steps per second per game, playing every mode and seat count in turn for a fixed time."""
    seconds = 0.3 if quick else 3.0
    figures = []
    for game_id, engine in sorted(REGISTRY.items()):
        games = setups(engine)
        steps, seed, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            mode, seats = games[seed % len(games)]
            steps += playout_steps(engine, mode, seats, seed)
            seed += 1
        elapsed = time.perf_counter() - started
        figures.append(
            Figure(SECTION, f"{game_id} AI playouts", steps / elapsed, "steps/s", STEPS_BUDGET, at_most=False)
        )
    return figures
