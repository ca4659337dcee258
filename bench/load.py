"""Action latency under load: many tables played at once, each by one person and AI seats.

The real TableService on a SQLite file (WAL), with a presenter that does what the Discord one
does after each saved change: a task per change, in order per table, that loads the table,
requests the coalesced table edit and reads the settings of each player whose turn opened (to
choose between a DM and a ping); each coalesced run renders the table image in the render pool.
Latency is from calling `act` to the edit request for the state it produced. As on Discord, the
clicking player's hand panel is redrawn in the render pool too. Each person thinks a random while
(mean set by the offered rate) before each click. A 10 ms ticker measures event-loop lag.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.figures import Figure, percentile
from bot.coalesce import Coalescer
from bot.errors import UserError
from bot.listener import TableChange
from bot.service import TableService
from bot.settings import Settings
from bot.storage import open_storage
from cogs.media import hand_picture, table_picture
from engines import REGISTRY
from engines.core import Engine, policy_for

SECTION = "act"
P50_BUDGET_MS = 25.0
P99_BUDGET_MS = 120.0
RATE_BUDGET = 150.0
LAG_BUDGET_MS = 30.0
TICK = 0.01


@dataclass
class Tally:
    """What the run measured."""

    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    renders: list[float] = field(default_factory=list)
    refused: int = 0
    games: int = 0


class BenchPresenter:
    """The Discord presenter's path from a saved change to a requested table edit, minus Discord."""

    def __init__(self, service: TableService, tally: Tally, interval: float) -> None:
        self.service = service
        self.tally = tally
        self.edits: Coalescer[int] = Coalescer(self.refresh, interval)
        self.shown: dict[int, int] = {}  # table -> the newest state version an edit was requested for
        self._shown_changed: dict[int, asyncio.Event] = {}
        self._order: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[object]] = set()

    async def on_change(self, change: TableChange) -> None:
        lock = self._order.setdefault(change.table_id, asyncio.Lock())
        self.spawn(self._in_order(lock, change))

    def spawn(self, work: Coroutine[Any, Any, object]) -> None:
        """Run presentation work in the background, as the Discord layer does."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _in_order(self, lock: asyncio.Lock, change: TableChange) -> None:
        async with lock:
            try:
                live = await self.service.get(change.table_id)
            except UserError:
                return
            self.edits.request(change.table_id)
            if live.state is not None:
                self.shown[change.table_id] = max(self.shown.get(change.table_id, -1), live.state.version)
                self._shown_changed.setdefault(change.table_id, asyncio.Event()).set()
            for ref in change.opened:
                await self.service.storage.user_settings(ref.user_id)

    async def until_shown(self, table_id: int, version: int) -> None:
        """Wait until an edit was requested for this version of the table (or a newer one)."""
        while self.shown.get(table_id, -1) < version:
            event = self._shown_changed.setdefault(table_id, asyncio.Event())
            event.clear()
            await event.wait()

    async def refresh(self, table_id: int) -> None:
        """One coalesced edit: draw the table in the render pool (the upload itself is Discord's time)."""
        live = await self.service.get(table_id)
        started = time.perf_counter()
        await table_picture(live)
        self.tally.renders.append((time.perf_counter() - started) * 1000)


def table_plans() -> list[tuple[str, str, int]]:
    """(game, mode, seats) for every mode with room for AI seats beside one person."""
    plans = []
    for game_id, engine in sorted(REGISTRY.items()):
        for mode in engine.meta.modes:
            seats = max(2, mode.seats.start)
            if seats in mode.seats:
                plans.append((game_id, mode.id, seats))
    return plans


async def open_table(service: TableService, plan: tuple[str, str, int], place: int, user: int) -> int:
    game, mode, seats = plan
    live = await service.create_lobby(
        guild_id=1,
        channel_id=place,
        thread_id=None,
        host_id=user,
        host_name=f"Player {user}",
        game=game,
        mode=mode,
    )
    for _ in range(seats - 1):
        await service.add_ai(live.id, user)
    await service.start(live.id, user)
    return live.id


async def player(
    service: TableService,
    presenter: BenchPresenter,
    tally: Tally,
    plan: tuple[str, str, int],
    place: int,
    think: float,
    until: float,
    measure_from: float,
) -> None:
    """One person at one table: think, click, wait for the table edit; a new game when one ends."""
    rng = random.Random(place)
    user = 1_000_000 + place
    engine: Engine[Any] = REGISTRY[plan[0]]
    policy = policy_for(engine, place)
    table_id = await open_table(service, plan, place, user)
    while time.perf_counter() < until:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        live = await service.get(table_id)
        if live.record.status != "active":
            tally.games += 1
            table_id = await open_table(service, plan, place, user)
            continue
        mine = [d for d in engine.decisions(live.state) if d.seat == live.seat_of(user)]
        if not mine:
            continue
        decision = mine[0]
        choice = list(policy.choose(engine, live.state, decision))
        started = time.perf_counter()
        try:
            after = await service.act(table_id, user, live.state.version, decision.key, choice)
        except UserError:
            tally.refused += 1
            continue
        seat = after.seat_of(user)
        if seat is not None and after.state is not None:
            presenter.spawn(hand_picture(after, seat))  # the clicker's refreshed panel
            await presenter.until_shown(table_id, after.state.version)
        if started >= measure_from:
            tally.latencies.append((time.perf_counter() - started) * 1000)


async def ticker(tally: Tally, until: float, measure_from: float) -> None:
    """How late a 10 ms timer wakes up: the event loop's responsiveness."""
    while time.perf_counter() < until:
        expected = time.perf_counter() + TICK
        await asyncio.sleep(TICK)
        if expected >= measure_from:
            tally.lags.append(max(0.0, (time.perf_counter() - expected) * 1000))


async def run_load(tables: int, rate: float, seconds: float, warmup: float, folder: Path) -> Tally:
    """Play `tables` tables at `rate` offered clicks per second in all; measure after the warm-up."""
    storage = open_storage(f"sqlite:///{folder / 'load.db'}")
    await storage.open()
    service = TableService(storage, REGISTRY, default_turn_timer=600.0)
    tally = Tally()
    presenter = BenchPresenter(service, tally, Settings().table_edit_interval)
    service.listener = presenter
    plans = table_plans()
    start = time.perf_counter()
    measure_from = start + warmup
    until = measure_from + seconds
    think = tables / rate
    try:
        jobs: Sequence[asyncio.Future[None]] = [
            asyncio.ensure_future(
                player(
                    service, presenter, tally, plans[i % len(plans)], 10_000 + i, think, until, measure_from
                )
            )
            for i in range(tables)
        ]
        await asyncio.gather(ticker(tally, until, measure_from), *jobs)
    finally:
        service.close()
        await storage.close()
    return tally


def action_latency(quick: bool) -> list[Figure]:
    """Latency, throughput and loop lag with many tables playing at once."""
    tables, seconds, warmup = (20, 3.0, 1.0) if quick else (200, 30.0, 8.0)
    rate = 20.0 if quick else 170.0
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        tally = asyncio.run(run_load(tables, rate, seconds, warmup, Path(folder)))
    done = len(tally.latencies)
    return [
        Figure(
            SECTION,
            f"act -> edit requested p50 ({tables} tables)",
            percentile(tally.latencies, 50),
            "ms",
            P50_BUDGET_MS,
        ),
        Figure(
            SECTION,
            f"act -> edit requested p99 ({tables} tables)",
            percentile(tally.latencies, 99),
            "ms",
            P99_BUDGET_MS,
        ),
        Figure(
            SECTION,
            f"actions per second ({tables} tables)",
            done / seconds,
            "actions/s",
            RATE_BUDGET if not quick else None,
            at_most=False,
        ),
        Figure(SECTION, "event-loop lag p99", percentile(tally.lags, 99), "ms", LAG_BUDGET_MS),
        Figure(SECTION, "table image under load p50 (queue + draw)", percentile(tally.renders, 50), "ms"),
        Figure(SECTION, "table image under load p95 (queue + draw)", percentile(tally.renders, 95), "ms"),
        Figure(
            SECTION, "table images rendered per second", len(tally.renders) / (seconds + warmup), "images/s"
        ),
        Figure(SECTION, "refused clicks", float(tally.refused), "clicks"),
    ]
