"""Drawn layers (card faces, masks, frames, backdrops) built once and kept while they pay for
themselves, all within one memory budget per process.

A renderer memoises what it builds again and again (`@layer_memo`). Every such memo of every game
shares one budget of bytes (`budget_bytes()`, `RENDER_CACHE_MIB` in the environment); past it, the
entry that saves least CPU time for the memory it holds goes first (GreedyDual-Size with
frequency: an entry's priority is its uses times what a use saves per byte held, the build time
or, held as drawn beside its packed bytes, the unpacking time; plus an inflation that rises with
each eviction, so an entry not used for long ages out however costly it was).
Measured under the bench's load of 200 tables (docs/performance.md): a frame keyed by a table's
players costs about 4 MiB and 10 ms and is seldom drawn twice before the table changes, a
rounded-corner mask 24 KiB and 3 ms and is drawn thousands of times; a count of entries per memo
kept the first and dropped the second.
Past the budget, a layer is kept as drawn only when it is built a second time: under the bench's
load the frames, each drawn once, otherwise pushed out the layers drawn again and again, and a
worker drew 75 % slower than with no budget at all. The build time is this thread's CPU time, so
a worker preempted mid-build does not inflate it.
Layers our renderers draw are flat colours, shadows and text, and deflate 15 to 600 times
(`renderers.kit.packing`). So a layer with no room is packed rather than dropped, where it packs:
pushed out, or new past the budget. An image that needs it again unpacks it (a fraction of its
drawing time) and it is held as drawn again, beside its packed bytes, while that saves more
unpacking time per byte than the others save. Packed bytes count in the budget; a layer that
does not pack is dropped.
Thread-safe (the sandbox draws in threads); builds, unpacking and packing a new layer run outside
the lock; packing a layer pushed out runs within it (well under a millisecond for most layers, 1
to 3 ms for a 4 MB frame).
"""

from __future__ import annotations

import heapq
import itertools
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, ParamSpec, TypeVar

from PIL import Image

from renderers.kit import packing

P = ParamSpec("P")
T = TypeVar("T")
DEFAULT_BUDGET_MIB = 64
"""Bytes of drawn layers one process keeps, by default (`RENDER_CACHE_MIB` overrides)."""
REMEMBERED = 4096
"""Layers built once and not kept, remembered (by key) so that a second build is kept."""
STALE_PLACES = 1024
"""Places in the eviction queue beyond two per entry held before the queue is rebuilt."""


def budget_bytes(environ: dict[str, str] | os._Environ[str] = os.environ) -> int:
    """The budget from `RENDER_CACHE_MIB` (a whole number of MiB), else the default."""
    raw = environ.get("RENDER_CACHE_MIB", "").strip()
    mib = int(raw) if raw.isdigit() else DEFAULT_BUDGET_MIB
    return mib * 2**20


def footprint(value: object) -> int:
    """Bytes of pixels a memoised value holds: Pillow keeps 1 byte a pixel for single-band modes,
    4 for the others (RGB too); a Layer or a tuple holds the sum of its images."""
    if isinstance(value, Image.Image):
        per_pixel = 1 if value.mode in ("1", "L", "P") else 4
        return value.width * value.height * per_pixel
    if isinstance(value, tuple | list):
        return sum(footprint(item) for item in value)
    image = getattr(value, "image", None)
    return footprint(image) if isinstance(image, Image.Image) else 0


class MemoInfo(NamedTuple):
    """A memo's counts, as functools' cache_info() gives them (tests read `misses`)."""

    hits: int
    misses: int
    currsize: int
    nbytes: int
    packed: int  # entries held only packed
    unpacked: int  # hits that unpacked a layer


