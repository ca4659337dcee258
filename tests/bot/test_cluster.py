"""Cluster mode: TableServices of several processes on one PostgreSQL database (each with its own
connection pool and `Cluster`, as separate processes have). Time is a fake clock wherever the cluster
decides by it, so nothing here waits for a lease or a timeout to pass."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.cluster import Cluster, ClusterTimings
from bot.cluster import join as join_cluster
from bot.errors import StaleChoice
from bot.service import TableService
from bot.storage.postgres import PostgresStorage
from tests.bot.backends import Backend
from tests.bot.cluster_timings import FAST
from tests.bot.service_kit import OPEN, REGISTRY, FakeClock, Recorder, started_table

ROOT = Path(__file__).resolve().parents[2]  # where `python -m tests...` finds the tests package
TIMINGS = ClusterTimings(heartbeat=3600.0, sweep=3600.0, lease=30.0)  # beats and sweeps by hand


@dataclass
class Process:
    """One bot process of the cluster, minus Discord."""

    service: TableService
    cluster: Cluster
    clock: FakeClock

    @property
    def changes(self) -> Recorder:
        assert isinstance(self.service.listener, Recorder)
        return self.service.listener


async def join(backend: Backend, clock: FakeClock) -> Process:
    storage = backend.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    cluster = Cluster(storage, clock=clock, timings=TIMINGS)
    service = TableService(
        storage, REGISTRY, clock=clock, default_turn_timer=60.0, listener=Recorder(), coordinator=cluster
    )
    await join_cluster(cluster, service)
    OPEN.append(service)  # closed, and its games replayed, after the test
    return Process(service, cluster, clock)


@asynccontextmanager
async def two_processes(pg: Backend) -> AsyncIterator[tuple[Process, Process]]:
    clock = FakeClock()
    one, two = await join(pg, clock), await join(pg, clock)
    try:
        yield one, two
    finally:
        for process in (one, two):
            await process.cluster.leave()


async def until(condition: Callable[[], bool | Awaitable[bool]], what: str) -> None:
    """Wait for a notice to arrive (they come within milliseconds; a hung one fails, not hangs)."""
    for _ in range(500):
        met = condition()
        if await met if inspect.isawaitable(met) else met:
            return
        await asyncio.sleep(0.01)
    pytest.fail(f"never happened: {what}")


async def test_a_change_made_in_one_process_reaches_the_other(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service)
        seen = await two.service.get(table_id)
        await one.service.act(table_id, 100, seen.state.version, "swap", [])

        async def sees_it() -> bool:  # notices of the setup's saves may still arrive first
            return bool((await two.service.get(table_id)).state.version == seen.state.version + 1)

        await until(sees_it, "the other process drops its stale copy when told of the change")
        assert any(c.table_id == table_id and c.kind == "remote" for c in two.changes.changes), "shown"
        assert not any(c.kind == "remote" for c in one.changes.changes), "a process ignores its own saves"
        fresh = await two.service.get(table_id)
        assert fresh.runtime.clocks
        await two.service.act(table_id, 101, fresh.state.version, "swap", [])  # no stale copy in the way


async def test_the_same_click_in_both_processes_is_applied_once(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service)
        version = (await two.service.get(table_id)).state.version
        outcomes = await asyncio.gather(
            one.service.act(table_id, 100, version, "swap", []),
            two.service.act(table_id, 100, version, "swap", []),
            return_exceptions=True,
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["LiveTable", "StaleChoice"]
        refused = next(outcome for outcome in outcomes if isinstance(outcome, StaleChoice))
        assert "fresh one" in str(refused), "the second click gets the stale-panel answer, not an error"
        swaps = [line for line in await one.service.storage.actions(table_id) if line.seat == 0]
        assert len(swaps) == 1


async def test_a_deadline_due_in_both_processes_fires_once(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service, humans=1, ai=1)
        await two.service.get(table_id)
        one.clock.now += 61  # both clocks: the turn timer of both players ran out
        await asyncio.gather(one.service.on_deadline(table_id), two.service.on_deadline(table_id))
        timeouts = [line for line in await one.service.storage.actions(table_id) if line.actor == "timeout"]
        assert len(timeouts) == 1, "one process answered the timeout, the other found it claimed"
        await two.service.on_deadline(table_id)  # a late timer of the other process changes nothing
        again = [line for line in await one.service.storage.actions(table_id) if line.actor == "timeout"]
        assert again == timeouts


async def test_the_deadlines_of_a_process_that_died_are_taken_over(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service, humans=1, ai=1)
        one.service.scheduler.arm(table_id, None)  # process one's own timer is in the claim below
        one.clock.now += 61
        assert await one.cluster.claim_deadline(table_id, one.clock()), "process one takes the deadline..."
        one.service.close()  # ...and dies before running it: no timers, no heartbeats
        for task in one.cluster._loops:
            task.cancel()
        assert await two.cluster.sweep() == [], "its lease still holds"
        one.clock.now += TIMINGS.lease + 0.1
        assert await two.cluster.sweep() == [table_id]
        await until(lambda: not two.cluster._work, "the taken-over deadline ran")
        timeouts = [line for line in await two.service.storage.actions(table_id) if line.actor == "timeout"]
        assert len(timeouts) == 1
        assert await two.cluster.sweep() == [], "taken once"


async def test_a_table_message_has_one_owner_handed_over_when_its_process_stops(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service)
        assert await one.cluster.edits_message(table_id)
        assert not await two.cluster.edits_message(table_id), "a live owner keeps its message"
        assert one.cluster.owns_message(table_id) and not two.cluster.owns_message(table_id)
        await one.cluster.leave()  # a clean stop hands its tables to a live process at once
        assert await two.cluster.take_over_messages() == [table_id]
        assert two.cluster.owns_message(table_id)
        assert any(c.table_id == table_id and c.kind == "remote" for c in two.changes.changes), "shown"


async def test_a_message_owner_gone_unseen_is_replaced(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service)
        assert await one.cluster.edits_message(table_id)
        for task in one.cluster._loops:  # killed: its heartbeats stop
            task.cancel()
        assert not await two.cluster.edits_message(table_id)
        two.clock.now += TIMINGS.process_timeout + 1
        assert not one.cluster.owns_message(table_id), "an owner whose heartbeats lapsed stops editing"
        await two.cluster.heartbeat()  # a live process adopts its tables and shows them
        assert two.cluster.owns_message(table_id) and await two.cluster.edits_message(table_id)
        await until(lambda: any(c.kind == "remote" for c in two.changes.changes), "it shows them")
        assert await two.cluster.take_over_messages() == [], "adopted once"


async def test_a_saved_deadline_frees_its_claim_for_the_next_one(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service, humans=1, ai=1)
        one.service.scheduler.arm(table_id, None)
        one.clock.now += 46  # the turn warning is due: process one claims it (a 30 s lease) and saves
        await one.service.on_deadline(table_id)
        assert one.changes.changes[-1].warnings == (0,)
        one.service.close()  # its own timer would take the next deadline first
        one.clock.now += 15  # the timeout is due, well within that lease
        assert await two.cluster.claim_deadline(table_id, two.clock()), "the save ended the claim"


async def test_notices_missed_on_a_lost_connection_clear_the_cache(pg: Backend) -> None:
    async with two_processes(pg) as (one, two):
        table_id = await started_table(one.service)
        seen = await two.service.get(table_id)
        assert two.cluster._listener is not None
        two.cluster._listener.terminate()  # the listening connection dies: notices are lost
        await one.service.act(table_id, 100, seen.state.version, "swap", [])
        await two.cluster.heartbeat()  # listens again, and drops what it cached meanwhile
        assert (await two.service.get(table_id)).state.version == seen.state.version + 1
        await one.service.act(table_id, 101, seen.state.version + 1, "swap", [])

        async def sees_it() -> bool:  # its cached copy is dropped only by a notice
            return bool((await two.service.get(table_id)).state.version == seen.state.version + 2)

        await until(sees_it, "notices come again")


async def test_a_killed_process_leaves_nothing_behind_the_other_finishes_its_game(pg: Backend) -> None:
    """A real process plays a game and is killed (SIGKILL) mid-game while this one runs: this one
    takes over the deadlines it left (the person's short turn timer runs out, the AI answers) and
    the table's message, and the person finishes the game here, every move in the log."""
    storage = pg.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    cluster = Cluster(storage, timings=FAST)
    service = TableService(storage, REGISTRY, listener=Recorder(), coordinator=cluster)
    OPEN.append(service)
    await join_cluster(cluster, service)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.cluster_process", pg.url,
        stdout=asyncio.subprocess.PIPE, cwd=ROOT,
    )  # fmt: skip
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), timeout=60)
        assert line.strip().isdigit(), f"the child process did not start its game: {line!r}"
        table_id = int(line)
        child.kill()
        await child.wait()

        async def timed_out() -> bool:
            return any(line.actor == "timeout" for line in await storage.actions(table_id))

        await until_async(timed_out, "the dead process's turn timer is taken over")
        await until_async(lambda: cluster.edits_message(table_id), "its table message is taken over")
        for _ in range(2_000):  # bounded: a stuck game fails the test instead of hanging it
            live = await service.get(table_id)
            if live.record.status != "active":
                break
            mine = [d for d in live.engine.decisions(live.state) if d.seat == live.seat_of(100)]
            if not mine:
                await asyncio.sleep(0.05)  # the AI's move or a timer is due
                continue
            with contextlib.suppress(StaleChoice):  # the turn timer answered first
                await service.act(table_id, 100, live.state.version, mine[0].key, [mine[0].options[0].id])
        assert live.record.status == "finished"
        log = await storage.actions(table_id)
        assert [line.seq for line in log] == list(range(1, len(log) + 1)), "no move lost"
        assert {"human", "timeout"} <= {line.actor for line in log}
    finally:
        if child.returncode is None:
            child.kill()
        await cluster.leave()


async def until_async(condition: Callable[[], Awaitable[bool]], what: str, seconds: float = 30.0) -> None:
    """Wait for something the other process left to be taken over (bounded: a failure, not a hang)."""
    for _ in range(int(seconds / 0.05)):
        if await condition():
            return
        await asyncio.sleep(0.05)
    pytest.fail(f"never happened: {what}")
