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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any
from weakref import WeakValueDictionary

from bot import notes
from bot.cache import DEFAULT_TABLE_CACHE_SIZE, TableCache
from bot.clock import Clock, wall_clock
from bot.errors import StaleChoice, TableUnavailable, UserError
from bot.listener import DecisionRef, TableChange, TableListener
from bot.live import LiveTable
from bot.live_play import (
    WARN_AT,
    ai_ready,
    ai_waits,
    expire_idle,
    forgive_downtime,
    game_due,
    live_deadlines,
)
from bot.outcomes import final_outcome, result_record
from bot.runtime import (
    Answer,
    DecisionClock,
    DeckChoice,
    Runtime,
    deck_option,
    decode_runtime,
    signature,
)
from bot.scheduler import Scheduler
from bot.settings import MAX_TURN_TIMER, MIN_TURN_TIMER
from bot.storage import CorruptRecord, PlaceTaken, StaleWrite, Storage
from bot.storage.records import ActionRecord, SeatRecord, TableRecord
from engines.core import Decision, Engine, Event, IllegalChoice, Outcome, RandomPolicy

log = logging.getLogger(__name__)

AWAY_AFTER_MISSES = 3
AUTO_BURST = 500  # AI steps in one go on the event loop; a longer run continues at once, in turns
MAX_BURSTS = 200  # then a table nobody plays any more stops fast-forwarding (an engine that never ends)
LOBBY_LIFETIME = 24 * 3600.0
RESUMED_NOTE_WITHIN = 3600.0
CATCH_UP_SPACING = 0.05  # 20 overdue tables a second: their notes and edits stay under Discord's limits
PLACE_TAKEN = "A game is already running here. Finish or cancel it first (`/game cancel`)."
AI_NAMES = ("Botley", "Deckard", "Ace Circuit", "Shuffles", "Lady Ledger", "Gizmo", "Turnip", "Vex")


@dataclass
class _Step:
    """What one locked operation produced, published after the lock is released."""

    events: list[Event] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[int] = field(default_factory=list)
    unfinished: bool = False  # the AI stopped after AUTO_BURST steps and carries on at once
    present: set[int] = field(default_factory=set)  # seats whose person is at their panel right now


