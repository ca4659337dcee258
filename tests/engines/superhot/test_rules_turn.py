"""Rule scenarios for a turn's first phases: Wait or Move, Use cards, Refill, Maneuvers."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.superhot.piles import obstacle
from engines.superhot.state import SuperhotState
from tests.engines.superhot.positions import (
    DUCK,
    ENGINE,
    GUNS,
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
    move,
    options,
    play,
    quiet,
)

UNARMED = cards(name="Unarmed Dude")
QUIET = cards(pile="obstacles", ability="none")
FIGHT1 = cards(pile="obstacles", ability="none", need="fight", value=1)
DODGE1 = cards(pile="obstacles", ability="none", need="dodge", value=1)
MIXED1 = cards(pile="obstacles", ability="none", need="mixed", value=1)
MIXED2 = cards(pile="obstacles", ability="none", need="mixed", value=2)
DODGE2 = cards(pile="obstacles", ability="none", need="dodge", value=2)
DODGE_BULLET = bullets(need="dodge", value=1)


def slots_offered(state: SuperhotState) -> set[int]:
    """The Line slots the Use cards decision offers as targets (d<n>/k<n>)."""
    return {int(o[1:]) for o in options(state) if o[0] in "dk" and o[1:].isdigit()}


# --- 1 | Wait or Move? ----------------------------------------------------------------------------


def test_move_goes_to_use_cards() -> None:
    """Rulebook, How to play, 1 | Wait or Move?: Move simply goes on to phase 2 (Use cards)."""
    state = arrange(game())
    assert decision(state).key == "start"
    assert set(options(state)) == {"move", "wait"}
    move(state)
    assert decision(state).key == "use"


def test_wait_discards_takes_the_start_card_and_jumps_to_abilities() -> None:
    """Rulebook, How to play, 1 | Wait: discard to the Obstacles Discard, start card to the Player
    Discard, then straight to phase 6 (no refill, no maneuvers)."""
    gun = GUNS[0]
    start, *rest = quiet()
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[start, rest[0], gun, *rest[1:4]], hand=[PUNCH[0], DUCK[0], bullet])
    deck_top = state.deck[0]
    shot = state.bullets[0]
    player_deck = list(state.players[0].deck)
    old_line = [slot.card for slot in state.line if slot is not None]
    play(state, "start", "wait")
    wait = decision(state)
    assert wait.key == "discard"
    assert wait.min_choices == 0
    assert set(options(state)) == {PUNCH[0], DUCK[0]}  # never the bullet
    play(state, "discard", PUNCH[0])
    player = state.players[0]
    assert player.discard == [start]
    assert player.hand == [DUCK[0], bullet]  # no refill to 4
    assert player.deck == player_deck
    assert state.discard == [PUNCH[0], shot]  # discard, then phase 6: the Dude with Gun fires
    assert [slot.card for slot in state.line if slot is not None] == [*old_line[1:], deck_top]
    assert decision(state).key == "start"


def test_wait_cannot_discard_bullets() -> None:
    """Rulebook, How to play, 1 | Wait: "You can't discard Bullet Cards this way."."""
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[], hand=[PUNCH[0], bullet, DUCK[0]])
    play(state, "start", "wait")
    before = ENGINE.encode(state)
    with pytest.raises(IllegalChoice):
        play(state, "discard", bullet)
    assert ENGINE.encode(state) == before


@pytest.mark.parametrize("knocked", [False, True])
def test_wait_start_card_face_down_or_bullet(knocked: bool) -> None:
    """Rulebook, How to play, 1 | Wait and 4 | Maneuvers (ruling): a knocked-out start card goes
    to the Obstacles Discard, a flying bullet at the start goes to the hand."""
    bullet = DODGE_BULLET[0]
    start = down(FIGHT1[0]) if knocked else bullet
    state = arrange(game(), line=[start], hand=[PUNCH[0]])
    play(state, "start", "wait")
    play(state, "discard")
    player = state.players[0]
    if knocked:
        assert state.discard == [FIGHT1[0]]
        assert player.discard == []
    else:
        assert player.hand == [PUNCH[0], bullet]
        assert player.discard == []


# --- 2 | Use cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "reachable"),
    [(PUNCH[:1], {0, 2}), (DUCK[:1], {1, 2})],
    ids=["fighting", "dodge"],
)
def test_fighting_dodge_and_mixed_requirements(hand: list[str], reachable: set[int]) -> None:
    """Rulebook, How to play, 2 | Use cards: Fighting needs Fighting, Dodge needs Dodge, Mixed
    takes either."""
    state = arrange(game(), line=[FIGHT1[0], DODGE1[0], MIXED1[0]], hand=hand)
    move(state)
    assert slots_offered(state) & {0, 1, 2} == reachable


def test_mixed_combines_fighting_and_dodge() -> None:
    """Rulebook, How to play, 2 | Use cards: Mixed takes "any combination of Fighting and Dodge"."""
    target = MIXED2[0]
    state = arrange(game(), line=[*quiet(target)[:5], target], hand=[PUNCH[0], DUCK[0]])
    move(state)
    deal(state, "d5", PUNCH[0], DUCK[0])
    assert state.line[5] is None
    assert state.turn.new == [target]
    assert state.turn.used == [PUNCH[0], DUCK[0]]


def test_several_cards_on_one_obstacle_one_plus_one() -> None:
    """Rulebook, How to play, 2 | Use cards: "You can use the following two cards 1+1 to interact
    with Obstacle that needs 2."."""
    gun = GUNS[0]
    assert obstacle(gun).need == "fight" and obstacle(gun).value == 2
    state = arrange(game(), line=[*quiet()[:5], gun], hand=[PUNCH[0], PUNCH[1], DUCK[0]])
    move(state)
    play(state, "use", "d5")
    assert set(options(state)) == {PUNCH[0], "cancel"}  # identical Punches are one choice; Dodge can't pay
    play(state, "card", PUNCH[0])
    assert state.line[5] is not None  # 1 of 2: not yet
    play(state, "card", PUNCH[1])
    assert state.line[5] is None
    assert state.turn.used == [PUNCH[0], PUNCH[1]]


