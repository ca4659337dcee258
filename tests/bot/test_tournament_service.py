"""Tournaments without Discord, on a virtual clock: 64 players over five Swiss rounds played out by
the AI to a champion, tables of three with AI in the short ones, and one process per round change."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.pairing import placement_points
from bot.service import TableService
from bot.storage.records import TournamentRecord
from bot.tournament import Bracket, check_in, join, table
from bot.tournaments import TournamentService
from engines.superhot.engine import Superhot
from tests.bot.service_kit import FakeClock, make_service

GUILD = 1


class TableDesk:
    """Opens each pod's table on the service (a channel per table) and keeps the news."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.channels = itertools.count(10_000)
        self.news: list[str] = []
        self.seats: list[int] = []
        self.tables: list[int] = []

    async def open_pod(self, record: TournamentRecord, bracket: Bracket, pod: int, seed: int) -> int:
        players = bracket.pods[pod].players
        live = await self.service.create_lobby(
            guild_id=GUILD, channel_id=next(self.channels), thread_id=None, host_id=players[0],
            host_name=f"P{players[0]}", game=record.game, mode=record.mode, options=record.options,
            seed=seed if bracket.solo else None,
        )  # fmt: skip
        for user in players[1:]:
            live = await self.service.join(live.id, user, f"P{user}")
        while len(live.record.seats) < bracket.pod_size:
            live = await self.service.add_ai(live.id, players[0])
        self.seats.append(len(live.record.seats))
        self.tables.append(live.id)
        await self.service.start(live.id, players[0])
        return live.id

    async def show(self, record: TournamentRecord, bracket: Bracket, news: str) -> None:
        if news:
            self.news.append(news)


def running(service: TableService, desk: TableDesk, clock: FakeClock) -> TournamentService:
    tournaments = TournamentService(
        service.storage, clock, service.play_out, service.forfeit, desk, lambda: lambda waiting: waiting
    )
    service.on_finished = tournaments.table_finished
    return tournaments


async def signed_up(tournaments: TournamentService, clock: FakeClock, players: int, pod: int) -> int:
    bracket = Bracket(format="swiss", rounds=5, pod_size=pod)
    for user in range(1, players + 1):
        join(bracket, user, f"P{user}", rating=0.0)
        check_in(bracket, user)
    record = TournamentRecord(
        guild_id=GUILD, channel_id=5, organiser_id=1, game="highcard", mode="classic", round_time=300.0,
        starts_at=clock.now,
    )  # fmt: skip
    await tournaments.create(record, bracket)
    tournaments.scheduler.cancel_all()  # the test moves time itself
    return record.id


async def field(
    tmp_path: Path, players: int, pod: int
) -> tuple[FakeClock, TableService, TableDesk, TournamentService, int]:
    """A service on a virtual clock and a tournament of `players` signed up and checked in."""
    clock = FakeClock()
    service = await make_service(tmp_path / "t.db", clock)
    desk = TableDesk(service)
    tournaments = running(service, desk, clock)
    return clock, service, desk, tournaments, await signed_up(tournaments, clock, players, pod)


async def to_deadline(tournaments: TournamentService, clock: FakeClock, tournament_id: int) -> None:
    record, _ = await tournaments.load(tournament_id)
    clock.now = max(clock.now, record.deadline or clock.now) + 1


async def fire_table_deadlines(service: TableService, clock: FakeClock, tables: list[int]) -> None:
    """The tables' own deadlines (the AI's pacing) that the moved clock has passed."""
    for table_id in tables:
        due = service.scheduler.due(table_id)
        if due is not None and due <= clock.now:
            service.scheduler.arm(table_id, None)
            await service.on_deadline(table_id)


async def run_to_the_end(
    tournaments: TournamentService,
    clock: FakeClock,
    tournament_id: int,
    service: TableService,
    desk: TableDesk,
) -> TournamentRecord:
    """Move time on to each deadline (nobody plays: every round times out) until the end."""
    for _ in range(200):
        record, _ = await tournaments.load(tournament_id)
        if record.status in ("finished", "cancelled"):
            return record
        clock.now = max(clock.now, record.deadline or clock.now) + 1
        await tournaments.on_deadline(tournament_id)
        for _ in range(50):  # let the AI's bursts run
            await asyncio.sleep(0)
        await tournaments.settled()
        tournaments.scheduler.cancel_all()
        await fire_table_deadlines(service, clock, desk.tables)
    raise AssertionError("the tournament did not end")


