"""Rules the audit of issue 19 found working but untested, one scenario each, named after the
rulebook section they check."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.superhot.cards import pool
from engines.superhot.piles import is_bullet
from tests.engines.superhot.positions import (
    DUCK,
    ENGINE,
    GUNS,
    PLIERS,
    PUNCH,
    arrange,
    bullets,
    cards,
    clear_level,
    deal,
    game,
    goal,
    lose_to_bullets,
    move,
    options,
    pass_turn,
    play,
    quiet,
)


def test_solo_setup_line_hand_and_bullets() -> None:
    """Solo Setup: 6 cards in The Line, a hand of 4, and every bullet but the hidden one in the
    Bullets Deck, which hides among the bottom 10 cards of the Obstacles Deck."""
    state = game()
    assert len(state.line) == 6 and all(state.line) and len(state.players[0].hand) == 4
    assert len(state.bullets) == len(pool().bullets) - 1
    assert sum(is_bullet(c) for c in state.deck[-10:]) == 1


def test_coop_setup_each_player_draws_four() -> None:
    """Co-op, Setup: each player has their own hand of 4 from their own deck."""
    state = game("coop")
    for player in state.players:
        assert len(player.hand) == 4 and {pool().obstacles[c].pile for c in player.hand} == {player.mark}


def test_obstacle_abilities_several_copies_all_activate() -> None:
    """6 | Obstacle Abilities: "several copies of the same Obstacle will be activated"."""
    state = arrange(game(), line=[*quiet()[:4], GUNS[0], GUNS[1]])
    left = len(state.bullets)
    pass_turn(state)
    assert len(state.bullets) == left - 2


def test_use_cards_a_destroyed_bullet_goes_on_top_of_the_bullets_deck() -> None:
    """2 | Use cards: a destroyed Bullet Card goes straight to the top of the Bullets Deck."""
    bullet = bullets(need="dodge", value=1)[0]
    state = arrange(game(), line=[*quiet()[:5], bullet], hand=[DUCK[0], PUNCH[0]])
    move(state)
    deal(state, "d5", DUCK[0])
    assert state.bullets[0] == bullet


def test_use_cards_mixed_takes_fighting() -> None:
    """2 | Use cards, Mixed: any combination of Fighting and Dodge, so a Mixed bullet takes Fighting."""
    mixed = bullets(need="mixed", value=2)[0]
    state = arrange(game(), line=[*quiet()[:5], mixed], hand=[PUNCH[0], PUNCH[1]])
    move(state)
    assert "d5" in options(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    assert state.bullets[0] == mixed


def test_use_cards_fighting_never_takes_dodge() -> None:
    """2 | Use cards, Fighting: an obstacle showing Fighting needs cards that give Fighting."""
    state = arrange(game(), line=[*quiet()[:5], GUNS[0]], hand=[DUCK[0], DUCK[1], DUCK[2]])
    move(state)
    assert not {"d5", "k5"} & set(options(state))
    with pytest.raises(IllegalChoice):
        play(state, "use", "d5")


def test_use_cards_exceeding_the_value_is_fine() -> None:
    """2 | Use cards: "You can exceed the value you need" (a 2 on a need of 1)."""
    target = cards(pile="obstacles", ability="none", need="fight", value=1)[0]
    state = arrange(game(), line=[*quiet(target)[:5], target], hand=[GUNS[0]])
    move(state)
    deal(state, "d5", GUNS[0])
    assert state.line[5] is None


def test_pliers_draw_reshuffles_the_player_discard() -> None:
    """Shuffling rule (3 | Refill Your Hand) with Pliers: an empty Player Deck is rebuilt from the
    Player Discard before drawing."""
    state = arrange(game(), line=quiet()[:6], hand=[PLIERS], pdeck=[], pdiscard=[PUNCH[0]])
    move(state)
    play(state, "use", "pd")
    assert PUNCH[0] in state.players[0].hand and state.players[0].discard == []


def test_piles_can_be_checked_at_any_time() -> None:
    """2 | Use cards: the Player Discard and the number of cards in the Bullets Deck can be checked at
    any time, so every view shows them."""
    state = arrange(game(), pdiscard=[PUNCH[0]])
    for seat in (None, 0):
        view = ENGINE.view(state, seat)
        assert view["bullets_left"] == len(state.bullets)
        assert [c["id"] for c in view["seats"][0]["discard_cards"]] == [PUNCH[0]]


def test_progression_completed_goals_go_to_the_bottom_of_the_goals_deck() -> None:
    """Progression to the next level: the completed Goal Cards go to the bottom of the Goal Deck."""
    state = arrange(game())
    clear_level(state)
    assert state.goal_deck[-1] == goal("Armed")


def test_veto_replacement_skips_goals_already_met() -> None:
    """Solo Setup, veto: the replacement is drawn like any goal, so one already met goes to the bottom."""
    state = arrange(
        game(), goals=[goal("Lights Out")], goal_top=[goal("Armed")], hand=[GUNS[0]], phase="veto"
    )
    play(state, "veto", f"v.{goal('Lights Out')}")
    assert goal("Armed") not in [g.card for g in state.goals] and state.goal_deck[-1] == goal("Armed")
    assert state.goal_deck[0] == goal("Lights Out")


def test_coop_any_losing_condition_ends_the_game_for_both() -> None:
    """Co-op: "If any lost game condition effect happens ... both players lose"."""
    state = arrange(game("coop"), partner={"hand": [PUNCH[1]]})
    lose_to_bullets(state)
    outcome = ENGINE.outcome(state)
    assert state.over and outcome is not None and outcome.won is False
    assert outcome.placements == [[0, 1]] and not ENGINE.decisions(state)
