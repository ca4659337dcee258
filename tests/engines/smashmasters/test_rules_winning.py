"""Winning (rulebook section 5; ruling 35) and the Outcome."""

from __future__ import annotations

from engines.smashmasters.flow import MAX_TURNS
from tests.engines.smashmasters.positions import (
    ENGINE,
    arrange,
    begin,
    cid,
    decision,
    duel,
    game,
    play,
    said,
    smashes,
    space,
)

SALLY, MAX = "kc-c2", "kc-c6"
PHOTO, WENDY = "ld-c1", "ld-c4"


def test_the_last_player_with_a_character_wins() -> None:
    """§5: a player whose characters are all defeated is out; the last one standing wins."""
    state = duel([SALLY, MAX], [WENDY, "", ""], hands=(smashes("kc", 5), None))
    state.players[1].stack = []
    space(state, WENDY).stunned = True
    assert ENGINE.outcome(state) is None
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    events = play(state, "target", WENDY)
    assert state.over and ENGINE.decisions(state) == []
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.placements == [[0], [1]] and outcome.scores == {0: 1.0, 1: 0.0}
    assert outcome.summary.startswith("Ann wins with Sous Vide Sally, Microwave Max still standing")
    assert "Bob has no characters left and is out!" in said(events)
    assert outcome.summary in said(events)


def test_placements_follow_the_reverse_order_of_elimination() -> None:
    """§5 (ruling 35): the earlier a player is knocked out, the lower they place; out players are
    skipped in turn order."""
    state = game(3)
    arrange(state, 0, team=[SALLY, MAX], hand=smashes("kc", 5))
    arrange(state, 1, team=[WENDY], stunned=[WENDY])
    arrange(state, 2, team=["ga-c1"], stunned=["ga-c1"], hand=smashes("ga", 5))
    for seat in (1, 2):
        state.players[seat].stack = []
    begin(state)
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert state.players[1].out and not state.over and state.turn == 2
    play(state, "action", "discard")
    play(state, "discard", smashes("ga")[0])
    assert state.turn == 0  # Bob is skipped
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", "ga-c1")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0], [2], [1]]
    assert outcome.scores == {0: 2.0, 2: 1.0, 1: 0.0}
    assert outcome.summary.endswith("Knocked out: Bob first, Cy second.")


def test_players_knocked_out_together_share_a_place() -> None:
    """Ruling 35: Grease Fire takes two rivals out at once; they tie."""
    grease = cid("Grease Fire")
    state = game(3)
    arrange(state, 0, team=[SALLY, MAX], hand=[grease, *smashes("kc", 4)])
    arrange(state, 1, team=[WENDY], stunned=[WENDY])
    arrange(state, 2, team=["ga-c1"], stunned=["ga-c1"])
    for seat in (1, 2):
        state.players[seat].stack = []
    begin(state)
    play(state, "action", grease)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0], [1, 2]]
    assert outcome.summary.endswith("Knocked out: Bob and Cy first.")


def test_a_game_that_drags_on_ends_in_a_draw() -> None:
    """Ruling 36 (safety valve): after the turn limit, the players still in share the win."""
    state = duel([SALLY, MAX], [PHOTO, WENDY], hands=(smashes("kc", 5), None))
    state.turns = MAX_TURNS
    play(state, "action", "discard")
    play(state, "discard", smashes("kc")[0])
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.placements == [[0, 1]]
    assert outcome.summary == f"Time is up after {MAX_TURNS} turns: Ann and Bob share the win."


def test_a_player_with_characters_in_the_stack_is_not_out() -> None:
    """§5: only a player with no character on the table and none in the stack is out."""
    state = duel([SALLY, MAX], [WENDY, "", ""], hands=(smashes("kc", 5), None))
    space(state, WENDY).stunned = True
    play(state, "action", "smash")
    play(state, "attacker", SALLY)
    play(state, "target", WENDY)
    assert not state.players[1].out and decision(state).key == "place"
