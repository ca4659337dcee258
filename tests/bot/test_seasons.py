"""Seasons: exact UTC bounds, the soft reset, season boards and the end-of-season claim in storage.

Tests taking `storage` run on SQLite and on PostgreSQL (see tests/bot/backends.py).
"""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import DEFAULT_MU, DEFAULT_SIGMA, Skill, rate
from bot.season_watch import SeasonWatch
from bot.seasons import previous, season_at, season_of, soft_reset
from bot.storage.plan import Fetch, Mode, only
from bot.storage.sql_storage import SqlStorage
from tests.support.records import record_game

ANN, BEN, CAL = 1, 2, 3
GUILD = 10


def utc(*parts: int) -> float:
    return datetime.datetime(*parts, tzinfo=datetime.UTC).timestamp()


def test_a_month_runs_from_its_first_instant_to_the_next_months() -> None:
    november = season_at(utc(2026, 11, 30, 23, 59, 59), "month")
    assert november.key == "2026-11" and november.label == "November 2026"
    assert november.start == utc(2026, 11, 1) and november.end == utc(2026, 12, 1)
    assert season_at(utc(2026, 12, 1), "month").key == "2026-12", "the first instant belongs to the new month"
    assert season_at(utc(2026, 12, 31, 12), "month").end == utc(2027, 1, 1)


def test_quarters_and_the_season_before() -> None:
    q4 = season_at(utc(2026, 11, 5), "quarter")
    assert (q4.key, q4.label, q4.start, q4.end) == ("2026-Q4", "Q4 2026", utc(2026, 10, 1), utc(2027, 1, 1))
    assert previous(q4).key == "2026-Q3"
    assert previous(season_at(utc(2026, 1, 10), "month")).key == "2025-12"
    assert previous(season_at(utc(2026, 2, 10), "quarter")).key == "2025-Q4"


@given(st.floats(min_value=utc(2000, 1, 1), max_value=utc(2100, 1, 1)), st.sampled_from(["month", "quarter"]))
def test_every_instant_is_in_exactly_its_season(at: float, length: str) -> None:
    season = season_at(at, length)
    assert season.start <= at < season.end
    assert season_of(season.key) == season
    assert season_at(season.end, length).start == season.end, "seasons follow each other without a gap"


@pytest.mark.parametrize("key", ["2026-13", "2026-00", "2026-Q5", "26-11", "november", ""])
def test_a_malformed_season_key_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        season_of(key)


def test_the_soft_reset_keeps_half_the_lead_and_half_the_certainty() -> None:
    assert soft_reset(Skill()) == Skill(), "a new player starts a season as a new player"
    strong = soft_reset(Skill(DEFAULT_MU + 10, 2.0))
    assert strong.mu == pytest.approx(DEFAULT_MU + 5) and strong.sigma == pytest.approx(
        (DEFAULT_SIGMA + 2) / 2
    )
    weak = soft_reset(Skill(DEFAULT_MU - 6, 3.0))
    assert weak.shown < strong.shown, "a season starts level-ish, not blank"
    assert Skill().shown < strong.shown < Skill(DEFAULT_MU + 10, 2.0).shown


async def test_a_season_board_starts_from_the_soft_reset(storage: SqlStorage) -> None:
    for n in range(4):  # Ann beats Ben four times before seasons start
        await record_game(storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2], guild_id=GUILD, at=1000.0 + n)
    all_time = {row.user_id: row.value for row in (await leaderboard(storage)).rows}
    await record_game(
        storage, [(BEN, "Ben"), (CAL, "Cal")], [1, 2], guild_id=GUILD, at=utc(2026, 11, 3), season="2026-11"
    )
    season = await leaderboard(storage, "2026-11")
    assert [row.name for row in season.rows] == ["Ben", "Cal"], "only the season's players are on its board"
    ben_before = Skill(*await rating_before(storage, BEN))
    (expected,), _ = rate([[soft_reset(ben_before)], [soft_reset(Skill())]], [1, 2])
    assert season.rows[0].value == pytest.approx(expected.ordinal), "Ben's season started from his soft reset"
    assert season.rows[0].value != all_time[BEN], "the season keeps its own rating"
    assert (await leaderboard(storage, "2026-10")).rows == [], "other seasons are untouched"


