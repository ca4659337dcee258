"""Rule scenarios for phases 5-7 (goals, Obstacle abilities, Refill The Line) and player abilities."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.superhot.cards import pool
from engines.superhot.piles import obstacle
from tests.engines.superhot.positions import (
    DOUBLE,
    DUCK,
    ENGINE,
    GUNS,
    KATANA,
    PLIERS,
    PUNCH,
    arrange,
    bullets,
    card,
    cards,
    deal,
    decision,
    done,
    down,
    game,
    goal,
    move,
    options,
    pass_turn,
    play,
    quiet,
)

UNARMED = cards(name="Unarmed Dude")
SHOTGUN = card(name="Shotgun")
PILLAR = card(name="Pillar")
KATANA_DUDE = card(name="Dude with Katana")
GLASS = card(use="glass", pile="obstacles")
QUIET = cards(pile="obstacles", ability="none")
FIGHT1 = cards(pile="obstacles", ability="none", need="fight", value=1)
MIXED1 = cards(pile="obstacles", ability="none", need="mixed", value=1)
DODGE3 = cards(pile="obstacles", need="dodge", value=3)
DODGE_BULLET = bullets(need="dodge", value=1)


def discard_goal(count: int) -> str:
    """The Player Discard goal with this count."""
    return next(g for g, d in pool().goals.items() if d.kind == "discard_size" and d.count == count)


# --- 5 | Check the goals --------------------------------------------------------------------------


def test_goals_checked_in_phase_5_and_a_cleared_level_skips_abilities() -> None:
    """Rulebook, How to play, 5 | Check The Goals: with every goal done the level is complete and
    the turn does not go on to phase 6."""
    gun = GUNS[0]
    state = arrange(
        game(),
        goals=[goal("Armed")],
        line=[*quiet()[:4], SHOTGUN, gun],
        hand=[PUNCH[0], PUNCH[1], DUCK[0], DUCK[1]],
    )
    bullets_before = len(state.bullets)
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])  # the Gun reaches the hand in phase 3
    done(state)
    assert state.level == 2
    assert len(state.bullets) == bullets_before  # the Shotgun never fired


def test_goals_flip_one_by_one_and_stay_done() -> None:
    """Rulebook, Goal Cards: goals of a level may be fulfilled "in any order"; a completed goal is
    flipped face down and stays done."""
    armed = goal("Armed")
    memory = min((d.count, g) for g, d in pool().goals.items() if d.kind == "discard_size")[1]
    need = pool().goals[memory].count
    gun = GUNS[0]
    target = next(c for c in quiet() if obstacle(c).need == "fight" and obstacle(c).value == 2)
    line = [*quiet(target)[:5], target]
    state = arrange(
        game(),
        goals=[armed, memory],
        line=line,
        hand=[gun, PUNCH[0], DUCK[0], DUCK[1]],
        pdeck=[DUCK[2], PUNCH[1], PUNCH[2]],
        pdiscard=quiet(*line)[: need - 1],
    )
    pass_turn(state)
    assert state.level == 1
    assert [g.done for g in state.goals] == [True, False]
    move(state)
    deal(state, "k5", gun)  # the Gun leaves the hand: "Armed" is no longer met, but stays done
    done(state)  # one slot scrolls: the Player Discard reaches its count
    assert state.level == 2


def test_goals_are_not_checked_on_a_wait_turn() -> None:
    """Rulebook, How to play, 1 | Wait: "move straight to phase 6" (phase 5 is skipped); the goal is
    met at the next Move turn's phase 5."""
    memory = min((d.count, g) for g, d in pool().goals.items() if d.kind == "discard_size")[1]
    need = pool().goals[memory].count
    filler = [c for c in cards(pile="obstacles") if obstacle(c).ability == "none"]
    start = filler[0]
    state = arrange(
        game(),
        goals=[memory],
        line=[start, *filler[1:6]],
        hand=PUNCH[:3],
        pdiscard=filler[6 : 6 + need - 1],
    )
    play(state, "start", "wait")
    play(state, "discard")
    assert len(state.players[0].discard) == need
    assert state.level == 1 and not state.goals[0].done
    pass_turn(state)
    assert state.level == 2


