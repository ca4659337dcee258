"""The render pool: images drawn in worker processes, a dead worker replaced, the urgent first."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from typing import Literal

import pytest

import renderers
from bot import render_pool
from bot.render_pool import RenderPool, Urgency
from renderers import worker
from renderers.kit.encode import RenderedImage

PNG = b"\x89PNG"


def a_table_view() -> tuple[str, dict[str, object]]:
    public, _ = next(iter(renderers.renderer_for("superhot").samples().values()))
    return "superhot", dict(public)


async def test_a_worker_process_draws_the_table_image() -> None:
    pool = RenderPool(workers=1)
    try:
        game, view = a_table_view()
        image = await pool.render("table", game, view, Urgency.CLICKED)
        assert image.png.startswith(PNG) and image.alt
        assert pool.worker_pids() and os.getpid() not in pool.worker_pids()
        assert (
            pool.stats.images == 1 and pool.stats.draw_ms and pool.stats.quantise_ms and pool.stats.encode_ms
        )
    finally:
        await pool.close()


async def test_a_hand_that_did_not_change_is_not_drawn_again() -> None:
    pool = RenderPool(workers=0)
    try:
        _, seat = next(iter(renderers.renderer_for("superhot").samples().values()))
        key = ("hand", 1, 0)
        first = await pool.render("hand", "superhot", dict(seat), Urgency.WAITED_ON, key=key)
        again = await pool.render("hand", "superhot", dict(seat), Urgency.WAITED_ON, key=key)
        assert again == first and pool.stats.images == 1 and pool.stats.reused == 1
        other = await pool.render("hand", "superhot", dict(seat), Urgency.WAITED_ON, key=("hand", 1, 1))
        assert other == first and pool.stats.images == 2, "another seat's hand is its own image"
        changed = {**seat, "title": "Something else"}
        await pool.render("hand", "superhot", changed, Urgency.WAITED_ON, key=key)
        assert pool.stats.images == 3, "a changed view is drawn"
    finally:
        await pool.close()


async def test_a_killed_worker_is_replaced_and_no_image_is_lost() -> None:
    pool = RenderPool(workers=1)
    try:
        game, view = a_table_view()
        await pool.render("table", game, view)
        (pid,) = pool.worker_pids()
        os.kill(pid, signal.SIGKILL)
        images = await asyncio.gather(*(pool.render("table", game, view) for _ in range(3)))
        assert all(image.png.startswith(PNG) for image in images)
        assert pool.stats.restarts == 1
        assert pid not in pool.worker_pids()
    finally:
        await pool.close()


class Gate:
    """A drawer that holds the first jobs until opened, and notes the order jobs are drawn in."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.order: list[str] = []

    def draw(self, kind: Literal["table", "hand"], game: str, view_json: bytes) -> worker.WorkerImage:
        self.opened.wait(timeout=10)
        self.order.append(game)
        return worker.render(kind, "superhot", view_json)


async def held_busy(pool: RenderPool, view: dict[str, object]) -> list[asyncio.Future[RenderedImage]]:
    """Fill every place the pool hands out with jobs its gate holds."""
    busy = [asyncio.ensure_future(pool.render("table", f"busy{i}", view)) for i in range(pool.capacity)]
    await asyncio.sleep(0.05)
    return busy


async def test_the_panel_someone_waits_for_is_drawn_before_idle_tables() -> None:
    gate = Gate()
    pool = RenderPool(workers=0, draw=gate.draw)
    try:
        _, view = a_table_view()
        busy = await held_busy(pool, view)
        idle = [asyncio.ensure_future(pool.render("table", f"idle{i}", view)) for i in range(3)]
        clicked = asyncio.ensure_future(pool.render("table", "clicked", view, Urgency.CLICKED))
        panel = asyncio.ensure_future(pool.render("hand", "panel", view, Urgency.WAITED_ON))
        await asyncio.sleep(0.05)
        assert pool.queued == 5, "only as many jobs as the pool can run are handed over"
        gate.opened.set()
        await asyncio.gather(*busy, *idle, clicked, panel)
        waiting = gate.order[pool.capacity :]
        assert waiting[:2] == ["panel", "clicked"], gate.order
        assert sorted(waiting[2:]) == ["idle0", "idle1", "idle2"], "no table starves"
    finally:
        await pool.close()


