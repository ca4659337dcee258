"""Seeded playouts that check the engine invariants of DESIGN.md section 6.

Every game's tests call `check_engine(engine)` (plus game-specific hooks) in one line.
Failures raise AssertionError with the seed, mode and step, so a failure can be replayed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engines.core.engine import Engine
from engines.core.policy import RandomPolicy, policy_for
from engines.core.rng import Rng
from engines.core.types import MAX_ID, MAX_LABEL, MAX_OPTIONS, Decision, Event, IllegalChoice, Seat

SecretsFn = Callable[[Any], Mapping[int, Collection[str]]]
CardCountFn = Callable[[Any], Counter[str]]
TICK = "__tick__"
SAFE_ID = re.compile(r"[A-Za-z0-9_.\-]+")


@dataclass
class PlayoutReport:
    """What a batch of playouts did, for assertions and balance notes."""

    games: int = 0
    steps: int = 0
    finished: int = 0
    placements_first: Counter[int] = field(default_factory=Counter)


@dataclass(frozen=True)
class LoggedStep:
    """One applied step: a choice, or a tick at a time."""

    seat: int
    key: str
    choice: tuple[str, ...]
    now: float


def check_decision(decision: Decision) -> None:
    """A decision fits Discord: 1..25 options, short labels and ids, sane bounds."""
    where = f"decision {decision.key!r} for seat {decision.seat}"
    assert 1 <= len(decision.options) <= MAX_OPTIONS, f"{where}: {len(decision.options)} options"
    assert 0 < len(decision.key) <= MAX_ID and SAFE_ID.fullmatch(decision.key), f"{where}: key"
    assert decision.prompt, f"{where}: empty prompt"
    ids = [option.id for option in decision.options]
    assert len(set(ids)) == len(ids), f"{where}: duplicate option ids"
    for option in decision.options:
        assert 0 < len(option.id) <= MAX_ID and SAFE_ID.fullmatch(option.id), (
            f"{where}: option id {option.id!r}"
        )
        assert 0 < len(option.label) <= MAX_LABEL, f"{where}: option label {option.label!r}"
        assert len(option.detail) <= 100, f"{where}: option detail too long"
    assert 0 <= decision.min_choices <= decision.max_choices, f"{where}: bounds"
    assert decision.max_choices >= 1, f"{where}: max_choices"
    assert decision.min_choices <= len(decision.options), f"{where}: min_choices above option count"


def _assert_illegal(
    engine: Engine[Any], state: Any, seat: int, key: str, choice: list[str], why: str
) -> None:
    before = engine.encode(state)
    try:
        engine.apply(state, seat, key, choice)
    except IllegalChoice as exc:
        assert str(exc), f"IllegalChoice without a message ({why})"
    else:
        raise AssertionError(f"expected IllegalChoice for {why}")
    assert engine.encode(state) == before, f"state changed by a refused choice ({why})"


def _probe_illegal(
    engine: Engine[Any], state: Any, decision: Decision, decisions: list[Decision], seats: int
) -> None:
    """Every kind of bad answer to this decision is refused and changes nothing."""
    _assert_illegal(engine, state, decision.seat, "no-such-key", [decision.options[0].id], "unknown key")
    _assert_illegal(engine, state, decision.seat, decision.key, ["no-such-option"], "unknown option")
    ids = [option.id for option in decision.options]
    too_many = [*ids[: decision.max_choices], "extra-x"]
    _assert_illegal(engine, state, decision.seat, decision.key, too_many, "too many choices")
    if len(ids) > decision.max_choices:
        _assert_illegal(
            engine, state, decision.seat, decision.key, ids[: decision.max_choices + 1], "over max"
        )
    if decision.min_choices >= 1:
        _assert_illegal(engine, state, decision.seat, decision.key, [], "too few choices")
    if decision.max_choices >= 2:
        _assert_illegal(engine, state, decision.seat, decision.key, [ids[0], ids[0]], "a repeated option")
    open_for = {(d.seat, d.key) for d in decisions}
    for other in range(seats):
        if (other, decision.key) not in open_for:
            _assert_illegal(engine, state, other, decision.key, [decision.options[0].id], "wrong seat")
            break


def _check_public_events(events: Iterable[Event], state: Any, secrets: SecretsFn | None) -> None:
    """Public events are shown to everyone: their data must not carry any seat's secret."""
    if secrets is None:
        return
    public = [msgspec.json.encode(e.data).decode() for e in events if e.visible_to is None]
    for owner, tokens in secrets(state).items():
        for token in tokens:
            assert not any(token in text for text in public), (
                f"secret {token!r} of seat {owner} in a public event"
            )


def _check_views(engine: Engine[Any], state: Any, seats: int, secrets: SecretsFn | None) -> None:
    public = msgspec.json.encode(engine.view(state, None)).decode()
    per_seat = {seat: msgspec.json.encode(engine.view(state, seat)).decode() for seat in range(seats)}
    if secrets is None:
        return
    for owner, tokens in secrets(state).items():
        for token in tokens:
            assert token not in public, f"secret {token!r} of seat {owner} in the public view"
            for seat, text in per_seat.items():
                if seat != owner:
                    assert token not in text, f"secret {token!r} of seat {owner} in seat {seat}'s view"