async def test_64_players_five_swiss_rounds_played_out_by_the_ai(tmp_path: Path) -> None:
    clock, service, desk, tournaments, tournament_id = await field(tmp_path, 64, pod=2)
    record = await run_to_the_end(tournaments, clock, tournament_id, service, desk)
    _, bracket = await tournaments.load(tournament_id)
    assert record.status == "finished" and bracket.round == 5
    assert sum(1 for news in desk.news if "has begun" in news) == 5 and len(desk.seats) == 5 * 32
    results = [await service.storage.result(table_id) for table_id in desk.tables]
    expected = sum(
        placement_points(seat.placement, len(result.seats))
        for result in results
        if result
        for seat in result.seats
    )
    assert all(result is not None and result.status == "finished" for result in results)
    assert sum(line.points for line in table(bracket)) == expected, "every table's result counted once"
    assert all(len(e.met) == 5 for e in bracket.entrants), "nobody met anyone twice"
    assert "tournament is over" in desk.news[-1]


async def test_tables_of_three_leave_a_short_table_to_the_ai(tmp_path: Path) -> None:
    clock, _service, desk, tournaments, tournament_id = await field(tmp_path, 5, pod=3)
    for _ in ("check-in", "round 1"):
        await to_deadline(tournaments, clock, tournament_id)
        await tournaments.on_deadline(tournament_id)
    _, bracket = await tournaments.load(tournament_id)
    assert [len(pod.players) for pod in bracket.pods] == [3, 2] and desk.seats == [3, 3]


async def test_one_process_runs_each_round_change(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "t.db", clock)
    desk = TableDesk(service)
    first, second = running(service, desk, clock), running(service, desk, clock)
    tournament_id = await signed_up(first, clock, 4, pod=2)
    await to_deadline(first, clock, tournament_id)
    await first.on_deadline(tournament_id)  # check-in opens
    await to_deadline(first, clock, tournament_id)
    await asyncio.gather(first.on_deadline(tournament_id), second.on_deadline(tournament_id))
    second.scheduler.cancel_all()
    first.scheduler.cancel_all()
    assert sum(1 for news in desk.news if "has begun" in news) == 1 and len(desk.seats) == 2


async def test_a_solo_mode_is_a_same_seed_challenge(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "t.db", clock)
    service.registry = {**service.registry, "superhot": Superhot()}
    service.tables.registry = service.registry
    desk = TableDesk(service)
    tournaments = running(service, desk, clock)
    bracket = Bracket(format="swiss", rounds=1, pod_size=1)
    for user in (1, 2, 3):
        join(bracket, user, f"P{user}", rating=0.0)
        check_in(bracket, user)
    record = TournamentRecord(
        guild_id=GUILD, channel_id=5, organiser_id=1, game="superhot", mode="solo", round_time=300.0,
        starts_at=clock.now,
    )  # fmt: skip
    await tournaments.create(record, bracket)
    tournaments.scheduler.cancel_all()
    record = await run_to_the_end(tournaments, clock, record.id, service, desk)
    seeds = {(await service.storage.load_table(table_id)).seed for table_id in desk.tables}
    assert len(desk.tables) == 3 and len(seeds) == 1, "everyone played the same deal"
    _, bracket = await tournaments.load(record.id)
    lines = table(bracket)
    assert record.status == "finished" and sorted(line.points for line in lines)[-1] == 1.0


async def test_a_knockout_of_tables_of_four_ends_with_one_player(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "t.db", clock)
    desk = TableDesk(service)
    tournaments = running(service, desk, clock)
    bracket = Bracket(format="knockout", rounds=1, pod_size=4)
    for user in range(1, 9):
        join(bracket, user, f"P{user}", rating=float(-user))
        check_in(bracket, user)
    record = TournamentRecord(
        guild_id=GUILD, channel_id=5, organiser_id=1, game="highcard", mode="classic", round_time=300.0,
        starts_at=clock.now,
    )  # fmt: skip
    await tournaments.create(record, bracket)
    tournaments.scheduler.cancel_all()
    record = await run_to_the_end(tournaments, clock, record.id, service, desk)
    _, bracket = await tournaments.load(record.id)
    assert record.status == "finished" and bracket.round == 2
    assert desk.seats == [4, 4, 4], "the final's two players sit with two AI seats"
    assert sum(1 for e in bracket.entrants if not e.out) == 1


