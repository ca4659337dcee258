"""Running tournaments: sign-up, check-in, rounds of tables, results and standings, over restarts.

A tournament is one stored row (its bracket as JSON, `bot.tournament`). Its next change (the start,
the end of check-in, the end of a round) is its deadline, armed in a scheduler like a table's. Every
change runs under a lease claimed in storage, so in cluster mode one process runs it; the others
find the row held, look again later, and see the new deadline. Results are read from the stored
results of the round's tables (a finished table nudges its tournament at once; the deadline looks
again anyway), so nothing is lost when a process stops between a game's end and the next round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import Awaitable, Callable
from typing import Protocol

import msgspec

from bot.clock import Clock
from bot.errors import UserError
from bot.scheduler import Scheduler, WaitHook
from bot.storage.base import StaleWrite, Storage
from bot.storage.records import GLOBAL_SCOPE, ResultRecord, TournamentRecord
from bot.tournament import (
    Bracket,
    check_in,
    close_round,
    drop,
    finished,
    join,
    leave,
    no_shows,
    pair_next,
    record_solo,
    record_table,
    round_over,
)
from bot.user_text import plain

log = logging.getLogger(__name__)
CHECK_IN_TIME = 600.0
"""Seconds players have, from the start time, to check in."""
LEASE = 120.0
MENTIONS_AT_MOST = 1500
"""Characters of player mentions a message may carry (a Discord message holds 2,000)."""
EDIT_HOLD = 10.0
"""Seconds a player's or organiser's change holds the tournament (its save releases it sooner)."""
LOOK_AGAIN = 30.0
"""After a round's time ran out and the AI took over the unfinished tables, look again this soon."""


class Desk(Protocol):
    """What a tournament needs from Discord."""

    async def open_pod(self, record: TournamentRecord, bracket: Bracket, pod: int, seed: int) -> int:
        """Open and start the table of `bracket.pods[pod]` (AI in the empty seats); its id, or
        UserError when it cannot (the channel is gone, or the bot may no longer make threads there)."""
        ...

    async def show(self, record: TournamentRecord, bracket: Bracket, news: str) -> None:
        """Refresh the tournament's message and announce `news` (may be empty)."""
        ...


