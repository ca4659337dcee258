"""The hard AI's look ahead: play each action of the turn on sampled copies of the table, to the
start of the next turn, and keep the action whose results are judged best on average.

A copy never knows more than the AI does: every rival's hand is dealt afresh from that rival's
unseen cards (its hand and Deck together), the AI's own Deck is shuffled, and the copy's PRNG is
reseeded, so what the copy draws or discards at random is a guess, not the future.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, Rng, seed_state
from engines.core.clone import clone
from engines.smashmasters.ai_value import position
from engines.smashmasters.context import Ctx
from engines.smashmasters.decide import answer, decisions, run
from engines.smashmasters.state import SmashState

SAMPLES = 6  # copies of the table per action
STEPS = 40  # decisions played on a copy before it is judged as it stands
HORIZON = 1  # turns played on a copy after the AI's own (the next player's reply)

Chooser = Callable[[SmashState, Decision], list[str]]


def sample(state: SmashState, me: int, salt: int) -> SmashState:
    """A copy of the table with what `me` cannot see dealt at random."""
    copy = clone(state)
    rng = Rng(seed_state(state.rng ^ (salt * 0xD1B54A32D192ED03)))
    for player in copy.players:
        if player.seat == me:
            rng.shuffle(player.deck)
            continue
        unseen = player.hand + player.deck
        rng.shuffle(unseen)
        size = len(player.hand)
        player.hand, player.deck = unseen[:size], unseen[size:]
    copy.rng = rng.next64()
    return copy


def _play(copy: SmashState, option: str, me: int, chooser: Chooser) -> SmashState:
    """Take the action on the copy, then let `chooser` answer until the next turn starts."""
    turns = copy.turns + HORIZON
    _apply(copy, me, [option])
    for _ in range(STEPS):
        if copy.over or copy.turns > turns:
            break
        found = decisions(copy)
        if not found:
            break
        _apply(copy, found[0].seat, chooser(copy, found[0]))
    return copy


def _apply(copy: SmashState, seat: int, picked: list[str]) -> None:
    """Apply an answer the way the engine does (answer, then run on), without its checks."""
    ctx = Ctx(copy, Rng(copy.rng))
    answer(ctx, seat, picked)
    run(ctx)
    copy.rng = ctx.rng.state
    copy.version += 1


def best_action(state: SmashState, decision: Decision, chooser: Chooser, shortlist: list[str]) -> str:
    """The action of `shortlist` whose sampled outcomes `position` judges best for the seat."""
    me = decision.seat
    scored = []
    for option in shortlist:
        total = 0.0
        for salt in range(SAMPLES):
            total += position(_play(sample(state, me, salt + 1), option, me, chooser), me)
        scored.append((total / SAMPLES, option))
    return max(scored)[1]