def test_no_card_that_is_not_needed_one_plus_three() -> None:
    """Rulebook, How to play, 2 | Use cards: "you can't use 1+3 to interact with the same Obstacle
    ... the single 3 card is enough"."""
    gun = GUNS[0]
    three = card(use="fight", power=3)
    state = arrange(game(), line=[*quiet()[:5], gun], hand=[PUNCH[0], PUNCH[1], three])
    move(state)
    play(state, "use", "d5")
    assert {PUNCH[0], three} <= set(options(state))  # either may start
    play(state, "card", PUNCH[0])
    assert three not in options(state)
    assert PUNCH[1] in options(state)
    before = ENGINE.encode(state)
    with pytest.raises(IllegalChoice):
        play(state, "card", three)
    assert ENGINE.encode(state) == before
    play(state, "card", "undo")
    play(state, "card", three)  # the 3 alone exceeds the 2: fine
    assert state.line[5] is None
    assert state.turn.used == [three]


def test_a_card_is_never_split_between_obstacles() -> None:
    """Rulebook, How to play, 2 | Use cards: "you can't split the value on a single card between
    multiple Obstacles"."""
    two = card(use="fight", power=2, pile="obstacles")
    first, second = UNARMED
    assert obstacle(first).value == 1
    state = arrange(game(), line=[*quiet()[:4], first, second], hand=[two])
    move(state)
    deal(state, "d4", two)
    assert state.line[4] is None
    assert state.turn.used == [two]
    assert slots_offered(state) == set()  # the spare point of the 2 is gone


def test_destroy_goes_to_new_cards_area_then_hand() -> None:
    """Rulebook, Obstacle cards, Destroy: the card goes to the New Cards Area and into the hand at
    phase 3 (3 | Refill Your Hand)."""
    gun = GUNS[0]
    state = arrange(game(), line=[*quiet()[:5], gun], hand=[PUNCH[0], PUNCH[1], DUCK[0], DUCK[1]])
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    assert state.turn.new == [gun]
    assert [c["id"] for c in ENGINE.view(state, None)["new"]] == [gun]
    assert gun not in state.players[0].hand
    drawn = state.players[0].deck[0]
    bullets_before = len(state.bullets)
    done(state)
    assert state.players[0].hand == [DUCK[0], DUCK[1], gun, drawn]
    assert len(state.bullets) == bullets_before  # a destroyed enemy no longer shoots


