"""Rule scenarios for the challenges (Bullet Storm, Time's Up, 7 Line, Infinite Mode, 1v1 Revenge,
Baseball Bat) and for determinism."""

from __future__ import annotations

import pytest

from engines.superhot.cards import pool
from engines.superhot.piles import is_bullet, obstacle
from engines.superhot.state import SuperhotState
from tests.engines.superhot.positions import (
    ENGINE,
    GUNS,
    arrange,
    card,
    clear_level,
    decision,
    game,
    lose_to_bullets,
    play,
    quiet,
)

# --- challenges -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("storm", "hidden", "bottom"), [("off", 1, 10), ("on", 3, 12)])
def test_hidden_bullets_at_the_bottom_of_the_obstacles_deck(
    seed: int, storm: str, hidden: int, bottom: int
) -> None:
    """Rulebook, Solo Setup 3 and Challenges, Bullet Storm: 1 bullet (3 with Bullet Storm) shuffled
    into the bottom 9 Obstacle Cards."""
    state = game(seed=seed, bullet_storm=storm)
    places = [i for i, c in enumerate(state.deck) if is_bullet(c)]
    assert len(places) == hidden
    assert min(places) >= len(state.deck) - bottom
    assert len(state.bullets) == len(pool().bullets) - hidden
    assert not any(s is not None and is_bullet(s.card) for s in state.line)


def test_times_up_removes_two_bullets() -> None:
    """Rulebook, Challenges, Time's Up: "remove 2 Bullet Cards from the Bullets Deck"."""
    assert len(game(times_up="on").bullets) == len(game().bullets) - 2


def test_seven_line() -> None:
    """Rulebook, Challenges, 7 Line: "Instead of 6 cards in The Line, use 7."."""
    state = game(seven_line="on")
    assert len(state.line) == 7
    arrange(state, line=[quiet()[0]])
    play(state, "start", "wait")
    play(state, "discard")
    assert len(state.line) == 7 and all(s is not None for s in state.line)


@pytest.mark.parametrize(("mode", "goals"), [("solo", 4), ("coop", 5)])
def test_infinite_mode_adds_a_level_with_one_more_goal(mode: str, goals: int) -> None:
    """Rulebook, Challenges, Infinite Mode: past the last level, add another one with one more goal."""
    state = arrange(game(mode, infinite="on"))
    state.level = 3
    clear_level(state)
    assert not state.over
    assert state.level == 4 and len(state.goals) == goals
    assert ENGINE.view(state, None)["levels"] is None


def test_revenge_swaps_roles_for_a_second_campaign() -> None:
    """Rulebook, Challenges, 1v1 Revenge: "In Versus mode, swap the roles and play through the levels
    again as the opposite role." (the outcome compares both campaigns)."""
    state = arrange(game("versus", revenge="on"))
    lose_to_bullets(state)
    assert not state.over
    assert [c.normal for c in state.campaigns] == [[0]]
    assert state.players[0].seat == 1 and state.system == 0
    assert state.level == 1 and decision(state).seat == 1
    arrange(state)
    clear_level(state)
    clear_level(state)
    assert state.over
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[1], [0]]


@pytest.mark.parametrize("bats", [1, 2])
def test_baseball_bats_replace_dudes_with_gun(bats: int) -> None:
    """Rulebook, Enemy Abilities, Dude with a Baseball Bat: add 1 or 2 bats and remove as many Dudes
    with Gun."""
    plain, batted = game(), game(bat=str(bats))

    def obstacles(state: SuperhotState) -> list[str]:
        in_play = [s.card for s in state.line if s is not None] + state.deck
        return [c for c in in_play if not is_bullet(c)]

    names = [obstacle(c).name for c in obstacles(batted)]
    assert names.count("Dude with a Baseball Bat") == bats
    assert names.count("Dude with Gun") == len(GUNS) - bats
    assert len(obstacles(batted)) == len(obstacles(plain))
    assert card(name="Dude with a Baseball Bat") in obstacles(batted)


# --- determinism ----------------------------------------------------------------------------------


def first_choices(state: SuperhotState, steps: int) -> None:
    """Play `steps` decisions, always taking the first options the decision allows."""
    for _ in range(steps):
        found = ENGINE.decisions(state)
        if not found:
            return
        d = found[0]
        picked = [o.id for o in d.options[: d.min_choices]]
        if d.key == "use" and state.turn.spent > 2:
            picked = ["done"]
        ENGINE.apply(state, d.seat, d.key, picked)


@pytest.mark.parametrize("mode", ["solo", "coop", "versus", "twovone"])
def test_same_seed_and_choices_give_the_same_state(mode: str) -> None:
    """DESIGN section 2, Determinism: same seed + same choices => byte-identical encoded state."""
    one, two = game(mode, seed=7), game(mode, seed=7)
    assert ENGINE.encode(one) == ENGINE.encode(two)
    first_choices(one, 80)
    first_choices(two, 80)
    assert ENGINE.encode(one) == ENGINE.encode(two)
    assert ENGINE.encode(ENGINE.decode(ENGINE.encode(one))) == ENGINE.encode(one)
    assert ENGINE.encode(game(mode, seed=8)) != ENGINE.encode(game(mode, seed=7))
