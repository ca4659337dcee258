"""Building finished games straight into storage, for records tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.base import Storage
from bot.storage.records import ResultRecord, ResultSeat, SeatRecord, TableRecord


async def record_game(
    storage: Storage,
    players: Sequence[tuple[int | None, str]],
    placements: Sequence[int],
    *,
    game: str = "highcard",
    mode: str = "classic",
    guild_id: int | None = 10,
    kind: str = "rated",
    sides: list[list[int]] | None = None,
    scores: Sequence[float] | None = None,
    won: bool | None = None,
    at: float = 1000.0,
    status: str = "finished",
    season: str = "",
) -> ResultRecord:
    """Store a finished table and its result (user id None = an AI seat); returns the saved result."""
    seats = [SeatRecord(i, name, user, is_ai=user is None) for i, (user, name) in enumerate(players)]
    record = TableRecord(
        guild_id=guild_id, channel_id=100, game=game, mode=mode, seed=1, host_id=players[0][0] or 1,
        turn_timer=60.0, seats=seats, created_at=at, updated_at=at, status="active", state=b"{}",
    )  # fmt: skip
    await storage.create_table(record)
    record.status = status
    result = ResultRecord(
        table_id=record.id, game=game, mode=mode, guild_id=guild_id, finished_at=at, summary="done",
        status=status, kind=kind, won=won, season=season, board=mode if kind == "high_score" else "",
        rated_scopes=[scope for scope in (guild_id, 0) if scope is not None] if kind == "rated" else [],
        sides=sides if sides is not None else [[i] for i in range(len(players))],
        seats=[
            ResultSeat(i, name, user, user is None, placements[i], (scores or [0.0] * len(players))[i])
            for i, (user, name) in enumerate(players)
        ],
    )  # fmt: skip
    await storage.save_table(record, result=result)
    return result
