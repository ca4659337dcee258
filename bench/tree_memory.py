"""Memory of the whole bot: the proportional set size (PSS) of its process tree (the bot, the render
pool's fork server and workers, multiprocessing's resource tracker) with the default settings, after
start-up and during the act load.

PSS counts a page shared by several processes once in all (a share in each), so the sum is what the
bot takes from the machine; RSS would count the pages the workers share with their fork server once
per process. Memory is not timing: these figures hold on a busy machine too.

`python -m bench.tree_memory idle DATABASE_URL` starts the bot minus Discord and waits;
`python -m bench.tree_memory act QUICK` runs the act section's load.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from bench.figures import Figure
from bench.process import tree_pss_bytes
from bot.render_pool import default_workers

SECTION = "memory"
IDLE_BUDGET_MIB = 300.0
LOADED_BUDGET_MIB = 500.0
READY = "ready"
SAMPLE_EVERY = 0.5  # seconds between readings during the load


async def idle_bot(database_url: str) -> None:
    """The bot after start-up, minus Discord: storage open, Discord layer loaded, render pool warm."""
    from bot.app import create_bot
    from bot.service import TableService
    from bot.settings import Settings
    from bot.storage import open_storage

    bot = create_bot(Settings.from_env({**os.environ, "DATABASE_URL": database_url}))
    bot.render_pool.start()
    storage = open_storage(database_url)
    await storage.open()
    bot.service = TableService(storage, bot.registry)
    await bot.load_extension("cogs")
    await bot.service.resume_all()
    await bot.render_pool.warmed()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print(READY, flush=True)
    await stop.wait()
    await storage.close()
    await bot.render_pool.close()  # its fork server and workers go too


def act_load(quick: bool) -> None:
    """The act section's load, run in this process as the bench runs it."""
    from bench.load import load_shape, run_load

    tables, rate, seconds, warmup = load_shape(quick)
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'load.db'}"
        asyncio.run(run_load(tables, rate, seconds, warmup, url, warmed=lambda: print(READY, flush=True)))


def idle_pss() -> float:
    """MiB of PSS of the idle bot's process tree."""
    with tempfile.TemporaryDirectory(prefix="supertable-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'idle.db'}"
        child = subprocess.Popen(
            [sys.executable, "-m", "bench.tree_memory", "idle", url], stdout=subprocess.PIPE, text=True
        )
        try:
            assert child.stdout is not None
            line = child.stdout.readline().strip()
            if line != READY:
                raise RuntimeError(f"the idle bot did not start: {line!r}")
            time.sleep(1.0)  # settle
            return tree_pss_bytes(child.pid) / 2**20
        finally:
            child.terminate()
            child.wait(timeout=60)


def loaded_pss(quick: bool) -> tuple[float, float]:
    """MiB of PSS of the process tree at its largest while the render pool warms up (palettes are
    chosen in short-lived children then), and during the act load after that."""
    child = subprocess.Popen(
        [sys.executable, "-m", "bench.tree_memory", "act", str(int(quick))], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    warm = threading.Event()
    threading.Thread(target=_set_when_ready, args=(child.stdout, warm), daemon=True).start()
    largest = {False: 0, True: 0}  # by whether the workers were warm
    while child.poll() is None:
        after = warm.is_set()
        largest[after] = max(largest[after], tree_pss_bytes(child.pid))
        time.sleep(SAMPLE_EVERY)
    if child.returncode != 0:
        raise RuntimeError(f"the act load failed ({child.returncode})")
    return largest[False] / 2**20, largest[True] / 2**20


def _set_when_ready(lines: Iterable[str], ready: threading.Event) -> None:
    for line in lines:
        if line.strip() == READY:
            ready.set()


def tree_memory(quick: bool) -> list[Figure]:
    """PSS of the whole bot idle and under the act load, default settings."""
    workers = default_workers()
    starting, loaded = loaded_pss(quick)
    return [
        Figure(SECTION, f"PSS of the whole bot, idle ({workers} render workers)", idle_pss(), "MiB",
               IDLE_BUDGET_MIB),
        Figure(SECTION, "PSS of the whole bot at its largest while the workers warm up", starting, "MiB"),
        Figure(SECTION, f"PSS of the whole bot at its largest during the act load ({workers} render workers)",
               loaded, "MiB", LOADED_BUDGET_MIB),
    ]  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "idle":
        asyncio.run(idle_bot(sys.argv[2]))
    else:
        act_load(sys.argv[2] == "1")
