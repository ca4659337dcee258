"""With the real coalescing interval, the table message never trails someone who plays fast by more
than the interval and one edit, however many pings and panels go out meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import Settings
from engines.superhot.ai import SuperhotAI
from tests.cogs.test_table_delivery import newest_table_texts, solo_superhot, table_texts
from tests.cogs.world import answer_panel, custom_ids, open_hand

INTERVAL = 1.5  # TABLE_EDIT_INTERVAL's default


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        token=None,
        database_url=f"sqlite:///{tmp_path / 'supertable.db'}",
        table_edit_interval=INTERVAL,
        console_edit_interval=0.01,
        render_workers=0,
    )


async def test_the_table_keeps_up_with_fast_play(simcord_env) -> None:
    world, thread, table_id = await solo_superhot(simcord_env)
    brain = SuperhotAI()
    panel = None
    for _ in range(10):
        live = await world.bot.service.get(table_id)
        decision = next(d for d in live.decisions() if d.seat == 0)
        if panel is None or f":{live.state.version}:" not in " ".join(custom_ids(panel)):
            panel = await open_hand(world.alice, world.table_message(thread))
        choice = list(brain.choose(live.engine, live.state, decision))
        panel = await answer_panel(world.alice, panel, decision.key, choice)
        await simcord_env.advance_time(INTERVAL)
        assert table_texts(world.table_message(thread)) == await newest_table_texts(world, table_id)
