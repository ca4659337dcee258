"""Memory: resident bytes per idle active table once many are loaded into the cache.

Measured in a fresh process: open the database and resume (nothing decoded), settle, read the
RSS; then load every table as a click would, settle, read it again. The difference divided by
the number of tables is what each idle table costs the bot.
"""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import tempfile
from pathlib import Path

from bench.figures import Figure
from bench.process import rss_bytes, run_child
from bench.tables import seed_tables
from bot.service import TableService
from bot.storage import open_storage
from engines import REGISTRY

SECTION = "memory"
PER_TABLE_BUDGET_KB = 200.0


async def _measure(path: Path, count: int) -> dict[str, float]:
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    service = TableService(storage, REGISTRY, cache_size=max(count, 1))
    try:
        rows = await storage.live_tables()
        await service.resume_all()
        await service.get(rows[0].id)  # the first load warms up lazily built module data
        gc.collect()
        before = rss_bytes()
        for row in rows:
            await service.get(row.id)
        gc.collect()
        after = rss_bytes()
        return {"tables": service.cached_tables, "before": before, "after": after}
    finally:
        service.close()
        await storage.close()


def memory_per_table(quick: bool) -> list[Figure]:
    """KB of RSS per idle loaded table, from a child process."""
    count = 200 if quick else 2000
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        path = Path(folder) / "memory.db"
        asyncio.run(seed_tables(path, count))
        result = run_child("bench.memory", str(path), str(count))
    per_table = (result["after"] - result["before"]) / result["tables"] / 1024
    return [
        Figure(
            SECTION,
            f"RSS per idle table ({int(result['tables'])} loaded)",
            per_table,
            "KB",
            PER_TABLE_BUDGET_KB,
        ),
        Figure(SECTION, "RSS of the bot before loading them", result["before"] / 2**20, "MiB"),
    ]


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_measure(Path(sys.argv[1]), int(sys.argv[2])))))