# --- 6 | Obstacle abilities -----------------------------------------------------------------------


def test_shooters_fire_before_unarmed_dude() -> None:
    """Rulebook, How to play, 6 | Obstacle Abilities: resolve Dude with Gun before Unarmed Dude, who
    fires one bullet because another enemy shot; bullets go to the Obstacles Discard."""
    state = arrange(game(), line=[UNARMED[0], *quiet()[:4], GUNS[0]])
    shots = state.bullets[:2]
    rest = state.bullets[2:]
    pass_turn(state)
    assert state.discard == shots
    assert state.bullets == rest


def test_unarmed_dude_alone_does_not_shoot() -> None:
    """Rulebook, Enemy Abilities, Unarmed Dude: it shoots only "if another enemy shoots"."""
    state = arrange(game(), line=[UNARMED[0], UNARMED[1]])
    bullets_before = list(state.bullets)
    pass_turn(state)
    assert state.bullets == bullets_before
    assert state.discard == []


def test_knocked_out_enemies_do_not_act() -> None:
    """Rulebook, Obstacle cards, Knock out: "Abilities of face down cards cannot be triggered"."""
    state = arrange(game(), line=[down(GUNS[0]), UNARMED[0], down(SHOTGUN), down(PILLAR)])
    bullets_before = list(state.bullets)
    hand = list(state.players[0].hand)
    pass_turn(state)
    assert state.bullets == bullets_before
    assert state.players[0].hand == hand


def test_a_shooter_fires_its_number_of_bullets() -> None:
    """Rulebook, How to play, 6 | Obstacle Abilities: an enemy shoots as many bullets as its
    symbols show (the Shotgun more than one)."""
    amount = obstacle(SHOTGUN).amount
    assert amount > 1
    state = arrange(game(), line=[SHOTGUN])
    shots = state.bullets[:amount]
    pass_turn(state)
    assert state.discard == shots


@pytest.mark.parametrize("left", [1, 2])
def test_the_last_bullet_leaving_the_bullets_deck_loses(left: int) -> None:
    """Rulebook, How to play, 6 | Obstacle Abilities: moving the last Bullet Card from the Bullets
    Deck to the Obstacles Discard loses the game."""
    state = arrange(game(), line=[GUNS[0]], bullets=bullets()[:left])
    pass_turn(state)
    if left == 1:
        assert state.over and state.cause == "bullets_deck"
        assert ENGINE.view(state, None)["won"] is False
    else:
        assert not state.over and len(state.bullets) == 1


def test_pillar_draws_an_extra_card() -> None:
    """Rulebook, Enemy Abilities, Pillar: "When it's in The Line during phase 6, you draw an extra
    card"."""
    state = arrange(game(), line=[PILLAR], hand=[*PUNCH, DUCK[0]], pdeck=[DUCK[1], DUCK[2]])
    pass_turn(state)
    assert state.players[0].hand == [*PUNCH, DUCK[0], DUCK[1]]


def test_dude_with_katana_forces_a_discard() -> None:
    """Rulebook, Enemy Abilities, Dude with Katana: discard one Obstacle Card (never a bullet) from
    the hand to the Obstacles Discard."""
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[KATANA_DUDE], hand=[PUNCH[0], DUCK[0], bullet, PUNCH[1]])
    pass_turn(state)
    slash = decision(state)
    assert slash.key == "slash"
    assert (slash.min_choices, slash.max_choices) == (1, 1)
    assert set(options(state)) == {PUNCH[0], DUCK[0], PUNCH[1]}
    with pytest.raises(IllegalChoice):
        play(state, "slash", bullet)
    play(state, "slash", DUCK[0])
    assert state.discard == [DUCK[0]]
    assert state.players[0].hand == [PUNCH[0], bullet, PUNCH[1]]
    assert decision(state).key == "start"


