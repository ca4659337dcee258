"""Game export: one game as a small JSON file people can keep, share and replay offline.

A finished game carries its seed and whole action log, so `python -m bot replay FILE` rebuilds it
exactly (docs/export.md). A running game carries only what the asker may see right now: the public
table, the public log and, for a player, their own view; no seed and no log, which would reveal
hidden cards.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from bot.errors import UserError
from bot.replays import TAKEBACK, rebuild, start_seats
from bot.runtime import table_options
from bot.storage.records import ActionRecord, TableRecord
from engines.core import Engine, IllegalChoice, Seat

FORMAT = "supertable-game/1"
MAX_FILE = 8_000_000  # bytes: one Discord upload


def engine_version() -> str:
    """The version of the rules that played the game (the installed SuperTable release)."""
    try:
        return importlib.metadata.version("supertable")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class ExportedSeat(msgspec.Struct):
    """A seat as the game started: a name and whether the AI played it (no Discord ids)."""

    name: str
    ai: bool = False


class ExportedAction(msgspec.Struct, array_like=True):
    """One line of the action log: [seat, key, choice, at, actor] (see docs/export.md)."""

    seat: int
    key: str
    choice: list[str]
    at: float
    actor: str


class GameExport(msgspec.Struct, kw_only=True):
    """The file `/game export` gives (docs/export.md describes every field)."""

    format: str = FORMAT
    game: str
    title: str = ""
    mode: str
    options: dict[str, str] = msgspec.field(default_factory=dict)
    engine_version: str = ""
    table_id: int = 0
    status: str  # "finished" (replayable) or "running" (a snapshot of what the asker may see)
    seats: list[ExportedSeat]
    seed: int | None = None
    actions: list[ExportedAction] = msgspec.field(default_factory=list)
    result: str = ""
    takebacks: int = 0
    final_state_sha256: str = ""
    table: dict[str, Any] | None = None  # running: the public view when exported
    seen_by: int | None = None  # running: the asker's seat, whose view `hand` is
    hand: dict[str, Any] | None = None
    log: list[str] = msgspec.field(default_factory=list)


def state_digest(engine: Engine[Any], state: Any) -> str:
    """A fingerprint of a state, to check a replay ends exactly where the game did."""
    return hashlib.sha256(engine.encode(state)).hexdigest()


def _plain(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view as plain JSON data."""
    plain = msgspec.json.decode(msgspec.json.encode(view))
    assert isinstance(plain, dict)
    return plain


def _about(engine: Engine[Any], record: TableRecord, options: dict[str, str]) -> dict[str, Any]:
    """What every export says about its game: which, with what options and seats."""
    return {
        "game": record.game,
        "title": engine.meta.title,
        "mode": record.mode,
        "options": options,
        "engine_version": engine_version(),
        "table_id": record.id,
        "seats": [ExportedSeat(seat.name, seat.is_ai) for seat in start_seats(record)],
    }


def finished_export(
    engine: Engine[Any], record: TableRecord, actions: Sequence[ActionRecord], result: str = ""
) -> GameExport:
    """A finished game, seed and whole log included: everything needed to replay it."""
    assert record.state is not None
    state = engine.decode(record.state)
    return GameExport(
        **_about(engine, record, dict(record.options)),
        status="finished",
        seed=record.seed,
        actions=[ExportedAction(a.seat, a.key, list(a.choice), a.at, a.actor) for a in actions],
        result=result,
        takebacks=sum(1 for a in actions if a.key == TAKEBACK),
        final_state_sha256=state_digest(engine, state),
    )


def running_export(
    engine: Engine[Any], record: TableRecord, state: Any, seat: int | None, log: Sequence[str] = ()
) -> GameExport:
    """A running game as `seat` (None: a spectator) may see it, with the table's public `log`:
    no seed and no log of choices."""
    return GameExport(
        **_about(engine, record, table_options(record.options)),
        status="running",
        table=_plain(engine.view(state, None)),
        seen_by=seat,
        hand=None if seat is None else _plain(engine.view(state, seat)),
        log=list(log),
    )


def encode_export(export: GameExport) -> bytes:
    """The export as indented JSON (small enough to read by eye and to attach)."""
    return msgspec.json.format(msgspec.json.encode(export), indent=1)


def decode_export(data: bytes) -> GameExport:
    """An export back from its file; UserError saying what is wrong with a file that is not one."""
    try:
        export = msgspec.json.decode(data, type=GameExport)
    except msgspec.DecodeError as exc:
        raise UserError(f"This is not a SuperTable game file: {exc}.") from None
    if export.format != FORMAT:
        raise UserError(f"This file is in format {export.format!r}; this SuperTable reads {FORMAT!r}.")
    return export


class Replayed(msgspec.Struct):
    """An exported game played again: its final state, the result and whether it matched."""

    state: Any
    summary: str
    exact: bool  # the final state is byte for byte the one the game ended on
    lines: list[str]


def replay_export(export: GameExport, registry: Mapping[str, Engine[Any]]) -> Replayed:
    """Play a finished export again; UserError when it cannot be (unknown game, refused step)."""
    engine = registry.get(export.game)
    if engine is None:
        known = ", ".join(sorted(registry))
        raise UserError(f"This file is a game of {export.game!r}; this SuperTable has {known}.")
    if export.status != "finished" or export.seed is None:
        raise UserError("This file shows a running game: without its seed it cannot be replayed.")
    seats = [Seat(index, seat.name, seat.ai) for index, seat in enumerate(export.seats)]
    actions = [ActionRecord(a.seat, a.key, a.choice, a.at, a.actor) for a in export.actions]
    try:
        state, lines = rebuild(engine, seats, export.mode, export.options, export.seed, actions)
    except IllegalChoice as exc:
        raise UserError(f"This game does not replay: {exc}") from None
    except (KeyError, ValueError, TypeError, IndexError, msgspec.MsgspecError) as exc:
        raise UserError(f"This game does not replay: the file's {type(exc).__name__} ({exc}).") from None
    outcome = engine.outcome(state)
    summary = outcome.summary if outcome is not None else "The log stops before the game ended."
    exact = not export.final_state_sha256 or state_digest(engine, state) == export.final_state_sha256
    return Replayed(state, summary, exact, lines)
