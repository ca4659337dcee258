"""What one locked table operation produced, and the change it publishes once the lock is released."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.listener import DecisionRef, TableChange
from bot.live import LiveTable
from bot.runtime import Undo
from bot.storage.records import ActionRecord
from engines.core import Event


@dataclass
class Step:
    """Events, action-log lines, notes and warnings of one operation, published after the lock."""

    events: list[Event] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[int] = field(default_factory=list)
    unfinished: bool = False  # the AI stopped after AUTO_BURST steps and carries on at once
    present: set[int] = field(default_factory=set)  # seats whose person is at their panel right now
    undo: Undo | None = None  # the person's move of this step may be taken back (bot/takebacks.py)


def table_change(live: LiveTable, kind: str, step: Step, opened: Sequence[DecisionRef]) -> TableChange:
    """The change to show people (a finished table is always published as `finished`)."""
    return TableChange(
        table_id=live.record.id,
        kind="finished" if live.record.status == "finished" else kind,
        events=tuple(step.events),
        notes=tuple(step.notes),
        opened=tuple(opened),
        warnings=tuple(step.warnings),
        by_person=any(action.actor == "human" for action in step.actions),
    )
