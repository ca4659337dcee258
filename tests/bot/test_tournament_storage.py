"""Tournaments in storage, on SQLite and PostgreSQL: a row read back as written, optimistic saves,
and the claim that lets one process of a cluster run each round change."""

from __future__ import annotations

import msgspec
import pytest

from bot.storage.base import StaleWrite
from bot.storage.records import TournamentRecord
from bot.storage.sql_storage import SqlStorage
from bot.tournament import Bracket, join


def tournament(deadline: float) -> TournamentRecord:
    bracket = Bracket(format="swiss", rounds=3, pod_size=2)
    join(bracket, 7, "Ann 🔥", 12.5)
    return TournamentRecord(
        guild_id=1, channel_id=2, organiser_id=7, game="highcard", mode="classic", options={"ai": "hard"},
        round_time=300.0, starts_at=deadline, deadline=deadline, bracket=msgspec.json.encode(bracket),
    )  # fmt: skip


async def test_a_tournament_reads_back_as_written(storage: SqlStorage) -> None:
    record = tournament(100.0)
    tournament_id = await storage.create_tournament(record)
    loaded = await storage.load_tournament(tournament_id)
    assert loaded == record
    assert msgspec.json.decode(loaded.bracket, type=Bracket).entrants[0].name == "Ann 🔥"
    await storage.link_tournament_table(tournament_id, 55, 1, 0)
    assert await storage.tournament_round_tables(tournament_id, 1) == {0: 55}
    assert (
        await storage.tournament_of_table(55) == tournament_id
        and await storage.tournament_of_table(56) is None
    )
    assert await storage.live_tournaments() == [(tournament_id, 100.0)]


async def test_a_stale_save_is_refused(storage: SqlStorage) -> None:
    record = tournament(100.0)
    await storage.create_tournament(record)
    other = await storage.load_tournament(record.id)
    record.status = "checkin"
    await storage.save_tournament(record)
    assert other is not None
    with pytest.raises(StaleWrite):
        await storage.save_tournament(other)


async def test_one_process_holds_a_due_change_until_it_saves_or_its_lease_ends(storage: SqlStorage) -> None:
    record = tournament(100.0)
    await storage.create_tournament(record)
    assert await storage.due_tournaments(99.0) == [] and await storage.due_tournaments(100.0) == [record.id]
    assert await storage.claim_tournament(record.id, "one", 100.0, 220.0)
    assert not await storage.claim_tournament(record.id, "two", 101.0, 221.0)
    assert await storage.due_tournaments(101.0) == [], "a held tournament is nobody else's to run"
    assert await storage.claim_tournament(record.id, "two", 221.0, 341.0), "a lease runs out"
    loaded = await storage.load_tournament(record.id)
    assert loaded is not None
    await storage.save_tournament(loaded)
    assert await storage.claim_tournament(record.id, "one", 222.0, 342.0), "saving releases the lease"
