"""Cluster mode: several bot processes sharing one PostgreSQL database (DESIGN.md section 5).

- **Alive.** Each process writes its row in `processes` every `heartbeat` seconds; one not seen for
  `process_timeout` seconds is gone, and what it held is taken over.
- **Changes.** A trigger announces every committed table change (`bot.storage.pg_cluster`). Each
  process listens on a connection of its own: a table another process changed is dropped from the
  cache here (it reloads on its next use) and its message refreshed if this process owns it. When
  the listening connection is lost it is opened again and the whole cache dropped, since notices
  may have been missed meanwhile.
- **Deadlines fire once.** Every process arms timers for the tables it knows; the timer that fires
  first claims the deadline (a lease of `lease` seconds on the row, in one statement), the others
  find it claimed. Every `sweep` seconds each process also claims, `FOR UPDATE SKIP LOCKED`,
  deadlines overdue by `sweep_grace` that nobody holds: those of a process that died (taken over
  within `lease + sweep` seconds) or that no live process has armed.
- **One message owner.** The first process to show a table owns its message until it stops (it
  hands its tables to the live process seen last) or goes unseen (a live process then adopts its
  live tables). Each heartbeat reads which tables a process owns, so a process shows the tables
  handed to it or adopted by it, and one whose own heartbeats lapsed stops editing at once; changes
  made elsewhere reach the owner as notices, so two processes never edit one message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import asyncpg  # type: ignore[import-untyped]

from bot.clock import Clock, wall_clock
from bot.scheduler import WaitHook, await_directly
from bot.storage import pg_cluster as sql
from bot.storage.postgres import PostgresStorage

if TYPE_CHECKING:
    from bot.service import TableService

log = logging.getLogger(__name__)
FORGET_PROCESSES_AFTER = 86_400.0  # rows of processes gone this long are deleted


@dataclass(frozen=True)
class ClusterTimings:
    """Seconds (and a batch size) of cluster mode; tests shorten them."""

    heartbeat: float = 2.0
    process_timeout: float = 10.0
    lease: float = 5.0
    sweep: float = 2.0
    sweep_grace: float = 1.0
    batch: int = 50


Fire = Callable[[int], Coroutine[Any, Any, None]]
Changed = Callable[[int, int], Coroutine[Any, Any, None]]
Adopted = Callable[[int], Coroutine[Any, Any, None]]


class Cluster:
    """This process's part in a cluster: heartbeats, change notices, deadline claims, message owners."""

    shared = True

    def __init__(
        self,
        storage: PostgresStorage,
        shards: Sequence[int] = (),
        clock: Clock = wall_clock,
        timings: ClusterTimings = ClusterTimings(),
    ) -> None:
        self.storage = storage
        self.process_id = storage.process_id
        self.shards = ",".join(str(shard) for shard in shards)
        self.clock = clock
        self.timings = timings
        self.started_at = clock()
        self._owned: set[int] = set()
        self._fire: Fire | None = None
        self._changed: Changed | None = None
        self._adopted: Adopted | None = None
        self._lost: Callable[[], None] = lambda: None
        self._listener: asyncpg.Connection | None = None
        self._channel = ""
        self._last_beat = self.started_at
        self._loops: list[asyncio.Task[None]] = []
        self._work: set[asyncio.Task[Any]] = set()
        self.wait_hook: WaitHook = await_directly  # harnesses that own time declare the pauses here

    # ------------------------------------------------------------------ life

    async def start(self, fire: Fire, changed: Changed, adopted: Adopted, lost: Callable[[], None]) -> None:
        """Join the cluster: `fire(table)` runs a claimed deadline, `changed(table, rev)` is told of
        another process's change, `adopted(table)` of a table message taken over from a process
        that died, `lost()` when notices may have been missed."""
        self._fire, self._changed, self._adopted, self._lost = fire, changed, adopted, lost
        await self._beat()
        await self._listen()
        loop = asyncio.get_running_loop()
        self._loops = [
            loop.create_task(self._every(self.timings.heartbeat, self.heartbeat, "cluster heartbeat")),
            loop.create_task(self._every(self.timings.sweep, self.sweep, "claiming overdue deadlines")),
        ]

    async def up_since(self) -> float:
        """Since when the cluster has run without a break: the start of its oldest live process."""
        seen_since = self.clock() - self.timings.process_timeout
        oldest = await self.storage.pool.fetchval(sql.UP_SINCE, seen_since)
        return min(self.started_at, float(oldest)) if oldest is not None else self.started_at

    async def quiet(self) -> None:
        """Stop heartbeats, sweeps and notices (first thing at shutdown: nothing new starts here)."""
        for task in self._loops:
            task.cancel()
        await asyncio.gather(*self._loops, return_exceptions=True)
        self._loops = []
        for task in list(self._work):
            task.cancel()
        await asyncio.gather(*self._work, return_exceptions=True)
        await self._close_listener()

    async def leave(self) -> None:
        """Leave the cluster: hand this process's table messages to the live process seen last and
        give up its deadline claims, at once."""
        await self.quiet()
        seen_since = self.clock() - self.timings.process_timeout
        try:
            async with self.storage.pool.acquire() as conn, conn.transaction():
                await conn.execute(sql.HAND_OVER, self.process_id, seen_since)
                await conn.execute(sql.RELEASE_LEASES, self.process_id)
                await conn.execute(sql.LEAVE, self.process_id)
        except Exception:
            log.exception("leaving the cluster failed; others take over once this process is unseen")
        self._owned.clear()

    # ------------------------------------------------------------------ what the service asks

    async def claim_deadline(self, table_id: int, now: float) -> bool:
        """Claim the table's due deadline for this process (a lease); False when it is not due in
        the database or another process holds it."""
        claimed = await self.storage.pool.fetchval(
            sql.CLAIM_DEADLINE, self.process_id, now, self.timings.lease, table_id
        )
        return claimed is not None

    async def edits_message(self, table_id: int) -> bool:
        """Whether this process edits the table's message: it owns it, or takes it over from nobody
        or from a process gone unseen."""
        if self.owns_message(table_id):
            return True
        seen_since = self.clock() - self.timings.process_timeout
        claimed = await self.storage.pool.fetchval(sql.CLAIM_MESSAGE, self.process_id, table_id, seen_since)
        if claimed is not None:
            self._owned.add(table_id)
        return claimed is not None

    def owns_message(self, table_id: int) -> bool:
        """Whether this process is known to own the table's message (not once its own heartbeats
        have lapsed: others may be adopting its tables)."""
        if self.clock() - self._last_beat > self.timings.process_timeout / 2:
            self._owned.clear()
        return table_id in self._owned

    def forget(self, table_id: int) -> None:
        """A closed table: nothing more to own."""
        self._owned.discard(table_id)

    # ------------------------------------------------------------------ heartbeats and notices

    async def _beat(self) -> None:
        now = self.clock()
        await self.storage.pool.execute(sql.HEARTBEAT, self.process_id, self.shards, now)
        self._last_beat = now

    async def _every(self, period: float, work: Callable[[], Coroutine[Any, Any, object]], what: str) -> None:
        """Run `work` every `period` seconds, each time within a time limit; nothing that fails
        stops the next time."""
        while True:
            await self.wait_hook(asyncio.sleep(period))
            try:
                async with asyncio.timeout(self.timings.process_timeout / 2):
                    await work()
            except Exception:
                log.warning("%s failed; trying again", what, exc_info=True)

    async def heartbeat(self) -> None:
        """One beat: say this process is alive, keep the notices coming, take over the messages of
        processes gone, forget long-gone processes."""
        await self._beat()
        if not await self._listening():
            await self._listen()
            self._lost()  # notices may have been missed: nothing cached here can be trusted
            await self.take_over_messages(show_all=True)
        else:
            await self.take_over_messages()
        await self.storage.pool.execute(sql.FORGET_PROCESSES, self.clock() - FORGET_PROCESSES_AFTER)

    async def _listening(self) -> bool:
        """Whether the listening connection still answers (a half-open one would drop notices)."""
        conn = self._listener
        if conn is None or conn.is_closed():
            return False
        try:
            await asyncio.wait_for(conn.fetchval("SELECT 1"), self.timings.process_timeout / 4)
        except Exception:
            return False
        return True

    async def take_over_messages(self, show_all: bool = False) -> list[int]:
        """Adopt the live tables of processes gone unseen, read which tables this process owns, and
        show those new to it (handed over or adopted; every one with `show_all`)."""
        seen_since = self.clock() - self.timings.process_timeout
        await self.storage.pool.fetch(sql.ADOPT, self.process_id, seen_since, self.timings.batch)
        owned = {int(row["id"]) for row in await self.storage.pool.fetch(sql.OWNED, self.process_id)}
        new = sorted(owned if show_all else owned - self._owned)
        self._owned = owned
        assert self._adopted is not None
        self._take_over(new, self._adopted, "the message")
        return new

    async def _listen(self) -> None:
        await self._close_listener()
        conn = await self.storage.connect()
        try:
            self._channel = await sql.channel_of(conn)
            await conn.add_listener(self._channel, self._on_notice)
        except BaseException:
            conn.terminate()
            raise
        self._listener = conn

    async def _close_listener(self) -> None:
        conn, self._listener = self._listener, None
        if conn is not None and not conn.is_closed():
            try:
                await conn.close(timeout=2.0)
            except Exception:
                conn.terminate()

    def _on_notice(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        notice = sql.parse_notice(payload)
        if notice is None or notice[2] == self.process_id or self._changed is None:
            return
        table_id, rev, _ = notice
        self._spawn(self._changed(table_id, rev), f"the change notice of table {table_id}")

    # ------------------------------------------------------------------ deadlines

    async def sweep(self) -> list[int]:
        """Claim deadlines overdue by `sweep_grace` that no live process holds, and fire them."""
        now = self.clock()
        async with self.storage.pool.acquire() as conn, conn.transaction():
            rows = await conn.fetch(sql.OVERDUE, now - self.timings.sweep_grace, now, self.timings.batch)
            claimed = [int(row["id"]) for row in rows]
            if claimed:
                await conn.execute(sql.LEASE, self.process_id, now + self.timings.lease, claimed)
        assert self._fire is not None
        self._take_over(claimed, self._fire, "the deadline")
        return claimed

    def _take_over(self, tables: list[int], work: Fire, what: str) -> None:
        """Run `work` for each table taken over from others (in the background)."""
        if tables:
            log.info("took over %s of %d table(s): %s", what, len(tables), tables)
        for table_id in tables:
            self._spawn(work(table_id), f"{what} of table {table_id}")

    def _spawn(self, work: Coroutine[Any, Any, Any], what: str) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._work.add(task)

        def done(finished: asyncio.Task[Any]) -> None:
            self._work.discard(finished)
            if not finished.cancelled() and finished.exception() is not None:
                log.error("%s failed", what, exc_info=finished.exception())

        task.add_done_callback(done)


async def join(cluster: Cluster, service: TableService) -> None:
    """Start this process's part in the cluster for `service`. A table saved before this process
    started was not necessarily saved before a break: the grace for time the bot was down (see
    `bot.turn_timers.grant_downtime_grace`) counts from when the cluster last came up."""
    await cluster.start(service.on_deadline, service.remote_change, service.adopted, service.forget_cached)
    service.tables.started_at = min(service.tables.started_at, await cluster.up_since())
