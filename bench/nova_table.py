"""One Super Nova Smash! table played through the real TableService on virtual time.

The service is the bot's own: AI seats think at their reaction times (`bot.live_play`), the
engine's clock is ticked at the deadlines the service arms, and a person's clicks go through
`TableService.act` with the version of the console they were made on, so they meet the bot's
real staleness rules. Only Discord is modelled: a person (`bench.nova_person`) sees their console
as the bot's console refresher would draw it (coalesced edits, each taking a moment to draw and
show) and their clicks travel to the bot. Time is virtual: the scheduler's wait never sleeps, the
loop jumps from one due moment to the next, so a game of minutes takes a fraction of a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.errors import UserError
from bot.listener import TableChange
from bot.live import LiveTable
from bot.service import TableService
from bot.settings import Settings
from bot.storage import open_storage
from engines.supernova.engine import Supernova
from engines.supernova.state import NovaState

START = 1_700_000_000.0  # the virtual clock's first reading (epoch seconds, as the bot's clock)
DRAW = 0.25  # seconds a console edit takes to draw and show
CONSOLE_INTERVAL = Settings().console_edit_interval  # the bot's console coalescing, 1 s
GAME_LIMIT = 4 * 3600.0  # virtual seconds: a game still running by then is a bug
PERSON_ID = 100
SEED = 7_000


@dataclass
class Clock:
    """The virtual clock the service reads."""

    now: float = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Changes:
    """The service's listener: counts the changes it publishes (each one refreshes consoles)."""

    pending: int = 0

    async def on_change(self, change: TableChange) -> None:
        self.pending += 1

    async def close(self) -> None:
        """Nothing is shown, so nothing is pending."""


@dataclass
class Result:
    """How one game went: who placed first, paybacks per seat and rounds played."""

    winners: list[int]
    paybacks: list[int]
    rounds: int
    seconds: float


@dataclass
class Snapshot:
    """What a console shows: the table's state as stored when the edit began."""

    version: int
    state: NovaState


Action = Callable[[], Awaitable[None]]


@dataclass
class VirtualTable:
    """A started table and its queue of modelled moments (console edits, reactions, clicks)."""

    service: TableService
    clock: Clock
    changes: Changes
    table_id: int
    _queue: list[tuple[float, int, Action]] = field(default_factory=list)
    _order: itertools.count[int] = field(default_factory=itertools.count)
    _down: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, pile) -> face-down cards
    paybacks: list[int] = field(default_factory=list)
    on_change: Callable[[], None] | None = None
    live: LiveTable | None = None

    @property
    def state(self) -> NovaState:
        """The table's engine state as the service holds it now."""
        assert self.live is not None and isinstance(self.live.state, NovaState)
        return self.live.state

    def at(self, when: float, action: Action) -> None:
        """Run `action` at virtual time `when`."""
        heapq.heappush(self._queue, (when, next(self._order), action))

    def snapshot(self) -> Snapshot:
        """The table as a console drawn now shows it (a copy: the game goes on)."""
        assert self.live is not None
        engine = self.live.engine
        return Snapshot(self.state.version, engine.decode(engine.encode(self.state)))

    async def act(self, key: str, choice: list[str], version: int) -> None:
        """A person's click reaches the bot now (a refusal, StaleChoice too, changes nothing: the
        bot answers it with a fresh panel, which the person model draws anyway)."""
        with contextlib.suppress(UserError):
            await self.service.act(self.table_id, PERSON_ID, version, key, choice)
        await self.refresh()

    async def play(self) -> Result:
        """Run until the game ends: the service's deadlines and the queued moments, in time order."""
        while self.live is not None and self.live.record.status == "active":
            due = self.service.scheduler.due(self.table_id)
            queued = self._queue[0][0] if self._queue else None
            if due is None and queued is None:
                raise RuntimeError("the table stopped with nothing due")
            if queued is None or (due is not None and due <= queued):
                assert due is not None
                self.clock.now = max(self.clock.now, due)
                await self.service.on_deadline(self.table_id)
                await self.refresh()
            else:
                when, _, action = heapq.heappop(self._queue)
                self.clock.now = max(self.clock.now, when)
                await action()
            if self.clock.now - START > GAME_LIMIT:
                raise RuntimeError(f"table {self.table_id} did not finish in {GAME_LIMIT:.0f} s")
        assert self.live is not None
        outcome = self.live.engine.outcome(self.state)
        assert outcome is not None
        return Result(outcome.placements[0], self.paybacks, self.state.round, self.clock.now - START)

    async def refresh(self) -> None:
        """Count new face-down cards (a payback lands on its offender's pile) and tell the console."""
        self.live = await self.service.get(self.table_id)
        state = self.state
        if not self.paybacks:
            self.paybacks = [0] * len(state.players)
        for index, pile in enumerate(state.piles):
            down = sum(1 for card in pile.cards if card.down)
            seen = self._down.get((state.round, index), 0)
            if down > seen:
                for owner in pile.owners:
                    self.paybacks[owner] += down - seen
                self._down[(state.round, index)] = down
        if self.changes.pending and self.on_change is not None:
            self.on_change()
        self.changes.pending = 0


async def _never(waiting: Awaitable[Any]) -> None:
    """The scheduler's wait on virtual time: the bench loop fires deadlines itself."""
    if asyncio.iscoroutine(waiting):
        waiting.close()
    await asyncio.Event().wait()


async def open_table(
    engine: Supernova, seats: int, options: dict[str, str], seed: int, *, person: bool
) -> VirtualTable:
    """A started race on a fresh in-memory service: seat 0 is a person (away when `person` is
    False, so the AI plays it, at human pace as it would for anyone who walked away), the others AI."""
    clock, changes = Clock(), Changes()
    storage = open_storage("sqlite://:memory:")
    await storage.open()
    service = TableService(storage, {"supernova": engine}, clock=clock, listener=changes)
    service.scheduler.wait_hook = _never
    service.new_seed = lambda: seed
    live = await service.create_lobby(
        guild_id=1,
        channel_id=10,
        thread_id=None,
        host_id=PERSON_ID,
        host_name="Pat",
        game="supernova",
        mode="race",
        options=options,
    )
    for _ in range(seats - 1):
        await service.add_ai(live.id, PERSON_ID)
    if not person:
        live.runtime.away.append(0)  # as if Pat walked away before the start
    await service.start(live.id, PERSON_ID)
    table = VirtualTable(service, clock, changes, live.id)
    await table.refresh()
    return table


async def close_table(table: VirtualTable) -> None:
    """Stop the service's timers and close its storage."""
    table.service.close()
    await table.service.storage.close()
