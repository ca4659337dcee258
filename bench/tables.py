"""Stored tables for the memory and start-up figures: real mid-game tables, copied many times."""

from __future__ import annotations

import random
import time
from pathlib import Path

import msgspec

from bench.load import open_table, table_plans
from bot.errors import UserError
from bot.service import TableService
from bot.storage import open_storage
from bot.storage.records import TableRecord
from engines import REGISTRY
from engines.core import policy_for

TEMPLATES = 24
OVERDUE_EVERY = 10


async def _mid_game_records(service: TableService) -> list[TableRecord]:
    """Real tables played part of the way by one person and the AI, across every plan."""
    plans = table_plans()
    records = []
    for index in range(TEMPLATES):
        plan = plans[index % len(plans)]
        user = 2_000_000 + index
        table_id = await open_table(service, plan, 900_000 + index, user)
        engine = REGISTRY[plan[0]]
        policy = policy_for(engine, index)
        for _ in range(random.Random(index).randrange(2, 12)):
            live = await service.get(table_id)
            mine = [d for d in engine.decisions(live.state) if d.seat == live.seat_of(user)]
            if live.record.status != "active" or not mine:
                break
            choice = list(policy.choose(engine, live.state, mine[0]))
            try:
                await service.act(table_id, user, live.state.version, mine[0].key, choice)
            except UserError:
                break
        live = await service.get(table_id)
        if live.record.status == "active":
            records.append(live.record)
    return records


async def seed_tables(path: Path, count: int) -> None:
    """Store `count` active tables, each in its own channel; one in OVERDUE_EVERY has a deadline
    that passed (as after downtime), the others one in the next ten minutes."""
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(storage, REGISTRY, default_turn_timer=600.0)
    try:
        templates = await _mid_game_records(service)
        now = time.time()
        rng = random.Random(count)
        for index in range(count):
            template = templates[index % len(templates)]
            overdue = index % OVERDUE_EVERY == 0  # the bot was down while their timers ran out
            copy = msgspec.structs.replace(
                template,
                id=0,
                rev=0,
                channel_id=5_000_000 + index,
                thread_id=None,
                deadline=now - rng.uniform(1, 600) if overdue else now + rng.uniform(60, 600),
                seats=[msgspec.structs.replace(seat) for seat in template.seats],
            )
            await storage.create_table(copy)
    finally:
        service.close()
        await storage.close()
