"""The AI's System player: try each affordable glitch, keep the one that hurts the Normal side most.

A glitch is judged by the Normal player's position just before their next turn, with the same
judge (and so the same level) the Normal AI plays by: bullets left, shooters standing, bullets near
the start of The Line. The System stops when no glitch makes things worse for the Normal side.
"""

from __future__ import annotations

from engines.core import Rng
from engines.core.clone import clone
from engines.superhot import system
from engines.superhot.ai_judge import Sketch, Skill, judge
from engines.superhot.piles import Defeat, is_bullet
from engines.superhot.state import SuperhotState

LOADED = 25.0  # a bullet on top of the Obstacles Deck joins The Line at the next refill
GAIN = 0.5


def normal_worth(state: SuperhotState, skill: Skill) -> float:
    """How good the table looks for the Normal player who moves next, if they just pass."""
    mover = state.players[state.next_after_system]
    saved = state.active
    state.active = state.next_after_system
    try:
        sketch = Sketch(line=list(state.line), hand=list(mover.hand))
        score = judge(state, sketch, skill.weights)
    finally:
        state.active = saved
    if state.deck and is_bullet(state.deck[0]):
        score -= LOADED
    return score


def choose_glitch(state: SuperhotState, ids: list[str], skill: Skill) -> str:
    """The glitch to play now, or "end"."""
    glitches = [option_id for option_id in ids if option_id != "end"]
    if not glitches:
        return "end"
    if skill.slip:
        return glitches[Rng(state.rng ^ state.version).below(len(glitches))]
    now = normal_worth(state, skill)
    best, best_score = "end", now - GAIN
    for option_id in glitches:
        trial = clone(state)
        try:
            system.apply_glitch(trial, option_id)
        except Defeat:
            return option_id
        score = normal_worth(trial, skill)
        if score < best_score:
            best, best_score = option_id, score
    return best
