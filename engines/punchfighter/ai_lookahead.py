"""The hard level's look one step ahead: each of its best few options at a main or chain question is
played out on a copy of the table (the cards it cannot see shuffled) to the end of its turn with the
normal policy, and the positions are compared."""

from __future__ import annotations

from typing import Any

from engines.core import Rng
from engines.punchfighter import answers, board, content
from engines.punchfighter.ai_choosers import policy_choice
from engines.punchfighter.ai_plays import chain_value, main_scores
from engines.punchfighter.ai_table import EDGE, MINION_DAMAGE, MINION_NEAR, STAR, WIN, Table
from engines.punchfighter.asks import STOP, answerable
from engines.punchfighter.hexes import (
    parse_label,
)
from engines.punchfighter.state import PunchState

LOOK_OPTIONS = 3  # hard: the options it plays out at a main or chain question
LOOK_STEPS = 60  # hard: answers it plays out at most per option


# --- hard: one step ahead -----------------------------------------------------------------------------


class Lookahead:
    """Plays each of the best few options out to the end of the turn on a copy of the table, with
    the cards the seat cannot see shuffled, and keeps the option whose position is worth most."""

    def __init__(self, engine: Any, rng: Rng) -> None:
        self.engine = engine
        self.rng = rng

    def best(self, state: PunchState, seat: int, key: str, ids: list[str]) -> str:
        ranked = ranking(state, seat, key, ids)
        if len(ranked) == 1:
            return ranked[0]
        data = self.engine.encode(state)
        salt = self.rng.below(1 << 30)
        values = {option: self.play_out(data, seat, key, option, salt) for option in ranked}
        return max(ranked, key=lambda option: values[option])

    def play_out(self, data: bytes, seat: int, key: str, option: str, salt: int) -> float:
        state: PunchState = self.engine.decode(data)
        hide(state, seat, Rng(salt))
        rng = Rng(salt + 1)
        state.rng = rng.state
        turn = (state.turn, state.rounds)
        answers.answer(state, rng, seat, key, [option])
        for _ in range(LOOK_STEPS):
            if state.phase == "over" or state.ask is None or (state.turn, state.rounds) != turn:
                break  # the turn (or the game) is over
            found = answerable(state)
            if not found:
                break
            asked = found[0]
            ids = [o.id for o in asked.options if o.id != "back"]
            choice = policy_choice(state, asked.seat, asked.key.partition(".")[0], ids, asked.min_choices)
            answers.answer(state, rng, asked.seat, asked.key, choice)
        return position(state, seat)


def ranking(state: PunchState, seat: int, key: str, ids: list[str]) -> list[str]:
    """The options worth playing out, best first by the normal policy's scores."""
    if key == "chain":
        t = Table(state, seat)
        sim = t.sim()
        previous = content.CARDS_BY_ID[state.chain[-1]].cost if state.chain else ""
        scores = {STOP: 0.1}
        for option in ids:
            if option.startswith("c."):
                value = chain_value(t, sim, option[2:], previous)
                scores[option] = -9.0 if value is None else value
    else:
        scores = main_scores(state, seat, ids)
    ranked = sorted(scores, key=lambda option: -scores[option])
    top = ranked[:LOOK_OPTIONS]
    last = STOP if key == "chain" else "end"
    return top if last in top else [*top[: LOOK_OPTIONS - 1], last]


def hide(state: PunchState, seat: int, rng: Rng) -> None:
    """What the seat cannot see, shuffled: the decks, and the rivals' hands among their unseen cards."""
    rng.shuffle(state.button_deck)
    for other, player in enumerate(state.players):
        if other == seat:
            rng.shuffle(player.deck)
            continue
        unseen = player.hand + player.deck
        rng.shuffle(unseen)
        player.hand, player.deck = unseen[: len(player.hand)], unseen[len(player.hand) :]


def position(state: PunchState, seat: int) -> float:
    """How good the table is for the seat: stars (nine wins), then health, cards and buttons, and
    the rivals' the same way, the leader weighed most."""
    if state.phase == "over" and not state.counts_past_nine:
        best = max(p.stars for p in state.players)
        return WIN * 3 if state.players[seat].stars == best else -WIN * 3
    mine = standing(state, seat)
    if state.rush:
        mine += minions_standing(state, seat)
    others = [standing(state, other) for other in range(len(state.players)) if other != seat]
    if not others or state.counts_past_nine:  # co-op: the other player's stars count as ours
        return mine + sum(others)
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def minions_standing(state: PunchState, seat: int) -> float:
    """Minion Rush: the damage on the minions (a K.O. is four of it) and the ones next to the
    seat's fighter, which hit it at their next reveal."""
    value = MINION_DAMAGE * sum(minion.damage for minion in state.minions if minion.at is not None)
    spot = board.hex_of(state, f"f{seat}")
    if spot is not None:
        near = [parse_label(m.at).distance(spot) for m in state.minions if m.at is not None]
        value -= MINION_NEAR * near.count(1) + 0.15 * MINION_NEAR * near.count(2)
    return value


def standing(state: PunchState, seat: int) -> float:
    player = state.players[seat]
    value = STAR * player.stars
    if not state.rush and player.fighter:
        fighter = content.FIGHTERS_BY_ID[player.fighter]
        health = player.health if player.at is not None else board.max_health(player.fighter)
        band = board.band(player.fighter, health)
        left = health - sum(fighter.bands[band + 1 :]) if band < len(fighter.bands) else 0
        value += 0.3 * health + 0.4 * left
    elif state.rush and player.at is not None:
        value += 0.25 * player.health
    value += 0.6 * min(len(player.hand), 5) + 0.5 * sum(1 for b in player.pad if not b.pushed)
    value += 0.3 * len(player.pad)
    if player.at is not None:
        spot = parse_label(player.at)
        grid = board.grid_of(state)
        value -= EDGE * sum(1 for near in spot.neighbours() if not grid.on_board(near))
    return value
