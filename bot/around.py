"""The TableService's operations around play (DESIGN.md section 8): takebacks, spectators, and the
AI playing out a tournament table whose time ran out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot import seating, takebacks, watching
from bot.clock import Clock
from bot.errors import UserError
from bot.listener import DecisionRef
from bot.live import LiveTable
from bot.step import Step
from bot.storage import Storage
from bot.table_store import TableStore


class AroundTheTable:
    """Takebacks, spectators and play-outs, mixed into TableService (which provides what is declared here)."""

    storage: Storage
    clock: Clock
    tables: TableStore

    if TYPE_CHECKING:

        def _lock(self, table_id: int) -> asyncio.Lock: ...

        async def get(self, table_id: int) -> LiveTable: ...

        async def _active(self, table_id: int) -> LiveTable: ...

        async def _advance_and_commit(self, live: LiveTable, now: float, step: Step) -> list[DecisionRef]: ...

        async def _publish(
            self, live: LiveTable, kind: str, step: Step | None = None, opened: Sequence[DecisionRef] = ()
        ) -> None: ...

    async def _takebacks_allowed(self, guild_id: int | None) -> bool:
        """Whether the server lets players take moves back (asked when a game starts)."""
        return guild_id is None or (await self.storage.guild_settings(guild_id)).takebacks

    async def take_back(self, table_id: int, user_id: int) -> bool:
        """A player asks to take back their last move: done at once when no other person plays
        here (True), else the others are asked (False); UserError when it may not be."""
        async with self._lock(table_id):
            live = await self._active(table_id)
            seat = seating.human_seat(live, user_id)
            if live.runtime.takebacks_off:
                raise UserError("Takebacks are turned off in this server.")
            takebacks.check_request(live, seat)
            now = self.clock()
            at_once = not takebacks.people_to_ask(live, seat)
            with self.tables.mutating(live):
                step = takebacks.grant(live, seat, now) if at_once else takebacks.ask(live, seat, now)
                opened = await self._advance_and_commit(live, now, step)
        await self._publish(live, "step", step, opened)
        return at_once

    async def answer_takeback(self, table_id: int, user_id: int, version: int, yes: bool) -> str:
        """Another player's answer to a takeback question: "granted", "refused" or "waiting"."""
        async with self._lock(table_id):
            live = await self._active(table_id)
            seat = seating.human_seat(live, user_id)
            now = self.clock()
            with self.tables.mutating(live):
                step, outcome = takebacks.answer(live, seat, version, yes, now)
                opened = await self._advance_and_commit(live, now, step)
        await self._publish(live, "step", step, opened)
        return outcome

    async def watch(self, table_id: int, user_id: int, saw_hands: bool) -> LiveTable:
        """A member opens a spectator panel: counted on the table (and remembered if shown a hand
        while the game runs)."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            watching.check_watcher(live, user_id)
            if live.record.status != "active" or not watching.note_watcher(live.runtime, user_id, saw_hands):
                return live
            await self.tables.save(live)
        await self._publish(live, "lobby")  # only the table message changes (its watcher count)
        return live

    async def play_out(self, table_id: int, note: str) -> None:
        """The AI plays every seat a person still holds to the end of the game at once (a tournament
        round ran out of time); the game's own placements count, as for a kicked player."""
        async with self._lock(table_id):
            live = await self.get(table_id)
            if live.record.status != "active":
                return
            with self.tables.mutating(live):
                live.runtime.away = []
                for seat in live.record.seats:
                    if not seat.is_ai and seat.index not in live.runtime.kicked + live.runtime.forfeited:
                        live.runtime.kicked.append(seat.index)
                step = Step(notes=[note])
                opened = await self._advance_and_commit(live, self.clock(), step)
        await self._publish(live, "step", step, opened)