async def test_a_players_seasons_and_ranks(storage: SqlStorage) -> None:
    await record_game(
        storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2], guild_id=GUILD, at=utc(2026, 10, 3), season="2026-10"
    )
    await record_game(
        storage, [(ANN, "Ann"), (BEN, "Ben")], [2, 1], guild_id=GUILD, at=utc(2026, 11, 3), season="2026-11"
    )
    await record_game(
        storage, [(ANN, "Ann")], [1], guild_id=GUILD, kind="high_score", mode="solo", scores=[7.0], won=True,
        at=utc(2026, 11, 4), season="2026-11", sides=[[0]],
    )  # fmt: skip
    found = await storage.player_seasons(ANN, GUILD, 10)
    assert [(s.season, s.board, s.rank, s.players) for s in found] == [
        ("2026-11", "", 2, 2), ("2026-11", "solo", 1, 1), ("2026-10", "", 1, 2),
    ]  # fmt: skip
    assert found[1].value == 7.0 and found[1].wins == 1
    assert await storage.player_seasons(ANN, 999, 10) == [], "seasons belong to one server"


async def test_an_ended_season_is_posted_once_even_with_two_processes(storage: SqlStorage) -> None:
    await record_game(
        storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2], guild_id=GUILD, at=utc(2026, 11, 3), season="2026-11"
    )
    posted: list[tuple[str, int, str]] = []
    now = [utc(2026, 11, 30, 23, 59)]

    def watch(name: str) -> SeasonWatch:
        async def post(guild_id: int, season: str) -> None:
            posted.append((name, guild_id, season))

        return SeasonWatch(storage, lambda: now[0], post, name, lambda: lambda waiting: waiting)

    first, second = watch("one"), watch("two")
    assert await first.close_due() == [], "the season is not over a minute before its end"
    now[0] = utc(2026, 12, 1)
    assert await first.close_due() == [(GUILD, "2026-11")]
    assert await second.close_due() == []
    assert posted == [("one", GUILD, "2026-11")]
    assert first.next_look(utc(2026, 12, 31, 23, 30)) == utc(2027, 1, 1), "it looks again at the boundary"


async def test_a_post_that_failed_is_retried_after_its_claim_runs_out(storage: SqlStorage) -> None:
    await record_game(
        storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2], guild_id=GUILD, at=utc(2026, 11, 3), season="2026-11"
    )
    now = [utc(2026, 12, 1)]

    async def broken(guild_id: int, season: str) -> None:
        raise RuntimeError("Discord is down")

    async def fine(guild_id: int, season: str) -> None:
        return None

    assert await SeasonWatch(storage, lambda: now[0], broken, "one", lambda: lambda w: w).close_due() == []
    again = SeasonWatch(storage, lambda: now[0], fine, "two", lambda: lambda w: w)
    assert await again.close_due() == [], "another process waits while the claim holds"
    now[0] += 601
    assert await again.close_due() == [(GUILD, "2026-11")]


async def leaderboard(storage: SqlStorage, season: str = ""):
    return await storage.leaderboard(
        "highcard", None, GUILD, min_games=1, offset=0, limit=10, viewer=0, season=season
    )


async def rating_before(storage: SqlStorage, user: int) -> tuple[float, float]:
    """The all-time rating the player had before their latest game."""
    rows = await storage._run(
        only(Fetch("SELECT before_mu, before_sigma FROM rating_changes WHERE user_id = ? AND guild_id = ?"
                   " ORDER BY at DESC LIMIT 1", (user, GUILD))),
        Mode.READ,
    )  # fmt: skip
    return rows[0]["before_mu"], rows[0]["before_sigma"]
