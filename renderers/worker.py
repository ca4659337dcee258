"""What a render worker process runs: warm up once, then turn encoded views into PNG images.

The bot keeps drawing out of its event loop's process (see `bot.render_pool`): drawing holds the
GIL, so threads beside the event loop queue behind each other. A worker gets a view as msgspec
JSON bytes and returns the encoded image with where its time went. Nothing here imports discord,
bot or cogs.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import itertools
import logging
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Literal

import msgspec

from renderers import REGISTRY, adopt_palettes, draw, encode, palette_colours, quantise, register
from renderers.kit.encode import RenderedImage, rendered_image

log = logging.getLogger(__name__)
NICENESS = 10
"""Workers yield the CPU to the event loop's process: a click is answered before an image is drawn."""


class WorkerImage(msgspec.Struct, frozen=True):
    """A rendered image and the milliseconds its drawing, quantising and PNG writing took in the worker."""

    image: RenderedImage
    draw_ms: float
    quantise_ms: float
    encode_ms: float


def warm(games: Iterable[str]) -> None:
    """Load fonts and fill the text-mask and card-face caches by drawing each game's first sample."""
    for game_id in games:
        renderer = REGISTRY[game_id]
        samples = renderer.samples()
        if not samples:
            continue
        public, seat = next(iter(samples.values()))
        try:
            rendered_image(quantise(game_id, renderer.table(public), renderer), "", "warm.png")
            renderer.hand(seat)
        except Exception:
            log.exception("warming the %s renderer failed", game_id)


def palettes_apart(games: Iterable[str]) -> dict[str, list[int] | None]:
    """Each game's palette, chosen in a child process of its own: choosing it draws every sample
    of the game, and the layers those drawings leave in the caches (every table size, every card)
    would otherwise stay in this process, and in every worker forked from it, whether used or not.
    One game at a time, so the start-up peak is one game's samples, not all of them."""
    context = multiprocessing.get_context("fork")  # the fork server is single-threaded here
    chosen: dict[str, list[int] | None] = {}
    for game_id in games:
        with ProcessPoolExecutor(1, mp_context=context) as chooser:
            chosen[game_id] = chooser.submit(palette_colours, game_id).result()
    return chosen


def warm_server(games: Iterable[str]) -> None:
    """Prepare the fork server that render workers start from: palettes chosen apart, then the
    heap handed back to the system and every object frozen, so the workers share these pages
    copy-on-write (the garbage collector would otherwise write to all of them). It draws nothing:
    layers drawn here stayed in the server's memory as well as in each worker's once the workers
    touched them (about 70 MiB more in all under the bench's load), so each worker builds what it
    draws, within its budget (`renderers.kit.memo`)."""
    games = list(games)
    adopt_palettes(palettes_apart(games))
    gc.collect()
    release_free_memory()
    gc.freeze()


def release_free_memory() -> None:
    """Give the heap's free pages back to the system (glibc's malloc_trim; elsewhere nothing)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def prepare(extra: Mapping[str, str], bot_pid: int | None = None) -> None:
    """Worker start-up: lower its priority, end with the bot's process `bot_pid` (see
    `leave_with`), and register (and warm) the renderers added at run time (game id ->
    "module:Class"). The built-in ones were warmed once in the fork server (see
    `renderers.warmed`), and every worker forked from it starts with their caches."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    if bot_pid is not None:
        threading.Thread(target=leave_with, args=(bot_pid,), name="leave-with-bot", daemon=True).start()
    for game_id, path in extra.items():
        module, _, name = path.partition(":")
        register(game_id, getattr(importlib.import_module(module), name)())
    warm(extra)


def leave_with(pid: int) -> None:
    """Exit as soon as the process `pid` (the bot) has ended. A bot that stops cleanly shuts its
    workers down itself; one killed (SIGKILL, the out-of-memory killer) or crashed cannot, and a
    worker waits for its next image for ever (it holds both ends of its job queue, and the fork
    server lives while a worker does, both keeping the bot's output open). Linux only (a pidfd);
    elsewhere the worker ends with the pool alone."""
    try:
        watched = os.pidfd_open(pid)
    except (AttributeError, OSError):
        return
    select.select([watched], [], [])  # readable once the process has ended
    os._exit(0)


def ready() -> int:
    """A no-op job: the pool starts its processes by running one per worker."""
    return os.getpid()


TRIM_EVERY = 16
"""Images between two hand-backs of the heap's free pages (`release_free_memory`, about 3 ms):
drawing frees large images all the time, and glibc keeps what it freed (about 30 MiB a worker)."""
_drawn = itertools.count(1)


def render(kind: Literal["table", "hand"], game_id: str, view_json: bytes) -> WorkerImage:
    """Draw and encode one view (given as JSON bytes)."""
    view = msgspec.json.decode(view_json)
    started = time.perf_counter()
    image, alt, renderer = draw(game_id, view, kind)
    drawn = time.perf_counter()
    image = quantise(game_id, image, renderer)
    quantised = time.perf_counter()
    encoded = encode(game_id, image, alt, kind)
    done = time.perf_counter()
    if next(_drawn) % TRIM_EVERY == 0:
        release_free_memory()
    return WorkerImage(
        encoded, (drawn - started) * 1000, (quantised - drawn) * 1000, (done - quantised) * 1000
    )
