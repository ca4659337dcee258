"""A window into a running bot (off unless METRICS_PORT is set): `/metrics` in Prometheus's text
format and `/healthz` for container health checks, served by aiohttp on the bot's own event loop.

What is measured: the act latency (a click to its saved move), database operation latency by
transaction kind, the image queue (depth, wait, images drawn, workers restarted), the tables live
here, the gateway latency and the errors logged. docs/operations.md says what to watch.
Each bot has a registry of its own (tests run several bots in one process).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.render_pool import RenderPool

if TYPE_CHECKING:
    from bot.app import SuperTableBot
    from bot.service import TableService

T = TypeVar("T")
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
DATABASE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class RenderCollector(Collector):
    """The render pool's own counts, read at each scrape."""

    def __init__(self, pool: RenderPool) -> None:
        self.pool = pool

    def collect(self) -> Iterator[Metric]:
        stats = self.pool.stats
        yield CounterMetricFamily("supertable_images_drawn", "Table and hand images drawn", stats.images)
        yield GaugeMetricFamily(
            "supertable_image_queue_depth", "Images waiting for a worker", self.pool.queued
        )
        waits = sorted(stats.wait_ms)
        wait = GaugeMetricFamily(
            "supertable_image_wait_seconds", "Time images waited for a worker, recent", labels=["quantile"]
        )
        for quantile in (0.5, 0.95):
            value = waits[min(len(waits) - 1, int(quantile * len(waits)))] / 1000 if waits else 0.0
            wait.add_metric([str(quantile)], value)
        yield wait
        yield CounterMetricFamily(
            "supertable_render_worker_restarts", "Render workers replaced", stats.restarts
        )


class ErrorCounter(logging.Handler):
    """Counts log records at ERROR and above, by logger."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter.labels(record.name).inc()


class Metrics:
    """The bot's metrics and the instruments that feed them."""

    def __init__(self, bot: SuperTableBot) -> None:
        self.registry = CollectorRegistry()
        self.act = Histogram(
            "supertable_act_seconds",
            "A click to its saved move",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.database = Histogram(
            "supertable_database_operation_seconds",
            "One storage operation, by transaction kind",
            ["mode"],
            buckets=DATABASE_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "supertable_errors", "Errors logged, by logger", ["logger"], registry=self.registry
        )
        gauges = {
            "supertable_gateway_latency_seconds": (
                "Discord gateway heartbeat latency",
                lambda: _latency(bot),
            ),
            "supertable_tables_live": ("Lobbies and games with a deadline armed here", lambda: _live(bot)),
            "supertable_tables_cached": ("Tables decoded in memory", lambda: _cached(bot)),
        }
        for name, (what, read) in gauges.items():
            Gauge(name, what, registry=self.registry).set_function(read)
        self.registry.register(RenderCollector(bot.render_pool))
        self._handler = ErrorCounter(self.errors)

    def instrument(self, service: TableService) -> None:
        """Time the service's clicks and its storage's operations; count errors logged."""
        service.act = _timed(service.act, lambda: self.act)  # type: ignore[method-assign,assignment]
        run = service.storage._run  # type: ignore[attr-defined]

        async def timed_run(plan: Any, mode: Any) -> Any:
            started = time.perf_counter()
            try:
                return await run(plan, mode)
            finally:
                self.database.labels(mode.value).observe(time.perf_counter() - started)

        service.storage._run = timed_run  # type: ignore[attr-defined]
        logging.getLogger().addHandler(self._handler)

    def close(self) -> None:
        logging.getLogger().removeHandler(self._handler)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def _latency(bot: SuperTableBot) -> float:
    """Seconds of the gateway's heartbeat round trip (-1 before the first)."""
    return bot.latency if math.isfinite(bot.latency) else -1.0


def _live(bot: SuperTableBot) -> float:
    service = getattr(bot, "service", None)
    return float(len(service.scheduler)) if service is not None else 0.0


def _cached(bot: SuperTableBot) -> float:
    service = getattr(bot, "service", None)
    return float(service.cached_tables) if service is not None else 0.0


def _timed(
    work: Callable[..., Awaitable[T]], histogram: Callable[[], Histogram]
) -> Callable[..., Awaitable[T]]:
    async def timed(*args: Any, **kwargs: Any) -> T:
        started = time.perf_counter()
        try:
            return await work(*args, **kwargs)
        finally:
            histogram().observe(time.perf_counter() - started)

    return timed


class MetricsServer:
    """`/metrics` and `/healthz` over HTTP on the bot's event loop."""

    def __init__(self, bot: SuperTableBot, metrics: Metrics) -> None:
        self.bot = bot
        self.metrics = metrics
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> None:
        """Listen on host:port (port 0: any free port, then in `self.port`)."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._health)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        self._runner = runner
        server = site._server  # aiohttp keeps the listening sockets there
        sockets = getattr(server, "sockets", None) or ()
        self.port = int(sockets[0].getsockname()[1]) if sockets else port

    async def close(self) -> None:
        self.metrics.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, _request: web.Request) -> web.Response:
        return web.Response(body=self.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE})

    async def _health(self, _request: web.Request) -> web.Response:
        """200 while connected to Discord with storage open; 503 saying what is missing."""
        service = getattr(self.bot, "service", None)
        if self.bot.is_closed():
            return web.Response(status=503, text="stopping\n")
        if service is None:
            return web.Response(status=503, text="starting\n")
        if not self.bot.is_ready():
            return web.Response(status=503, text="not connected to Discord\n")
        return web.Response(text="ok\n")


async def start_metrics(bot: SuperTableBot, host: str, port: int) -> MetricsServer:
    """Serve the bot's metrics and health (its service must exist)."""
    metrics = Metrics(bot)
    metrics.instrument(bot.service)
    server = MetricsServer(bot, metrics)
    await server.start(host, port)
    return server
