"""A TableService on a SQLite file with a controllable clock, for tests without Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.listener import TableChange
from bot.live import LiveTable
from bot.service import TableService
from bot.storage import open_storage
from engines.core import Engine
from tests.support.highcard import HighCard
from tests.support.replays import assert_replays_reproduce

REGISTRY = {"highcard": HighCard()}


@dataclass
class FakeClock:
    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Recorder:
    changes: list[TableChange] = field(default_factory=list)

    async def on_change(self, change: TableChange) -> None:
        self.changes.append(change)

    async def close(self) -> None:
        """Nothing is pending: changes are only recorded."""


OPEN: list[TableService] = []


async def make_service(path: Path, clock: FakeClock | None = None, timer: float = 600.0) -> TableService:
    """A service on a SQLite file; closed after the test by the `close_services` fixture."""
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(
        storage, REGISTRY, clock=clock or FakeClock(), default_turn_timer=timer, listener=Recorder()
    )
    OPEN.append(service)
    return service


async def close_all() -> None:
    """Close every service opened by a test."""
    while OPEN:
        service = OPEN.pop()
        if getattr(service.storage, "_conn", None) is not None:  # some tests close theirs early
            await assert_replays_reproduce(service.storage, service.registry)
        service.close()
        await service.storage.close()


async def open_lobby(
    service: TableService,
    *,
    channel: int = 10,
    thread: int | None = None,
    host: int = 100,
    game: str = "highcard",
    mode: str = "classic",
) -> LiveTable:
    """A lobby hosted by user `host` ("Host")."""
    return await service.create_lobby(
        guild_id=1, channel_id=channel, thread_id=thread, host_id=host, host_name="Host", game=game, mode=mode
    )


async def started_table(service: TableService, humans: int = 2, ai: int = 1, mode: str = "classic") -> int:
    live = await open_lobby(service, mode=mode)
    for i in range(1, humans):
        await service.join(live.id, 100 + i, f"P{i}")
    for _ in range(ai):
        await service.add_ai(live.id, 100)
    await service.start(live.id, 100)
    return live.id


@asynccontextmanager
async def one_game_service(
    path: Path, game: str, engine: Engine[Any], seed: int
) -> AsyncIterator[TableService]:
    """A service for one game on a fake clock, dealing every game with `seed`."""
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(storage, {game: engine}, clock=FakeClock(), listener=Recorder())
    service.new_seed = lambda: seed  # type: ignore[method-assign]
    try:
        yield service
    finally:
        service.close()
        await storage.close()


def clock_of(service: TableService) -> FakeClock:
    """The fake clock a kit service runs on."""
    assert isinstance(service.clock, FakeClock)
    return service.clock