def test_dude_with_katana_cannot_take_bullets() -> None:
    """Rulebook, Enemy Abilities, Dude with Katana: "You can't discard Bullet Cards this way" (with
    only bullets in hand nothing is discarded)."""
    held = bullets()[:3]
    state = arrange(game(), line=[quiet()[0], KATANA_DUDE], hand=held)
    play(state, "start", "wait")  # nothing to discard: the question is skipped
    assert decision(state).key == "start"
    assert state.players[0].hand == held


# --- 7 | Refill The Line --------------------------------------------------------------------------


def test_refill_the_line_slides_to_the_start_then_draws() -> None:
    """Rulebook, How to play, 7 | Refill The Line: remaining cards slide towards the start, then the
    empty slots are filled from the Obstacles Deck."""
    target = FIGHT1[0]
    l0, l1, l3, l4, l5 = quiet(target)[:5]
    top = quiet(target, l0, l1, l3, l4, l5)[:2]
    state = arrange(game(), line=[l0, l1, target, l3, l4, l5], deck_top=top, hand=[*PUNCH[:2], *DUCK[:2]])
    move(state)
    deal(state, "d2", PUNCH[0])  # slot 2 empties now, slot 0 in Maneuvers
    done(state)
    assert [slot.card if slot else None for slot in state.line] == [l1, l3, l4, l5, *top]


def test_refill_the_line_reshuffles_the_obstacles_discard() -> None:
    """Rulebook, How to play, 7 | Refill The Line: "If you run out of cards to draw, shuffle the
    Obstacles Discard and a create a new Obstacles Deck"."""
    line = quiet()[:6]
    spare = quiet(*line)[:2]
    state = arrange(game(), line=line, deck=[], discard=spare, hand=PUNCH[:2])
    play(state, "start", "wait")
    play(state, "discard")
    new = state.line[-1]
    assert new is not None and new.card in spare
    assert state.deck == [c for c in spare if c != new.card]
    assert state.discard == []


def test_the_line_cannot_be_refilled_loses() -> None:
    """Rulebook, How to play, 7 | Refill The Line and End Game: not enough cards to refill The Line
    loses the game."""
    state = arrange(game(), line=quiet()[:6], deck=[], discard=[], hand=PUNCH[:2])
    play(state, "start", "wait")
    play(state, "discard")
    assert state.over and state.cause == "line"


# --- player abilities -----------------------------------------------------------------------------


def test_pliers_put_a_bullet_back_on_the_bullets_deck() -> None:
    """Rulebook, Player Abilities, Pliers: remove a Bullet Card from the hand and place it on the
    Bullets Deck."""
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[], hand=[PLIERS, bullet, PUNCH[0]])
    move(state)
    play(state, "use", "pb")
    assert state.bullets[0] == bullet
    assert state.players[0].hand == [PUNCH[0]]
    assert state.turn.used == [PLIERS] and state.turn.spent == 1


def test_pliers_draw_a_card() -> None:
    """Rulebook, Player Abilities, Pliers: or draw a card from the Player Deck."""
    state = arrange(game(), line=[], hand=[PLIERS, PUNCH[0]], pdeck=[DUCK[0], DUCK[1]])
    move(state)
    assert "pb" not in options(state)  # no bullet in hand
    play(state, "use", "pd")
    assert state.players[0].hand == [PUNCH[0], DUCK[0]]
    assert state.turn.spent == 1


def test_pliers_drawing_a_fourth_bullet_loses_at_once() -> None:
    """Rulebook, How to play, 4 | Maneuvers: "If you have 4 or more Bullet Cards in your hand at
    any time, you lose the game!"."""
    held, fourth = bullets()[:3], bullets()[3]
    state = arrange(game(), line=[], hand=[PLIERS, *held], pdeck=[fourth])
    move(state)
    play(state, "use", "pd")
    assert state.over and state.cause == "bullets_hand"


