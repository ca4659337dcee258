"""Applying an answer to the open question, and the coin flips that answer for solitaire villains."""

from __future__ import annotations

from engines.core import Decision, Rng
from engines.letopsulle import hero_actions, hero_turn, villain_turn
from engines.letopsulle.state import LetoState

SINGLE = {
    "mulligan": hero_turn.answer_mulligan,
    "lead": hero_turn.answer_lead,
    "turn": hero_turn.answer_turn,
    "peek": hero_actions.answer_peek,
    "power": hero_actions.answer_power,
    "place": villain_turn.answer_place,
    "vturn": villain_turn.answer_vturn,
    "vpeek": villain_turn.answer_vpeek,
    "vmoney": villain_turn.answer_vmoney,
    "vpower": villain_turn.answer_vpower,
}
MULTI = {
    "lineup": hero_turn.answer_lineup,
    "discard": hero_turn.answer_discard,
    "target": hero_actions.answer_target,
    "vtarget": villain_turn.answer_vtarget,
}


def answer(state: LetoState, rng: Rng, key: str, choice: list[str]) -> None:
    """Carry out a checked answer to the open question."""
    if key in MULTI:
        MULTI[key](state, rng, choice)
    else:
        SINGLE[key](state, rng, choice[0])


SOLO_ORDER = ("str", "fgt", "spd", "atk", "dfd", "fgd", "spdd", "def")


def solo_villain_action(decision: Decision) -> str | None:
    """House rule `smart_villains`: a solitaire villain's action is no choice: it attacks with its
    strongest ability when it can (Strength, Fighting, Speed, then plain), else defends as well as
    it can."""
    if decision.key != "vturn":
        return None
    offered = {option.id for option in decision.options}
    return next((move for move in SOLO_ORDER if move in offered), None)


def flip_coins(rng: Rng, decision: Decision) -> tuple[list[str], list[str]]:
    """Solitaire villains: coin flips halve the choices until one is left (several for a
    multiple pick: each further one is kept on heads). The picks, and every flip in order
    ("heads" keeps the first half, "tails" the second; for a further pick, "heads" goes on)."""
    left = [option.id for option in decision.options]
    picked: list[str] = []
    flips: list[str] = []
    while left and len(picked) < decision.max_choices:
        pool = list(left)
        while len(pool) > 1:
            half = (len(pool) + 1) // 2
            heads = rng.below(2) == 0
            flips.append("heads" if heads else "tails")
            pool = pool[:half] if heads else pool[half:]
        picked.append(pool[0])
        left.remove(pool[0])
        if len(picked) >= decision.min_choices and left and len(picked) < decision.max_choices:
            stop = rng.below(2) == 1
            flips.append("tails" if stop else "heads")
            if stop:
                break
    return sorted(picked, key=[option.id for option in decision.options].index), flips
