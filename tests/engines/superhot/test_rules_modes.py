"""Rule scenarios for Co-op, Versus and 2 vs 1."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.superhot.cards import pool
from engines.superhot.piles import obstacle, requirement
from engines.superhot.state import SuperhotState
from tests.engines.superhot.positions import (
    DUCK,
    ENGINE,
    GUNS,
    PUNCH,
    STRIKE,
    LineSpec,
    arrange,
    bullets,
    cards,
    clear_level,
    deal,
    decision,
    done,
    down,
    game,
    lose_to_bullets,
    move,
    options,
    pass_turn,
    play,
    quiet,
)

WEAVE = cards(pile="PZ", use="dodge", power=1)
UNARMED = cards(name="Unarmed Dude")
QUIET = cards(pile="obstacles", ability="none")
FIGHT1 = cards(pile="obstacles", ability="none", need="fight", value=1)
DESTROY_GOALS = [g for g, d in pool().goals.items() if d.kind == "destroy"]
DODGE_BULLET = bullets(need="dodge", value=1)


# --- co-op ----------------------------------------------------------------------------------------


def test_coop_players_have_individual_decks() -> None:
    """Rulebook, Co-op, Individual decks: each player has their own Player Deck (IT or PZ), hand and
    Player Discard."""
    state = game("coop")
    for player, mark in zip(state.players, ("IT", "PZ"), strict=True):
        assert player.mark == mark
        assert {obstacle(c).pile for c in player.hand + player.deck} == {mark}
        assert len(player.hand) == 4 and player.discard == []
    start = quiet()[0]
    arrange(state, line=[start], active=1)
    play(state, "start", "wait")
    play(state, "discard")
    assert state.players[1].discard == [start]
    assert state.players[0].discard == []


def test_coop_the_shared_line_acts_after_each_turn() -> None:
    """Rulebook, Co-op, Individual decks: "The Line activates, scrolls and refills after each
    player's turn" (as printed: each volley fires what its shooters fire)."""
    state = arrange(game("coop"), line=[GUNS[0]], active=0)
    before = len(state.bullets)
    assert decision(state).seat == 0
    pass_turn(state)
    assert len(state.bullets) == before - 1
    assert state.active == 1 and decision(state).seat == 1
    pass_turn(state)
    assert len(state.bullets) == before - 2
    assert state.active == 0


@pytest.mark.parametrize("mode", ["coop", "twovone"])
@pytest.mark.parametrize("answer", ["agree", "refuse"])
def test_team_veto_needs_both_players(mode: str, answer: str) -> None:
    """Rulebook, Co-op, Veto and 2 vs 1, Veto: a goal is vetoed "only if they both agree. If they
    don't, nothing changes"."""
    first, second = DESTROY_GOALS[:2]
    replacement = DESTROY_GOALS[2]
    state = arrange(game(mode), goals=[first, second], goal_top=[replacement], phase="veto", active=0)
    assert decision(state).seat == 0
    play(state, "veto", f"v.{first}")
    partner = decision(state)
    assert (partner.seat, partner.key) == (1, "veto")
    assert set(options(state)) == {"agree", "refuse"}
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 0, "veto", ["agree"])  # the proposer cannot answer for the partner
    play(state, "veto", answer)
    if answer == "agree":
        assert [g.card for g in state.goals] == [replacement, second]
        assert state.goal_deck[0] == first
    else:
        assert [g.card for g in state.goals] == [first, second]
        assert state.goal_deck[0] == replacement
    start = decision(state)
    assert (start.seat, start.key) == (0, "start")


def aid_position() -> SuperhotState:
    """Co-op: player 0 holds a bullet and three cards; player 1 will face an Unarmed Dude."""
    bullet = DODGE_BULLET[0]
    return arrange(
        game("coop"),
        line=[*quiet()[:5], UNARMED[0]],
        hand=[PUNCH[0], PUNCH[1], bullet, DUCK[0]],
        partner={"hand": [STRIKE[0], STRIKE[1], WEAVE[0], WEAVE[1]]},
        active=0,
    )


