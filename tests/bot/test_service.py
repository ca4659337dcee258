"""TableService: concurrency, persistence, timers, restarts and results, without Discord."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import StaleChoice, TableUnavailable, UserError
from bot.service import TableService
from tests.bot.service_kit import FakeClock, make_service, open_lobby, started_table


async def test_two_concurrent_clicks_on_one_decision_apply_exactly_once(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service)
    live = await service.get(table_id)
    version = live.state.version

    results = await asyncio.gather(
        service.act(table_id, 100, version, "swap", []),
        service.act(table_id, 100, version, "swap", []),
        return_exceptions=True,
    )

    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, StaleChoice) for r in results) == 1
    swaps = [a for a in await service.storage.actions(table_id) if a.seat == 0 and a.key == "swap"]
    assert len(swaps) == 1


async def test_a_panel_stays_valid_while_others_act_on_their_own_decisions(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service)
    version = (await service.get(table_id)).state.version
    await service.act(table_id, 100, version, "swap", [])
    await service.act(table_id, 101, version, "swap", [])  # drawn before the host acted: still valid
    assert (await service.get(table_id)).state.phase == "lead"


async def test_forged_version_and_strangers_are_refused(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service)
    version = (await service.get(table_id)).state.version
    with pytest.raises(UserError, match="does not belong"):
        await service.act(table_id, 100, version + 5, "swap", [])
    with pytest.raises(UserError, match="watching"):
        await service.act(table_id, 999, version, "swap", [])
    with pytest.raises(UserError, match="not available"):
        await service.act(table_id, 100, version, "swap", ["k99"])
    assert [a.key for a in await service.storage.actions(table_id)] == ["swap"]  # only the AI's


async def test_state_survives_a_restart_and_deadlines_are_rearmed(tmp_path: Path) -> None:
    clock = FakeClock()
    first = await make_service(tmp_path / "db.sqlite", clock, timer=60)
    table_id = await started_table(first)
    before = await first.get(table_id)
    encoded = before.engine.encode(before.state)
    await first.storage.close()

    second = await make_service(tmp_path / "db.sqlite", clock, timer=60)
    assert await second.resume_all() == [table_id]
    after = await second.get(table_id)
    assert after.engine.encode(after.state) == encoded
    assert second.scheduler.armed(table_id)
    assert after.record.deadline == pytest.approx(clock.now + 45)  # the 75% warning comes first


async def test_corrupt_saved_game_is_quarantined_when_first_used_and_startup_never_decodes(
    tmp_path: Path,
) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    good = await started_table(service)
    bad = await open_lobby(service, channel=11, host=200)
    await service.join(bad.id, 201, "B")
    await service.start(bad.id, 200)
    await service.storage._db.run(  # type: ignore[attr-defined]
        lambda db: db.execute("UPDATE tables SET state = ? WHERE id = ?", (b"{not json", bad.id))
    )
    await service.storage.close()

    restarted = await make_service(tmp_path / "db.sqlite")
    assert await restarted.resume_all() == [good, bad.id]
    assert restarted.scheduler.armed(good) and restarted.scheduler.armed(bad.id)
    await restarted.on_deadline(bad.id)  # its timer is the first thing to touch it
    record = await restarted.storage.load_table(bad.id)
    assert record is not None and record.status == "broken" and record.state == b"{not json"
    assert not restarted.scheduler.armed(bad.id)
    with pytest.raises(TableUnavailable):
        await restarted.get(bad.id)
    assert (await restarted.get(good)).state is not None


async def test_writer_in_another_process_wins_and_the_loser_reloads(tmp_path: Path) -> None:
    one = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(one)
    two = await make_service(tmp_path / "db.sqlite")
    version = (await two.get(table_id)).state.version
    await one.act(table_id, 100, version, "swap", [])
    await two.act(table_id, 101, version, "swap", [])  # its save found the table moved: reloaded, applied
    with pytest.raises(StaleChoice):  # a click the other process already answered is a stale panel
        await two.act(table_id, 100, version, "swap", [])
    assert (await two.get(table_id)).state.phase == "lead"


async def fire_due(service: TableService, table_id: int, clock: FakeClock) -> None:
    """Run every deadline that is due, as the scheduler would."""
    for _ in range(20):
        live = await service.get(table_id)
        if live.record.deadline is None or live.record.deadline > clock.now:
            return
        await service.on_deadline(table_id)


async def test_turn_timer_warns_then_the_ai_decides_then_the_seat_goes_away(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "db.sqlite", clock, timer=60)
    table_id = await started_table(service, humans=2, ai=0)
    clock.now += 44
    await fire_due(service, table_id, clock)
    assert not any(c.warnings for c in service.listener.changes)
    clock.now += 1
    await fire_due(service, table_id, clock)
    assert sorted(service.listener.changes[-1].warnings) == [0, 1]

    while 0 not in (await service.get(table_id)).runtime.away:
        clock.now += 60
        await fire_due(service, table_id, clock)
    log = await service.storage.actions(table_id)
    actors = [a.actor for a in log if a.seat == 0]
    assert actors[:3] == ["timeout"] * 3 and set(actors[3:]) <= {"ai"}
    notes = [n for c in service.listener.changes for n in c.notes]
    assert "Time ran out for Host; the AI chose for them." in notes
    assert any("Host missed 3 turns in a row" in n for n in notes)

    live = await service.get(table_id)
    if live.record.status == "active":
        await service.back(table_id, 100)
        live = await service.get(table_id)
        assert 0 not in live.runtime.away and live.runtime.missed.get(0) is None
        back = service.listener.changes[-1]
        assert not any(ref.new_turn for ref in back.opened if ref.seat == 0), (
            "who just pressed I'm back has their panel: no ping"
        )


async def play_seat_to_end(service: TableService, table_id: int, user_id: int) -> None:
    for _ in range(50):
        live = await service.get(table_id)
        seat = live.seat_of(user_id)
        decisions = live.decisions_for(seat) if seat is not None else []
        if live.record.status != "active" or not decisions:
            return
        d = decisions[0]
        await service.act(
            table_id, user_id, live.state.version, d.key, [o.id for o in d.options][: d.min_choices or 1]
        )
    raise AssertionError("did not finish")


async def test_finishing_writes_the_result_with_the_final_state(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service, humans=1, ai=2)
    await play_seat_to_end(service, table_id, 100)

    live = await service.get(table_id)
    assert live.record.status == "finished" and live.record.deadline is None
    result = await service.storage.result(table_id)
    assert result is not None and result.status == "finished"
    outcome = live.engine.outcome(live.state)
    assert outcome is not None
    assert {s.seat: s.placement for s in result.seats} == {s: outcome.placement_of(s) for s in range(3)}
    assert await service.storage.live_in(10) is None
    assert service.listener.changes[-1].kind == "finished"
    with pytest.raises(UserError, match="not running"):
        await service.act(table_id, 100, live.state.version, "lead", ["k01"])


async def test_forfeit_ranks_last_and_a_lone_survivor_wins(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    table_id = await started_table(service, humans=3, ai=0)
    await service.forfeit(table_id, 101)
    live = await service.get(table_id)
    assert live.record.status == "active" and 1 in live.runtime.forfeited
    await service.forfeit(table_id, 102)
    result = await service.storage.result(table_id)
    assert result is not None
    assert {s.seat: s.placement for s in result.seats} == {0: 1, 2: 2, 1: 3}
    assert "forfeited" in result.summary


async def test_start_explains_seat_counts_and_host_rules(tmp_path: Path) -> None:
    service = await make_service(tmp_path / "db.sqlite")
    live = await open_lobby(service, channel=10, host=100)
    with pytest.raises(UserError, match="needs 2 to 4 players and there is 1 player"):
        await service.start(live.id, 100)
    await service.join(live.id, 101, "B")
    with pytest.raises(UserError, match="Only the host"):
        await service.start(live.id, 101)
    with pytest.raises(UserError, match="already running here"):
        await open_lobby(service, channel=10, host=102)
    for _ in range(2):
        await service.add_ai(live.id, 100)
    with pytest.raises(UserError, match="full"):
        await service.join(live.id, 103, "D")
