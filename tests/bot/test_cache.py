"""The table cache: bounded memory, busy tables kept, evicted tables reload from storage."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cache import TableCache
from bot.service import TableService
from bot.storage import open_storage
from tests.bot.service_kit import OPEN, REGISTRY, FakeClock, Recorder, open_lobby, started_table


def test_the_least_recently_used_idle_table_is_dropped_first() -> None:
    busy: set[int] = set()
    cache: TableCache[str] = TableCache(2, busy=busy.__contains__)
    cache.add(1, "one")
    cache.add(2, "two")
    assert cache.get(1) == "one"  # 1 is now the most recently used
    cache.add(3, "three")
    assert 2 not in cache and 1 in cache and 3 in cache


def test_a_busy_table_is_never_dropped_even_past_the_size() -> None:
    busy = {1, 2}
    cache: TableCache[str] = TableCache(1, busy=busy.__contains__)
    cache.add(1, "one")
    cache.add(2, "two")
    assert len(cache) == 2, "both are busy: dropping either could lose an unsaved change"
    busy.clear()
    cache.add(3, "three")
    assert len(cache) == 1 and 3 in cache


def test_a_load_that_lost_a_race_keeps_the_cached_table() -> None:
    cache: TableCache[str] = TableCache(4, busy=lambda _: False)
    cache.add(1, "first")
    assert cache.add(1, "second") == "first"
    cache.put(1, "new lobby")
    assert cache.get(1) == "new lobby"
    with pytest.raises(ValueError, match="at least one"):
        TableCache(0, busy=lambda _: False)


async def small_service(path: Path, size: int) -> TableService:
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(storage, REGISTRY, clock=FakeClock(), listener=Recorder(), cache_size=size)
    OPEN.append(service)
    return service


async def test_evicted_tables_reload_and_play_on(tmp_path: Path) -> None:
    service = await small_service(tmp_path / "db", size=2)
    tables = []
    for channel in (10, 11, 12):
        live = await open_lobby(service, channel=channel)
        await service.add_ai(live.id, 100)
        await service.start(live.id, 100)
        tables.append(live.id)
    assert len(service._live) == 2 and tables[0] not in service._live
    first = await service.get(tables[0])  # reloaded from storage
    assert first.record.status == "active" and first.state is not None
    version = first.state.version
    await service.act(tables[0], 100, version, "swap", [])
    assert (await service.get(tables[0])).state.version > version


async def test_a_table_being_changed_is_not_evicted_by_other_loads(tmp_path: Path) -> None:
    service = await small_service(tmp_path / "db", size=1)
    held = await started_table(service, humans=1, ai=1)
    async with service._lock(held):
        live = await service.get(held)
        second = await open_lobby(service, channel=99, host=300)
        await service.get(second.id)
        assert await service.get(held) is live, "the busy table stayed cached"