def test_coop_aid_passes_one_card_never_a_bullet() -> None:
    """Rulebook, Co-op, Aid: right after Use cards a player may pass one Obstacle Card, never a
    Bullet Card, to the partner."""
    state = aid_position()
    move(state)
    play(state, "use", "done")
    assert decision(state).key == "aid"
    assert set(options(state)) == {"none", PUNCH[0], DUCK[0]}  # identical cards are offered once
    assert "(x2)" in next(o.label for o in decision(state).options if o.id == PUNCH[0])
    with pytest.raises(IllegalChoice):
        play(state, "aid", DODGE_BULLET[0])
    drawn = state.players[0].deck[0]
    play(state, "aid", DUCK[0])
    assert state.aid == DUCK[0]
    assert state.players[0].hand == [PUNCH[0], PUNCH[1], DODGE_BULLET[0], drawn]  # passed before phase 3
    assert state.active == 1 and state.aid == DUCK[0]  # still on the table for the partner's turn


def test_coop_aid_card_can_be_used_by_the_partner() -> None:
    """Rulebook, Co-op, Aid: "On the next player's turn, he/she can use its ability as if it were in
    their hand"."""
    state = aid_position()
    move(state)
    done(state, aid=DUCK[0])
    move(state)
    play(state, "use", "d5")
    assert "aid" in options(state)
    play(state, "card", "aid")
    assert state.line[5] is None
    assert state.turn.used == [DUCK[0]]
    done(state)
    assert state.aid is None
    assert DUCK[0] in state.discard  # used: Obstacles Discard
    assert DUCK[0] not in state.players[0].discard


def test_coop_unused_aid_is_not_in_the_hand_and_goes_home() -> None:
    """Rulebook, Co-op, Aid: the card "doesn't count as part of their hand" (phase 3 still draws up
    to 4 real cards) and, unused, "returns to the original Player's Discard at the end of the turn"."""
    state = aid_position()
    move(state)
    done(state, aid=DUCK[0])
    partner = state.players[1]
    drawn = partner.deck[0]
    move(state)
    deal(state, "k5", STRIKE[0])  # knocked out: nothing joins the hand
    assert len(partner.hand) == 3 and state.aid == DUCK[0]
    done(state)
    assert partner.hand == [STRIKE[1], WEAVE[0], WEAVE[1], drawn]
    assert state.aid is None
    assert state.players[0].discard == [DUCK[0]]
    assert DUCK[0] not in state.discard


def test_coop_the_other_player_starts_the_next_level() -> None:
    """Rulebook, Co-op: "When a player finishes a level, the other player goes first on the next
    level."."""
    state = arrange(game("coop"), active=0)
    clear_level(state)
    assert state.level == 2
    assert state.active == 1 and decision(state).seat == 1


def test_coop_five_bullets_between_both_hands_lose() -> None:
    """Rulebook, Co-op: "if both players have a combined total of 5 bullets in their hands, they've
    lost the game!"."""
    flying = bullets()
    target = FIGHT1[0]
    state = arrange(
        game("coop"),
        line=[flying[4], *quiet(target)[:4], target],
        hand=[flying[0], PUNCH[0], DUCK[0], DUCK[1]],
        partner={"hand": [*flying[1:4], STRIKE[0]]},
        active=0,
    )
    move(state)
    deal(state, "d5", PUNCH[0])
    done(state)
    assert state.over and state.cause == "bullets_team"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0, 1]]


# --- versus and 2 vs 1 ----------------------------------------------------------------------------


def test_system_turn_follows_and_draws_from_the_obstacles_discard_then_deck() -> None:
    """Rulebook, Versus: after the Normal turn the System Player draws the top 4 cards of the
    Obstacles Discard, then from the Obstacles Deck, and pools their bottom-half values."""
    a, b, c, d = GUNS[0], quiet()[0], quiet()[1], bullets(need="mixed")[0]
    state = arrange(game("versus"), line=quiet(b, c)[:6], discard=[a, b], deck_top=[c, d])
    pass_turn(state)
    glitch = decision(state)
    assert (glitch.seat, glitch.key) == (1, "glitch")
    turn = state.system_turn
    assert turn is not None
    assert turn.cards == [b, a, c, d]
    totals = {"fight": 0, "dodge": 0, "mixed": 0}
    for drawn in turn.cards:
        need, value = requirement(drawn)
        totals[need] += value
    assert (turn.fight, turn.dodge, turn.mixed) == (totals["fight"], totals["dodge"], totals["mixed"])


SYSTEM_HANDS = {
    "mixed": [c for c in cards(pile="obstacles", need="mixed")][:4],
    "fight": [c for c in cards(pile="obstacles", need="fight")][:4],
    "dodge": [c for c in cards(pile="obstacles", need="dodge")][:4],
}


