"""Storage operations as plans: generators that yield SQL steps and receive their rows.

A plan holds the logic of an operation (which statements, what to do with their rows) and no I/O,
so SQLite runs it synchronously in its database thread (one hop per operation) and PostgreSQL
awaits each step on one connection; both run it inside the transaction its `Mode` asks for.
SQL is written once with `?` placeholders in the dialect both databases share.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Generator, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, TypeAlias, TypeVar

T = TypeVar("T")


class Fetch(NamedTuple):
    """One statement; the plan receives its rows (none for a write without RETURNING).

    `lock`: a SELECT whose rows the transaction will update. PostgreSQL locks them (FOR UPDATE)
    so concurrent writers cannot lose an update; SQLite's writers hold the whole database anyway.
    `repeatable`: running it twice leaves what running it once does (an upsert or delete of fixed
    values), so it may run again after a lost connection even outside a transaction.
    """

    sql: str
    params: Sequence[Any] = ()
    lock: bool = False
    repeatable: bool = False


class Many(NamedTuple):
    """One statement run for each parameter row; the plan receives an empty list."""

    sql: str
    rows: Sequence[Sequence[Any]]


class Mode(enum.Enum):
    """The transaction a plan runs in."""

    WRITE = "write"  # one write transaction (SQLite: BEGIN IMMEDIATE)
    READ = "read"  # a consistent snapshot for several reads
    SINGLE = "single"  # one statement, committed on its own


Step: TypeAlias = Fetch | Many
Plan: TypeAlias = Generator[Step, list[Any], T]


def only(statement: Fetch) -> Plan[list[Any]]:
    """A plan of one statement, returning its rows."""
    return (yield statement)


_PLACEHOLDER = re.compile(r"\?")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...` (our SQL has no `?` inside strings)."""
    count = iter(range(1, sql.count("?") + 1))
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)
