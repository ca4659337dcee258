"""Shutdown: what is still being shown to Discord finishes before the connection closes, and
SIGTERM stops a real bot process as cleanly as Ctrl+C."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import Settings, create_bot
from bot.cluster import Cluster
from bot.cluster import join as join_cluster
from bot.service import TableService
from bot.storage.postgres import PostgresStorage
from tests.bot.backends import Backend
from tests.bot.cluster_timings import FAST
from tests.bot.service_kit import OPEN, REGISTRY, Recorder, make_service

ROOT = Path(__file__).resolve().parents[2]  # where `python -m tests...` finds the tests package


class ClosingListener:
    """Notes whether the bot's connection was still open when the listener was asked to close."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.connection_open_at_close: bool | None = None

    async def on_change(self, change: object) -> None:
        """Nothing to show here."""

    async def close(self) -> None:
        self.connection_open_at_close = not self.bot.is_closed()  # type: ignore[attr-defined]


async def test_pending_table_edits_are_drained_before_the_connection_closes(tmp_path: Path) -> None:
    bot = create_bot(Settings(token=None, database_url=f"sqlite:///{tmp_path / 'db'}"))
    bot.service = await make_service(tmp_path / "db")
    listener = ClosingListener(bot)
    bot.service.listener = listener
    await bot.close()
    assert listener.connection_open_at_close is True
    assert bot.is_closed()


async def start_bot_process(
    url: str, sigint_ignored: bool = False
) -> tuple[asyncio.subprocess.Process, dict[str, Any]]:
    """`tests.bot.bot_process` on the database at `url` with one render worker, once it runs: the
    process and what it holds (its table, its process id in the cluster, its workers' pids). With
    `sigint_ignored` it starts as a shell script's background job does, Ctrl+C ignored."""
    environment = {**os.environ, "DATABASE_URL": url, "RENDER_WORKERS": "1", "LOG_LEVEL": "INFO"}
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.bot_process",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT, env=environment,
        preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if sigint_ignored else None,
    )  # fmt: skip
    assert child.stdout is not None
    try:
        line = await asyncio.wait_for(child.stdout.readline(), timeout=120)
    except TimeoutError:
        await stop_for_good(child, [])
        raise
    assert line.startswith(b"{"), f"the bot did not start: {line!r}"
    held = json.loads(line)
    assert held["workers"], "the bot runs a render worker"
    return child, held


async def stop_for_good(child: asyncio.subprocess.Process, workers: list[int]) -> str:
    """Kill the bot and its render workers if they still run, and return what the bot wrote on
    stderr (a test that failed says why, and never waits for ever on pipes the workers hold)."""
    for pid in [child.pid, *workers]:
        if running(pid):
            os.kill(pid, signal.SIGKILL)
    assert child.stderr is not None
    try:
        errors = await asyncio.wait_for(child.stderr.read(), timeout=30)
        await asyncio.wait_for(child.wait(), timeout=30)
    except TimeoutError:
        return "(the bot's stderr did not close)"
    return errors.decode(errors="replace")


@pytest.mark.parametrize("sigint_ignored", [False, True], ids=["started-plainly", "ctrl-c-ignored"])
async def test_sigterm_stops_a_real_bot_process_as_cleanly_as_ctrl_c(
    pg: Backend, sigint_ignored: bool
) -> None:
    """`docker stop` and systemd send SIGTERM: the bot hands its table message to a live process at
    once (no 10 s wait for it to go unseen), removes its `processes` row, stops its render workers
    and exits without an error; also when it was started with Ctrl+C ignored (`python -m bot &`
    in a script), where SIGTERM once did nothing at all."""
    storage = pg.storage()
    assert isinstance(storage, PostgresStorage)
    await storage.open()
    cluster = Cluster(storage, timings=FAST)
    service = TableService(storage, REGISTRY, listener=Recorder(), coordinator=cluster)
    OPEN.append(service)
    await join_cluster(cluster, service)
    child, held = await start_bot_process(pg.url, sigint_ignored)
    try:
        assert await pg.raw("SELECT message_owner FROM tables WHERE id = ?", (held["table"],)) == [
            (held["process"],)
        ]
        child.send_signal(signal.SIGTERM)
        try:
            status = await asyncio.wait_for(child.wait(), timeout=60)
        except TimeoutError:
            wrote = await stop_for_good(child, held["workers"])
            pytest.fail(f"the bot still ran 60 s after SIGTERM; it wrote:\n{wrote}")
        assert child.stderr is not None
        errors = (await child.stderr.read()).decode()
        assert status == 0, errors
        assert "Traceback" not in errors
        assert await pg.raw("SELECT id FROM processes WHERE id = ?", (held["process"],)) == []
        owner = await pg.raw("SELECT message_owner FROM tables WHERE id = ?", (held["table"],))
        assert owner == [(cluster.process_id,)], "the table message was handed to the live process"
        for pid in held["workers"]:
            await until_gone(pid)
    finally:
        await stop_for_good(child, held["workers"])
        await cluster.leave()


async def test_the_render_workers_of_a_killed_bot_end_with_it(pg: Backend) -> None:
    """A bot killed outright (SIGKILL, the out-of-memory killer) cannot stop its render workers:
    they notice it is gone and end too, instead of waiting for images for ever."""
    child, held = await start_bot_process(pg.url)
    try:
        child.kill()
        for pid in held["workers"]:
            await until_gone(pid)
        await asyncio.wait_for(child.wait(), timeout=30)  # nothing holds the bot's output open
    finally:
        await stop_for_good(child, held["workers"])


async def until_gone(pid: int) -> None:
    """Wait (bounded) until a process has exited (a zombie waiting for its parent counts)."""
    for _ in range(200):
        if not running(pid):
            return
        await asyncio.sleep(0.05)
    pytest.fail(f"render worker {pid} still runs after the bot stopped")


def running(pid: int) -> bool:
    """Whether the process runs (not exited, not a zombie)."""
    try:
        return "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
