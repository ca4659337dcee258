"""Records: leaderboard pages, a player's history and stats, the leaderboard image and a replay GIF.

The database holds 5,000 rated players and 100,000 finished games (quick: 10,000), as a busy
server would after a while; the queries must not slow down as results pile up (the test suite
checks that their SQLite work stays the same). Images are drawn as the bot draws them.
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from itertools import islice
from pathlib import Path

from PIL import Image

import engines
import renderers
from bench.engines import playout
from bench.figures import Figure, percentile
from bot.storage.sqlite import SqliteStorage
from bot.storage.sqlite_sync import transaction
from renderers.leaderboard import render_leaderboard
from renderers.leaderboard_board import sample_boards
from renderers.replay import encode_replay_gif

SECTION = "records"
PLAYERS = 5_000
VIEWER = 4_321
PAGE_BUDGET_MS = 10.0
PLAYER_BUDGET_MS = 10.0
BOARD_IMAGE_BUDGET_MS = 40.0
REPLAY_BUDGET_S = 2.0
REPLAY_FRAMES = 60
REPLAY_EVERY = 2  # moves between two frames


def _fill(db: sqlite3.Connection, results: int) -> None:
    """Rated players and finished games, one seat each (foreign keys off: no tables rows needed)."""
    db.execute("PRAGMA foreign_keys = OFF")
    with transaction(db):
        db.executemany(
            "INSERT INTO ratings (game, guild_id, user_id, name, mu, sigma, ordinal, games, wins,"
            " updated_at) VALUES ('superhot', 10, ?, ?, 25.0, 8.0, ?, 20, 10, 0.0)",
            [(i, f"P{i}", i / 100) for i in range(PLAYERS)],
        )
        db.executemany(
            "INSERT INTO results (table_id, game, mode, guild_id, finished_at, summary, status, kind)"
            " VALUES (?, 'superhot', 'versus', 10, ?, '', 'finished', 'rated')",
            [(i, float(i)) for i in range(1, results + 1)],
        )
        db.executemany(
            "INSERT INTO result_seats (table_id, seat, name, user_id, is_ai, placement, score)"
            " VALUES (?, 0, 'P', ?, 0, 1, 0)",
            [(i, i % PLAYERS) for i in range(1, results + 1)],
        )
    db.execute("PRAGMA foreign_keys = ON")


async def _timed(work: Callable[[], Awaitable[object]], times: int) -> list[float]:
    """Milliseconds each of `times` calls took."""
    taken = []
    for _ in range(times):
        started = time.perf_counter()
        await work()
        taken.append((time.perf_counter() - started) * 1000)
    return taken


async def _queries(path: Path, results: int, times: int) -> tuple[list[float], list[float]]:
    storage = SqliteStorage(str(path))
    await storage.open()
    try:
        await storage._db.run(lambda db: _fill(db, results))
        page = iter(range(10**6))

        async def board_page() -> None:
            offset = next(page) % 50 * 10
            await storage.leaderboard(
                "superhot", None, 10, min_games=3, offset=offset, limit=10, viewer=VIEWER
            )

        async def player() -> None:
            await storage.history(VIEWER, None, 10, 10)
            await storage.player_stats(VIEWER, 10)

        return await _timed(board_page, times), await _timed(player, times)
    finally:
        await storage.close()


def _replay_frames(count: int) -> list[Image.Image]:
    """Public tables of a seeded SUPERHOT co-op game, one every few moves, as a replay draws them."""
    engine, renderer = engines.REGISTRY["superhot"], renderers.REGISTRY["superhot"]
    states = islice(playout(engine, "coop", 2, seed=1), 0, None, REPLAY_EVERY)
    return [renderer.table(engine.view(state, None)) for state in islice(states, count)]


def records_speed(quick: bool) -> list[Figure]:
    """Leaderboard page and player records p95 (ms), leaderboard image p95 (ms), replay GIF (s)."""
    results, times, frames = (10_000, 20, 10) if quick else (100_000, 200, REPLAY_FRAMES)
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        pages, players = asyncio.run(_queries(Path(folder) / "records.db", results, times))
    board = sample_boards()["later_page"]
    render_leaderboard(board)  # warm the caches, as a running bot has
    images = []
    for _ in range(times // 4):
        started = time.perf_counter()
        render_leaderboard(board)
        images.append((time.perf_counter() - started) * 1000)
    tables = _replay_frames(frames)
    started = time.perf_counter()
    encode_replay_gif(tables)
    replay = time.perf_counter() - started
    stored = f"{results:,} results"
    return [
        Figure(SECTION, f"leaderboard page p50 ({stored})", statistics.median(pages), "ms"),
        Figure(SECTION, f"leaderboard page p95 ({stored})", percentile(pages, 95), "ms", PAGE_BUDGET_MS),
        Figure(SECTION, f"history + stats p95 ({stored})", percentile(players, 95), "ms", PLAYER_BUDGET_MS),
        Figure(SECTION, "leaderboard image p95", percentile(images, 95), "ms", BOARD_IMAGE_BUDGET_MS),
        Figure(
            SECTION,
            f"replay GIF of {len(tables)} table images",
            replay,
            "s",
            REPLAY_BUDGET_S * len(tables) / REPLAY_FRAMES,
        ),
    ]