def play_one(
    engine: Engine[Any],
    mode: str,
    seats: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    use_ai: bool = False,
    max_steps: int = 20_000,
    secrets: SecretsFn | None = None,
    card_count: CardCountFn | None = None,
    check_every: int = 7,
) -> tuple[Any, list[LoggedStep]]:
    """Play one seeded game to the end, checking invariants; returns the final state and its log."""
    seat_list = [Seat(i, f"P{i + 1}", is_ai=use_ai) for i in range(seats)]
    state = engine.new_game(seat_list, mode, dict(options or {}), seed)
    chooser = Rng(seed ^ 0x5EED)
    policies = [policy_for(engine, seed + i) if use_ai else RandomPolicy(seed + i) for i in range(seats)]
    automatic = policy_for(engine, seed + seats)  # automatic roles (seats past the players) are the AI's
    cards = card_count(state) if card_count else None
    log: list[LoggedStep] = []
    now = 0.0
    where = f"{engine.meta.id}/{mode}/{seats} seats/seed {seed}/{'ai' if use_ai else 'random'}"
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            break
        deadline = engine.next_deadline(state)
        decisions = engine.decisions(state)
        if deadline is not None and (not decisions or deadline <= now):
            now = max(now, deadline)
            engine.tick(state, now)
            log.append(LoggedStep(-1, TICK, (), now))
            continue
        assert decisions, f"{where}: step {step}: no decision, no deadline and no outcome"
        for decision in decisions:
            check_decision(decision)
        decision = decisions[chooser.below(len(decisions))]
        _probe_illegal(engine, state, decision, decisions, seats)
        if step % check_every == 0:
            _check_views(engine, state, seats, secrets)
            again = engine.decode(engine.encode(state))
            assert engine.encode(again) == engine.encode(state), f"{where}: encode/decode round trip"
        policy = policies[decision.seat] if decision.seat < seats else automatic
        choice = policy.choose(engine, state, decision)
        version = state.version
        try:
            events = engine.apply(state, decision.seat, decision.key, choice, now)
        except IllegalChoice as exc:
            raise AssertionError(f"{where}: step {step}: policy choice {choice} refused: {exc}") from exc
        _check_public_events(events, state, secrets)
        assert state.version > version, f"{where}: apply did not increment the version"
        log.append(LoggedStep(decision.seat, decision.key, tuple(choice), now))
        if cards is not None and card_count is not None:
            assert card_count(state) == cards, f"{where}: step {step}: cards not conserved"
        if engine.meta.realtime:
            now += 0.25
    else:
        raise AssertionError(f"{where}: did not finish in {max_steps} steps")
    outcome = engine.outcome(state)
    assert outcome is not None
    placed = sorted(seat for group in outcome.placements for seat in group)
    assert placed == list(range(seats)), f"{where}: placements {outcome.placements} do not cover every seat"
    assert engine.decisions(state) == [], f"{where}: decisions remain after the end"
    return state, log


def replay(
    engine: Engine[Any],
    mode: str,
    seats: Iterable[Seat],
    seed: int,
    options: Mapping[str, Any],
    log: Iterable[LoggedStep],
) -> Any:
    """Rebuild a game from its seed and log of steps."""
    state = engine.new_game(list(seats), mode, dict(options), seed)
    for index, step in enumerate(log):
        if step.key == TICK:
            engine.tick(state, step.now)
            continue
        try:
            engine.apply(state, step.seat, step.key, list(step.choice), step.now)
        except IllegalChoice as exc:
            raise AssertionError(f"replay is not byte-identical: step {index} refused ({exc})") from exc
    return state


def check_engine(
    engine: Engine[Any],
    *,
    seeds: Iterable[int] = range(12),
    options: Mapping[str, Mapping[str, Any]] | None = None,
    secrets: SecretsFn | None = None,
    card_count: CardCountFn | None = None,
    max_steps: int = 20_000,
) -> PlayoutReport:
    """Random and AI playouts of every mode and seat count, with replay determinism checks."""
    report = PlayoutReport()
    meta = engine.meta
    assert meta.modes, f"{meta.id}: no modes"
    assert meta.min_seats == min(m.seats.start for m in meta.modes), (
        f"{meta.id}: min_seats disagrees with modes"
    )
    assert meta.max_seats == max(m.seats.stop - 1 for m in meta.modes), (
        f"{meta.id}: max_seats disagrees with modes"
    )
    for mode in engine.meta.modes:
        mode_options = dict((options or {}).get(mode.id, {}))
        for seats in mode.seats:
            for seed in seeds:
                for use_ai in (False, True):
                    state, log = play_one(
                        engine,
                        mode.id,
                        seats,
                        seed,
                        options=mode_options,
                        use_ai=use_ai,
                        max_steps=max_steps,
                        secrets=secrets,
                        card_count=card_count,
                    )
                    seat_list = [Seat(i, f"P{i + 1}", is_ai=use_ai) for i in range(seats)]
                    again = replay(engine, mode.id, seat_list, seed, mode_options, log)
                    assert engine.encode(again) == engine.encode(state), (
                        f"{engine.meta.id}/{mode.id}/seed {seed}: replay is not byte-identical"
                    )
                    outcome = engine.outcome(state)
                    assert outcome is not None
                    report.games += 1
                    report.finished += 1
                    report.steps += len(log)
                    for seat in outcome.placements[0]:
                        report.placements_first[seat] += 1
    return report
