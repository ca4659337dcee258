"""Away players: setup picks are not turns, and a seat the AI took over is played at a pace its
person can follow, so **I'm back** can still be pressed (issue 16)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.live_play import AWAY_PACE
from bot.service import TableService
from bot.turn_timers import AWAY_AFTER_MISSES
from engines.smashmasters.engine import SmashMasters
from tests.bot.service_kit import Recorder, clock_of, one_game_service

PERSON = 100
TIMER = 30.0


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    async with one_game_service(tmp_path / "db", "smashmasters", SmashMasters(), seed=5) as service:
        yield service


def notes(service: TableService) -> list[str]:
    assert isinstance(service.listener, Recorder)
    return [note for change in service.listener.changes for note in change.notes]


async def run_for(service: TableService, table_id: int, seconds: float, step: float = 0.5) -> None:
    """Let time pass, firing the table's deadline whenever it is due (as the scheduler would)."""
    clock = clock_of(service)
    end = clock.now + seconds
    while clock.now < end:
        clock.now += step
        due = service.scheduler.due(table_id)
        if due is not None and due <= clock.now:
            await service.on_deadline(table_id)


async def table_against_ai(service: TableService, game: str, mode: str, rivals: int = 1) -> int:
    """A started table: the person in seat 0, AI players in the others."""
    live = await service.create_lobby(
        guild_id=1, channel_id=10, thread_id=None, host_id=PERSON, host_name="Ann",
        game=game, mode=mode, turn_timer=TIMER,
    )  # fmt: skip
    for _ in range(rivals):
        await service.add_ai(live.id, PERSON)
    await service.start(live.id, PERSON)
    return live.id


async def go_away(service: TableService, table_id: int) -> None:
    """The person misses turns until the AI takes the seat over."""
    for _ in range(200):
        if 0 in (await service.get(table_id)).runtime.away:
            return
        await run_for(service, table_id, TIMER)
    raise AssertionError("the seat was never taken over")


async def test_the_face_down_team_picks_are_not_missed_turns(service: TableService) -> None:
    table_id = await table_against_ai(service, "smashmasters", "brawl")
    await run_for(service, table_id, TIMER)
    live = await service.get(table_id)
    assert len([space for space in live.state.players[0].team if space.char]) == 3, "the AI picked Ann's team"
    assert not any(d.key == "team" for d in live.decisions()), "the game has started"
    assert 0 not in live.runtime.away and live.runtime.missed.get(0) is None
    assert "Time ran out for Ann; the AI finished their setup." in notes(service)


async def test_a_taken_over_seat_plays_at_a_watchable_pace_and_can_be_taken_back(
    service: TableService,
) -> None:
    table_id = await table_against_ai(service, "smashmasters", "brawl", rivals=2)
    await go_away(service, table_id)
    assert any(f"Ann missed {AWAY_AFTER_MISSES} turns in a row" in note for note in notes(service))
    away_at = clock_of(service).now
    await run_for(service, table_id, 12.0)
    live = await service.get(table_id)
    assert live.record.status == "active", "the game did not rush to its end"
    moves = [a for a in await service.storage.actions(table_id) if a.at > away_at]
    fastest = AWAY_PACE[0]
    assert 1 <= len(moves) <= 12.0 / fastest + 1, [(a.seat, a.key, a.at) for a in moves]
    assert len({a.at for a in moves}) >= len(moves) - 1, "moves come one after another, not all at once"

    await service.back(table_id, PERSON)
    live = await service.get(table_id)
    assert 0 not in live.runtime.away and live.record.status == "active"
    assert "Ann is back." in notes(service)


async def test_nobody_left_who_may_come_back_lets_the_ai_finish_at_once(service: TableService) -> None:
    table_id = await table_against_ai(service, "smashmasters", "brawl", rivals=2)
    await go_away(service, table_id)
    await service.forfeit(table_id, PERSON)
    assert (await service.get(table_id)).record.status == "finished"
