"""Start-up: from launching a fresh process to ready to serve, with many active tables stored.

Ready means what the bot does before it can answer a click: start its render workers (they
spawn and warm up in the background, competing for the CPU), import everything, open the database
(migrations checked), build the TableService and re-arm every stored deadline. Tables are decoded
lazily, on first use, so this does not grow with the games' sizes. When the render workers are
warm is reported beside it. Connecting to Discord and syncing commands are network time and are
not included.
"""

from __future__ import annotations

import time

SPAWNED_AT = "BENCH_SPAWNED_AT"
_STARTED = time.time()

import asyncio  # noqa: E402  (imports are part of what is measured)
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import cogs  # noqa: E402, F401  (the Discord layer is loaded at start-up too)
from bench.figures import Figure  # noqa: E402
from bench.process import run_child  # noqa: E402
from bench.tables import seed_tables  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service import TableService  # noqa: E402
from bot.storage import open_storage  # noqa: E402
from engines import REGISTRY  # noqa: E402

SECTION = "startup"
READY_BUDGET_S = 3.0


async def _start(path: Path) -> dict[str, float]:
    imported = time.time()
    pool = RenderPool()
    pool.start()  # as the bot's setup_hook does, before anything else
    storage = open_storage(f"sqlite:///{path}")
    await storage.open()
    opened = time.time()
    rows = await storage.live_tables()  # for the check below: not part of the start-up
    resuming = time.time()
    service = TableService(storage, REGISTRY)
    await service.resume_all()
    ready = opened + (time.time() - resuming)
    armed = sum(
        service.scheduler.armed(row.id) for row in rows if row.deadline is not None
    )  # before any timer fires
    decoded = service.cached_tables
    service.close()
    await storage.close()
    await pool.warmed()
    warm = time.time()
    await pool.close()
    spawned = float(os.environ.get(SPAWNED_AT, _STARTED))
    return {
        "interpreter": _STARTED - spawned,
        "imports": imported - _STARTED,
        "storage": opened - imported,
        "resume": ready - opened,
        "ready": ready - spawned,
        "workers_warm": warm - spawned,
        "tables": len(rows),
        "with_deadline": sum(row.deadline is not None for row in rows),
        "armed": armed,
        "decoded": decoded,
    }


def startup_time(quick: bool) -> list[Figure]:
    """Seconds from launch to ready with 10,000 (quick: 500) active tables stored."""
    count = 500 if quick else 10_000
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        path = Path(folder) / "startup.db"
        asyncio.run(seed_tables(path, count))
        result = run_child("bench.startup", str(path), env={SPAWNED_AT: repr(time.time())})
    if result["armed"] != result["with_deadline"] or result["tables"] < count:
        raise RuntimeError(f"start-up armed {result['armed']} of {result['with_deadline']} deadlines")
    return [
        Figure(SECTION, f"launch -> ready ({count:,} tables)", result["ready"], "s", READY_BUDGET_S),
        Figure(SECTION, "launch -> render workers warm", result["workers_warm"], "s"),
        Figure(SECTION, "of which imports", result["imports"], "s"),
        Figure(SECTION, "of which re-arming every deadline", result["resume"], "s"),
        Figure(SECTION, "deadlines armed", result["armed"], "tables"),
        Figure(SECTION, "tables decoded at start-up", result["decoded"], "tables"),
    ]


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_start(Path(sys.argv[1])))))