class TableService:
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
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.clock = clock
        self.default_turn_timer = default_turn_timer
        self.listener = listener
        self.show_wait = show_wait  # a real-time game's clock waits this long for `shown` at most
        self.scheduler = Scheduler(self.on_deadline, clock)
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)
        self.started_at = clock()
        self.resumed_at = self.started_at
        self._caught_up_at: dict[int, float] = {}  # when each overdue table's timer fires after start-up
        # A lock lives exactly as long as someone holds or awaits it, so closed tables leave no trace.
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._live: TableCache[LiveTable] = TableCache(cache_size, busy=self._locks.__contains__)
        self._place_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()

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
        live = self._live.get(table_id)
        if live is not None:
            return live
        try:
            record = await self.storage.load_table(table_id)
        except CorruptRecord as exc:
            await self._quarantine(table_id, str(exc))
            raise TableUnavailable("This table's saved data is damaged, so it was set aside.") from exc
        if record is None:
            raise TableUnavailable("That table no longer exists.")
        if record.status == "broken":
            raise TableUnavailable("This table's saved data is damaged, so it was set aside.")
        if record.game not in self.registry:
            raise TableUnavailable("This game is not installed on this bot any more.")
        live = self._hydrate(record)
        if live is None:
            await self._quarantine(table_id, f"cannot decode the saved {record.game!r} game")
            raise TableUnavailable("This table's saved data is damaged, so it was set aside.")
        return self._live.add(table_id, live)

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
            self._grant_downtime_grace(live, self._caught_up_at.get(record.id, self.resumed_at))
        return live

    async def _quarantine(self, table_id: int, reason: str) -> None:
        log.error("table %s quarantined: %s", table_id, reason)
        self._live.drop(table_id)
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

    @staticmethod
    def _grant_downtime_grace(live: LiveTable, restart: float) -> None:
        """A warning or expiry missed while the bot was down becomes a fresh warning at `restart`.

        `restart` is when the table's timer fired again after start-up (its catch-up time), so
        the player still gets the last quarter of the timer after an honest warning. A clock whose
        next event had not come yet by then is left alone (it fires as armed). Applied when a table
        saved before this process started is first loaded; applying it twice changes nothing.
        """
        timer = live.record.turn_timer
        for clock in live.runtime.clocks:
            missed = clock.opened_at + (timer if clock.warned else WARN_AT * timer)
            if missed < restart:
                clock.opened_at = restart - WARN_AT * timer
                clock.warned = False
        forgive_downtime(live.runtime, restart)

    # ------------------------------------------------------------------ lobby

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        thread_id: int | None,
        host_id: int,
        host_name: str,
        game: str,
        mode: str,
        options: Mapping[str, str] | None = None,
        turn_timer: float | None = None,
    ) -> LiveTable:
        """Open a lobby with the host in the first seat."""
        engine = self.validate_new(game, mode, options or {}, turn_timer)
        now = self.clock()
        record = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=game,
            mode=mode,
            options=self._check_options(engine, mode, options or {}),
            seed=self.new_seed(),
            host_id=host_id,
            turn_timer=self.default_turn_timer if turn_timer is None else turn_timer,
            seats=[SeatRecord(0, host_name, host_id)],
            deadline=now + LOBBY_LIFETIME,
            created_at=now,
            updated_at=now,
        )
        async with self._lock_in(self._place_locks, record.place_id):
            if await self.storage.live_in(record.place_id) is not None:
                raise UserError(PLACE_TAKEN)
            try:
                await self.storage.create_table(record)
            except PlaceTaken:
                raise UserError(PLACE_TAKEN) from None
        live = LiveTable(record=record, engine=engine, state=None, runtime=Runtime())
        self._live.put(record.id, live)
        self.scheduler.arm(record.id, record.deadline)
        return live

    def validate_new(
        self, game: str, mode: str, options: Mapping[str, str], turn_timer: float | None
    ) -> Engine[Any]:
        """The engine of a table about to open, or UserError saying what is wrong."""
        engine = self.registry.get(game)
        if engine is None:
            raise UserError(f"There is no game called {game!r}. Try /help for the list.")
        try:
            engine.meta.mode(mode)
        except KeyError:
            modes = ", ".join(m.id for m in engine.meta.modes)
            raise UserError(f"{engine.meta.title} has no mode {mode!r}. Choose one of: {modes}.") from None
        timer = self.default_turn_timer if turn_timer is None else turn_timer
        if not MIN_TURN_TIMER <= timer <= MAX_TURN_TIMER:
            raise UserError("The turn timer must be between 30 seconds and 24 hours.")
        self._check_options(engine, mode, options)
        return engine

    @staticmethod
    def _check_options(engine: Engine[Any], mode: str, options: Mapping[str, str]) -> dict[str, str]:
        """Every option of the game with the host's choices over the defaults, or UserError for an
        unknown option, a value it does not offer, or a choice that changes nothing in this mode."""
        meta = engine.meta
        known = {option.id: option for option in meta.options}
        clean = {option.id: option.default for option in meta.options}
        for key, value in options.items():
            spec = known.get(key)
            if spec is None:
                names = ", ".join(known) or "none"
                raise UserError(f"{meta.title} has no option {key!r} (options: {names}).")
            if value not in spec.choices and not spec.free_form:
                raise UserError(f"{spec.label} must be one of: {', '.join(spec.choices)}.")
            if value != spec.default and not spec.applies_to(mode):
                modes = " or ".join(f"`{m}`" for m in spec.modes)
                raise UserError(
                    f"`{key}={value}` does nothing in {meta.mode(mode).label}: it only changes mode {modes}."
                    " Leave it out, or pick that mode."
                )
            clean[key] = value
        return clean

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table message (the lobby message, edited into the table later)."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            live.record.message_id = message_id
            await self._save(live)

    async def _change_lobby(self, table_id: int, change: Callable[[LiveTable], None]) -> LiveTable:
        """Apply one seat change to a lobby under its lock, save it and publish it."""
        async with self._lock(table_id):
            live = await self._lobby(table_id)
            change(live)
            self._renumber(live)
            await self._save(live, seats_changed=True)
        await self._publish(live, "cancelled" if live.record.status == "cancelled" else "lobby")
        return live

    async def join(self, table_id: int, user_id: int, name: str) -> LiveTable:
        """Take a free seat in the lobby."""

        def take_seat(live: LiveTable) -> None:
            if live.seat_of(user_id) is not None:
                raise UserError("You already have a seat at this table.")
            if len(live.record.seats) >= live.max_seats:
                raise UserError("The table is full. Ask the host to start, or wait for the next game.")
            live.record.seats.append(SeatRecord(len(live.record.seats), name, user_id))

        return await self._change_lobby(table_id, take_seat)

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        """Give up a lobby seat; the host's leaving passes the host role on (or closes an empty lobby)."""

        def free_seat(live: LiveTable) -> None:
            seat = live.seat_of(user_id)
            if seat is None:
                raise UserError("You do not have a seat at this table.")
            del live.record.seats[seat]
            if not any(s.user_id is not None for s in live.record.seats):
                live.record.status = "cancelled"
            self._pass_host(live, user_id)

        return await self._change_lobby(table_id, free_seat)

    async def bring_deck(self, table_id: int, user_id: int, name: str, cards: Sequence[str]) -> LiveTable:
        """A seated player brings a custom deck (already checked against the game's deck rules).

        At the start it becomes the engine option `deck<seat>` (comma-separated card ids), saved
        with the table's options, so replays deal the same cards.
        """

        def bring(live: LiveTable) -> None:
            if live.seat_of(user_id) is None:
                raise UserError("Join the table first, then bring your deck.")
            live.runtime.decks[user_id] = DeckChoice(name, list(cards))

        return await self._change_lobby(table_id, bring)

    async def add_ai(self, table_id: int, user_id: int) -> LiveTable:
        """Fill a free seat with an AI player (any seated player may)."""

        def seat_ai(live: LiveTable) -> None:
            if live.seat_of(user_id) is None:
                raise UserError("Only players seated at this table can add AI players.")
            if len(live.record.seats) >= live.max_seats:
                raise UserError("The table is full.")
            taken = {seat.name for seat in live.record.seats}
            name = next((n for n in AI_NAMES if n not in taken), f"Bot {len(live.record.seats) + 1}")
            live.record.seats.append(SeatRecord(len(live.record.seats), name, None, is_ai=True))

        return await self._change_lobby(table_id, seat_ai)

    async def remove_ai(self, table_id: int, user_id: int) -> LiveTable:
        """Free the last AI seat of the lobby."""

        def unseat_ai(live: LiveTable) -> None:
            if live.seat_of(user_id) is None:
                raise UserError("Only players seated at this table can remove AI players.")
            ai = [i for i, seat in enumerate(live.record.seats) if seat.is_ai]
            if not ai:
                raise UserError("There is no AI player to remove.")
            del live.record.seats[ai[-1]]

        return await self._change_lobby(table_id, unseat_ai)

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        """Deal the game (host only), let AI seats act, and open the first decisions."""
        async with self._lock(table_id):
            live = await self._lobby(table_id)
            if user_id != live.record.host_id:
                raise UserError("Only the host can start the game.")
            count = len(live.record.seats)
            mode = live.engine.meta.mode(live.record.mode)
            if count not in mode.seats:
                low, high = mode.seats.start, mode.seats.stop - 1
                need = f"{low}" if low == high else f"{low} to {high}"
                raise UserError(
                    f"{live.engine.meta.title} ({mode.label}) needs {need} players and there are {count}. "
                    + (
                        "Invite friends or press **Add AI**."
                        if count < low
                        else "Someone has to leave first."
                    )
                )
            with self._mutating(live):
                live.record.options = {**live.record.options, **self._deck_options(live)}
                try:
                    live.state = live.engine.new_game(
                        live.seats(), live.record.mode, live.record.options, live.record.seed
                    )
                except ValueError as exc:
                    raise UserError(f"The game could not be dealt: {exc}") from None
                live.record.status = "active"
                live.runtime.start_seats = [(s.name, s.is_ai) for s in live.record.seats]
                now = self.clock()
                if live.engine.meta.live_play:  # the game clock starts once people see the table
                    live.runtime.hold_until = now + self.show_wait
                step = _Step()
                self._run_automatic(live, now, step)
                opened = await self._commit(live, now, step)
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
            await self._save(live, result=result)
            self.scheduler.arm(table_id, None)
        await self._publish(live, "cancelled")
        return live

    # ------------------------------------------------------------------ play

    async def act(
        self, table_id: int, user_id: int, version: int, key: str, choice: Sequence[str]
    ) -> LiveTable:
        """A player's choice; raises StaleChoice for an outdated panel, UserError when refused."""
        async with self._lock(table_id):
            live = await self._active(table_id)
            seat = self._human_seat(live, user_id)
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
            with self._mutating(live):
                if judged:
                    live.runtime.last_answer[seat] = Answer(key, list(choice), state.version)
                try:
                    events = live.engine.apply(state, seat, key, list(choice), now)
                except IllegalChoice as exc:
                    raise UserError(str(exc)) from None
                step = _Step(
                    events=list(events), actions=[ActionRecord(seat, key, list(choice), now, "human")]
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
            seat = self._human_seat(live, user_id, allow_away=True)
            with self._mutating(live):
                step = _Step(notes=[change(live, seat)], present={seat})
                opened = await self._advance_and_commit(live, self.clock(), step)
        await self._publish(live, "step", step, opened)
        return live

    async def back(self, table_id: int, user_id: int) -> LiveTable:
        """The player presses I'm back and takes their seat over from the AI."""

        def take_over(live: LiveTable, seat: int) -> str:
            if seat not in live.runtime.away:
                raise UserError("You are not marked away; the seat is already yours.")
            live.runtime.away.remove(seat)
            live.runtime.missed.pop(seat, None)
            live.runtime.forget_ai_waits(seat)
            live.runtime.mark_active(seat, self.clock())
            return notes.back(live.record.seats[seat].name)

        return await self._change_seat(table_id, user_id, take_over)

    async def forfeit(self, table_id: int, user_id: int) -> LiveTable:
        """Give up: the AI plays the seat on, ranked last; a lone survivor wins at once."""

        def give_up(live: LiveTable, seat: int) -> str:
            live.runtime.forfeited.append(seat)
            live.runtime.away = [s for s in live.runtime.away if s != seat]
            return notes.forfeits(live.record.seats[seat].name)

        return await self._change_seat(table_id, user_id, give_up)

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
            step = _Step()
            if live.record.status == "lobby":
                del live.record.seats[seat]
                self._renumber(live)
                self._pass_host(live, target_id)
                await self._save(live, seats_changed=True)
                kind = "lobby"
                opened: list[DecisionRef] = []
            elif live.record.status == "active":
                with self._mutating(live):
                    name = live.record.seats[seat].name
                    live.runtime.kicked.append(seat)
                    live.runtime.away = [s for s in live.runtime.away if s != seat]
                    live.runtime.missed.pop(seat, None)
                    self._pass_host(live, target_id)
                    step.notes.append(notes.removed(name))
                    opened = await self._advance_and_commit(live, self.clock(), step)
                kind = "step"
            else:
                raise UserError("This table is already closed.")
        await self._publish(live, kind, step, opened)
        return live

    async def on_deadline(self, table_id: int) -> None:
        """Timers: engine ticks, 75% warnings, timed-out decisions taken by the AI, stale lobbies."""
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
            step = _Step()
            with self._mutating(live):
                due = game_due(live)
                if due is not None and due <= now:
                    step.events += live.engine.tick(live.state, now)
                    step.actions.append(ActionRecord(-1, "__tick__", [], now, "tick"))
                self._expire_clocks(live, now, step)
                expire_idle(live, now, step.notes, step.warnings)
                if not (step.actions or step.warnings or step.notes):
                    # An AI done thinking, or a table nobody plays any more that the AI finishes
                    # in bursts: a change only if the AI acts.
                    carry_on = not live.someone_may_play() or live.runtime.bursts > 0
                    if carry_on or any(w.due <= now for w in ai_waits(live)):
                        self._run_automatic(live, now, step)
                    if not step.actions:
                        self.scheduler.arm(table_id, self._deadline(live))
                        return
                    opened = await self._commit(live, now, step)
                else:
                    opened = await self._advance_and_commit(live, now, step)
        await self._publish(live, "step", step, opened)

    async def _expire_lobby(self, live: LiveTable) -> None:
        """A lobby nobody started closes after LOBBY_LIFETIME, so it never blocks its channel."""
        now = self.clock()
        if live.record.deadline is None or now < live.record.deadline:
            self.scheduler.arm(live.id, live.record.deadline)
            return
        live.record.status = "cancelled"
        live.record.deadline = None
        await self._save(live)
        await self._publish(
            live, "cancelled", _Step(notes=["Nobody started this table in time, so it closed."])
        )

    def _expire_clocks(self, live: LiveTable, now: float, step: _Step) -> None:
        timer = live.record.turn_timer
        open_now = {(d.seat, d.key): d for d in live.engine.decisions(live.state)}
        for clock in list(live.runtime.clocks):
            decision = open_now.get((clock.seat, clock.key))
            if decision is None or decision.deadline is not None:
                continue  # gone, or timed by the game itself (e.g. a counter), which tick() answers
            if now >= clock.opened_at + timer:
                name = live.record.seats[clock.seat].name
                if decision.key in live.engine.meta.setup_keys:
                    self._ai_setup(live, clock.seat, now, step)
                    step.notes.append(notes.setup_timed_out(name))
                    return
                self._apply_ai(live, decision, now, step, "timeout")
                missed = live.runtime.missed.get(clock.seat, 0) + 1
                live.runtime.missed[clock.seat] = missed
                step.notes.append(notes.timed_out(name))
                if missed >= AWAY_AFTER_MISSES and clock.seat not in live.runtime.away:
                    live.runtime.away.append(clock.seat)
                    step.notes.append(notes.taken_over(name, f"missed {missed} turns in a row"))
                return  # the state moved on; remaining clocks are re-read on the next deadline
            if not clock.warned and now >= clock.opened_at + WARN_AT * timer:
                clock.warned = True
                step.warnings.append(clock.seat)

    def _ai_setup(self, live: LiveTable, seat: int, now: float, step: _Step) -> None:
        """The AI makes every setup choice still open for this seat (setup picks are not turns)."""
        setup = live.engine.meta.setup_keys
        for _ in range(AUTO_BURST):
            pending = [d for d in live.engine.decisions(live.state) if d.seat == seat and d.key in setup]
            if not pending or not self._apply_ai(live, pending[0], now, step, "timeout"):
                return

    def seen(self, live: LiveTable, user_id: int) -> None:
        """A person opened or clicked their live console: present, so not idle (no save needed)."""
        seat = live.seat_of(user_id)
        if live.engine.meta.live_play and seat is not None and not live.is_automatic(seat):
            live.runtime.mark_active(seat, self.clock())

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _mutating(self, live: LiveTable) -> Iterator[None]:
        """Any failure while changing a table drops it from memory, so storage stays the truth."""
        try:
            yield
        except BaseException:
            self._live.drop(live.record.id)
            raise

    def _apply_ai(self, live: LiveTable, decision: Decision, now: float, step: _Step, actor: str) -> bool:
        """Apply the seat's AI choice (if the game refuses it, fall back to random tries); False when
        a real-time AI chose to wait on an optional decision (it thinks again a little later)."""
        policies = [live.policy(decision.seat), *(RandomPolicy(live.record.seed + i) for i in range(20))]
        for policy in policies:
            choice = list(policy.choose(live.engine, live.state, decision))
            if not choice and decision.min_choices == 0 and getattr(live.engine, "ai_reaction", None):
                live.runtime.forget_ai_waits(decision.seat, decision.key)
                ai_ready(live, decision, now + 1e-3)  # a new wait from now
                return False
            try:
                step.events += live.engine.apply(live.state, decision.seat, decision.key, choice, now)
            except IllegalChoice as exc:
                log.warning("table %s: AI choice %s for %s refused: %s", live.id, choice, decision.key, exc)
                continue
            step.actions.append(ActionRecord(decision.seat, decision.key, choice, now, actor))
            live.runtime.forget_ai_waits(decision.seat)
            return True
        raise RuntimeError(f"no legal AI choice found for {decision.key!r} at table {live.id}")

    async def _lobby(self, table_id: int) -> LiveTable:
        live = await self.get(table_id)
        if live.record.status != "lobby":
            raise UserError(
                "This game has already started."
                if live.record.status == "active"
                else "This table is closed."
            )
        return live

    async def _active(self, table_id: int) -> LiveTable:
        live = await self.get(table_id)
        if live.record.status != "active" or live.state is None:
            raise UserError(
                "This game is not running any more."
                if live.record.status != "lobby"
                else "This game has not started yet."
            )
        return live

    @staticmethod
    def _human_seat(live: LiveTable, user_id: int, *, allow_away: bool = False) -> int:
        seat = live.seat_of(user_id)
        if seat is None:
            raise UserError("You are watching this game: only seated players can act.")
        if seat in live.runtime.forfeited:
            raise UserError("You forfeited this game.")
        if seat in live.runtime.away and not allow_away:
            raise UserError("The AI is playing your seat while you are away: press **I'm back** first.")
        return seat

    @staticmethod
    def _deck_options(live: LiveTable) -> dict[str, str]:
        """The custom decks of the seated players, as engine options by seat."""
        decks = live.runtime.decks
        return {
            deck_option(seat.index): ",".join(decks[seat.user_id].cards)
            for seat in live.record.seats
            if seat.user_id is not None and seat.user_id in decks
        }

    @staticmethod
    def _pass_host(live: LiveTable, leaving: int) -> None:
        """When the host leaves the table, the first remaining person becomes host."""
        if live.record.host_id != leaving:
            return
        people = [s.user_id for s in live.record.seats if s.user_id is not None and s.user_id != leaving]
        if people:
            live.record.host_id = people[0]

    @staticmethod
    def _renumber(live: LiveTable) -> None:
        for index, seat in enumerate(live.record.seats):
            seat.index = index

    def _run_automatic(self, live: LiveTable, now: float, step: _Step) -> None:
        """AI-controlled seats act until a human must decide or the game ends.

        With nobody left who may play (a person away may still come back), ticks are fast-forwarded
        so the game always finishes, AUTO_BURST steps at a time so the event loop is never held long.
        """
        engine, state = live.engine, live.state
        waiting: set[tuple[int, str]] = set()  # real-time AI seats that chose to wait for now
        if not live.someone_may_play():
            now = max(now, live.runtime.ahead)  # carry on where the last burst's clock was
        for _ in range(AUTO_BURST):
            if engine.outcome(state) is not None:
                live.runtime.bursts = 0
                return
            decisions = [d for d in engine.decisions(state) if (d.seat, d.key) not in waiting]
            automatic = [d for d in decisions if live.is_automatic(d.seat) and ai_ready(live, d, now)]
            if automatic:
                if self._apply_ai(live, automatic[0], now, step, "ai"):
                    waiting.clear()
                else:
                    waiting.add((automatic[0].seat, automatic[0].key))
                continue
            due = game_due(live)
            if not decisions and due is not None and not live.someone_may_play():
                now = live.runtime.ahead = max(now, due)
                step.events += engine.tick(state, now)
                step.actions.append(ActionRecord(-1, "__tick__", [], now, "tick"))
                waiting.clear()
                continue
            live.runtime.bursts = 0
            return
        live.runtime.bursts += 1
        step.unfinished = live.runtime.bursts < MAX_BURSTS
        if live.runtime.bursts == MAX_BURSTS:
            log.warning("table %s: the AI stopped after %d steps", live.record.id, AUTO_BURST * MAX_BURSTS)

    async def _advance_and_commit(
        self, live: LiveTable, now: float, step: _Step, *, seats_changed: bool = False
    ) -> list[DecisionRef]:
        if not live.decided_by_forfeits():
            self._run_automatic(live, now, step)
        return await self._commit(live, now, step, seats_changed=seats_changed)

    async def _commit(
        self, live: LiveTable, now: float, step: _Step, *, seats_changed: bool = False
    ) -> list[DecisionRef]:
        """Refresh clocks, detect the end, persist everything in one transaction, re-arm the timer."""
        acted = {(a.seat, a.key) for a in step.actions if a.seat >= 0}
        acting = {a.seat for a in step.actions if a.actor == "human"} | step.present
        opened = self._refresh_clocks(live, now, acted, acting)
        live.runtime.remember(step.events, step.notes)
        outcome = self._final(live)
        result = None
        if outcome is not None:
            live.record.status = "finished"
            live.runtime.clocks.clear()
            opened = []
            result = result_record(live, outcome, now, outcome.summary, rate_ai=await self._rates_ai(live))
        if outcome is not None:
            live.record.deadline = None
        else:
            live.record.deadline = now if step.unfinished else self._deadline(live)
        await self._save(live, seats_changed=seats_changed, actions=step.actions, result=result)
        self.scheduler.arm(live.record.id, live.record.deadline)
        return opened

    async def _rates_ai(self, live: LiveTable) -> bool:
        """Whether the table's server rates games played against AI seats."""
        guild = live.record.guild_id
        return guild is not None and (await self.storage.guild_settings(guild)).rate_ai

    def _final(self, live: LiveTable) -> Outcome | None:
        survivors = live.active_seats()
        engine_outcome = live.engine.outcome(live.state)
        if engine_outcome is None and not live.decided_by_forfeits():
            return None
        return final_outcome(engine_outcome, survivors, live.runtime.forfeited, live.record.seats)

    def _refresh_clocks(
        self, live: LiveTable, now: float, acted: set[tuple[int, str]], acting: set[int]
    ) -> list[DecisionRef]:
        """Keep the clocks of decisions still open; start clocks for new human decisions.

        A decision answered in this step is new even if an identical one reopened: its old
        panel is stale (a double click never applies twice) and its timer starts again.
        A new decision opens a turn (someone to ping) only for a seat that did not just act and
        had nothing else open: the next steps of a turn go to the panel the player is using.
        """
        old = {(c.seat, c.key): c for c in live.runtime.clocks}
        clocks: list[DecisionClock] = []
        opened: list[DecisionRef] = []
        for decision in live.engine.decisions(live.state):
            if live.is_automatic(decision.seat):
                continue
            sig = signature(decision)
            previous = old.get((decision.seat, decision.key))
            fresh = (decision.seat, decision.key) in acted
            if previous is not None and previous.signature == sig and not fresh:
                clocks.append(previous)
                continue
            clocks.append(DecisionClock(decision.seat, decision.key, sig, live.state.version, now))
            user_id = live.record.seats[decision.seat].user_id
            if user_id is not None:
                opened.append(DecisionRef(decision.seat, user_id, decision.key, decision.prompt))
        live.runtime.clocks = clocks
        busy = acting | {c.seat for c in clocks if old.get((c.seat, c.key)) is c}
        return [replace(ref, new_turn=ref.seat not in busy) for ref in opened]

    def _deadline(self, live: LiveTable) -> float | None:
        timer = live.record.turn_timer
        open_now = live.engine.decisions(live.state)
        timed = {(d.seat, d.key) for d in open_now if d.deadline is not None}
        times = [
            c.opened_at + (timer if c.warned else WARN_AT * timer)
            for c in live.runtime.clocks
            if (c.seat, c.key) not in timed
        ]
        times += live_deadlines(live, open_now)
        due = game_due(live)
        if due is not None:
            times.append(due)
        return min(times) if times else None

    async def _save(self, live: LiveTable, **kwargs: Any) -> None:
        record = live.record
        if live.state is not None:
            record.state = live.engine.encode(live.state)
            record.version = live.state.version
        record.runtime = live.encode_runtime()
        record.updated_at = self.clock()
        try:
            await self.storage.save_table(record, **kwargs)
        except StaleWrite:
            self._live.drop(record.id)
            raise UserError("Someone else changed this table at the same moment. Please try again.") from None
        except BaseException:
            self._live.drop(record.id)
            raise

    async def _publish(
        self, live: LiveTable, kind: str, step: _Step | None = None, opened: Sequence[DecisionRef] = ()
    ) -> None:
        if self.listener is None:
            return
        step = step or _Step()
        change = TableChange(
            table_id=live.record.id,
            kind="finished" if live.record.status == "finished" else kind,
            events=tuple(step.events),
            notes=tuple(step.notes),
            opened=tuple(opened),
            warnings=tuple(step.warnings),
            by_person=any(action.actor == "human" for action in step.actions),
        )
        try:
            await self.listener.on_change(change)
        except Exception:
            log.exception("publishing table %s failed", live.record.id)

    async def shown(self, table_id: int) -> None:
        """A real-time table's first image is on Discord: its game clock may start now."""
        live = await self.get(table_id)
        if live.runtime.hold_until > self.clock():
            live.runtime.hold_until = self.clock()
            self.scheduler.arm(table_id, self._deadline(live))

    async def announce_resumed(self, table_id: int) -> None:
        """After a restart: tell the table's people that play goes on."""
        try:
            live = await self.get(table_id)
        except UserError:
            return
        await self._publish(live, "resumed")

    @property
    def cached_tables(self) -> int:
        """How many tables are decoded in memory now."""
        return len(self._live)

    def evict(self, table_id: int) -> None:
        """Drop a closed table from memory (it reloads from storage on demand)."""
        self._live.drop(table_id)

    def close(self) -> None:
        """Stop timers."""
        self.scheduler.cancel_all()
