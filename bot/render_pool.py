"""Table and hand images drawn in worker processes, served most urgent first.

Drawing holds the GIL: render threads beside the event loop queue behind each other and behind
the loop itself. So the bot draws in worker processes (one per core by default, started with the
bot and forked from a server that imported the renderers and chose each game's palette; each
builds the layers it draws within its memory budget, `renderers.kit.memo`) and its event loop
only orchestrates: a view goes out as JSON bytes, a PNG comes back.

Jobs wait in a queue ordered by a due time: now for an image someone is waiting on (the panel of
the player who clicked), a quarter second later for a table someone just acted at, a second later
for other tables (AI moves, timers). A waiting table's due time does not move, so none starves.
A table's view may be given as a function: it is called when the job is handed to a worker, so
the image shows the table as it is then, changes made while it queued included (the queue wait
costs no freshness).
The last image of each table and hand is kept (REUSED_IMAGES of them): the same view is not drawn
twice.
Each worker process is a lane of its own, and each game has a home lane (games dealt in turn): a
free worker takes the most urgent image of its own games, so each keeps the layers of fewer games
within its memory budget (`renderers.kit.memo`), and takes another lane's image when its own games
have none due soon (`STOLEN_AFTER`), so no worker idles while images wait. Only two jobs per worker
(one drawing, one ready) are handed over, so the order is ours to keep. A worker that dies is
replaced in its lane and the jobs it lost are run again; a bot that is killed takes its workers
with it (`renderers.worker.leave_with`). With `workers=0` the images are drawn in
threads of this process instead (the offline sandbox and the SimCord tests, whose simulated loop
runs executor work in its own wrappers).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import zlib
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Literal

import msgspec

import renderers
from renderers import worker
from renderers.kit.encode import RenderedImage

log = logging.getLogger(__name__)
THREADS = 2
SAMPLES = 20_000  # timings kept per kind, for the bench and diagnostics
MAX_RETRIES = 2  # a job whose worker died is run again this often before it fails
REUSED_IMAGES = 256  # last images kept by table or hand (about 50 KB each), the least recent dropped


class Urgency(IntEnum):
    """How soon an image is needed; lower is sooner."""

    WAITED_ON = 0  # a panel the clicking player waits for
    CLICKED = 1  # a table someone just acted at
    BACKGROUND = 2  # a table that changed by itself (AI, timers)


Drawer = Callable[[Literal["table", "hand"], str, bytes], worker.WorkerImage]
View = Mapping[str, Any] | Callable[[], Mapping[str, Any]]
"""A view, or a function giving the newest view when a worker is ready for it."""
SLACK = {Urgency.WAITED_ON: 0.0, Urgency.CLICKED: 0.25, Urgency.BACKGROUND: 1.0}
STOLEN_AFTER = 0.25
"""A free worker draws its own games' next image before a more urgent one of another worker's
games only when that image is due within this many seconds of the more urgent one."""


WORKER_MIB = 170
"""Memory a worker takes beyond what it shares with its fork server, at most: its drawn layers
(`RENDER_CACHE_MIB`, 64 MiB by default) and about 100 MiB besides under a heavy load (about 170 each
at the bench's 200 tables, `python -m bench --only memory`; about 20 idle)."""
KEPT_FREE_MIB = 256
"""Memory left to everything else when sizing the pool (the bot itself, the database, the system)."""


def default_workers() -> int:
    """One worker process per core this process may use, fewer when the memory available (to this
    container, if it is limited) would not hold them: a small host runs one (RENDER_WORKERS
    overrides this)."""
    try:
        cores = max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        cores = max(1, os.cpu_count() or 1)
    available = available_mib()
    if available is None:
        return cores
    return max(1, min(cores, int((available - KEPT_FREE_MIB) // WORKER_MIB)))


def available_mib() -> float | None:
    """MiB of memory still available to this process (Linux: the system's MemAvailable, or what
    is left under the container's cgroup limit when that is less); None when unknown."""
    found: list[float] = []
    for line in _read("/proc/meminfo").splitlines():
        if line.startswith("MemAvailable:"):
            found.append(int(line.split()[1]) / 1024)
    ceiling, used = _read("/sys/fs/cgroup/memory.max").strip(), _read("/sys/fs/cgroup/memory.current")
    if ceiling.isdigit() and used.strip().isdigit():
        found.append((int(ceiling) - int(used)) / 2**20)
    return min(found) if found else None


def _read(path: str) -> str:
    """A small system file's text, empty when it cannot be read."""
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return ""


def extra_renderers() -> dict[str, str]:
    """Renderers registered at run time (not built in), as "module:Class" paths for the workers."""
    return {
        game_id: f"{type(renderer).__module__}:{type(renderer).__qualname__}"
        for game_id, renderer in renderers.REGISTRY.items()
        if game_id not in renderers.BUILT_IN
    }


@dataclass(order=True)
class _Job:
    due: float
    seq: int
    kind: Literal["table", "hand"] = field(compare=False)
    game: str = field(compare=False)
    view: bytes | Callable[[], Mapping[str, Any]] = field(compare=False)
    future: asyncio.Future[RenderedImage] = field(compare=False)
    queued_at: float = field(compare=False)
    key: Hashable | None = field(default=None, compare=False)
    retries: int = field(default=0, compare=False)


@dataclass
class RenderStats:
    """What the pool did: images, where their milliseconds went (the latest SAMPLES of each), the
    deepest queue, restarts."""

    images: int = 0
    draw_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))
    quantise_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))
    encode_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))  # the PNG file
    wait_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))  # queued -> handed over
    overhead_ms: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))  # there and back
    deepest_queue: int = 0
    superseded: int = 0  # views drawn in place of an older one of the same table or hand
    reused: int = 0  # views identical to the last one drawn for their table or hand: not drawn again
    restarts: int = 0