def test_knock_out_stays_face_down_then_goes_to_obstacles_discard() -> None:
    """Rulebook, Obstacle cards, Knock out: the card turns face down, stays in place, cannot act,
    and goes to the Obstacles Discard when it leaves The Line."""
    gun = GUNS[0]
    low = FIGHT1[0]
    q1, q2, q3, q4 = quiet(low)[:4]
    state = arrange(game(), line=[low, q1, q2, q3, gun, q4], hand=[*PUNCH[:3], DUCK[0]])
    bullets_before = len(state.bullets)
    move(state)
    deal(state, "k4", PUNCH[0], PUNCH[1])
    assert state.line[4] is not None and state.line[4].card == gun and state.line[4].down
    assert "d4" not in options(state) and "k4" not in options(state)  # ruling: no second go at it
    deal(state, "k0", PUNCH[2])
    done(state)
    assert state.discard == [low, *PUNCH[:3]]  # knocked-out card first, then the Used Cards Area
    assert state.players[0].discard == [q1, q2]
    slot = state.line[1]  # q3 slid to the start, the gun behind it
    assert slot is not None and slot.card == gun and slot.down
    assert len(state.bullets) == bullets_before  # face down: no shot


def test_bullets_in_the_line_are_always_destroyed() -> None:
    """Rulebook, How to play, 2 | Use cards: "Whenever you interact with a Bullet Card, it always
    gets destroyed ... to the top of the Bullets Deck"."""
    bullet = DODGE_BULLET[0]
    state = arrange(game(), line=[*quiet()[:3], bullet], hand=[DUCK[0], PUNCH[0]])
    move(state)
    assert "d3" in options(state)
    assert "k3" not in options(state)
    deal(state, "d3", DUCK[0])
    assert state.bullets[0] == bullet
    assert state.turn.new == []
    done(state)
    assert bullet not in state.players[0].hand


def test_deck_top_is_visible_but_out_of_play() -> None:
    """Rulebook, How to play, 2 | Use cards: the top card of the Obstacles Deck can be seen but not
    interacted with, and its ability does not fire this turn."""
    gun = GUNS[0]
    state = arrange(game(), line=[], deck_top=[gun], hand=[PUNCH[0], PUNCH[1], DUCK[0], DUCK[1]])
    assert ENGINE.view(state, None)["deck_top"]["id"] == gun
    move(state)
    assert all(int(o[1:]) < state.line_size for o in options(state) if o[0] in "dk" and o[1:].isdigit())
    play(state, "use", "done")
    bullets_before = len(state.bullets)
    play(state, "start", "wait")
    play(state, "discard")
    assert len(state.bullets) == bullets_before  # it came into The Line only in phase 7
    assert state.line[-1] is not None and state.line[-1].card == gun
    play(state, "start", "move")
    play(state, "use", "done")
    assert len(state.bullets) == bullets_before - 1  # now it is in The Line


# --- 3 | Refill your hand -------------------------------------------------------------------------


def test_refill_draws_up_to_four() -> None:
    """Rulebook, How to play, 3 | Refill Your Hand: new cards join the hand, then draw to 4."""
    gun = GUNS[0]
    state = arrange(
        game(),
        line=[*quiet()[:5], gun],
        hand=[PUNCH[0], PUNCH[1], DUCK[0], DUCK[1]],
        pdeck=[DUCK[2], PUNCH[2]],
    )
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    done(state)
    assert state.players[0].hand == [DUCK[0], DUCK[1], gun, DUCK[2]]
    assert state.players[0].deck == [PUNCH[2]]


