"""Final placements (forfeits rank last) and the stored result of a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.storage.records import ResultRecord, ResultSeat, SeatRecord
from engines.core import Outcome

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
    return Outcome([g for g in head if g] + tail, engine_outcome.scores, summary, won=engine_outcome.won)


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
    meta = live.engine.meta
    kind = meta.records(record.mode)
    if kind == "high_score":
        result.kind, result.won = kind, outcome.won
    elif kind == "rated" and rateable(seats, rate_ai):
        result.kind = kind
        teams = record.mode in meta.team_modes
        result.sides = [list(group) for group in outcome.placements] if teams else [[s.seat] for s in seats]
    return result


def rateable(seats: Sequence[ResultSeat], rate_ai: bool) -> bool:
    """Rated games need two people and no AI seat, unless the server rates games against AI
    (then one person and anyone else will do)."""
    people = sum(1 for seat in seats if not seat.is_ai and seat.user_id is not None)
    if rate_ai:
        return people >= 1 and len(seats) >= 2
    return people >= 2 and people == len(seats)