class RenderPool:
    """Draws images in worker processes (or threads with `workers=0`), most urgent first."""

    def __init__(self, workers: int | None = None, draw: Drawer = worker.render) -> None:
        self.workers = default_workers() if workers is None else workers
        self._draw = draw  # a module-level function, so worker processes can be handed it
        self.stats = RenderStats()
        self._executors: list[Executor] | None = None  # one per worker process (one for threads)
        self._starting: asyncio.Future[list[Executor]] | None = None
        self._lanes = [0] * (self.workers if self.uses_processes else 1)  # jobs handed to each
        self._homes: dict[str, int] = {}
        self._queue: list[_Job] = []
        self._waiting: dict[Hashable, _Job] = {}  # queued jobs by key, not yet handed to a worker
        self._drawn: OrderedDict[Hashable, tuple[bytes, RenderedImage]] = OrderedDict()  # newest last
        self._seq = itertools.count()
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    @property
    def uses_processes(self) -> bool:
        return self.workers > 0

    @property
    def lane_capacity(self) -> int:
        """Jobs handed to one lane at once: a worker process draws one and has the next ready; the
        threads' lane takes one per thread and one more."""
        return 2 if self.uses_processes else THREADS + 1

    @property
    def capacity(self) -> int:
        """Jobs handed to the workers at once, in all."""
        return self.lane_capacity * len(self._lanes)

    @property
    def queued(self) -> int:
        return len(self._queue)

    def start(self) -> None:
        """Start the workers now (idempotent). They spawn and warm up in the background: starting
        processes blocks, so it happens in a thread, never on the event loop."""
        if self._executors is not None or self._starting is not None:
            return
        if not self.uses_processes:
            self._executors = [ThreadPoolExecutor(THREADS, thread_name_prefix="render")]
            return
        self._starting = asyncio.ensure_future(asyncio.to_thread(self._new_executors))

    async def _started(self) -> list[Executor]:
        """The executors, once their workers exist. When worker processes cannot be started at all
        (no shared memory in a container, no processes left), images are drawn in threads instead."""
        if self._closed:
            raise RuntimeError("the render pool is closed")
        self.start()
        if self._executors is None:
            assert self._starting is not None
            starting = self._starting
            try:
                self._executors = await asyncio.shield(starting)
            except Exception:
                log.exception("render worker processes could not start; drawing in threads instead")
                self.workers = 0
                self._lanes = [sum(self._lanes)]
                self._executors = [ThreadPoolExecutor(THREADS, thread_name_prefix="render")]
            finally:
                if self._starting is starting:
                    self._starting = None
        return self._executors

    def _new_executors(self) -> list[Executor]:
        return [self._new_worker() for _ in range(self.workers)]

    def _new_worker(self) -> Executor:
        """One worker process (forked from the warmed server), spawned now, not at its first image."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["renderers.warmed"])
        executor = ProcessPoolExecutor(
            1, mp_context=context, initializer=worker.prepare, initargs=(extra_renderers(), os.getpid())
        )
        executor.submit(worker.ready)
        return executor

    async def warmed(self) -> None:
        """Start the workers and wait until each answers (renderers imported, palettes chosen)."""
        executors = await self._started()
        if self.uses_processes:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(executor, worker.ready) for executor in executors))

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for tests and diagnostics)."""
        pids: list[int] = []
        for executor in self._executors or ():
            processes: Mapping[int, Any] = getattr(executor, "_processes", None) or {}
            pids.extend(processes)
        return pids

    async def render(
        self,
        kind: Literal["table", "hand"],
        game: str,
        view: View,
        urgency: Urgency = Urgency.BACKGROUND,
        key: Hashable | None = None,
    ) -> RenderedImage:
        """Draw a table or hand view when its turn in the queue comes (a function as the view is
        called then, for the newest one). A view with the `key` of one still queued (the same
        table, the same seat's hand) takes its place: the newest state is drawn once, for both
        callers, so the queue holds at most one image per key. A view the same as the last one
        drawn for its key (a click that left a hand as it was) is not drawn again."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        encoded = view if callable(view) else msgspec.json.encode(view)
        if isinstance(encoded, bytes) and key not in self._waiting:
            reused = self._reused(key, encoded)
            if reused is not None:
                return reused
        queued = self._waiting.get(key) if key is not None else None
        if queued is not None and not queued.future.done():
            queued.view = encoded
            if now + SLACK[urgency] < queued.due:  # more urgent now: move it up
                self._queue.remove(queued)
                queued.due = now + SLACK[urgency]
                heapq.heapify(self._queue)
            self.stats.superseded += 1
            return await asyncio.shield(queued.future)
        job = _Job(
            due=now + SLACK[urgency],
            seq=next(self._seq),
            kind=kind,
            game=game,
            view=encoded,
            future=loop.create_future(),
            queued_at=now,
            key=key,
        )
        if key is not None:
            self._waiting[key] = job
        heapq.heappush(self._queue, job)
        self.stats.deepest_queue = max(self.stats.deepest_queue, len(self._queue))
        self._pump()
        return await asyncio.shield(job.future)

    def _reused(self, key: Hashable | None, encoded: bytes) -> RenderedImage | None:
        """The image last drawn for this key, if it was drawn from the same view."""
        drawn = self._drawn.get(key) if key is not None else None
        if drawn is None or drawn[0] != encoded:
            return None
        self._drawn.move_to_end(key)
        self.stats.reused += 1
        return drawn[1]

    def _ready(self, job: _Job) -> bool:
        """Fix a job's view as it is handed over (calling a view function now); False when it
        needs no drawing: the view failed, or is the one last drawn for its key."""
        if callable(job.view):
            try:
                job.view = msgspec.json.encode(job.view())
            except Exception as exc:
                job.future.set_exception(exc)
                return False
            reused = self._reused(job.key, job.view)
            if reused is not None:
                job.future.set_result(reused)
                return False
        return True

    def home(self, game: str) -> int:
        """The lane that draws this game's images when it is free: each worker then keeps the layers
        of fewer games within its memory budget (built-in games dealt in turn, others by name)."""
        lane = self._homes.get(game)
        if lane is None:
            games = sorted(renderers.BUILT_IN)
            number = games.index(game) if game in games else zlib.crc32(game.encode())
            lane = self._homes[game] = number % len(self._lanes)
        return lane

    def _pump(self) -> None:
        """Hand the most urgent queued jobs to the lanes, up to their capacity."""
        while self._queue:
            free = [lane for lane, running in enumerate(self._lanes) if running < self.lane_capacity]
            if not free:
                return
            job, lane = self._next(free)
            if job.key is not None and self._waiting.get(job.key) is job:
                del self._waiting[job.key]
            if job.future.done() or not self._ready(job):
                continue
            self._lanes[lane] += 1
            task = asyncio.get_running_loop().create_task(self._run(job, lane))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _next(self, free: list[int]) -> tuple[_Job, int]:
        """Take the most urgent job to its game's lane when that lane is free; else a free lane takes
        its own games' most urgent job when it is due within STOLEN_AFTER of it, or else that job."""
        urgent = self._queue[0]
        lane = self.home(urgent.game)
        if lane not in free:
            lane = free[0]
            own = [job for job in self._queue if self.home(job.game) == lane]
            mine = min(own, default=None)
            if mine is not None and mine.due <= urgent.due + STOLEN_AFTER:
                self._queue.remove(mine)
                heapq.heapify(self._queue)
                return mine, lane
        return heapq.heappop(self._queue), lane

    async def _run(self, job: _Job, lane: int) -> None:
        """Draw one job in its lane's worker; a job whose worker died goes back in the queue."""
        loop = asyncio.get_running_loop()
        executor: Executor | None = None
        handed = loop.time()
        try:
            executors = await self._started()
            executor = executors[lane % len(executors)]
            handed = loop.time()
            self.stats.wait_ms.append((handed - job.queued_at) * 1000)
            assert isinstance(job.view, bytes)
            result = await loop.run_in_executor(executor, self._draw, job.kind, job.game, job.view)
        except BrokenProcessPool as exc:
            assert executor is not None
            self._replace(executor)
            if job.retries < MAX_RETRIES and not job.future.done():
                job.retries += 1
                heapq.heappush(self._queue, job)
            elif not job.future.done():
                job.future.set_exception(exc)
        except asyncio.CancelledError:
            job.future.cancel()
            raise
        except Exception as exc:
            if not job.future.done():
                job.future.set_exception(exc)
        else:
            self.stats.images += 1
            self.stats.draw_ms.append(result.draw_ms)
            self.stats.quantise_ms.append(result.quantise_ms)
            self.stats.encode_ms.append(result.encode_ms)
            took = (loop.time() - handed) * 1000
            worked = result.draw_ms + result.quantise_ms + result.encode_ms
            self.stats.overhead_ms.append(max(0.0, took - worked))
            if job.key is not None:
                self._remember(job.key, job.view, result.image)
            if not job.future.done():
                job.future.set_result(result.image)
        finally:
            self._lanes[lane % len(self._lanes)] -= 1
            self._pump()

    def _remember(self, key: Hashable, view: bytes, image: RenderedImage) -> None:
        """Keep the image last drawn for a table or hand, so the same view is not drawn twice."""
        self._drawn[key] = (view, image)
        self._drawn.move_to_end(key)
        while len(self._drawn) > REUSED_IMAGES:
            self._drawn.popitem(last=False)

    def _replace(self, broken: Executor) -> None:
        """A worker died: start a new one in its lane (once per breakage; starting a process blocks
        for a moment, so the pool waits for it in a thread, as at start)."""
        if self._executors is None or broken not in self._executors:
            return
        log.warning("a render worker died; starting a new one")
        lane = self._executors.index(broken)
        broken.shutdown(wait=False, cancel_futures=True)
        self.stats.restarts += 1
        executors = list(self._executors)
        self._executors = None

        async def restarted() -> list[Executor]:
            executors[lane] = await asyncio.to_thread(self._new_worker)
            return executors

        self._starting = asyncio.ensure_future(restarted())

    async def close(self) -> None:
        """Stop the workers; images still queued fail with CancelledError, later ones are refused."""
        self._closed = True
        for job in self._queue:
            job.future.cancel()
        self._queue.clear()
        self._waiting.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._starting is not None:
            with contextlib.suppress(Exception):
                self._executors = await asyncio.shield(self._starting)
            self._starting = None
        if self._executors is not None:  # joined (in a thread), so nothing is left to clean up at exit
            executors, self._executors = self._executors, None
            for executor in executors:
                await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
