"""Final placements (forfeits rank last) and the stored result of a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from bot.storage.records import GLOBAL_SCOPE, ResultRecord, ResultSeat, SeatRecord
from engines.core import Outcome
from engines.core.boards import board_of
from engines.core.house_rules import changes_difficulty

if TYPE_CHECKING:
    from bot.live import LiveTable


def final_outcome(
    engine_outcome: Outcome | None,
    survivors: Sequence[int],
    forfeited: Sequence[int],
    seats: Sequence[SeatRecord],
) -> Outcome:
    """The engine's placements with forfeited seats moved to the bottom, latest forfeit first.

    Without an engine outcome (everybody else forfeited) the lone survivor wins.
    """
    tail = [[seat] for seat in reversed(forfeited)]
    if engine_outcome is None:
        head = [list(survivors)] if survivors else []
        winner = " and ".join(seats[s].name for s in survivors)
        return Outcome(head + tail, {}, f"{winner} wins: everyone else forfeited.")
    head = [[s for s in group if s not in forfeited] for group in engine_outcome.placements]
    summary = engine_outcome.summary
    if forfeited:
        summary += " " + ", ".join(seats[s].name for s in forfeited) + " forfeited."
    return msgspec.structs.replace(engine_outcome, placements=[g for g in head if g] + tail, summary=summary)


def table_outcome(live: LiveTable) -> Outcome | None:
    """The table's final outcome: the engine's, or the forfeits' when they leave one seat in play;
    None while the game goes on."""
    engine_outcome = live.engine.outcome(live.state)
    if engine_outcome is None and not live.decided_by_forfeits():
        return None
    return final_outcome(engine_outcome, live.active_seats(), live.runtime.forfeited, live.record.seats)


def result_record(
    live: LiveTable,
    outcome: Outcome | None,
    now: float,
    summary: str,
    *,
    status: str = "finished",
    rate_ai: bool = False,
) -> ResultRecord:
    """The result row of a finished or cancelled game, saying how it counts for the records."""
    record = live.record
    seats = []
    for seat in record.seats:
        place = outcome.placement_of(seat.index) if outcome is not None else 0
        score = outcome.scores.get(seat.index, 0.0) if outcome is not None else 0.0
        seats.append(ResultSeat(seat.index, seat.name, seat.user_id, seat.is_ai, place, score))
    result = ResultRecord(
        table_id=record.id,
        game=record.game,
        mode=record.mode,
        guild_id=record.guild_id,
        finished_at=now,
        summary=summary,
        status=status,
        seats=seats,
    )
    if outcome is None or status != "finished":
        return result
    kind = live.engine.meta.records(record.mode)
    if kind == "high_score":
        result.kind, result.won = kind, outcome.won
        result.board = board_of(live.engine.meta, record.mode, outcome.board, record.options)
    elif (
        kind == "rated"
        and not live.runtime.takebacks_unagreed
        and not changes_difficulty(live.engine.meta, record.mode, record.options)
    ):
        sides = outcome.teams or [[seat.seat] for seat in seats]
        scopes = [guild for guild in (record.guild_id,) if guild is not None and rateable(seats, rate_ai)]
        if rateable(seats, rate_ai=False):
            scopes.append(GLOBAL_SCOPE)
        if scopes and len(sides) >= 2:
            result.kind, result.sides, result.rated_scopes = kind, sides, scopes
    return result


def rateable(seats: Sequence[ResultSeat], rate_ai: bool) -> bool:
    """Rated games need two people and no AI seat, unless the server rates games against AI
    (then one person and anyone else will do, on that server's board only)."""
    people = sum(1 for seat in seats if not seat.is_ai and seat.user_id is not None)
    if rate_ai:
        return people >= 1 and len(seats) >= 2
    return people >= 2 and people == len(seats)