def test_no_hand_limit() -> None:
    """Rulebook, How to play, 3 | Refill Your Hand: "Keep in mind that there is no hand limit."."""
    target = UNARMED[0]
    hand = [*PUNCH, *DUCK]
    state = arrange(game(), line=[*quiet()[:5], target], hand=hand)
    deck = list(state.players[0].deck)
    move(state)
    deal(state, "d5", PUNCH[0])
    done(state)
    assert state.players[0].hand == [*hand[1:], target]
    assert len(state.players[0].hand) == 6
    assert state.players[0].deck == deck


def test_refill_reshuffles_the_player_discard() -> None:
    """Rulebook, How to play, 3 | Refill Your Hand: an empty Player Deck is rebuilt from the
    shuffled Player Discard."""
    gun = GUNS[0]
    pliers = card(pile="IT", use="pliers")
    q0, q1 = quiet()[:2]
    state = arrange(
        game(),
        line=[q0, q1, *quiet(q0, q1)[:3], gun],
        hand=[PUNCH[0], PUNCH[1], pliers],
        pdeck=[],
        pdiscard=[DUCK[0], DUCK[1], PUNCH[2]],
    )
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    done(state)
    player = state.players[0]
    assert player.hand[:2] == [pliers, gun]
    assert len(player.hand) == 4
    assert sorted(player.hand[2:] + player.deck) == sorted([DUCK[0], DUCK[1], PUNCH[2]])
    assert player.discard == [q0, q1]  # phase 4 came after the reshuffle


def test_cannot_refill_the_hand_loses() -> None:
    """Rulebook, How to play, 3 | Refill Your Hand and End Game: no cards left to refill to 4 is a
    loss."""
    target = UNARMED[0]
    state = arrange(game(), line=[*quiet()[:5], target], hand=[PUNCH[0]], pdeck=[], pdiscard=[])
    move(state)
    deal(state, "d5", PUNCH[0])
    done(state)
    assert state.over
    assert state.cause == "hand"
    assert ENGINE.decisions(state) == []
    assert ENGINE.view(state, None)["won"] is False


# --- 4 | Maneuvers --------------------------------------------------------------------------------


def test_maneuvers_empty_slots_not_cards() -> None:
    """Rulebook, How to play, 4 | Maneuvers: 3 cards used empty the 3 slots at the start of The
    Line; only 2 of them hold cards, so only those 2 leave."""
    mixed, dodge = MIXED1[0], DODGE2[0]
    gun, backup = GUNS[0], UNARMED[0]
    q0, q2 = quiet(mixed, dodge)[:2]
    state = arrange(
        game(), line=[q0, mixed, q2, gun, dodge, backup], hand=[PUNCH[0], DUCK[0], DUCK[1], PUNCH[1]]
    )
    shots = state.bullets[:2]
    deck = state.deck[:4]
    move(state)
    deal(state, "d1", PUNCH[0])
    deal(state, "d4", DUCK[0], DUCK[1])
    assert state.turn.spent == 3
    done(state)
    assert state.players[0].discard == [q0, q2]
    assert state.discard == [PUNCH[0], DUCK[0], DUCK[1], *shots]  # used cards, then phase-6 shots
    assert [slot.card for slot in state.line if slot is not None] == [gun, backup, *deck]


def test_maneuvers_send_each_card_where_it_belongs() -> None:
    """Rulebook, How to play, 4 | Maneuvers: face-up cards to the Player Discard, bullets to the
    hand, knocked-out cards to the Obstacles Discard; then the used cards to the Obstacles Discard."""
    bullet = DODGE_BULLET[0]
    knocked, far = FIGHT1[0], FIGHT1[1]
    gun = GUNS[0]
    face_up = quiet(knocked, far)[0]
    state = arrange(
        game(),
        line=[bullet, down(knocked), face_up, quiet(knocked, far, face_up)[0], far, gun],
        hand=[*PUNCH, DUCK[0]],
    )
    move(state)
    deal(state, "d5", PUNCH[0], PUNCH[1])
    deal(state, "d4", PUNCH[2])
    drawn = state.players[0].deck[0]
    done(state)
    player = state.players[0]
    assert player.discard == [face_up]
    assert state.discard == [knocked, *PUNCH]
    # the hand was refilled in phase 3; the bullet joined it in phase 4, after the refill
    assert player.hand == [DUCK[0], gun, far, drawn, bullet]
