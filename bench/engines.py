"""Engine speed: decisions + apply steps per second in seeded AI playouts (the AI's own thinking
timed apart: it runs on the event loop, so its slowest choices are budgeted), no rendering, no
storage."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from bench.figures import Figure, percentile
from engines import REGISTRY
from engines.core import Engine, Seat, policy_for

STEPS_BUDGET = 5_000.0
THINK_P99_BUDGET = 20.0
"""Milliseconds: an AI choice blocks the event loop, whose lag p99 is budgeted at 30 ms."""
SECTION = "engine"


def playout(
    engine: Engine[Any],
    mode: str,
    seats: int,
    seed: int,
    max_steps: int = 20_000,
    thinking: list[float] | None = None,
) -> Iterator[Any]:
    """One seeded game with the AI in every seat: the state after each step (an apply or a tick),
    until the game is over; `thinking` collects the seconds each AI choice took."""
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
            started = time.perf_counter()
            choice = policies[seat].choose(engine, state, decision)
            if thinking is not None:
                thinking.append(time.perf_counter() - started)
            engine.apply(state, decision.seat, decision.key, choice, now)
            if engine.meta.realtime:
                now += 0.25
        yield state
    raise RuntimeError(f"{engine.meta.id}/{mode} seed {seed} did not finish in {max_steps} steps")


def playout_steps(
    engine: Engine[Any], mode: str, seats: int, seed: int, thinking: list[float] | None = None
) -> int:
    """Play one seeded game with the AI in every seat; returns how many steps (applies and ticks) it took."""
    return sum(1 for _ in playout(engine, mode, seats, seed, thinking=thinking))


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
        thinking: list[float] = []
        while time.perf_counter() - started < seconds:
            mode, seats = games[seed % len(games)]
            steps += playout_steps(engine, mode, seats, seed, thinking)
            seed += 1
        elapsed = time.perf_counter() - started - sum(thinking)
        figures.append(
            Figure(SECTION, f"{game_id} AI playouts", steps / elapsed, "steps/s", STEPS_BUDGET, at_most=False)
        )
        think = percentile([t * 1000 for t in thinking], 99) if thinking else 0.0
        figures.append(Figure(SECTION, f"{game_id} AI choice p99", think, "ms", THINK_P99_BUDGET))
    return figures
