"""Errors raised by storage backends besides `StaleWrite`."""

from __future__ import annotations


class PlaceTaken(Exception):
    """A channel or thread already holds a lobby or active table."""


class CorruptRecord(ValueError):
    """A stored row cannot be decoded; the caller should quarantine the table."""

    def __init__(self, table_id: int, problem: str) -> None:
        super().__init__(f"table {table_id}: {problem}")
        self.table_id = table_id
        self.problem = problem
