"""Tables between storage and memory: lazy loading with quarantine of damaged rows, the deadlines
re-armed at start-up, and each change committed in one optimistic transaction.

Storage is the truth: any failure while changing or saving a table drops it from the cache, and
it reloads on its next use.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot import takebacks, watching
from bot.cache import TableCache
from bot.clock import Clock
from bot.errors import TableMoved, TableUnavailable
from bot.listener import DecisionRef
from bot.live import LiveTable
from bot.outcomes import result_record, table_outcome
from bot.runtime import decode_runtime
from bot.scheduler import Scheduler
from bot.seasons import LENGTHS, season_at
from bot.step import Step
from bot.storage import CorruptRecord, StaleWrite, Storage
from bot.storage.records import ActionRecord, ResultRecord, TableRecord
from bot.turn_timers import grant_downtime_grace, refresh_clocks, table_deadline
from engines.core import Engine, Outcome

log = logging.getLogger(__name__)

RESUMED_NOTE_WITHIN = 3600.0
CATCH_UP_SPACING = 0.05  # 20 overdue tables a second: their notes and edits stay under Discord's limits
DAMAGED = "This table's saved data is damaged, so it was set aside."


@dataclass
class _Loading:
    """Loads of one table in flight, and the newest revision another process saved meanwhile."""

    loads: int = 0
    newest_rev: int = 0


class TableStore:
    """Loads tables into the cache and commits their changes; callers hold the table's lock."""

    def __init__(
        self,
        storage: Storage,
        registry: Mapping[str, Engine[Any]],
        cache: TableCache[LiveTable],
        scheduler: Scheduler,
        clock: Clock,
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.cache = cache
        self.scheduler = scheduler
        self.clock = clock
        self.started_at = clock()
        self.resumed_at = self.started_at
        self._caught_up_at: dict[int, float] = {}  # when each overdue table's timer fires after start-up
        self._loading: dict[int, _Loading] = {}

    async def get(self, table_id: int) -> LiveTable:
        """The table from the cache or storage; raises TableUnavailable (quarantining bad data)."""
        live = self.cache.get(table_id)
        if live is not None:
            return live
        loading = self._loading.setdefault(table_id, _Loading())
        loading.loads += 1
        try:
            record = await self._load(table_id)
            if record is not None and record.rev < loading.newest_rev:
                record = await self._load(table_id)  # saved elsewhere while it loaded
        finally:
            loading.loads -= 1
            if not loading.loads:
                del self._loading[table_id]
        if record is None:
            raise TableUnavailable("That table no longer exists.")
        if record.status == "broken":
            raise TableUnavailable(DAMAGED)
        if record.game not in self.registry:
            raise TableUnavailable("This game is not installed on this bot any more.")
        live = self._hydrate(record)
        if live is None:
            await self._quarantine(table_id, f"cannot decode the saved {record.game!r} game")
            raise TableUnavailable(DAMAGED)
        return self.cache.add(table_id, live)

    async def _load(self, table_id: int) -> TableRecord | None:
        try:
            return await self.storage.load_table(table_id)
        except CorruptRecord as exc:
            await self._quarantine(table_id, str(exc))
            raise TableUnavailable(DAMAGED) from exc

    def noticed(self, table_id: int, rev: int) -> None:
        """Another process saved the table at `rev`: a load of it in flight now reads it again if
        it got an older revision."""
        loading = self._loading.get(table_id)
        if loading is not None:
            loading.newest_rev = max(loading.newest_rev, rev)

    def _hydrate(self, record: TableRecord) -> LiveTable | None:
        """Decode a stored table; None when its state or runtime cannot be decoded."""
        engine = self.registry[record.game]
        try:
            state = engine.decode(record.state) if record.state is not None else None
            runtime = decode_runtime(record.runtime)
        except Exception:
            return None
        live = LiveTable(record=record, engine=engine, state=state, runtime=runtime)
        if record.status == "active" and record.updated_at < self.started_at:
            grant_downtime_grace(live, self._caught_up_at.get(record.id, self.resumed_at))
        return live

    async def _quarantine(self, table_id: int, reason: str) -> None:
        log.error("table %s quarantined: %s", table_id, reason)
        self.cache.drop(table_id)
        self.scheduler.arm(table_id, None)
        await self.storage.quarantine(table_id, reason[:500])

    async def resume_all(self) -> list[int]:
        """At start-up: re-arm every stored deadline without decoding any table (lazy loading).

        A table is decoded when first used (a click, its deadline, a refresh); a damaged one is
        quarantined then. Deadlines that passed while the bot was down fire one after another,
        CATCH_UP_SPACING apart, so a restart never stampedes. Returns the active tables played in
        the last RESUMED_NOTE_WITHIN seconds, which get a "resumed" note.
        """
        now = self.resumed_at = self.clock()
        overdue = 0
        recent: list[int] = []
        for row in await self.storage.live_tables():
            when = row.deadline
            if when is not None and when <= now:
                when = self._caught_up_at[row.id] = now + overdue * CATCH_UP_SPACING
                overdue += 1
            self.scheduler.arm(row.id, when)
            if row.status == "active" and now - row.updated_at <= RESUMED_NOTE_WITHIN:
                recent.append(row.id)
        return recent

    @contextmanager
    def mutating(self, live: LiveTable) -> Iterator[None]:
        """Any failure while changing a table drops it from memory, so storage stays the truth."""
        try:
            yield
        except BaseException:
            self.cache.drop(live.record.id)
            raise

    async def save(
        self,
        live: LiveTable,
        *,
        seats_changed: bool = False,
        actions: Sequence[ActionRecord] = (),
        result: ResultRecord | None = None,
    ) -> None:
        """Encode the table and save it in one transaction, optimistically on its revision."""
        record = live.record
        if live.state is not None:
            record.state = live.engine.encode(live.state)
            record.version = live.state.version
        record.runtime = live.encode_runtime()
        record.updated_at = self.clock()
        try:
            await self.storage.save_table(record, seats_changed=seats_changed, actions=actions, result=result)
        except StaleWrite:
            self.cache.drop(record.id)
            raise TableMoved from None
        except BaseException:
            self.cache.drop(record.id)
            raise

    async def commit(self, live: LiveTable, now: float, step: Step) -> list[DecisionRef]:
        """Refresh clocks, detect the end, persist everything in one transaction, re-arm the timer.

        Returns the human decisions that opened (none once the game is over).
        """
        takebacks.settle(live, step)
        acted = {(a.seat, a.key) for a in step.actions if a.seat >= 0}
        acting = {a.seat for a in step.actions if a.actor == "human"} | step.present
        opened = refresh_clocks(live, now, acted, acting)
        watching.mark_turns(live.runtime, step.actions)
        live.runtime.remember(step.events, step.notes)
        outcome = table_outcome(live)
        result = None
        if outcome is not None:
            live.record.status = "finished"
            live.runtime.clocks.clear()
            opened = []
            result = await self._result(live, outcome, now)
        if outcome is not None:
            live.record.deadline = None
        else:
            live.record.deadline = now if step.unfinished else table_deadline(live)
        await self.save(live, actions=step.actions, result=result)
        self.scheduler.arm(live.record.id, live.record.deadline)
        return opened

    async def _result(self, live: LiveTable, outcome: Outcome, now: float) -> ResultRecord:
        """The finished game's result as its server counts it: rated against AI or not, and in
        the season `now` falls in when the server runs seasons."""
        guild = live.record.guild_id
        settings = await self.storage.guild_settings(guild) if guild is not None else None
        summary = " ".join(filter(None, [outcome.summary, takebacks.result_note(live.runtime)]))
        result = result_record(live, outcome, now, summary, rate_ai=settings is not None and settings.rate_ai)
        if settings is not None and settings.season in LENGTHS and result.kind:
            result.season = season_at(now, settings.season).key
        return result
