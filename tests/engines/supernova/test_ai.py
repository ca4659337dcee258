"""The heuristic AI: legal plays only when allowed, zeros to rivals, shockwaves, power-ups."""

from __future__ import annotations

from engines.core import Rng
from engines.supernova import flow, shockwave
from engines.supernova.ai import SupernovaAI
from tests.engines.supernova.positions import ENGINE, decision, game, hand, pile, screens


def ai(difficulty: str = "hard") -> SupernovaAI:
    return SupernovaAI(difficulty, 1)


def test_dumps_zeros_on_rivals_and_waits_on_hold() -> None:
    state = game(3)
    pile(state, 0, 1)
    pile(state, 1, 1)
    pile(state, 2, 4)
    hand(state, 0, 0, 2, 3, 3, 3)
    screens(state, 0, 1)
    assert ai().choose(ENGINE, state, decision(state, 0, "play")) == ["p0.1"]
    screens(state, 1, 2)
    assert ai().choose(ENGINE, state, decision(state, 0, "play")) == []


def test_keeps_its_own_pile_away_from_zero() -> None:
    state = game(3)
    pile(state, 0, 2)
    hand(state, 0, 1, 3, 4, 4, 4)
    screens(state, 0)
    assert ai().choose(ENGINE, state, decision(state, 0, "play")) == ["p3.0"]


def test_solves_shockwaves_and_easy_errs_more() -> None:
    state = game(3)
    flow.start_shock(state, Rng(2), 10.0)
    puzzle = state.players[0].puzzle
    assert puzzle is not None
    right = f"s.{shockwave.solution(puzzle)}"
    ask = decision(state, 0, "shock")
    assert ai("hard").choose(ENGINE, state, ask) == [right]
    easy, strict = SupernovaAI("easy", 3), SupernovaAI("hard", 3)
    misses = [sum(p.choose(ENGINE, state, ask) != [right] for _ in range(400)) for p in (easy, strict)]
    assert misses[0] > misses[1] and 60 <= misses[0] <= 140


def test_power_ups_boost_itself_and_pull_back_the_leader() -> None:
    state = game(3)
    state.phase = "scoring"
    state.players[0].tokens = ["tractor2", "booster1"]
    state.players[1].position = 9
    state.players[0].done = False
    assert ai().choose(ENGINE, state, decision(state, 0, "power")) == ["booster1"]
    state.players[0].pending = "tractor2"
    assert ai().choose(ENGINE, state, decision(state, 0, "target")) == ["t1"]


def test_engine_builds_the_normal_ai() -> None:
    assert ENGINE.ai_policy(5).skill == SupernovaAI("normal").skill
