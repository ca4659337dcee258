"""Replays: a finished game re-simulated from its seed and action log.

The engine is deterministic, so the seats at the start, the seed and the logged answers (and
ticks, and takebacks) rebuild every state the table went through. Only public views and public events are
kept, so a replay never shows hidden information.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import UserError
from bot.runtime import decode_runtime
from bot.storage.base import Storage
from bot.storage.records import ActionRecord, TableRecord
from engines.core import Engine, Event, IllegalChoice, Seat
from engines.core.takeback import restore

TICK = "__tick__"
TAKEBACK = "__takeback__"  # an action-log line: the seat took back its last move
TOOK_BACK = "took back their last move."


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


def play_log(
    engine: Engine[Any], state: Any, actions: Sequence[ActionRecord]
) -> Iterator[tuple[int, ActionRecord, list[Event]]]:
    """Apply a game's action log to its fresh state, yielding each line (numbered from 1) with its
    events. A takeback line puts the state back as it was before the line it takes back."""
    before: bytes | None = None
    for number, action in enumerate(actions, start=1):
        if action.key == TAKEBACK:
            if before is None:
                raise IllegalChoice(f"line {number} takes back a move that cannot be taken back.")
            restore(engine, state, before)
            before = None
            yield number, action, []
            continue
        taken_back = number < len(actions) and actions[number].key == TAKEBACK
        before = engine.encode(state) if taken_back else None
        if action.key == TICK:
            events = engine.tick(state, action.at)
        else:
            events = engine.apply(state, action.seat, action.key, action.choice, action.at)
        yield number, action, events


def _narrate(names: Sequence[str], number: int, action: ActionRecord, events: Sequence[Event]) -> list[str]:
    """The public lines of one log line (a takeback says so)."""
    who = names[action.seat] if 0 <= action.seat < len(names) else "The game"
    public = (
        [TOOK_BACK] if action.key == TAKEBACK else [e.text for e in events if e.visible_to is None and e.text]
    )
    return [f"{number:>4}. {who}: {text}" for text in public]


def rebuild(
    engine: Engine[Any],
    seats: Sequence[Seat],
    mode: str,
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[ActionRecord],
) -> tuple[Any, list[str]]:
    """The state a game's seed and log lead to, and its public narration."""
    state = engine.new_game(seats, mode, options, seed)
    names = [seat.name for seat in seats]
    lines: list[str] = []
    for number, action, events in play_log(engine, state, actions):
        lines += _narrate(names, number, action, events)
    return state, lines


def replay(engine: Engine[Any], record: TableRecord, actions: Sequence[ActionRecord]) -> Replay:
    """Re-simulate a game, keeping a frame whenever something public happened."""
    seats = start_seats(record)
    state = engine.new_game(seats, record.mode, record.options, record.seed)
    story = Replay(record, engine, state, frames=[engine.view(state, None)])
    names = [seat.name for seat in seats]
    for number, action, events in play_log(engine, state, actions):
        public = _narrate(names, number, action, events)
        if public:
            story.lines += public
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
