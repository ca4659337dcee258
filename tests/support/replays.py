"""The replay check every test that finishes games runs at its end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.replays import load_replay
from bot.storage.base import Storage
from engines.core import Engine


async def assert_replays_reproduce(storage: Storage, registry: Mapping[str, Engine[Any]]) -> None:
    """Every finished game replays, from its seed and action log, to its stored state byte for byte."""
    for table_id in await storage.finished_tables():
        if not await storage.actions(table_id):
            continue  # a result written straight into storage by a records test, never played
        story = await load_replay(storage, registry, table_id)
        assert story.engine.encode(story.state) == story.record.state, f"game {table_id} replays differently"
