"""Ratings, high scores, leaderboards, stats and history in storage (issue: records).

Tests taking `storage` run on SQLite and on PostgreSQL (see tests/bot/backends.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import msgspec
import pytest

from bot.live import LiveTable
from bot.outcomes import final_outcome, rateable, result_record
from bot.ratings import Skill, rate
from bot.runtime import Runtime
from bot.storage.records import GuildSettings, ResultSeat, SeatRecord, TableRecord
from bot.storage.sql_storage import SqlStorage
from bot.storage.sqlite import SqliteStorage
from bot.storage.sqlite_sync import transaction
from engines.core import GameOption, Outcome
from engines.superhot.engine import Superhot
from tests.support.records import record_game

ANN, BEN, CAL, DEE = 1, 2, 3, 4


@pytest.fixture
async def sqlite_storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    store = SqliteStorage(str(tmp_path / "records.db"))
    await store.open()
    yield store
    await store.close()


def test_the_winner_gains_and_the_loser_drops() -> None:
    (win,), (lose,) = rate([[Skill()], [Skill()]], [1, 2])
    assert win.shown > Skill().shown > lose.shown


def test_a_tie_moves_nobody_apart() -> None:
    (a,), (b,) = rate([[Skill()], [Skill()]], [1, 1])
    assert a == b and a.sigma < Skill().sigma


def test_teams_share_the_result() -> None:
    (a, b), (c,) = rate([[Skill(), Skill()], [Skill()]], [1, 2])
    assert a == b and a.mu > Skill().mu > c.mu


def seat(index: int, user: int | None) -> ResultSeat:
    return ResultSeat(index, f"p{index}", user, user is None, 1, 0.0)


def test_which_games_are_rated() -> None:
    assert rateable([seat(0, ANN), seat(1, BEN)], rate_ai=False)
    assert not rateable([seat(0, ANN), seat(1, None)], rate_ai=False), "a game with an AI seat"
    assert not rateable([seat(0, ANN)], rate_ai=False), "fewer than two people"
    assert rateable([seat(0, ANN), seat(1, None)], rate_ai=True), "a server that rates games against AI"
    assert not rateable([seat(0, ANN)], rate_ai=True)


async def test_a_rated_result_updates_both_scopes_and_reports_the_change(storage: SqlStorage) -> None:
    result = await record_game(storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2])
    assert result.changes[ANN][1] > result.changes[ANN][0] == 1000 > result.changes[BEN][1]
    stored = await storage.result(result.table_id)
    assert stored is not None and stored.changes == result.changes
    for scope in (10, 0):
        page = await storage.leaderboard("highcard", None, scope, min_games=1, offset=0, limit=10, viewer=BEN)
        assert [row.name for row in page.rows] == ["Ann", "Ben"] and page.total == 2
        assert page.rows[0].wins == 1 and page.rows[1].games == 1


async def test_unrated_and_cancelled_games_are_recorded_but_not_rated(storage: SqlStorage) -> None:
    await record_game(storage, [(ANN, "Ann"), (None, "Botley")], [1, 2], kind="")
    await record_game(storage, [(ANN, "Ann"), (BEN, "Ben")], [0, 0], kind="", status="cancelled")
    page = await storage.leaderboard("highcard", None, 10, min_games=1, offset=0, limit=10, viewer=ANN)
    assert page.rows == [] and page.viewer is None
    history = await storage.history(ANN, None, 10, 10)
    assert [entry.status for entry in history] == ["cancelled", "finished"]


async def test_team_sides_are_rated_as_teams(storage: SqlStorage) -> None:
    result = await record_game(
        storage, [(ANN, "Ann"), (BEN, "Ben"), (CAL, "Cal")], [1, 1, 2], mode="twovone", sides=[[0, 1], [2]]
    )
    assert result.changes[ANN] == result.changes[BEN] and result.changes[CAL][1] < 1000


async def test_high_scores_keep_the_best_and_count_wins(storage: SqlStorage) -> None:
    for score, won in ((2.0, False), (3.0, True), (1.0, False)):
        await record_game(
            storage, [(ANN, "Ann")], [1], mode="solo", kind="high_score", scores=[score], won=won
        )
    await record_game(storage, [(BEN, "Ben")], [1], mode="solo", kind="high_score", scores=[2.0], won=False)
    page = await storage.leaderboard("highcard", "solo", 10, min_games=1, offset=0, limit=10, viewer=BEN)
    assert [(row.name, row.value, row.games, row.wins) for row in page.rows] == [
        ("Ann", 3.0, 3, 1),
        ("Ben", 2.0, 1, 0),
    ]
    stats = await storage.player_stats(ANN, 10)
    assert stats[0].games == 3 and stats[0].wins == 1 and stats[0].best_score == 3.0


async def test_min_games_and_the_viewer_off_the_page(storage: SqlStorage) -> None:
    for _ in range(2):
        await record_game(storage, [(ANN, "Ann"), (BEN, "Ben")], [1, 2])
    await record_game(storage, [(CAL, "Cal"), (DEE, "Dee")], [1, 2])
    page = await storage.leaderboard("highcard", None, 10, min_games=2, offset=0, limit=1, viewer=BEN)
    assert [row.name for row in page.rows] == ["Ann"] and page.total == 2
    assert page.viewer is not None and page.viewer.rank == 2 and page.viewer.name == "Ben"
    stats = await storage.player_stats(BEN, 10)
    assert stats[0].rating is not None and stats[0].trend < 0


async def test_guild_settings_round_trip(storage: SqlStorage) -> None:
    assert await storage.guild_settings(10) == GuildSettings(10)
    await storage.save_guild_settings(GuildSettings(10, rate_ai=True, min_games=5))
    assert await storage.guild_settings(10) == GuildSettings(10, rate_ai=True, min_games=5)


VIEWER = 4321
VM_STEP = 100  # SQLite calls the progress handler every this many virtual-machine instructions


async def sqlite_work(storage: SqliteStorage, action: Callable[[], Awaitable[object]]) -> int:
    """SQLite virtual-machine instructions `action` runs: the work itself, the same on any machine
    however busy (a wall-clock budget belongs to `python -m bench`)."""
    calls = [0]

    def count() -> int:
        calls[0] += 1
        return 0  # carry on

    await storage.connection.set_progress_handler(count, VM_STEP)
    try:
        await action()
    finally:
        await storage.connection.set_progress_handler(None, VM_STEP)  # type: ignore[arg-type]
    return calls[0] * VM_STEP


def add_results(db: sqlite3.Connection, first: int, count: int, user: Callable[[int], int]) -> None:
    """`count` rated highcard results from table id `first` on, one seat each (`user(table id)`)."""
    db.execute("PRAGMA foreign_keys = OFF")  # results without their tables rows, for speed
    ids = range(first, first + count)
    with transaction(db):
        db.executemany(
            "INSERT INTO results (table_id, game, mode, guild_id, finished_at, summary, status, kind)"
            " VALUES (?, 'highcard', 'classic', 10, ?, '', 'finished', 'rated')",
            [(i, float(i)) for i in ids],
        )
        db.executemany(
            "INSERT INTO result_seats (table_id, seat, name, user_id, is_ai, placement, score)"
            " VALUES (?, 0, 'P', ?, 0, 1, 0)",
            [(i, user(i)) for i in ids],
        )
    db.execute("PRAGMA foreign_keys = ON")


async def test_boards_history_and_stats_do_not_slow_down_as_results_pile_up(
    sqlite_storage: SqliteStorage,
) -> None:
    """Boards read only the ratings rows, and a player's history and stats only that player's
    results, all through indexes: 100,000 more stored results leave their cost unchanged."""
    storage = sqlite_storage
    rows = [(10, i, f"P{i}", 25.0, 8.0, i / 100, 20, 10, 0.0) for i in range(5000)]

    def fill(db: sqlite3.Connection) -> None:
        with transaction(db):
            db.executemany(
                "INSERT INTO ratings (game, guild_id, user_id, name, mu, sigma, ordinal, games, wins,"
                " updated_at) VALUES ('highcard', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        add_results(db, 1, 20, lambda _: VIEWER)

    async def pages() -> None:
        for page in range(20):
            found = await storage.leaderboard(
                "highcard", None, 10, min_games=3, offset=page * 10, limit=10, viewer=VIEWER
            )
            assert found.total == 5000 and found.viewer is not None

    async def records() -> None:
        assert len(await storage.history(VIEWER, None, 10, 10)) == 10
        assert (await storage.player_stats(VIEWER, 10))[0].games == 20

    await storage._db.run(fill)
    before = [await sqlite_work(storage, pages), await sqlite_work(storage, records)]
    await storage._db.run(lambda db: add_results(db, 21, 100_000, lambda i: 10_000 + i % 5000))
    after = [await sqlite_work(storage, pages), await sqlite_work(storage, records)]
    for was, now in zip(before, after, strict=True):
        assert now <= 1.25 * was + 10 * VM_STEP, f"{was} -> {now} SQLite steps: a query scans the results"


def finished_table(guild_id: int | None, mode: str, people: list[int | None]) -> LiveTable:
    seats = [SeatRecord(i, f"p{i}", user, is_ai=user is None) for i, user in enumerate(people)]
    record = TableRecord(
        id=1, guild_id=guild_id, channel_id=5, game="superhot", mode=mode, seed=1, host_id=1,
        turn_timer=60.0, seats=seats,
    )  # fmt: skip
    return LiveTable(record=record, engine=Superhot(), state=None, runtime=Runtime())


def test_a_server_that_rates_ai_games_rates_them_on_its_own_board_only() -> None:
    live = finished_table(10, "versus", [ANN, None])
    outcome = Outcome([[0], [1]], {}, "won")
    assert result_record(live, outcome, 0.0, "won", rate_ai=True).rated_scopes == [10]
    assert result_record(live, outcome, 0.0, "won").kind == ""
    people = finished_table(10, "versus", [ANN, BEN])
    assert result_record(people, outcome, 0.0, "won").rated_scopes == [10, 0]


def test_team_sides_come_from_the_engine_even_after_a_forfeit() -> None:
    live = finished_table(10, "twovone", [ANN, BEN, CAL])
    engine_outcome = Outcome([[0, 1], [2]], {}, "normals won", teams=[[0, 1], [2]])
    outcome = final_outcome(engine_outcome, [0, 2], [1], live.record.seats)
    assert outcome.placements == [[0], [2], [1]]
    result = result_record(live, outcome, 0.0, outcome.summary)
    assert result.sides == [[0, 1], [2]]


def test_infinite_mode_keeps_its_own_high_score_board() -> None:
    live = finished_table(10, "solo", [ANN])
    result = result_record(live, Outcome([[0]], {0: 5.0}, "lost", won=False, board="infinite"), 0.0, "")
    assert result.kind == "high_score" and result.board == "solo.infinite"


def test_coop_with_the_crossfire_house_rule_keeps_its_own_boards() -> None:
    live = finished_table(10, "coop", [ANN, BEN])
    live.record.options = {"crossfire": "on"}
    plain = Outcome([[0, 1]], {0: 2.0, 1: 2.0}, "lost", won=False)
    assert result_record(live, plain, 0.0, "").board == "coop.house"
    endless = Outcome([[0, 1]], {0: 7.0, 1: 7.0}, "lost", won=False, board="infinite")
    assert result_record(live, endless, 0.0, "").board == "coop.infinite.house"
    live.record.options = {"crossfire": "off"}
    assert result_record(live, plain, 0.0, "").board == "coop", "printed co-op keeps the printed board"


def test_a_rated_game_with_a_difficulty_house_rule_is_not_rated() -> None:
    harder = GameOption(
        "no_mercy", "No mercy", ("off", "on"), "off", modes=("versus",), house_rule=True,
        why="Harder.", changes_difficulty=True,
    )  # fmt: skip
    live = finished_table(10, "versus", [ANN, BEN])
    outcome = Outcome([[0], [1]], {}, "won")
    assert result_record(live, outcome, 0.0, "won").kind == "rated"
    engine = Superhot()
    engine.meta = msgspec.structs.replace(Superhot.meta, options=(*Superhot.meta.options, harder))
    live.engine = engine
    live.record.options = {"no_mercy": "on"}
    assert result_record(live, outcome, 0.0, "won").kind == "", "kept off the printed-rules ratings"


async def test_a_player_who_forfeits_a_coop_game_gets_no_win(storage: SqlStorage) -> None:
    await record_game(
        storage,
        [(ANN, "Ann"), (BEN, "Ben")],
        [1, 2],
        mode="coop",
        kind="high_score",
        scores=[3.0, 3.0],
        won=True,
    )
    page = await storage.leaderboard("highcard", "coop", 10, min_games=1, offset=0, limit=10, viewer=ANN)
    assert [(row.name, row.value, row.wins) for row in page.rows] == [("Ann", 3.0, 1), ("Ben", 0.0, 0)]
