"""The decision machine: which question the top task asks, what an answer does, and running
the tasks that need no answer until the next question.

After `run`, the top task always asks a question with at least one decision (or the game is over),
so `decisions` never returns an empty list during play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core import Decision
from engines.smashmasters import asks, battle, flow, joining, reacts, turn
from engines.smashmasters.context import Ctx
from engines.smashmasters.state import (
    Act,
    AimAttacker,
    AimTarget,
    Choose,
    Clash,
    Counter,
    Discard,
    Draft,
    End,
    EndReact,
    Finish,
    Place,
    Resolve,
    Search,
    Settle,
    SmashState,
    Steps,
    Summon,
    Window,
)


def _nothing(ctx: Ctx, task: Any) -> None:
    """Nothing to decide, nothing to do."""


@dataclass(frozen=True)
class Question:
    """How a task asks: its decisions, the answer's effect, what happens when there is nothing
    to ask, and whether a single forced option is taken without asking."""

    build: Callable[[SmashState, Any], list[Decision]]
    handle: Callable[[Ctx, Any, int, list[str]], None]
    fallback: Callable[[Ctx, Any], None] = _nothing
    forced: bool = False


QUESTIONS: dict[type, Question] = {
    Draft: Question(turn.draft_question, turn.on_draft),
    Act: Question(turn.act_question, turn.on_act),
    AimAttacker: Question(turn.attacker_question, turn.on_attacker),
    AimTarget: Question(turn.target_question, turn.on_target),
    Counter: Question(battle.counter_question, battle.on_counter, battle.counter_stopped),
    Window: Question(reacts.window_question, reacts.on_react, reacts.skip_seat),
    Choose: Question(asks.choose_question, asks.on_choose, asks.no_choice, forced=True),
    Discard: Question(asks.discard_question, asks.on_discard),
    Search: Question(asks.search_question, asks.on_search, forced=True),
    Place: Question(joining.place_question, joining.on_place, joining.no_place, forced=True),
    Summon: Question(joining.summon_question, joining.on_summon, forced=True),
    End: Question(joining.end_question, joining.on_end),
}

AUTOMATIC: dict[type, Callable[[Ctx, Any], None]] = {
    Clash: battle.clash,
    Resolve: flow.resolve,
    Steps: flow.run_steps,
    Settle: flow.settle,
    EndReact: reacts.end_react,
    Finish: flow.finish,
}


def decisions(state: SmashState) -> list[Decision]:
    """Every open decision: the top task's question."""
    if state.over or not state.tasks:
        return []
    task = state.tasks[-1]
    return QUESTIONS[type(task)].build(state, task)


def answer(ctx: Ctx, seat: int, picked: list[str]) -> None:
    """Carry out a checked answer to the top task's question."""
    task = ctx.state.tasks.pop()
    QUESTIONS[type(task)].handle(ctx, task, seat, picked)


def run(ctx: Ctx) -> None:
    """Run tasks until a question needs an answer (or the game is over)."""
    state = ctx.state
    while not state.over:
        if not state.tasks:
            flow.next_turn(ctx)
            continue
        task = state.tasks[-1]
        question = QUESTIONS.get(type(task))
        if question is None:
            state.tasks.pop()
            AUTOMATIC[type(task)](ctx, task)
            continue
        found = question.build(state, task)
        if not found:
            state.tasks.pop()
            question.fallback(ctx, task)
            continue
        only = found[0]
        if question.forced and len(found) == 1 and len(only.options) == 1 and only.min_choices == 1:
            state.tasks.pop()
            question.handle(ctx, task, only.seat, [only.options[0].id])
            continue
        return
