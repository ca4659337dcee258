"""Action latency under load: many tables played at once, each by one person and AI seats.

The real TableService on a SQLite file (WAL), with a presenter that does what the Discord one
does after each saved change: a task per change, in order per table, that loads the table,
requests the coalesced table edit and reads the settings of each player whose turn opened (to
choose between a DM and a ping); each coalesced run renders the table image in the bot's render
pool (worker processes, most urgent first). Act latency is from calling `act` to the edit request
for the state it produced; the table image's delay is from calling `act` to the rendered table
image that shows that state (or a newer one), coalescing interval included: what players wait
to see. As on Discord, the clicking player's hand panel is redrawn in the render pool too. Each
person thinks a random while (mean set by the offered rate) before each click. A 10 ms ticker
measures event-loop lag.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.figures import Figure, percentile
from bot.cluster import Cluster, join
from bot.coalesce import Coalescer
from bot.errors import UserError
from bot.listener import TableChange
from bot.render_pool import RenderPool, Urgency
from bot.service import TableService
from bot.settings import Settings
from bot.storage import open_storage
from bot.storage.postgres import PostgresStorage
from cogs.media import hand_picture, table_picture
from engines import REGISTRY
from engines.core import Engine, policy_for

SECTION = "act"
P50_BUDGET_MS = 25.0
P99_BUDGET_MS = 40.0
IMAGE_P50_BUDGET_MS = 1_600.0
IMAGE_P95_BUDGET_MS = 2_500.0
IMAGES_BUDGET = 100.0
RATE_BUDGET = 150.0
LAG_BUDGET_MS = 30.0
TICK = 0.01


@dataclass
class Tally:
    """What the run measured."""

    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    shown_after: list[float] = field(default_factory=list)  # act -> table image of that state, ms
    table_images: int = 0
    table_images_measured: int = 0
    images: int = 0  # tables and hands rendered after the warm-up
    refused: int = 0
    games: int = 0


class BenchPresenter:
    """The Discord presenter's path from a saved change to a requested table edit, minus Discord."""

    def __init__(self, service: TableService, pool: RenderPool, tally: Tally, interval: float) -> None:
        self.service = service
        self.pool = pool
        self.tally = tally
        self.edits: Coalescer[int] = Coalescer(self.refresh, interval)
        self.waiting: dict[int, list[tuple[int, float, bool]]] = {}  # table -> (version, act time, measured)
        self.clicked: set[int] = set()
        self.measure_from = float("inf")
        self.shown: dict[int, int] = {}  # table -> the newest state version an edit was requested for
        self._shown_changed: dict[int, asyncio.Event] = {}
        self._order: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[object]] = set()
        self.closed = False

    async def on_change(self, change: TableChange) -> None:
        if self.closed:  # a change finishing during the teardown: storage is closing
            return
        if change.kind == "remote":  # another process changed one of its tables: its owner shows it
            if self.service.coordinator.owns_message(change.table_id):
                self.edits.request(change.table_id)
            return
        lock = self._order.setdefault(change.table_id, asyncio.Lock())
        self.spawn(self._in_order(lock, change))

    async def close(self) -> None:
        """Stop the edits and presentation work still pending (the bench ends its tables itself)."""
        self.closed = True
        await self.edits.close(0.0)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def spawn(self, work: Coroutine[Any, Any, object]) -> None:
        """Run presentation work in the background, as the Discord layer does."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _in_order(self, lock: asyncio.Lock, change: TableChange) -> None:
        if change.by_person:
            self.clicked.add(change.table_id)
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

    def expect(self, table_id: int, version: int, acted_at: float, measured: bool) -> None:
        """A click produced this version: time until a table image shows it."""
        self.waiting.setdefault(table_id, []).append((version, acted_at, measured))

    async def refresh(self, table_id: int) -> None:
        """One coalesced edit: draw the table in the render pool (the upload itself is Discord's time)."""
        if not await self.service.coordinator.edits_message(table_id):
            return
        live = await self.service.get(table_id)
        urgency = Urgency.CLICKED if table_id in self.clicked else Urgency.BACKGROUND
        self.clicked.discard(table_id)
        version = (await table_picture(self.pool, live, urgency)).version
        self.tally.table_images += 1
        now = time.perf_counter()
        if now >= self.measure_from:
            self.tally.table_images_measured += 1
        pending = self.waiting.get(table_id, [])
        for wanted, acted_at, measured in pending:
            if wanted <= version and measured:
                self.tally.shown_after.append((now - acted_at) * 1000)
        self.waiting[table_id] = [entry for entry in pending if entry[0] > version]


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
        guild_id=place,  # a server per table: the load is many servers' tables, not one server's 200
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
            presenter.expect(table_id, after.state.version, started, started >= measure_from)
            presenter.spawn(hand_picture(presenter.pool, after, seat))  # the clicker's refreshed panel
            await presenter.until_shown(table_id, after.state.version)
        if started >= measure_from:
            tally.latencies.append((time.perf_counter() - started) * 1000)


async def count_images(tally: Tally, pool: RenderPool, until: float, measure_from: float) -> None:
    """Images (tables and hands) the pool finished between the end of the warm-up and the end."""
    await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
    before = pool.stats.images
    await asyncio.sleep(max(0.0, until - time.perf_counter()))
    tally.images = pool.stats.images - before


async def ticker(tally: Tally, until: float, measure_from: float) -> None:
    """How late a 10 ms timer wakes up: the event loop's responsiveness."""
    while time.perf_counter() < until:
        expected = time.perf_counter() + TICK
        await asyncio.sleep(TICK)
        if expected >= measure_from:
            tally.lags.append(max(0.0, (time.perf_counter() - expected) * 1000))


async def run_load(
    tables: int,
    rate: float,
    seconds: float,
    warmup: float,
    database_url: str,
    *,
    first_place: int = 10_000,
    cluster: bool = False,
    warmed: Callable[[], None] = lambda: None,
) -> tuple[Tally, RenderPool]:
    """Play `tables` tables at `rate` offered clicks per second in all on the database the URL names
    (empty), in channels numbered from `first_place`; measure after the warm-up. With `cluster`
    (PostgreSQL) this process joins the cluster of processes on the database, as the bot does.
    `warmed()` is called once the render workers are warm, before the load starts."""
    storage = open_storage(database_url)
    await storage.open()
    coordinator = Cluster(storage) if cluster and isinstance(storage, PostgresStorage) else None
    service = TableService(storage, REGISTRY, default_turn_timer=600.0, coordinator=coordinator)
    if coordinator is not None:
        await join(coordinator, service)
    tally = Tally()
    settings = Settings.from_env({})
    pool = RenderPool(settings.render_workers)
    await pool.warmed()
    warmed()
    presenter = BenchPresenter(service, pool, tally, settings.table_edit_interval)
    service.listener = presenter
    plans = table_plans()
    start = time.perf_counter()
    measure_from = start + warmup
    presenter.measure_from = measure_from
    until = measure_from + seconds
    think = tables / rate
    try:
        jobs: Sequence[asyncio.Future[None]] = [
            asyncio.ensure_future(
                player(
                    service,
                    presenter,
                    tally,
                    plans[i % len(plans)],
                    first_place + i,
                    think,
                    until,
                    measure_from,
                )
            )
            for i in range(tables)
        ]
        await asyncio.gather(
            ticker(tally, until, measure_from), count_images(tally, pool, until, measure_from), *jobs
        )
    finally:
        if coordinator is not None:  # no more notices from the other processes
            await coordinator.quiet()
        service.close()
        await presenter.close()
        if coordinator is not None:
            await coordinator.leave()
        await storage.close()
        await pool.close()
    return tally, pool


def load_shape(quick: bool) -> tuple[int, float, float, float]:
    """Tables, offered clicks per second, measured seconds and warm-up seconds of a load run."""
    return (20, 20.0, 3.0, 1.0) if quick else (200, 170.0, 30.0, 8.0)


def action_latency(quick: bool) -> list[Figure]:
    """Latency, throughput, loop lag and table images with many tables playing at once."""
    tables, rate, seconds, warmup = load_shape(quick)
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'load.db'}"
        tally, pool = asyncio.run(run_load(tables, rate, seconds, warmup, url))
    done = len(tally.latencies)

    def figure(name: str, value: float, unit: str, limit: float | None = None, most: bool = True) -> Figure:
        return Figure(SECTION, name, value, unit, limit, at_most=most)

    stats = pool.stats
    # no table image arrived within the measured window: the delay is at least the window
    shown_after = tally.shown_after or [seconds * 1000]
    act = f"act -> edit requested p%d ({tables} tables)"
    shown = "table image under load p%d (act -> image of that state)"
    return [
        figure(act % 50, percentile(tally.latencies, 50), "ms", P50_BUDGET_MS),
        figure(act % 99, percentile(tally.latencies, 99), "ms", P99_BUDGET_MS),
        figure(f"actions per second ({tables} tables)", done / seconds, "actions/s", RATE_BUDGET, False),
        figure("event-loop lag p99", percentile(tally.lags, 99), "ms", LAG_BUDGET_MS),
        figure(shown % 50, percentile(shown_after, 50), "ms", IMAGE_P50_BUDGET_MS),
        figure(shown % 95, percentile(shown_after, 95), "ms", IMAGE_P95_BUDGET_MS),
        figure("images rendered per second (tables and hands)", tally.images / seconds, "images/s",
               IMAGES_BUDGET, False),
        figure("table images rendered per second", tally.table_images_measured / seconds, "images/s"),
        figure("image queue wait p95", percentile(stats.wait_ms or [0.0], 95), "ms"),
        figure("deepest image queue", float(stats.deepest_queue), "images"),
        figure("images not drawn again (same view)", float(stats.reused), "images"),
        figure("image draw p50 (in a worker)", percentile(stats.draw_ms or [0.0], 50), "ms"),
        figure("image quantise p50 (in a worker)", percentile(stats.quantise_ms or [0.0], 50), "ms"),
        figure("image PNG write p50 (in a worker)", percentile(stats.encode_ms or [0.0], 50), "ms"),
        figure("image transfer + hand-over p50", percentile(stats.overhead_ms or [0.0], 50), "ms"),
        figure("refused clicks", float(tally.refused), "clicks"),
    ]  # fmt: skip
