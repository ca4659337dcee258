"""Rule scenarios for levels: progression, goal counts, automatic completion, vetoes, the end."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.superhot.cards import pool
from engines.superhot.state import SuperhotState
from tests.engines.superhot.kit import all_cards
from tests.engines.superhot.positions import (
    DOUBLE,
    DUCK,
    ENGINE,
    GUNS,
    PUNCH,
    arrange,
    bullets,
    card,
    cards,
    clear_level,
    deal,
    decision,
    done,
    game,
    goal,
    move,
    options,
    play,
)

QUIET = cards(pile="obstacles", ability="none")
FIGHT1 = cards(pile="obstacles", ability="none", need="fight", value=1)
DESTROY_GOALS = [g for g, d in pool().goals.items() if d.kind == "destroy"]  # never met on arrival
DODGE_BULLET = bullets(need="dodge", value=1)


def goal_ids(state: SuperhotState) -> list[str]:
    """The current level's goal cards."""
    return [g.card for g in state.goals]


# --- progression ----------------------------------------------------------------------------------


def test_progression_to_the_next_level() -> None:
    """Rulebook, Progression to the next level: completed goals to the bottom of the Goals Deck;
    The Line, Obstacles Deck and Discard reshuffled into a new Line and deck; the Player Discard,
    Deck and hand (bullets too) reshuffled and 4 drawn."""
    gun = GUNS[0]
    bullet = DODGE_BULLET[0]
    armed = goal("Armed")
    line = [*QUIET[:5], gun]
    spare = QUIET[5:7]
    state = arrange(
        game(),
        goals=[armed],
        line=line,
        discard=spare,
        hand=[PUNCH[0], PUNCH[1], bullet, DUCK[0]],
        pdeck=[PUNCH[2], DOUBLE],
        pdiscard=[DUCK[1], DUCK[2]],
    )
    cards_before = all_cards(state)
    obstacles = Counter([*line[2:5], *state.deck, *spare, PUNCH[0], PUNCH[1]])
    mine = Counter([bullet, DUCK[0], gun, PUNCH[2], DOUBLE, DUCK[1], DUCK[2], *line[:2]])
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    done(state)
    assert state.level == 2
    assert state.goal_deck[-1] == armed
    assert len(state.goals) == 2
    assert Counter([s.card for s in state.line if s is not None] + state.deck) == obstacles
    assert len(state.line) == 6 and not any(s is not None and s.down for s in state.line)
    assert state.discard == []
    player = state.players[0]
    assert Counter(player.hand + player.deck) == mine
    assert len(player.hand) == 4 and player.discard == []
    assert all_cards(state) == cards_before


@pytest.mark.parametrize(
    ("mode", "counts"),
    [("solo", [1, 2, 3]), ("coop", [2, 3, 4]), ("versus", [1, 2]), ("twovone", [2, 3])],
)
def test_goal_count_per_level(mode: str, counts: list[int]) -> None:
    """Rulebook, Goal Cards (solo 1/2/3), Co-op Goals (2/3/4), Versus (1/2), 2 vs 1 (2/3): each level
    draws its number of goals."""
    state = game(mode)
    seen = [len(state.goals)]
    for _ in counts[1:]:
        clear_level(state)
        seen.append(len(state.goals))
    assert seen == counts


@pytest.mark.parametrize("was_vetoed", [False, True])
def test_a_goal_met_on_arrival_goes_to_the_bottom(was_vetoed: bool) -> None:
    """Rulebook, Progression to the next level, A: a goal that would be completed at once goes to
    the bottom of the Goals Deck and another is drawn (even one vetoed earlier)."""
    armed = goal("Armed")
    held = next(g for g, d in pool().goals.items() if d.kind == "hold" and g != armed)
    tops = pool().goals[held].tops
    gun = GUNS[0]
    hand = [gun, *(card(top=top) for top in tops if top != "Gun")]
    hand += [c for c in [*PUNCH, *DUCK] if c not in hand][: 4 - len(hand)]
    first, second = DESTROY_GOALS[:2]
    state = arrange(game(), goals=[armed], goal_top=[held, first, second], hand=hand, pdeck=[], pdiscard=[])
    if was_vetoed:
        state.vetoed = [held]
    move(state)
    done(state)
    assert state.level == 2
    assert sorted(state.players[0].hand) == sorted(hand)  # the whole Player Deck: `held` is met
    assert goal_ids(state) == [first, second]
    assert state.goal_deck[-2:] == [armed, held]