@pytest.mark.parametrize("kind", list(SYSTEM_HANDS))
def test_system_values_pay_own_or_mixed_costs(kind: str) -> None:
    """Rulebook, Versus: Fighting and Dodge pay their own costs or add to a Mixed total; "Cards which
    offer Mixed skill values can only be used for abilities that use Mixed skill values"."""
    hand = SYSTEM_HANDS[kind]
    knocked = quiet(*hand)[0]
    buried = DODGE_BULLET[0]
    line: LineSpec = [down(knocked), *quiet(knocked, *hand)[:5]]
    state = arrange(game("versus"), line=line, discard=[buried, *hand])
    pass_turn(state)
    total = sum(requirement(c)[1] for c in hand)
    own = {"fight": total if kind == "fight" else 0, "dodge": total if kind == "dodge" else 0}
    expected = {
        g.id
        for g in pool().glitches
        if g.cost <= (total if g.cost_type == "mixed" else own.get(g.cost_type, 0))
    }
    offered = {o.split(".")[0] for o in options(state) if o != "end"}
    assert offered == expected


def test_system_may_glitch_several_times_a_turn() -> None:
    """Rulebook, Versus: the System Player may split its values between abilities, and "The same
    ability can be used multiple times"."""
    hand = SYSTEM_HANDS["dodge"]
    shift = next(g for g in pool().glitches if g.effect == "shift")
    state = arrange(game("versus"), line=quiet(*hand)[:6], discard=hand)
    pass_turn(state)
    turn = state.system_turn
    assert turn is not None and turn.dodge >= 2 * shift.cost
    line = [s.card if s else None for s in state.line]
    play(state, "glitch", f"{shift.id}.0")
    play(state, "glitch", f"{shift.id}.2")
    assert turn.spent_dodge == 2 * shift.cost
    assert [s.card if s else None for s in state.line] == [line[1], line[0], line[3], line[2], *line[4:]]
    assert decision(state).key == "glitch"


def test_system_turn_line_does_not_act_and_cards_return_to_the_discard() -> None:
    """Rulebook, Versus: "The abilities of Obstacles in The Line don't activate during the System
    Player's turn"; its used and unused cards go on top of the Obstacles Discard."""
    state = arrange(game("versus"), line=[GUNS[0]])
    pass_turn(state)  # the Dude with Gun fires in the Normal turn's phase 6
    turn = state.system_turn
    assert turn is not None
    drawn = list(turn.cards)
    left = len(state.bullets)
    play(state, "glitch", "end")
    assert len(state.bullets) == left
    assert sorted(state.discard[-4:]) == sorted(drawn)
    start = decision(state)
    assert (start.seat, start.key) == (0, "start")


def test_system_wins_when_the_normal_player_loses() -> None:
    """Rulebook, Versus: "If the Normal Player meets any of the 4 end game conditions, the System
    Player wins!"."""
    state = arrange(game("versus"))
    lose_to_bullets(state)
    assert state.over
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[1], [0]]


def test_versus_normal_player_wins_after_two_levels() -> None:
    """Rulebook, Versus: "In Versus mode the Normal Player has to clear only two levels"."""
    state = game("versus")
    veto = decision(state)
    assert (veto.seat, veto.key) == (0, "veto")  # Versus, Veto: the same rules as solo
    arrange(state)
    clear_level(state)
    assert not state.over and state.level == 2
    clear_level(state)
    assert state.over and ENGINE.view(state, None)["won"] is True
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0], [1]]


def test_two_vs_one_turn_order() -> None:
    """Rulebook, 2 vs 1: "Player IT plays first, then the System Player, then player PZ, then the
    System Player and so on."."""
    state = arrange(game("twovone"), line=quiet()[:6], active=0)
    order = []
    for _ in range(4):
        current = decision(state)
        order.append(current.seat)
        if current.key == "glitch":
            play(state, "glitch", "end")
        else:
            pass_turn(state)
    assert order == [0, 2, 1, 2]
    assert decision(state).seat == 0


def test_two_vs_one_five_team_bullets_give_the_system_the_win() -> None:
    """Rulebook, 2 vs 1: "If there are a total of 5 bullets in total in both player hands at any
    time, the game ends immediately and the System Player wins."."""
    flying = bullets()
    target = FIGHT1[0]
    state = arrange(
        game("twovone"),
        line=[flying[4], *quiet(target)[:4], target],
        hand=[flying[0], PUNCH[0], DUCK[0], DUCK[1]],
        partner={"hand": [*flying[1:4], STRIKE[0]]},
    )
    move(state)
    deal(state, "d5", PUNCH[0])
    done(state)
    assert state.over and state.cause == "bullets_team"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[2], [0, 1]]
