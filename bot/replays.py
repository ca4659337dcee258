"""Replays: a finished game re-simulated from its seed and action log.

The engine is deterministic, so the seats at the start, the seed and the logged answers (and
ticks) rebuild every state the table went through. Only public views and public events are
kept, so a replay never shows hidden information.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import UserError
from bot.runtime import decode_runtime
from bot.storage.base import Storage
from bot.storage.records import ActionRecord, TableRecord
from engines.core import Engine, Seat

TICK = "__tick__"


@dataclass
class Replay:
    """The public story of a game: one view per frame, the narrated log, the final state."""

    record: TableRecord
    engine: Engine[Any]
    state: Any
    frames: list[Mapping[str, Any]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def start_seats(record: TableRecord) -> list[Seat]:
    """The seats as they were when the game started (kicks and forfeits change them later)."""
    recorded = decode_runtime(record.runtime).start_seats
    if recorded:
        return [Seat(index, name, is_ai) for index, (name, is_ai) in enumerate(recorded)]
    return [Seat(s.index, s.name, s.is_ai) for s in record.seats]


def replay(engine: Engine[Any], record: TableRecord, actions: Sequence[ActionRecord]) -> Replay:
    """Re-simulate a game, keeping a frame whenever something public happened."""
    state = engine.new_game(start_seats(record), record.mode, record.options, record.seed)
    story = Replay(record, engine, state, frames=[engine.view(state, None)])
    names = [seat.name for seat in start_seats(record)]
    for number, action in enumerate(actions, start=1):
        if action.key == TICK:
            events = engine.tick(state, action.at)
        else:
            events = engine.apply(state, action.seat, action.key, action.choice, action.at)
        public = [event.text for event in events if event.visible_to is None and event.text]
        if public:
            who = names[action.seat] if 0 <= action.seat < len(names) else "The game"
            story.lines += [f"{number:>4}. {who}: {text}" for text in public]
            story.frames.append(engine.view(state, None))
    return story


async def load_replay(storage: Storage, registry: Mapping[str, Engine[Any]], table_id: int) -> Replay:
    """A finished game's replay, or UserError saying why there is none."""
    record = await storage.load_table(table_id)
    if record is None:
        raise UserError(f"There is no game #{table_id}.")
    if record.status == "cancelled":
        raise UserError(f"Game #{table_id} was cancelled: only finished games have replays.")
    if record.status != "finished" or record.state is None:
        raise UserError(f"Game #{table_id} has not finished yet: replays come once it ends.")
    engine = registry.get(record.game)
    if engine is None:
        raise UserError(f"Game #{table_id} is a game this bot no longer has.")
    story = replay(engine, record, await storage.actions(table_id))
    result = await storage.result(table_id)
    if result is not None:
        story.lines.append(f"Result: {result.summary}")
    return story
