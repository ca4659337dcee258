"""TableService: every change to a table goes through here (DESIGN.md section 3).

Per table: an asyncio.Lock serialises actions in this process, and every write is optimistic
on the row revision, so several processes can share one database. After each human action
the AI seats (and away or forfeited seats) act until a human decision or the end, then the
new state, the action-log lines and (at the end) the result are saved in one transaction.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar
from weakref import WeakValueDictionary

from bot import seating, takebacks
from bot.around import AroundTheTable
from bot.autoplay import ai_due, run_automatic
from bot.cache import DEFAULT_TABLE_CACHE_SIZE, TableCache
from bot.clock import Clock, wall_clock
from bot.coordination import Alone, Coordinator
from bot.errors import StaleChoice, TableMoved, UserError
from bot.listener import DecisionRef, TableChange, TableListener
from bot.live import LiveTable, lost_click_notes
from bot.lobbies import Lobbies
from bot.outcomes import result_record
from bot.runtime import Answer
from bot.scheduler import Scheduler
from bot.step import Step, table_change
from bot.storage import Storage
from bot.storage.records import ActionRecord
from bot.table_store import TableStore
from bot.turn_timers import run_timers, table_deadline
from engines.core import Engine, IllegalChoice

log = logging.getLogger(__name__)
T = TypeVar("T")

NO_HOST = 0  # the host of a table nobody hosts (no Discord id is 0)


class TableService(Lobbies, AroundTheTable):
    """Lobbies, games, timers and results for every table, independent of Discord."""

    def __init__(
        self,
        storage: Storage,
        registry: Mapping[str, Engine[Any]],
        *,
        clock: Clock = wall_clock,
        default_turn_timer: float = 600.0,
        listener: TableListener | None = None,
        cache_size: int = DEFAULT_TABLE_CACHE_SIZE,
        show_wait: float = 0.0,
        coordinator: Coordinator | None = None,
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.clock = clock
        self.default_turn_timer = default_turn_timer
        self.listener = listener
        self.show_wait = show_wait  # a real-time game's clock waits this long for `shown` at most
        self.coordinator: Coordinator = coordinator or Alone()  # other processes on the database
        self.scheduler = Scheduler(self.on_deadline, clock)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)
        self.on_finished: Callable[[int], Awaitable[None]] | None = None  # a game ended (tournaments)
        # A lock lives exactly as long as someone holds or awaits it, so closed tables leave no trace.
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._live: TableCache[LiveTable] = TableCache(cache_size, busy=self._locks.__contains__)
        self._place_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._guild_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()  # open-table limits
        self.tables = TableStore(storage, registry, self._live, self.scheduler, clock)

    # ------------------------------------------------------------------ loading

    @staticmethod
    def _lock_in(locks: WeakValueDictionary[int, asyncio.Lock], key: int) -> asyncio.Lock:
        lock = locks.get(key)
        if lock is None:
            lock = locks[key] = asyncio.Lock()
        return lock

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._lock_in(self._locks, table_id)

    async def get(self, table_id: int) -> LiveTable:
        """The table from the cache or storage; raises TableUnavailable (quarantining bad data)."""
        return await self.tables.get(table_id)

    async def resume_all(self) -> list[int]:
        """At start-up: re-arm every stored deadline without decoding any table; returns the active
        tables played lately, which get a "resumed" note (see TableStore.resume_all)."""
        return await self.tables.resume_all()

    # ------------------------------------------------------------------ lobby

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table message (the lobby message, edited into the table later)."""
        await _once_more_if_moved(lambda: self._set_message(table_id, message_id))

    async def _set_message(self, table_id: int, message_id: int) -> None:
        async with self._lock(table_id):
            live = await self.get(table_id)
            live.record.message_id = message_id
            await self.tables.save(live)

    async def start(self, table_id: int, user_id: int, *, hostless: bool = False) -> LiveTable:
        """Deal the game (host only), let AI seats act, and open the first decisions. `hostless`
        (a tournament's table): nobody is host once it runs, so no player may cancel it or remove
        an opponent (members who may manage threads still can)."""
        async with self._lock(table_id):
            live = await self._lobby(table_id)
            if user_id != live.record.host_id:
                raise UserError("Only the host can start the game.")
            seating.check_player_count(live)
            with self.tables.mutating(live):
                live.record.options = {**live.record.options, **seating.deck_options(live)}
                try:
                    live.state = live.engine.new_game(
                        live.seats(), live.record.mode, live.record.options, live.record.seed
                    )
                except ValueError as exc:
                    raise UserError(f"The game could not be dealt: {exc}") from None
                live.record.status = "active"
                if hostless:
                    live.record.host_id = NO_HOST
                live.runtime.start_seats = [(s.name, s.is_ai) for s in live.record.seats]
                live.runtime.takebacks_off = not await self._takebacks_allowed(live.record.guild_id)
                now = self.clock()
                if live.engine.meta.live_play:  # the game clock starts once people see the table
                    live.runtime.hold_until = now + self.show_wait
                step = Step()
                await run_automatic(live, now, step)
                opened = await self.tables.commit(live, now, step)
        await self._publish(live, "started", step, opened)
        return live

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> LiveTable:
        """Stop a lobby or a game (host, or members who may manage threads)."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            if live.record.status not in ("lobby", "active"):
                raise UserError("This table is already closed.")
            if user_id != live.record.host_id and not can_manage:
                raise UserError("Only the host or someone with Manage Threads can cancel this table.")
            live.record.status = "cancelled"
            live.record.deadline = None
            result = None
            if live.state is not None:
                result = result_record(
                    live, None, self.clock(), "Cancelled before the end.", status="cancelled"
                )
            await self.tables.save(live, result=result)
            self.scheduler.arm(table_id, None)
        await self._publish(live, "cancelled")
        return live

    # ------------------------------------------------------------------ play

    async def act(
        self, table_id: int, user_id: int, version: int, key: str, choice: Sequence[str]
    ) -> LiveTable:
        """A player's choice; raises StaleChoice for an outdated panel, UserError when refused. The
        click is marked as pending until the save that applies it (a process that stops before
        then leaves the mark, and the table's "resumed" note tells the player)."""
        await self.storage.note_click(table_id, user_id, self.clock())
        try:
            return await _once_more_if_moved(lambda: self._act(table_id, user_id, version, key, choice))
        except (StaleChoice, UserError):
            await self.storage.forget_click(table_id, user_id)  # answered: nothing was lost
            raise

    async def _act(
        self, table_id: int, user_id: int, version: int, key: str, choice: Sequence[str]
    ) -> LiveTable:
        async with self._lock(table_id):
            live = await self._active(table_id)
            seat = seating.human_seat(live, user_id)
            state = live.state
            clock = live.runtime.clock(seat, key)
            if version > state.version:
                raise UserError("That button does not belong to this table's current game.")
            judged = key in live.engine.meta.judged_when_stale  # the game judges late answers itself
            if clock is None or (
                live.runtime.repeats(seat, key, choice, version) if judged else version < clock.since_version
            ):
                raise StaleChoice(table_id)
            now = self.clock()
            with self.tables.mutating(live):
                if judged:
                    live.runtime.last_answer[seat] = Answer(key, list(choice), state.version)
                before = takebacks.snapshot(live)
                try:
                    events = live.engine.apply(state, seat, key, list(choice), now)
                except IllegalChoice as exc:
                    raise UserError(str(exc)) from None
                step = Step(
                    events=list(events),
                    actions=[ActionRecord(seat, key, list(choice), now, "human")],
                    undo=takebacks.offer(live, seat, before, events),
                )
                live.runtime.missed.pop(seat, None)
                live.runtime.mark_active(seat, now)
                opened = await self._advance_and_commit(live, now, step)
        await self._publish(live, "step", step, opened)
        return live

    async def _change_seat(
        self, table_id: int, user_id: int, change: Callable[[LiveTable, int], str]
    ) -> LiveTable:
        """Change a player's own seat in a running game (the change returns a note), then play on."""
        async with self._lock(table_id):
            live = await self._active(table_id)
            seat = seating.human_seat(live, user_id, allow_away=True)
            with self.tables.mutating(live):
                step = Step(notes=[change(live, seat)], present={seat})
                opened = await self._advance_and_commit(live, self.clock(), step)
        await self._publish(live, "step", step, opened)
        return live

    async def back(self, table_id: int, user_id: int) -> LiveTable:
        """The player presses I'm back and takes their seat over from the AI."""
        return await self._change_seat(
            table_id, user_id, lambda live, seat: seating.take_back(live, seat, self.clock())
        )

    async def forfeit(self, table_id: int, user_id: int) -> LiveTable:
        """Give up: the AI plays the seat on, ranked last; a lone survivor wins at once."""
        return await self._change_seat(table_id, user_id, seating.give_up)

    async def kick(self, table_id: int, target_id: int, user_id: int, *, can_manage: bool) -> LiveTable:
        """Remove a player (host or Manage Threads): from the lobby, or the AI takes their seat."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            if user_id != live.record.host_id and not can_manage:
                raise UserError("Only the host or someone with Manage Threads can remove players.")
            seat = live.seat_of(target_id)
            if seat is None:
                raise UserError("That person has no seat at this table.")
            if target_id == user_id:
                raise UserError("You cannot kick yourself; use Leave or Forfeit.")
            step = Step()
            if live.record.status == "lobby":
                seating.kick_from_lobby(live, seat, target_id)
                await self.tables.save(live, seats_changed=True)
                kind = "lobby"
                opened: list[DecisionRef] = []
            elif live.record.status == "active":
                with self.tables.mutating(live):
                    step.notes.append(seating.kick_from_game(live, seat, target_id))
                    opened = await self._advance_and_commit(live, self.clock(), step)
                kind = "step"
            else:
                raise UserError("This table is already closed.")
        await self._publish(live, kind, step, opened)
        return live

    async def on_deadline(self, table_id: int) -> None:
        """Timers: engine ticks, 75% warnings, timed-out decisions taken by the AI, stale lobbies.
        Among several processes, only the one that claims the due deadline runs it."""
        if await self.coordinator.claim_deadline(table_id, self.clock()):
            await _once_more_if_moved(lambda: self._run_deadline(table_id))

    async def _run_deadline(self, table_id: int) -> None:
        async with self._lock(table_id):
            try:
                live = await self.get(table_id)
            except UserError:
                return
            if live.record.status == "lobby":
                await self._expire_lobby(live)
                return
            if live.record.status != "active":
                return
            now = self.clock()
            step = Step()
            with self.tables.mutating(live):
                await run_timers(live, now, step, self._auto_defence)
                if not (step.actions or step.warnings or step.notes):
                    if ai_due(live, now):  # a change only if the AI acts
                        await run_automatic(live, now, step)
                    if not step.actions:
                        await self._rearm(live)
                        return
                    opened = await self.tables.commit(live, now, step)
                else:
                    opened = await self._advance_and_commit(live, now, step)
        await self._publish(live, "step", step, opened)

    async def _auto_defence(self, user_id: int) -> bool:
        """Whether the user chose automatic defence (/settings); when their settings cannot be
        read (a busy database), no: the game's default answer (the hit lands) keeps it moving."""
        try:
            return (await self.storage.user_settings(user_id)).auto_defence
        except Exception:
            log.exception("settings of user %s unreadable: the timed defence takes the default", user_id)
            return False

    async def _expire_lobby(self, live: LiveTable) -> None:
        """A lobby nobody started closes after LOBBY_LIFETIME, so it never blocks its channel."""
        now = self.clock()
        if live.record.deadline is None or now < live.record.deadline:
            self.scheduler.arm(live.id, live.record.deadline)
            return
        live.record.status = "cancelled"
        live.record.deadline = None
        await self.tables.save(live)
        await self._publish(
            live, "cancelled", Step(notes=["Nobody started this table in time, so it closed."])
        )

    def seen(self, live: LiveTable, user_id: int) -> None:
        """A person opened or clicked their live console: present, so not idle (no save needed)."""
        seat = live.seat_of(user_id)
        if live.engine.meta.live_play and seat is not None and not live.is_automatic(seat):
            live.runtime.mark_active(seat, self.clock())

    # ------------------------------------------------------------------ internals

    async def _active(self, table_id: int) -> LiveTable:
        live = await self.get(table_id)
        if live.record.status != "active" or live.state is None:
            raise UserError(
                "This game is not running any more."
                if live.record.status != "lobby"
                else "This game has not started yet."
            )
        return live

    async def _advance_and_commit(self, live: LiveTable, now: float, step: Step) -> list[DecisionRef]:
        """Let the AI seats act (unless forfeits decided the game), then commit the step."""
        if not live.decided_by_forfeits():
            await run_automatic(live, now, step)
        return await self.tables.commit(live, now, step)

    async def _publish(
        self, live: LiveTable, kind: str, step: Step | None = None, opened: Sequence[DecisionRef] = ()
    ) -> None:
        if self.on_finished is not None and live.record.status == "finished" and kind != "remote":
            try:
                await self.on_finished(live.record.id)
            except Exception:
                log.exception("telling that table %s finished failed", live.record.id)
        if self.listener is None:
            return
        change = table_change(live, kind, step or Step(), opened)
        try:
            await self.listener.on_change(change)
        except Exception:
            log.exception("publishing table %s failed", live.record.id)

    async def shown(self, table_id: int) -> None:
        """A real-time table's first image is on Discord: its game clock may start now."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            if live.runtime.hold_until > self.clock():
                live.runtime.hold_until = self.clock()
                with self.tables.mutating(live):
                    await self._rearm(live)

    async def _rearm(self, live: LiveTable) -> None:
        """Arm the table's next deadline after a change that needs no save here. Where other
        processes share the database the change and the deadline are saved, so whichever process
        fires that deadline sees them (callers hold the table's lock)."""
        deadline = table_deadline(live)
        if self.coordinator.shared and deadline != live.record.deadline:
            live.record.deadline = deadline
            await self.tables.save(live)
        self.scheduler.arm(live.id, deadline)

    async def announce_resumed(self, table_id: int) -> None:
        """After a restart: tell the table's people that play goes on, and each whose last click
        the stop cut off before it was applied that it did not go through."""
        try:
            live = await self.get(table_id)
        except UserError:
            return
        lost = await self.storage.take_lost_clicks(table_id)
        await self._publish(live, "resumed", Step(notes=lost_click_notes(live, lost)))

    async def remote_change(self, table_id: int, rev: int) -> None:
        """Another process saved this table: drop the copy here (it reloads on its next use) and let
        the presentation layer show the change."""
        self.tables.noticed(table_id, rev)
        cached = self._live.peek(table_id)
        if cached is None or cached.record.rev < rev:
            self._live.drop(table_id)
        await self.adopted(table_id)

    async def adopted(self, table_id: int) -> None:
        """Show the table's current state, changed elsewhere (or taken over from a process that
        died): the presentation layer refreshes what this process shows of it."""
        if self.listener is not None:
            await self.listener.on_change(TableChange(table_id, "remote"))

    def forget_cached(self) -> None:
        """Drop every decoded table (changes made elsewhere may have been missed); each reloads on use."""
        self._live.clear()

    @property
    def cached_tables(self) -> int:
        """How many tables are decoded in memory now."""
        return len(self._live)

    def evict(self, table_id: int) -> None:
        """Drop a closed table from memory (it reloads from storage on demand)."""
        self._live.drop(table_id)
        self.coordinator.forget(table_id)

    def close(self) -> None:
        """Stop timers."""
        self.scheduler.cancel_all()


async def _once_more_if_moved(work: Callable[[], Awaitable[T]]) -> T:
    """Run `work`; when its save found the table changed by another process (the stale copy is
    dropped by then), run it once more on the fresh table, which answers a click that is now out of
    date as a stale panel."""
    try:
        return await work()
    except TableMoved:
        return await work()