@dataclass(eq=False)
class _Entry:
    memo: LayerMemo[Any, Any]
    key: Hashable
    value: object | None  # None while the layer is held only packed
    nbytes: int  # of the layer as drawn
    cost: float  # CPU seconds its build took
    packed: packing.Packed | None = None
    unpacking: float = 0.0  # CPU seconds its unpacking took (once unpacked)
    uses: int = 1
    priority: float = 0.0
    ticket: int = -1  # its place in the budget's queue (older places are skipped)

    @property
    def held(self) -> int:
        """Bytes held: the layer as drawn, its packed bytes, or both."""
        drawn = self.nbytes if self.value is not None else 0
        return drawn + (self.packed.nbytes if self.packed is not None else 0)

    def worth(self) -> float:
        """CPU seconds a use saves per byte held in its present form: drawn and packed, the
        unpacking; drawn only, the build; packed only, the build over the packed bytes."""
        if self.value is None:
            assert self.packed is not None
            return self.cost / max(self.packed.nbytes, 1)
        saved = self.unpacking if self.packed is not None else self.cost
        return saved / max(self.nbytes, 1)


@dataclass
class Budget:
    """The bytes every memo of this process holds, and which entry goes first past the budget."""

    limit: int
    held: int = 0
    inflation: float = 0.0
    queue: list[tuple[float, int, _Entry]] = field(default_factory=list)
    order: itertools.count[int] = field(default_factory=itertools.count)
    lock: threading.Lock = field(default_factory=threading.Lock)
    memos: list[LayerMemo[Any, Any]] = field(default_factory=list)
    once: OrderedDict[tuple[int, Hashable], None] = field(default_factory=OrderedDict)

    def welcomes(self, memo: LayerMemo[Any, Any], key: Hashable, nbytes: int) -> bool:
        """Whether a layer just built is kept as drawn (under the lock): always while there is room;
        past the budget only when it was built once before, so layers drawn once (a table's frame
        between two of its moves) do not push out the ones drawn again and again (the caller
        keeps it packed instead, if it packs)."""
        if self.held + nbytes <= self.limit:
            return True
        tag = (id(memo), key)
        if tag in self.once:
            del self.once[tag]
            return True
        self.once[tag] = None
        if len(self.once) > REMEMBERED:
            self.once.popitem(last=False)
        return False

    def admit(self, entry: _Entry) -> None:
        """Hold a new entry (under the lock), making room past the budget."""
        self.held += entry.held
        self._queue(entry)
        self._make_room()

    def touch(self, entry: _Entry) -> None:
        """An entry was used again: it is worth its saving once more."""
        entry.uses += 1
        entry.priority = self.inflation + entry.uses * entry.worth()

    def unpacked(self, entry: _Entry, value: object, cost: float) -> None:
        """A packed entry was unpacked (under the lock): hold it as drawn too, while it pays."""
        if entry.memo.entries.get(entry.key) is not entry or entry.value is not None:
            return  # dropped meanwhile, or unpacked by another thread
        entry.value = value
        entry.unpacking = cost
        self.held += entry.nbytes
        self._queue(entry)
        self._make_room()

    def _queue(self, entry: _Entry) -> None:
        entry.priority = self.inflation + entry.uses * entry.worth()
        entry.ticket = next(self.order)
        heapq.heappush(self.queue, (entry.priority, entry.ticket, entry))
        if len(self.queue) > STALE_PLACES + 2 * self.entries():
            self._compact()

    def entries(self) -> int:
        """Entries held by every memo."""
        return sum(len(memo.entries) for memo in self.memos)

    def _compact(self) -> None:
        """The queue again with one place per entry held: places of entries unpacked, cleared or
        used since they were queued are otherwise only skipped when reached, and would pile up."""
        self.queue = [
            (entry.priority, entry.ticket, entry) for memo in self.memos for entry in memo.entries.values()
        ]
        heapq.heapify(self.queue)

    def _make_room(self) -> None:
        """Past the budget, the entry of least worth goes: packed where it packs well (its drawn
        layer dropped), else dropped; packed only, dropped. Each step raises the inflation, so
        entries not used for long age out however costly they were."""
        while self.held > self.limit and self.queue:
            priority, ticket, entry = heapq.heappop(self.queue)
            if ticket != entry.ticket or entry.memo.entries.get(entry.key) is not entry:
                continue  # an older place, or already gone (cleared, or replaced)
            if entry.priority > priority:  # used since it was queued: queue it at its new priority
                self._queue(entry)
                continue
            self.inflation = priority
            if entry.value is not None and self._packs(entry):
                self.held -= entry.nbytes
                entry.value = None
                self._queue(entry)
            else:
                del entry.memo.entries[entry.key]
                self.held -= entry.held

    def _packs(self, entry: _Entry) -> bool:
        """Whether the entry is (or now gets) packed."""
        if entry.packed is None:
            entry.packed = packing.pack(entry.value, entry.nbytes)
            if entry.packed is not None:
                self.held += entry.packed.nbytes
        return entry.packed is not None

    def forget(self, memo: LayerMemo[Any, Any]) -> None:
        """Drop one memo's entries (their queue places are skipped when reached)."""
        self.held -= sum(entry.held for entry in memo.entries.values())
        memo.entries.clear()
        if not self.held:
            self.queue.clear()
            self.once.clear()


