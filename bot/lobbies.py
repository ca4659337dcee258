"""The TableService's lobby operations: open a lobby within the open-table limits, take and give up
seats, bring a deck, add and remove AI seats (mixed into TableService)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakValueDictionary

from bot import seating
from bot.cache import TableCache
from bot.clock import Clock
from bot.errors import UserError
from bot.limits import check_room
from bot.live import LiveTable
from bot.runtime import Runtime
from bot.scheduler import Scheduler
from bot.storage import PlaceTaken, Storage
from bot.storage.records import SeatRecord, TableRecord
from bot.table_options import check_new_table, checked_options
from bot.table_store import TableStore
from bot.user_text import DECK_NAME_LENGTH, clean_name
from engines.core import Engine

LOBBY_LIFETIME = 24 * 3600.0
PLACE_TAKEN = "A game is already running here. Finish or cancel it first (`/game cancel`)."


class Lobbies:
    """Lobbies before the game starts, mixed into TableService (which provides what is declared here)."""

    storage: Storage
    registry: Mapping[str, Engine[Any]]
    clock: Clock
    default_turn_timer: float
    scheduler: Scheduler
    tables: TableStore
    new_seed: Callable[[], int]
    _live: TableCache[LiveTable]
    _place_locks: WeakValueDictionary[int, asyncio.Lock]
    _guild_locks: WeakValueDictionary[int, asyncio.Lock]

    if TYPE_CHECKING:

        @staticmethod
        def _lock_in(locks: WeakValueDictionary[int, asyncio.Lock], key: int) -> asyncio.Lock: ...

        def _lock(self, table_id: int) -> asyncio.Lock: ...

        async def get(self, table_id: int) -> LiveTable: ...

        async def _publish(self, live: LiveTable, kind: str) -> None: ...

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
        seed: int | None = None,
    ) -> LiveTable:
        """Open a lobby with the host in the first seat, within the open-table limits (bot.limits);
        `seed`: a deal shared with other tables."""
        engine = self.validate_new(game, mode, options or {}, turn_timer)
        now = self.clock()
        record = TableRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=game,
            mode=mode,
            options=checked_options(engine, mode, options or {}),
            seed=self.new_seed() if seed is None else seed,
            host_id=host_id,
            turn_timer=self.default_turn_timer if turn_timer is None else turn_timer,
            seats=[SeatRecord(0, clean_name(host_name), host_id)],
            deadline=now + LOBBY_LIFETIME,
            created_at=now,
            updated_at=now,
        )
        room = self._lock_in(self._guild_locks, guild_id or 0)
        async with room, self._lock_in(self._place_locks, record.place_id):
            await check_room(self.storage, guild_id, host_id)
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
        timer = self.default_turn_timer if turn_timer is None else turn_timer
        return check_new_table(self.registry, game, mode, options, timer)

    async def _change_lobby(self, table_id: int, change: Callable[[LiveTable], None]) -> LiveTable:
        """Apply one seat change to a lobby under its lock, save it and publish it."""
        async with self._lock(table_id):
            live = await self._lobby(table_id)
            change(live)
            seating.renumber(live)
            await self.tables.save(live, seats_changed=True)
        await self._publish(live, "cancelled" if live.record.status == "cancelled" else "lobby")
        return live

    async def join(self, table_id: int, user_id: int, name: str) -> LiveTable:
        """Take a free seat in the lobby."""
        seated = clean_name(name)
        return await self._change_lobby(table_id, lambda live: seating.take_seat(live, user_id, seated))

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        """Give up a lobby seat; the host's leaving passes the host role on (or closes an empty lobby)."""
        return await self._change_lobby(table_id, lambda live: seating.free_seat(live, user_id))

    async def bring_deck(self, table_id: int, user_id: int, name: str, cards: Sequence[str]) -> LiveTable:
        """A seated player brings a custom deck (already checked against the game's deck rules).

        At the start it becomes the engine option `deck<seat>` (comma-separated card ids), saved
        with the table's options, so replays deal the same cards.
        """
        shown = clean_name(name, DECK_NAME_LENGTH, fallback="Deck")
        return await self._change_lobby(
            table_id, lambda live: seating.choose_deck(live, user_id, shown, cards)
        )

    async def add_ai(self, table_id: int, user_id: int) -> LiveTable:
        """Fill a free seat with an AI player (any seated player may)."""
        return await self._change_lobby(table_id, lambda live: seating.seat_ai(live, user_id))

    async def remove_ai(self, table_id: int, user_id: int) -> LiveTable:
        """Free the last AI seat of the lobby."""
        return await self._change_lobby(table_id, lambda live: seating.unseat_ai(live, user_id))

    async def _lobby(self, table_id: int) -> LiveTable:
        live = await self.get(table_id)
        if live.record.status != "lobby":
            raise UserError(
                "This game has already started."
                if live.record.status == "active"
                else "This table is closed."
            )
        return live