# --- vetoes ---------------------------------------------------------------------------------------


def veto_position(mode: str = "solo") -> SuperhotState:
    """Level 1 at the veto, with known goals on top of the Goals Deck."""
    count = 2 if mode in ("coop", "twovone") else 1
    return arrange(
        game(mode), goals=DESTROY_GOALS[:count], goal_top=DESTROY_GOALS[count : count + 4], phase="veto"
    )


def test_veto_puts_the_goal_on_top_of_the_goals_deck() -> None:
    """Rulebook, Solo Setup 7 and Progression B: a vetoed goal is replaced by a new one and goes on
    top of the Goals Deck; one veto per level."""
    vetoed, replacement = DESTROY_GOALS[0], DESTROY_GOALS[1]
    state = veto_position()
    assert decision(state).key == "veto"
    assert set(options(state)) == {"keep", f"v.{vetoed}"}
    play(state, "veto", f"v.{vetoed}")
    assert goal_ids(state) == [replacement]
    assert state.goal_deck[0] == vetoed
    assert decision(state).key == "start"  # no second veto


def test_keeping_the_goals() -> None:
    """Rulebook, Solo Setup 7: the veto is optional ("You may choose to veto")."""
    state = veto_position()
    play(state, "veto", "keep")
    assert goal_ids(state) == [DESTROY_GOALS[0]]
    assert decision(state).key == "start"


def test_the_vetoed_goal_is_next_and_cannot_be_vetoed_again() -> None:
    """Rulebook, Progression B: "You can't veto the same Goal Card twice in one game. The one that
    you just vetoed, you'll have to face on the next level."."""
    vetoed = DESTROY_GOALS[0]
    state = veto_position()
    play(state, "veto", f"v.{vetoed}")
    clear_level(state)
    assert state.level == 2
    assert goal_ids(state)[0] == vetoed
    other = goal_ids(state)[1]
    assert set(options(state)) == {"keep", f"v.{other}"}


def test_no_veto_on_level_3() -> None:
    """Rulebook, Progression B: "You can't veto any Goal Card on Level 3."."""
    state = arrange(game())
    state.level = 2
    clear_level(state)
    assert state.level == 3
    assert decision(state).key == "start"


# --- the end of the game --------------------------------------------------------------------------


def test_four_bullets_in_a_hand_lose() -> None:
    """Rulebook, End Game: "Having at least four Bullet Cards in your hand." loses."""
    held, fourth = bullets()[:3], bullets()[3]
    target = FIGHT1[0]
    line = [fourth, *[c for c in QUIET if c != target][:4], target]
    state = arrange(game(), line=line, hand=[*held, PUNCH[0]])
    move(state)
    deal(state, "d5", PUNCH[0])
    done(state)
    assert state.over and state.cause == "bullets_hand"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.scores == {0: 0.0}


def test_clearing_level_3_wins_solo() -> None:
    """Rulebook, How to play, 5 | Check The Goals: "If that was Level 3, then you have just won the
    game!"."""
    state = arrange(game())
    state.level = 3
    clear_level(state)
    assert state.over
    assert ENGINE.decisions(state) == []
    assert ENGINE.view(state, None)["won"] is True
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.placements == [[0]]


def test_a_full_solo_campaign_is_three_levels() -> None:
    """Rulebook, The aim of the game: complete a sequence of 3 levels."""
    state = arrange(game())
    for level in (1, 2, 3):
        assert state.level == level and not state.over
        clear_level(state)
    assert state.over and ENGINE.view(state, None)["won"] is True
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.scores == {0: 3.0}