def test_katana_as_two_fighting() -> None:
    """Rulebook, Player Abilities, Katana: it may be used as 2 Fighting."""
    gun = GUNS[0]
    state = arrange(game(), line=[*quiet()[:5], gun], hand=[KATANA, DUCK[0]])
    move(state)
    deal(state, "d5", KATANA)
    assert state.line[5] is None
    assert state.turn.new == [gun]


def test_katana_slashes_a_bullet_in_the_line() -> None:
    """Rulebook, Player Abilities, Katana: or destroy a Bullet Card from The Line and place it on
    the Bullets Deck (the card counts as used)."""
    bullet = bullets(need="dodge")[-1]
    state = arrange(game(), line=[*quiet()[:3], bullet], hand=[KATANA, PUNCH[0]])
    move(state)
    assert "ks3" in options(state)
    play(state, "use", "ks3")
    assert state.line[3] is None
    assert state.bullets[0] == bullet
    assert state.turn.used == [KATANA] and state.turn.spent == 1


@pytest.mark.parametrize("discarded", [0, 2, 3])
def test_how_about_a_glass_counts_the_player_discard(discarded: int) -> None:
    """Rulebook, Player Abilities, How about a glass?: 1 Dodge per card in the Player Discard; it
    cannot be played with an empty discard."""
    target = DODGE3[0]
    value = obstacle(target).value
    state = arrange(
        game(),
        line=[*quiet(GLASS)[:5], target],
        hand=[GLASS, PUNCH[0]],
        pdiscard=quiet(target, GLASS)[5 : 5 + discarded],
    )
    move(state)
    if discarded < value:
        assert "d5" not in options(state)
        return
    deal(state, "d5", GLASS)
    assert state.line[5] is None


def test_double_trouble_two_copies_only_real_cards_scroll() -> None:
    """Rulebook, Player Abilities, Double trouble: two copies usable on different obstacles; for
    Maneuvers only the cards actually played count."""
    fight, mixed = FIGHT1[0], MIXED1[0]
    q = quiet(fight, mixed)[:4]
    state = arrange(game(), line=[*q, mixed, fight], hand=[DOUBLE, PUNCH[0], DUCK[0], DUCK[1]])
    move(state)
    play(state, "use", "dt")
    assert set(options(state)) == {PUNCH[0], DUCK[0], "cancel"}  # the two Ducks are one choice
    play(state, "double", PUNCH[0])
    assert state.turn.used == [PUNCH[0], DOUBLE]
    assert state.turn.spent == 2
    deal(state, "d4", "echo0")
    deal(state, "d5", "echo0")
    assert state.line[4] is None and state.line[5] is None
    assert state.turn.spent == 2
    done(state)
    assert state.players[0].discard == q[:2]  # 2 slots scrolled, not 4
    assert [slot.card for slot in state.line if slot is not None][:2] == q[2:]
    assert state.players[0].hand == [DUCK[0], DUCK[1], mixed, fight]


def test_double_trouble_copies_an_ability_too() -> None:
    """Rulebook, Player Abilities, Double trouble: "just like you used two copies of the card", so
    Pliers beside it can pull two bullets back, and only the two real cards scroll The Line."""
    first, second = DODGE_BULLET[0], DODGE_BULLET[1]
    state = arrange(game(), line=[], hand=[DOUBLE, PLIERS, first, second])
    move(state)
    play(state, "use", "dt")
    assert set(options(state)) == {PLIERS, "cancel"}
    play(state, "double", PLIERS)
    play(state, "use", "pb")
    play(state, "use", "pb")
    assert state.bullets[:2] == [second, first]
    assert state.players[0].hand == [] and state.turn.spent == 2