async def test_another_process_runs_a_change_it_has_no_timer_for(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await make_service(tmp_path / "t.db", clock)
    desk = TableDesk(service)
    creator, other = running(service, desk, clock), running(service, desk, clock)
    tournament_id = await signed_up(creator, clock, 4, pod=2)  # the creator then stops
    clock.now -= 1
    await other.sweep()
    assert desk.news == [], "nothing is due yet"
    await to_deadline(other, clock, tournament_id)
    await other.sweep()
    other.scheduler.cancel_all()
    assert any("Check-in is open" in news for news in desk.news)


async def test_a_round_change_that_stopped_halfway_opens_no_table_twice(tmp_path: Path) -> None:
    clock, _service, desk, tournaments, tournament_id = await field(tmp_path, 4, pod=2)
    await tournaments.on_deadline(tournament_id)  # check-in opens
    opened = desk.open_pod

    async def stops_after_one(record, bracket, pod, seed):  # the process stops after one table
        if pod == 1:
            raise RuntimeError("process stopped")
        return await opened(record, bracket, pod, seed)

    desk.open_pod = stops_after_one  # type: ignore[method-assign]
    await to_deadline(tournaments, clock, tournament_id)
    with pytest.raises(RuntimeError):
        await tournaments.on_deadline(tournament_id)
    desk.open_pod = opened  # type: ignore[method-assign]
    clock.now += 200  # the stopped process's lease runs out
    await tournaments.on_deadline(tournament_id)
    tournaments.scheduler.cancel_all()
    _, bracket = await tournaments.load(tournament_id)
    assert len(desk.tables) == 2 and sorted(p.table_id for p in bracket.pods) == sorted(desk.tables)


async def test_a_player_dropped_mid_round_forfeits_that_game_and_keeps_their_points(tmp_path: Path) -> None:
    clock, service, desk, tournaments, tournament_id = await field(tmp_path, 4, pod=2)
    for _ in ("check-in", "round 1"):
        await to_deadline(tournaments, clock, tournament_id)
        await tournaments.on_deadline(tournament_id)
    news = await tournaments.drop_player(tournament_id, 1)
    assert "dropped" in news
    await tournaments.settled()
    tournaments.scheduler.cancel_all()
    result = await service.storage.result(desk.tables[0])
    assert result is not None and next(s for s in result.seats if s.user_id == 1).placement == 2
    _, bracket = await tournaments.load(tournament_id)
    dropped = bracket.entrant(1)
    assert dropped is not None and dropped.dropped and dropped.points == 0.0
    assert bracket.pods[0].placements == {1: 2, 2: 1}, "the forfeit decided the table at once"


async def test_a_slow_round_opening_keeps_its_claim_so_no_other_process_takes_it(tmp_path: Path) -> None:
    clock, service, desk, tournaments, tournament_id = await field(tmp_path, 8, pod=2)
    await tournaments.on_deadline(tournament_id)  # check-in opens
    opened = desk.open_pod
    taken: list[bool] = []

    async def slow(record, bracket, pod, seed):  # Discord is slow: each table takes a minute
        clock.now += 60
        taken.append(
            await service.storage.claim_tournament(tournament_id, "other", clock.now, clock.now + 60)
        )
        return await opened(record, bracket, pod, seed)

    desk.open_pod = slow  # type: ignore[method-assign]
    await to_deadline(tournaments, clock, tournament_id)
    await tournaments.on_deadline(tournament_id)
    tournaments.scheduler.cancel_all()
    assert taken == [False] * 4, "four minutes of opening tables, and the change is held all along"
    assert len(desk.tables) == 4


async def test_a_check_in_while_the_round_opens_is_told_to_wait_and_breaks_nothing(tmp_path: Path) -> None:
    clock, _service, desk, tournaments, tournament_id = await field(tmp_path, 4, pod=2)
    await tournaments.on_deadline(tournament_id)  # check-in opens
    opened = desk.open_pod
    told: list[str] = []

    async def late_click(record, bracket, pod, seed):  # a click lands while the tables open
        try:
            await tournaments.join(tournament_id, 99, "Late")
        except UserError as exc:
            told.append(str(exc))
        return await opened(record, bracket, pod, seed)

    desk.open_pod = late_click  # type: ignore[method-assign]
    await to_deadline(tournaments, clock, tournament_id)
    await tournaments.on_deadline(tournament_id)
    tournaments.scheduler.cancel_all()
    assert told and all("try again in a moment" in said for said in told)
    record, bracket = await tournaments.load(tournament_id)
    assert record.status == "running" and sorted(p.table_id for p in bracket.pods) == sorted(desk.tables)
