"""A card's or a button's effects as tasks at the front of the queue, in printed order (the flow
resolves them; ruling C1)."""

from __future__ import annotations

from engines.punchfighter import content
from engines.punchfighter.schema import Attack, Draw, Effect, Move, Recharge
from engines.punchfighter.state import PunchState, Task


def queue_effects(state: PunchState, seat: int, source: str, pad: int = -1) -> None:
    """The effects of a card or button (pushed at pad position `pad`), in order, ahead of what
    was waiting."""
    effects = (
        content.CARDS_BY_ID[source].effects
        if source in content.CARDS_BY_ID
        else content.BUTTONS_BY_ID[source].effects
    )
    tasks = [_task_for(seat, source, index, effect) for index, effect in enumerate(effects)]
    for task in tasks:
        task.pad = pad
    state.queue = [*tasks, *state.queue]


def _task_for(seat: int, source: str, index: int, effect: Effect) -> Task:
    if isinstance(effect, Attack):
        return Task(kind="attack", seat=seat, source=source, effect=index, attacker=f"f{seat}")
    if isinstance(effect, Move):
        return Task(kind="move", seat=seat, source=source, effect=index, count=effect.spaces)
    if isinstance(effect, Draw):
        return Task(kind="draw", seat=seat, source=source, count=effect.cards)
    if isinstance(effect, Recharge):
        return Task(kind="recharge", seat=seat, source=source, count=effect.buttons)
    return Task(kind="heal", seat=seat, source=source, count=effect.health)
