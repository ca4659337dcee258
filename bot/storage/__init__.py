"""Persistence: the Storage interface, its records and errors, and `open_storage(DATABASE_URL)`."""

from __future__ import annotations

from bot.storage import records
from bot.storage.base import StaleWrite, Storage
from bot.storage.errors import CorruptRecord, PlaceTaken
from bot.storage.sqlite import MEMORY, SqliteStorage

__all__ = ["CorruptRecord", "PlaceTaken", "SqliteStorage", "StaleWrite", "Storage", "open_storage", "records"]

_SQLITE_PREFIX = "sqlite:///"
_SQLITE_MEMORY = "sqlite://:memory:"
_POSTGRES_SCHEMES = ("postgres", "postgresql")


def open_storage(url: str) -> Storage:
    """The storage a DATABASE_URL names, not yet connected (await `.open()`).

    - `sqlite:///data/supertable.db`: a file relative to the working directory
    - `sqlite:////data/supertable.db`: an absolute path (four slashes)
    - `sqlite://:memory:`: an in-memory database, gone on close
    - `postgresql://user@host:5432/db` (or `postgres://`, `postgresql+asyncpg://`): PostgreSQL, for
      several processes sharing one database; `?search_path=schema` keeps the tables in a schema
    """
    if url == _SQLITE_MEMORY:
        return SqliteStorage(MEMORY)
    if url.startswith(_SQLITE_PREFIX) and url[len(_SQLITE_PREFIX) :].strip():
        return SqliteStorage(url[len(_SQLITE_PREFIX) :])
    scheme = url.partition("://")[0].partition("+")[0].lower()
    if scheme in _POSTGRES_SCHEMES and url.partition("://")[2].strip():
        from bot.storage.postgres import PostgresStorage  # asyncpg is imported only when used

        return PostgresStorage(url)
    raise ValueError(
        f"unsupported DATABASE_URL {url!r}: expected sqlite:///relative/path.db, "
        "sqlite:////absolute/path.db, sqlite://:memory: or postgresql://user@host:5432/database"
    )