async def test_a_newer_view_of_the_same_table_takes_the_queued_ones_place() -> None:
    gate = Gate()
    pool = RenderPool(workers=0, draw=gate.draw)
    try:
        _, view = a_table_view()
        busy = await held_busy(pool, view)
        first = asyncio.ensure_future(pool.render("table", "older", view, key=("table", 7)))
        await asyncio.sleep(0.01)
        second = asyncio.ensure_future(pool.render("table", "older", view, key=("table", 7)))
        await asyncio.sleep(0.05)
        assert pool.queued == 1, "one image per table waits, however many changes came"
        gate.opened.set()
        older, newer = await asyncio.gather(first, second)
        await asyncio.gather(*busy)
        assert older == newer and gate.order.count("older") == 1
        assert pool.stats.superseded == 1
    finally:
        await pool.close()


async def test_images_are_still_drawn_when_worker_processes_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_processes(method: str) -> object:
        raise OSError("no shared memory for a process pool here")

    monkeypatch.setattr(render_pool.multiprocessing, "get_context", no_processes)
    pool = RenderPool(workers=2)
    try:
        game, view = a_table_view()
        image = await pool.render("table", game, view)
        assert image.png.startswith(PNG)
        assert not pool.uses_processes, "drawing fell back to threads"
    finally:
        await pool.close()
    with pytest.raises(RuntimeError, match="closed"):
        await pool.render("table", game, view)


async def test_a_table_given_as_a_function_is_drawn_as_it_is_when_a_worker_takes_it() -> None:
    gate = Gate()
    pool = RenderPool(workers=0, draw=gate.draw)
    try:
        _, view = a_table_view()
        busy = await held_busy(pool, view)
        table = {**view, "title": "Before the move"}
        asked: list[str] = []

        def newest() -> dict[str, object]:
            asked.append(str(table["title"]))
            return table

        image = asyncio.ensure_future(pool.render("table", "later", newest, key=("table", 3)))
        await asyncio.sleep(0.05)
        table = {**view, "title": "After the move"}  # a move made while the image waited in the queue
        gate.opened.set()
        await asyncio.gather(image, *busy)
        assert asked == ["After the move"], "the view is taken when a worker is free, not when queued"
        again = await pool.render("table", "later", newest, key=("table", 3))
        assert again == image.result() and pool.stats.reused == 1, "an unchanged table is not drawn again"
    finally:
        await pool.close()


def test_each_worker_draws_its_own_games_unless_another_image_is_much_more_urgent() -> None:
    """Two workers: each game has a home worker (so each keeps fewer games' layers in memory); a
    free worker takes its own games' next image, or another game's when nothing of its own is due
    soon, so it never idles while images wait."""
    pool = RenderPool(workers=2)
    homes = {game: pool.home(game) for game in sorted(renderers.BUILT_IN)}
    assert set(homes.values()) == {0, 1}, "the built-in games are dealt over both workers"
    first, second = (next(game for game, lane in homes.items() if lane == n) for n in (0, 1))

    def job(game: str, due: float) -> render_pool._Job:
        return render_pool._Job(due, int(due * 1000), "table", game, b"{}", asyncio.Future(), due)

    def queue(*jobs: render_pool._Job) -> None:
        pool._queue = list(jobs)
        render_pool.heapq.heapify(pool._queue)

    loop = asyncio.new_event_loop()
    try:
        asyncio.set_event_loop(loop)
        queue(job(second, 1.0), job(first, 1.1))
        taken, lane = pool._next([0, 1])
        assert (taken.game, lane) == (second, 1), "the most urgent image goes to its game's worker"
        queue(job(second, 1.0), job(first, 1.1))
        taken, lane = pool._next([0])
        assert (taken.game, lane) == (first, 0), "a free worker draws its own game's image, due soon too"
        queue(job(second, 1.0), job(first, 5.0))
        taken, lane = pool._next([0])
        assert (taken.game, lane) == (second, 0), "nothing of its own due soon: it takes the urgent one"
    finally:
        asyncio.set_event_loop(None)
        loop.close()
