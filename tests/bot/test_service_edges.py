"""TableService edge cases: reopened decisions, automatic roles, races, kicks, restarts, retries."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import StaleChoice, UserError
from bot.service import TableService
from bot.storage import open_storage
from bot.table_store import CATCH_UP_SPACING
from tests.bot.service_kit import OPEN, FakeClock, Recorder, make_service, open_lobby, started_table
from tests.support.toys import PushYourLuck


async def push_service(path: Path, clock: FakeClock, timer: float = 60) -> TableService:
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(
        storage, {"pushluck": PushYourLuck()}, clock=clock, default_turn_timer=timer, listener=Recorder()
    )
    OPEN.append(service)
    return service


async def push_table(service: TableService) -> int:
    live = await open_lobby(service, game="pushluck")
    await service.join(live.id, 101, "Ben")
    await service.start(live.id, 100)
    return live.id


async def test_a_reopened_identical_decision_is_new_so_a_double_click_applies_once(tmp_path: Path) -> None:
    service = await push_service(tmp_path / "db", FakeClock())
    table_id = await push_table(service)
    version = (await service.get(table_id)).state.version
    await service.act(table_id, 100, version, "again", ["yes"])
    with pytest.raises(StaleChoice):
        await service.act(table_id, 100, version, "again", ["yes"])
    assert (await service.get(table_id)).state.draws == [1, 0]


async def test_each_reopened_decision_gets_a_full_timer_and_its_warning(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await push_service(tmp_path / "db", clock)
    table_id = await push_table(service)
    live = await service.get(table_id)
    await service.act(table_id, 100, live.state.version, "again", ["yes"])  # reopens "Draw again?"
    clock.now += 45
    await service.on_deadline(table_id)
    assert service.listener.changes[-1].warnings == (0,)
    clock.now += 15
    await service.on_deadline(table_id)
    live = await service.get(table_id)
    assert live.runtime.missed.get(0) == 1 and 0 not in live.runtime.away
    actions = [a.actor for a in await service.storage.actions(table_id) if a.seat == 0]
    assert actions.count("timeout") == 1


async def test_automatic_roles_are_played_by_the_ai_without_pings(tmp_path: Path) -> None:
    service = await push_service(tmp_path / "db", FakeClock())
    table_id = await push_table(service)
    live = await service.get(table_id)
    await service.act(table_id, 100, live.state.version, "again", ["stop"])
    live = await service.get(table_id)
    assert len(live.state.weather) == 1, "the System chose the weather at once"
    assert all(c.seat in (0, 1) for c in live.runtime.clocks)
    assert all(ref.seat in (0, 1) for change in service.listener.changes for ref in change.opened)
    log = await service.storage.actions(table_id)
    assert [(a.seat, a.key, a.actor) for a in log][-1] == (2, "weather", "ai")
    assert live.runtime.private.get(0) == ["psst"], "private event lines are kept for their seat"


async def test_two_lobbies_can_never_open_in_one_place(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db")
    other = await make_service(tmp_path / "db")

    async def open_one(s: TableService, host: int) -> object:
        return await s.create_lobby(
            guild_id=1,
            channel_id=10,
            thread_id=5,
            host_id=host,
            host_name="H",
            game="highcard",
            mode="classic",
        )

    results = await asyncio.gather(
        open_one(service, 1), open_one(service, 2), open_one(other, 3), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all("already running here" in str(r) for r in results if isinstance(r, BaseException))


async def test_kicking_the_host_or_an_away_player_leaves_a_sane_table(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db")
    table_id = await started_table(service, humans=3, ai=0)
    live = await service.get(table_id)
    live.runtime.away.append(2)
    await service.kick(table_id, 102, 101, can_manage=True)
    await service.kick(table_id, 100, 101, can_manage=True)
    live = await service.get(table_id)
    assert live.record.host_id == 101
    assert 2 not in live.runtime.away and live.is_automatic(2)
    assert live.record.seats[2].user_id == 102, "a removed player keeps the game in their records"
    with pytest.raises(UserError, match="watching"):
        await service.back(table_id, 102)


async def test_timers_that_ran_out_during_downtime_restart_at_their_warning(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock, timer=60)
    table_id = await started_table(first)
    await first.storage.close()
    clock.now += 3600  # the bot was down for an hour
    second = await make_service(tmp_path / "db", clock, timer=60)
    await second.resume_all()
    await second.on_deadline(table_id)
    live = await second.get(table_id)
    assert not [a for a in await second.storage.actions(table_id) if a.actor == "timeout"]
    assert sorted(second.listener.changes[-1].warnings) == [0, 1]
    assert live.record.deadline == pytest.approx(clock.now + 15)


async def test_a_warning_given_before_a_short_restart_is_not_given_again(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock, timer=60)
    table_id = await started_table(first)
    clock.now += 45
    await first.on_deadline(table_id)  # the 75% warning
    assert first.listener.changes[-1].warnings
    await first.storage.close()
    clock.now += 5  # down for five seconds, the expiry (at +60) still ahead

    second = await make_service(tmp_path / "db", clock, timer=60)
    await second.resume_all()
    clock.now += 10
    await second.on_deadline(table_id)
    timeouts = [a for a in await second.storage.actions(table_id) if a.actor == "timeout"]
    assert timeouts, "the timer ran out when it was announced"
    assert not any(change.warnings for change in second.listener.changes), "no second, wrong warning"


async def test_overdue_timers_are_warned_at_their_catch_up_time_however_late_that_is(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock, timer=60)
    tables = []
    for channel in (30, 31, 32):
        live = await open_lobby(first, channel=channel)
        await first.add_ai(live.id, 100)
        await first.start(live.id, 100)
        tables.append(live.id)
    await first.storage.close()
    clock.now += 3600

    second = await make_service(tmp_path / "db", clock, timer=60)
    clock.now += 20  # e.g. the command sync took a while before resuming
    await second.resume_all()
    clock.now += 2 * CATCH_UP_SPACING  # the last table's turn to catch up
    await second.on_deadline(tables[-1])
    assert not [a for a in await second.storage.actions(tables[-1]) if a.actor == "timeout"]
    assert second.listener.changes[-1].warnings == (0,)
    assert (await second.get(tables[-1])).record.deadline == pytest.approx(clock.now + 15)


async def test_a_failing_deadline_is_retried(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "db", clock)
    calls: list[int] = []

    async def broken(table_id: int) -> None:
        calls.append(table_id)
        raise RuntimeError("database busy")

    service.scheduler._fire = broken  # type: ignore[method-assign]
    service.scheduler.arm(7, clock.now)
    await asyncio.sleep(0.05)
    assert calls == [7] and service.scheduler.armed(7)


async def test_refused_choices_never_save_anything(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db")
    table_id = await started_table(service)
    before = await service.storage.load_table(table_id)
    with pytest.raises(UserError):
        await service.act(table_id, 100, before.version, "swap", ["k01", "k02", "k03"])
    after = await service.storage.load_table(table_id)
    assert after.rev == before.rev and after.state == before.state


async def test_a_lobby_nobody_starts_expires_and_frees_its_channel(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "db", clock)
    live = await open_lobby(service, channel=10, host=100)
    clock.now += 23 * 3600
    await service.on_deadline(live.id)
    assert await service.storage.live_in(10) == live.id
    clock.now += 3600
    await service.on_deadline(live.id)
    assert await service.storage.live_in(10) is None
    assert service.listener.changes[-1].kind == "cancelled"


async def test_closed_tables_leave_nothing_in_memory(tmp_path: Path) -> None:
    import gc

    service = await make_service(tmp_path / "db")
    table_id = await started_table(service, humans=2, ai=0)
    await service.forfeit(table_id, 101)
    service.evict(table_id)  # as the presenter does once the result is shown
    gc.collect()
    assert table_id not in service._live and not service._locks and not service._place_locks


async def test_startup_decodes_nothing_and_spaces_out_overdue_deadlines(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db", clock, timer=60)
    tables = [await started_table(first)]
    for channel in (20, 21):
        live = await open_lobby(first, channel=channel)
        await first.add_ai(live.id, 100)
        await first.start(live.id, 100)
        tables.append(live.id)
    await first.storage.close()
    clock.now += 7200  # down for two hours: every turn timer ran out meanwhile

    second = await make_service(tmp_path / "db", clock, timer=60)
    decoded: list[bytes] = []
    engine = second.registry["highcard"]
    real_decode = engine.decode
    engine.decode = lambda data: decoded.append(data) or real_decode(data)  # type: ignore[method-assign]
    try:
        assert await second.resume_all() == [], "no table was played in the last hour: no notes"
        assert decoded == [] and len(second._live) == 0, "start-up decodes no table"
        delays = [(second.scheduler.due(t) or 0.0) - clock.now for t in tables]
        assert delays == sorted(delays) and len(set(delays)) == len(delays), "overdue timers fire in turn"
        assert delays[-1] < 1.0
    finally:
        engine.decode = real_decode  # type: ignore[method-assign]