BUDGET = Budget(budget_bytes())
"""The budget every memo of this process shares."""


class LayerMemo(Generic[P, T]):
    """A memoised builder of drawn layers (its arguments must be hashable; callers only read what
    it returns). Entries stay while the process-wide budget has room for them."""

    def __init__(
        self, build: Callable[P, T], budget: Budget = BUDGET, clock: Callable[[], float] = time.thread_time
    ) -> None:
        self.build = build
        self.budget = budget
        self.clock = clock
        self.entries: dict[Hashable, _Entry] = {}
        self.hits = 0
        self.misses = 0
        self.unpacked = 0
        self.__wrapped__ = build
        self.__name__ = getattr(build, "__name__", "layer")
        self.__qualname__ = getattr(build, "__qualname__", self.__name__)
        self.__module__ = getattr(build, "__module__", __name__)
        self.__doc__ = build.__doc__
        budget.memos.append(self)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        with self.budget.lock:
            entry = self.entries.get(key)
            if entry is not None:
                self.hits += 1
                self.budget.touch(entry)
                if entry.value is not None:
                    return entry.value  # type: ignore[return-value]
                assert entry.packed is not None
                packed = entry.packed
        if entry is not None:
            return self._unpack(entry, packed)  # type: ignore[return-value]
        started = self.clock()
        value = self.build(*args, **kwargs)
        cost = self.clock() - started
        nbytes = footprint(value)
        with self.budget.lock:
            self.misses += 1
            if key in self.entries or nbytes > self.budget.limit:
                return value
            if self.budget.welcomes(self, key, nbytes):
                self.entries[key] = entry = _Entry(self, key, value, nbytes, cost)
                self.budget.admit(entry)
                return value
        kept = packing.pack(value, nbytes)  # no room: kept packed, if it packs (outside the lock)
        if kept is not None:
            with self.budget.lock:
                if key not in self.entries:
                    self.entries[key] = entry = _Entry(self, key, None, nbytes, cost, kept)
                    self.budget.admit(entry)
        return value

    def _unpack(self, entry: _Entry, packed: packing.Packed) -> object:
        started = self.clock()
        value = packed.unpack()
        cost = self.clock() - started
        with self.budget.lock:
            self.unpacked += 1
            self.budget.unpacked(entry, value, cost)
        return value

    def cache_info(self) -> MemoInfo:
        """Hits, misses, entries and bytes held, entries held only packed, hits that unpacked."""
        with self.budget.lock:
            held = sum(entry.held for entry in self.entries.values())
            packed = sum(entry.value is None for entry in self.entries.values())
            return MemoInfo(self.hits, self.misses, len(self.entries), held, packed, self.unpacked)

    def cache_clear(self) -> None:
        """Forget every entry (the counts stay)."""
        with self.budget.lock:
            self.budget.forget(self)


def layer_memo(build: Callable[P, T]) -> LayerMemo[P, T]:
    """Memoise a layer builder within the process's budget of drawn layers."""
    return LayerMemo(build)


def held_bytes() -> int:
    """Bytes of layers every memo of this process holds now."""
    return BUDGET.held


def clear_all() -> None:
    """Forget every memoised layer (tests that must see every layer drawn anew)."""
    with BUDGET.lock:
        for memo in BUDGET.memos:
            BUDGET.forget(memo)
