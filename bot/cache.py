"""The in-memory table cache: least recently used tables are dropped past a size, never busy ones."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from itertools import islice
from typing import Generic, TypeVar

V = TypeVar("V")
DEFAULT_TABLE_CACHE_SIZE = 5000


class TableCache(Generic[V]):
    """Tables by id, at most `size` of them (a busy table may keep it over for a moment).

    Storage is the truth, so dropping a table only costs a reload on its next use. A table
    for which `busy(id)` is true (someone holds or awaits its lock) is never dropped: the
    holder is about to save it, and a reload before that save would read an older version.
    """

    def __init__(self, size: int, busy: Callable[[int], bool]) -> None:
        if size < 1:
            raise ValueError("the table cache must hold at least one table")
        self.size = size
        self._busy = busy
        self._tables: OrderedDict[int, V] = OrderedDict()

    def get(self, table_id: int) -> V | None:
        """The cached table, now the most recently used, or None."""
        value = self._tables.get(table_id)
        if value is not None:
            self._tables.move_to_end(table_id)
        return value

    def peek(self, table_id: int) -> V | None:
        """The cached table or None, leaving the order of use as it is."""
        return self._tables.get(table_id)

    def add(self, table_id: int, value: V) -> V:
        """Keep a freshly loaded table (the one already cached wins a race), then trim the oldest."""
        kept = self._tables.setdefault(table_id, value)
        self._tables.move_to_end(table_id)
        self._trim(keep=table_id)
        return kept

    def put(self, table_id: int, value: V) -> None:
        """Cache a table made in this process (a new lobby), replacing any copy already cached."""
        self._tables[table_id] = value
        self._tables.move_to_end(table_id)
        self._trim(keep=table_id)

    def drop(self, table_id: int) -> None:
        """Forget a table now, busy or not (callers drop a table whose copy is wrong or closed; it
        reloads from storage on its next use)."""
        self._tables.pop(table_id, None)

    def clear(self) -> None:
        """Forget every table (each reloads from storage on its next use)."""
        self._tables.clear()

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def _trim(self, keep: int) -> None:
        excess = len(self._tables) - self.size
        if excess <= 0:
            return
        idle = list(islice((t for t in self._tables if t != keep and not self._busy(t)), excess))
        for table_id in idle:
            del self._tables[table_id]
