"""The bot in cluster mode on simulated Discord: a change made by another process (a click that
arrived on another shard) reaches this bot as a notice, and it edits the table message it owns (and
only while it owns it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot import Settings
from bot.cluster import Cluster, ClusterTimings
from bot.cluster import join as join_cluster
from bot.service import TableService
from bot.storage.postgres import PostgresStorage
from cogs.presenter import TablePresenter
from tests.bot.backends import Backend, backend_database
from tests.cogs.test_full_game import start_game
from tests.cogs.test_table_delivery import newest_table_texts, table_texts
from tests.cogs.world import make_world, table_id_of


@pytest_asyncio.fixture
async def pg(tmp_path: Path) -> AsyncIterator[Backend]:
    async with backend_database("postgresql", tmp_path) as found:
        yield found


@pytest_asyncio.fixture
async def settings(pg: Backend) -> Settings:
    """The bot on the PostgreSQL schema: cluster mode."""
    return Settings(
        token=None,
        database_url=pg.url,
        table_edit_interval=0.01,
        console_edit_interval=0.01,
        thread_archive_after=600.0,
        render_workers=0,
    )


async def test_a_change_made_in_another_process_is_shown_by_the_message_owner(simcord_env, pg) -> None:
    world = make_world(simcord_env)
    assert world.bot.cluster is not None, "PostgreSQL runs the bot in cluster mode"
    thread, table = await start_game(world)
    table_id = table_id_of(table)
    await simcord_env.settle()
    assert world.bot.cluster.owns_message(table_id)

    storage = pg.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    # the bot's heartbeats follow SimCord's virtual clock: for the other process it never goes unseen
    patient = ClusterTimings(process_timeout=86_400.0)
    other = TableService(storage, world.bot.registry, coordinator=Cluster(storage, timings=patient))
    assert isinstance(other.coordinator, Cluster)
    await join_cluster(other.coordinator, other)
    try:
        live = await other.get(table_id)
        await other.act(table_id, world.bob.id, live.state.version, "swap", [])
        assert not await other.coordinator.edits_message(table_id), "the bot here owns the message"
        for _ in range(200):
            await asyncio.sleep(0.01)  # a notice from the other process arrives
            await simcord_env.settle()
            if table_texts(world.table_message(thread)) == await newest_table_texts(world, table_id):
                break
        assert table_texts(world.table_message(thread)) == await newest_table_texts(world, table_id)
        assert "-# bob kept their hand." in table_texts(world.table_message(thread))
    finally:
        await other.coordinator.leave()
        other.close()
        await storage.close()


async def test_a_process_that_lost_the_message_while_drawing_does_not_edit_it(simcord_env, pg) -> None:
    """Paused between checking that it owns the table message and editing it (its heartbeats
    lapsed, so another process may have adopted the table meanwhile), the bot sends no edit."""
    world = make_world(simcord_env)
    cluster = world.bot.cluster
    assert cluster is not None
    thread, table = await start_game(world)
    table_id = table_id_of(table)
    await simcord_env.settle()
    assert cluster.owns_message(table_id)
    shown = table_texts(world.table_message(thread))
    presenter = world.bot.service.listener
    assert isinstance(presenter, TablePresenter)
    drawn = presenter.message_fields

    async def paused_while_drawing(*args: Any) -> Callable[[], dict[str, Any]]:
        fields = await drawn(*args)
        cluster._last_beat -= cluster.timings.process_timeout  # no heartbeat for that long
        return fields

    presenter.message_fields = paused_while_drawing  # type: ignore[method-assign]
    live = await world.bot.service.get(table_id)
    await world.bot.service.act(table_id, world.bob.id, live.state.version, "swap", [])
    await simcord_env.settle()
    assert "-# bob kept their hand." in await newest_table_texts(world, table_id)
    assert table_texts(world.table_message(thread)) == shown, "no edit from a process that may not own it"
