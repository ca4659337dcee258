"""The heuristic AI: legal plays only when allowed, zeros to rivals, shockwaves, power-ups."""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.supernova import flow, shockwave
from engines.supernova.ai import SKILLS, SupernovaAI
from engines.supernova.state import NovaState
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


def test_takes_the_damage_only_once_a_whole_turn_went_by_with_nobody_playing() -> None:
    """Ruling 27: a zero on its own pile waits while the table moves; after a whole quiet turn (a
    fact everyone sees) the AI takes the damage rather than freeze the table."""
    state = game(2)  # two piles each: 0 and 1 are seat 0's, 2 and 3 seat 1's
    for index, top in enumerate((3, 3, 5, 1)):
        pile(state, index, top)
    hand(state, 1, 0, 0, 1, 3, 5)  # only zeros fit, on its own piles
    screens(state, 0, 1)
    state.turns = state.laid_turn + 1  # a card was laid in the turn before this one
    assert ai().choose(ENGINE, state, decision(state, 1, "play")) == []
    state.turns += 1  # a whole turn went by without a card
    assert ENGINE.view(state, 1)["quiet_turns"] == 1
    for rival in ((1, 1, 1, 5, 5), (2, 2, 2, 2, 2)):  # whether Ann could play or not: it cannot know
        hand(state, 0, *rival)
        assert ai().choose(ENGINE, state, decision(state, 1, "play")) in (["p0.2"], ["p0.3"])


def test_decides_only_from_what_its_seat_may_see() -> None:
    """Ruling 27: rivals' hands, every Draw Pile and rivals' puzzles never change its choices.
    A whole game: before each of Ann's choices, a copy of the table gets other hidden cards."""
    state = game(3, shockwaves="often", board="short")
    state.players[0].tokens = ["booster1", "tractor2", "blaster1", "repair1"]
    rng, now, asked = Rng(4), 0.0, set()
    for step in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        now += 0.25
        if (ENGINE.next_deadline(state) or 0.0) <= now:
            ENGINE.tick(state, now)
        for open_decision in ENGINE.decisions(state):
            choice = SupernovaAI("hard", step).choose(ENGINE, state, open_decision)
            if open_decision.seat == 0:
                asked.add(open_decision.key)
                hidden = hide_again(state, rng)
                assert SupernovaAI("hard", step).choose(ENGINE, hidden, open_decision) == choice
            if choice:
                ENGINE.apply(state, open_decision.seat, open_decision.key, choice, now)
                break
    assert ENGINE.outcome(state) is not None and asked == {"play", "shock", "any", "power", "target"}


def hide_again(state: NovaState, rng: Rng) -> NovaState:
    """A copy of the table that looks the same to Ann (seat 0): other Draw Piles, rivals' hands
    and rivals' puzzles."""
    other = ENGINE.decode(ENGINE.encode(state))
    for seat, player in enumerate(other.players):
        player.draw = [rng.below(6) for _ in player.draw]
        if seat != 0:
            player.hand = sorted(rng.below(6) for _ in player.hand)
            if player.puzzle is not None:
                player.puzzle = shockwave.make(player.puzzle.kind, rng)
    assert ENGINE.view(other, 0) == ENGINE.view(state, 0)
    return other


def test_partners_on_a_shared_pile_do_not_wait_for_each_other_for_ever() -> None:
    state = game(6)  # three shared piles: seats 0 and 1 own pile 0
    for index, top in enumerate((1, 3, 3)):
        pile(state, index, top)
    for seat in range(6):
        hand(state, seat, *((0, 3, 3, 3, 3) if seat < 2 else (3, 3, 3, 3, 3)))
    screens(state, 0, 1)
    state.turns = state.laid_turn + 2  # nobody played for a whole turn
    assert ai().choose(ENGINE, state, decision(state, 0, "play")) == ["p0.0"]


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


def shockwave_misses(level: str, presses: int = 400) -> int:
    """Wrong buttons the engine's AI presses at a table whose `ai` option is `level`."""
    state = game(3, ai=level)
    flow.start_shock(state, Rng(2), 10.0)
    puzzle = state.players[0].puzzle
    assert puzzle is not None
    right = [f"s.{shockwave.solution(puzzle)}"]
    ask = decision(state, 0, "shock")
    policy = ENGINE.ai_policy(7)
    misses = sum(policy.choose(ENGINE, state, ask) != right for _ in range(presses))
    assert policy.skill == SKILLS[level]
    return misses


def test_the_engines_ai_plays_at_the_tables_difficulty() -> None:
    """Ruling 27: shockwave error rates of about 25%, 10% and 2% per press."""
    easy, normal, hard = (shockwave_misses(level) for level in ("easy", "normal", "hard"))
    assert 60 <= easy <= 140 and 20 <= normal <= 60 and hard <= 20
    assert easy > normal > hard


@pytest.mark.parametrize(
    ("level", "delays"), [("easy", (1.8, 3.0)), ("normal", (1.0, 1.8)), ("hard", (0.6, 1.1))]
)
def test_ai_reaction_follows_the_tables_difficulty(level: str, delays: tuple[float, float]) -> None:
    """Ruling 27: the bot waits longer for an easy AI than for a hard one."""
    assert ENGINE.ai_reaction(game(3, ai=level), 0) == delays