class TournamentService:
    """Creates tournaments, takes sign-ups and check-ins, and runs each round change once."""

    def __init__(
        self,
        storage: Storage,
        clock: Clock,
        play_out: Callable[[int, str], Awaitable[None]],
        forfeit: Callable[[int, int], Awaitable[object]],
        desk: Desk,
        wait_hook: Callable[[], WaitHook],
        owner: str | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.play_out = play_out
        self.forfeit = forfeit
        self.desk = desk
        self.owner = owner or f"supertable-{uuid.uuid4().hex[:12]}"
        self.scheduler = Scheduler(self.on_deadline, clock, lambda waiting: wait_hook()(waiting))
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def resume(self) -> None:
        """Arm every live tournament's deadline (at start-up)."""
        for tournament_id, deadline in await self.storage.live_tournaments():
            self.scheduler.arm(tournament_id, deadline if deadline is not None else self.clock())

    def close(self) -> None:
        self.scheduler.cancel_all()

    async def settled(self) -> None:
        """Wait until the nudges of finished tables in flight are done."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def sweep(self) -> None:
        """Cluster mode: run every due change this process has no timer for (a tournament created
        by another process, or one whose process stopped); the claim keeps each change to one."""
        for tournament_id in await self.storage.due_tournaments(self.clock()):
            if not self.scheduler.armed(tournament_id):
                await self.on_deadline(tournament_id)

    # ------------------------------------------------------------------ players and organisers

    async def create(self, record: TournamentRecord, bracket: Bracket) -> TournamentRecord:
        record.status, record.deadline = "signup", record.starts_at
        record.bracket = msgspec.json.encode(bracket)
        record.created_at = self.clock()
        await self.storage.create_tournament(record)
        self.scheduler.arm(record.id, record.deadline)
        return record

    async def change(
        self, tournament_id: int, edit: Callable[[TournamentRecord, Bracket], str]
    ) -> tuple[TournamentRecord, Bracket, str]:
        """Apply `edit` (which raises UserError or returns news) and save, retrying a stale write.
        Refused while a round change holds the tournament (it would be undone, or undo it)."""
        for _ in range(5):
            record, bracket = await self.load(tournament_id)
            news = edit(record, bracket)
            record.bracket = msgspec.json.encode(bracket)
            now = self.clock()
            if not await self.storage.claim_tournament(
                tournament_id, f"{self.owner}/edit", now, now + EDIT_HOLD
            ):
                raise UserError("The tournament is moving to its next step right now; try again in a moment.")
            try:
                await self.storage.save_tournament(record)
            except StaleWrite:
                continue
            self.scheduler.arm(record.id, record.deadline)
            return record, bracket, news
        raise UserError("The tournament is busy changing; try again in a moment.")

    async def load(self, tournament_id: int) -> tuple[TournamentRecord, Bracket]:
        record = await self.storage.load_tournament(tournament_id)
        if record is None:
            raise UserError(f"There is no tournament #{tournament_id}.")
        return record, msgspec.json.decode(record.bracket, type=Bracket)

    async def join(self, tournament_id: int, user_id: int, name: str) -> tuple[TournamentRecord, Bracket]:
        record, _ = await self.load(tournament_id)
        rating = await self._rating(record, user_id)

        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status not in ("signup", "checkin"):
                raise UserError("Sign-up for this tournament is closed.")
            if not join(bracket, user_id, name, rating):
                raise UserError("You are already signed up.")
            if record.status == "checkin":
                check_in(bracket, user_id)  # signing up during check-in is being there
            return ""

        record, bracket, _ = await self.change(tournament_id, edit)
        return record, bracket

    async def leave(self, tournament_id: int, user_id: int) -> tuple[TournamentRecord, Bracket]:
        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status not in ("signup", "checkin"):
                raise UserError("The tournament has started: ask the organiser to drop you.")
            if not leave(bracket, user_id):
                raise UserError("You are not signed up.")
            return ""

        record, bracket, _ = await self.change(tournament_id, edit)
        return record, bracket

    async def check_in(self, tournament_id: int, user_id: int) -> tuple[TournamentRecord, Bracket]:
        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status != "checkin":
                raise UserError("Check-in is not open.")
            if not check_in(bracket, user_id):
                raise UserError("You did not sign up for this tournament.")
            return ""

        record, bracket, _ = await self.change(tournament_id, edit)
        return record, bracket

    async def drop_player(self, tournament_id: int, user_id: int) -> str:
        """Organiser: drop a player (their table of the round goes on with the AI in their seat)."""

        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status in ("signup", "checkin"):
                if not leave(bracket, user_id):
                    raise UserError("That player is not signed up.")
                return f"<@{user_id}> was taken off the list."
            if record.status != "running" or not drop(bracket, user_id):
                raise UserError("That player is not playing in this tournament.")
            return f"<@{user_id}> was dropped: they keep their points and are paired no more."

        record, bracket, news = await self.change(tournament_id, edit)
        playing = [p for p in bracket.pods if p.placements is None and user_id in p.players]
        for pod in playing:  # their game of this round goes on with the AI in their seat
            if pod.table_id is not None:
                with contextlib.suppress(UserError):  # they had forfeited, or the game ended meanwhile
                    await self.forfeit(pod.table_id, user_id)
        await self.desk.show(record, bracket, news)
        return news

    async def extend(self, tournament_id: int, minutes: int) -> str:
        """Organiser: give the current round (or the sign-up, or check-in) more time."""

        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status not in ("signup", "checkin", "running") or record.deadline is None:
                raise UserError("This tournament is over.")
            record.deadline += minutes * 60
            return f"⏱️ {minutes} more minutes: the next step is <t:{int(record.deadline)}:R>."

        record, bracket, news = await self.change(tournament_id, edit)
        await self.desk.show(record, bracket, news)
        return news

    async def cancel(self, tournament_id: int) -> str:
        """Organiser: stop the tournament (tables being played go on, unrated by it)."""

        def edit(record: TournamentRecord, bracket: Bracket) -> str:
            if record.status not in ("signup", "checkin", "running"):
                raise UserError("This tournament is already over.")
            record.status, record.deadline = "cancelled", None
            return "🛑 The tournament was cancelled by its organiser."

        record, bracket, news = await self.change(tournament_id, edit)
        self.scheduler.arm(tournament_id, None)
        await self.desk.show(record, bracket, news)
        return news

    async def _rating(self, record: TournamentRecord, user_id: int) -> float:
        """The player's rating ordinal in the game on this server (their seed), 0 when unrated."""
        stats = await self.storage.player_stats(user_id, record.guild_id or GLOBAL_SCOPE)
        found = next((s for s in stats if s.game == record.game and s.rating is not None), None)
        if found is None or found.rating is None:
            return 0.0
        mu, sigma = found.rating
        return mu - 3 * sigma

    # ------------------------------------------------------------------ round changes

    def table_finished(self, table_id: int) -> Awaitable[None]:
        """A game ended: if it is a tournament's, have the tournament look at once (in the background)."""

        async def nudge() -> None:
            tournament_id = await self.storage.tournament_of_table(table_id)
            if tournament_id is not None:
                await self.on_deadline(tournament_id, nudged=True)

        task = asyncio.get_running_loop().create_task(nudge())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return asyncio.sleep(0)

    async def on_deadline(self, tournament_id: int, *, nudged: bool = False) -> None:
        """Run the tournament's due change, if this process wins the claim."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            now = self.clock()
            record, bracket = await self.load(tournament_id)
            if record.status not in ("signup", "checkin", "running"):
                return
            due = record.deadline is not None and record.deadline <= now
            if not due and not (nudged and record.status == "running"):
                self.scheduler.arm(tournament_id, record.deadline)
                return
            if not await self.storage.claim_tournament(tournament_id, self.owner, now, now + LEASE):
                self.scheduler.arm(tournament_id, now + LOOK_AGAIN)
                return
            record, bracket = await self.load(tournament_id)  # as it is now we hold it
            news = await self._step(record, bracket, due)
            record.bracket = msgspec.json.encode(bracket)
            await self.storage.save_tournament(record)
            self.scheduler.arm(tournament_id, record.deadline)
        if news is not None:
            await self.desk.show(record, bracket, news)

    async def _step(self, record: TournamentRecord, bracket: Bracket, due: bool) -> str | None:
        """One change of a held tournament; the news to announce (None: nothing to say)."""
        now = self.clock()
        if record.status == "signup":
            if len(bracket.entrants) < 2:
                record.status, record.deadline = "cancelled", None
                return "Not enough players signed up: the tournament is cancelled."
            record.status, record.deadline = "checkin", now + CHECK_IN_TIME
            mentions = " ".join(f"<@{e.user_id}>" for e in bracket.entrants)
            if len(mentions) > MENTIONS_AT_MOST:  # a big field is told without a ping each
                mentions = f"{len(bracket.entrants)} players signed up."
            return f"✅ Check-in is open until <t:{int(record.deadline)}:t>: press **Check in**. {mentions}"
        if record.status == "checkin":
            gone = no_shows(bracket)
            bracket.entrants = [e for e in bracket.entrants if e.checked_in]
            if len(bracket.entrants) < 2:
                record.status, record.deadline = "cancelled", None
                return "Fewer than two players checked in: the tournament is cancelled."
            record.status = "running"
            gone_names = ", ".join(plain(e.name) for e in gone)
            dropped = f"Did not check in (dropped): {gone_names}. " if gone else ""
            return dropped + await self._next_round(record, bracket)
        changed = await self._collect(bracket)
        if not round_over(bracket) and due:
            for pod in bracket.pods:
                if pod.placements is None and pod.table_id is not None:
                    await self.play_out(
                        pod.table_id, "⏱️ The round's time is up: the AI plays every seat to the end."
                    )
            changed = await self._collect(bracket) or changed
            if not round_over(bracket):
                record.deadline = now + LOOK_AGAIN
                told, bracket.timed_out = bracket.timed_out, True
                return None if told else "⏱️ Time is up for this round: the AI is finishing the last tables."
        if not round_over(bracket):
            return "" if changed else None
        out = close_round(bracket)
        knocked = f"Knocked out: {', '.join(self._names(bracket, out))}. " if out else ""
        if finished(bracket):
            record.status, record.deadline = "finished", None
            return knocked + "🏆 The tournament is over!"
        return knocked + await self._next_round(record, bracket)

    async def _next_round(self, record: TournamentRecord, bracket: Bracket) -> str:
        pairing = pair_next(bracket)
        seed = random.Random(f"{record.id}:{bracket.round}:{record.created_at}").getrandbits(62)
        opened = await self.storage.tournament_round_tables(record.id, bracket.round)
        for index, pod in enumerate(bracket.pods):  # the same pairing if a stopped change is run again
            pod.table_id = opened.get(index)
            if pod.table_id is None:
                await self._hold(record.id)  # opening many tables may take longer than one lease
                try:
                    pod.table_id = await self.desk.open_pod(record, bracket, index, seed)
                except UserError as exc:  # it would fail again: stop, saying why (its tables go on)
                    record.status, record.deadline = "cancelled", None
                    table = f"Round {bracket.round}'s table {index + 1}"
                    return f"🛑 {table} could not open ({exc}): the tournament is cancelled."
                await self.storage.link_tournament_table(record.id, pod.table_id, bracket.round, index)
        record.deadline = self.clock() + record.round_time
        byes = f" Bye: {', '.join(self._names(bracket, pairing.byes))}." if pairing.byes else ""
        until = f"<t:{int(record.deadline)}:t>"
        return f"▶️ Round {bracket.round} has begun: {len(bracket.pods)} tables, until {until}.{byes}"

    async def _hold(self, tournament_id: int) -> None:
        """Renew this process's claim on the change it runs; stop if another process took it over."""
        now = self.clock()
        if not await self.storage.claim_tournament(tournament_id, self.owner, now, now + LEASE):
            raise RuntimeError(f"tournament {tournament_id}: another process took its round change over")

    async def _collect(self, bracket: Bracket) -> bool:
        """Record the round's tables whose results are stored; whether any was new."""
        changed = False
        for pod in bracket.pods:
            if pod.placements is not None or pod.table_id is None:
                continue
            result = await self.storage.result(pod.table_id)
            if result is None:
                continue
            changed = True
            if result.status != "finished":  # cancelled: everyone at it places last
                record_table(bracket, pod.table_id, {}, max(len(result.seats), len(pod.players)))
            elif bracket.solo:
                record_solo(bracket, pod.table_id, max((s.score for s in result.seats), default=0.0))
            else:
                record_table(bracket, pod.table_id, _placements(result), len(result.seats))
        return changed

    @staticmethod
    def _names(bracket: Bracket, users: list[int]) -> list[str]:
        return [plain(e.name) for user in users if (e := bracket.entrant(user)) is not None]


def _placements(result: ResultRecord) -> dict[int, int]:
    return {s.user_id: s.placement for s in result.seats if s.user_id is not None and not s.is_ai}
