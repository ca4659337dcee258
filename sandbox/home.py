"""The sandbox's files beside its SQLite database: a lock, and the links kept from run to run.

- `<database>.lock` is held (an OS file lock) while a sandbox runs on the database, and names it
  (process id and page address): a second sandbox on the same database refuses to start and says
  which one runs, instead of both writing the same games. The OS lets go of the lock when the
  process ends, however it ends.
- `<database>.links.json` keeps the pages' ports and the preview's secret, so the printed member
  links stay the same from run to run (a bookmark keeps working). Only the owner may read it.

An in-memory database has neither: nothing can share it, and nothing outlives the run.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

SQLITE = "sqlite:///"
MEMBERS = 4

if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


class SandboxBusy(RuntimeError):
    """Another sandbox runs on this database; the message says which and what to do."""


@dataclass(frozen=True)
class Links:
    """What the member links are made of: the preview's secret and one port per member."""

    secret: str
    ports: tuple[int, ...]

    @classmethod
    def new(cls) -> Links:
        """A fresh secret (as SimCord makes them); ports 0 = free ports, chosen at start."""
        return cls(secrets.token_urlsafe(32), (0,) * MEMBERS)


def database_file(url: str) -> Path | None:
    """The SQLite file a database URL names; None for an in-memory database."""
    if not url.startswith(SQLITE):
        return None
    name = url[len(SQLITE) :]
    return None if name in ("", ":memory:") else Path(name)


class Home:
    """The lock and the kept links of one database."""

    def __init__(self, database_url: str) -> None:
        self.database = database_file(database_url)
        self._held: IO[str] | None = None

    def lock(self) -> None:
        """Hold the database for this process; SandboxBusy if another sandbox holds it."""
        if self.database is None or self._held is not None:
            return
        path = self.database.with_name(self.database.name + ".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+", encoding="utf-8")
        if not _try_lock(handle):
            handle.close()
            raise SandboxBusy(busy_message(path, self.database))
        self._held = handle
        self._write_lock({"pid": os.getpid()})

    def announce(self, address: str) -> None:
        """Name the running sandbox in its lock: its process and the address of its first page."""
        if self._held is not None:
            self._write_lock({"pid": os.getpid(), "address": address})

    def unlock(self) -> None:
        """Let the database go (the lock file stays, empty)."""
        if self._held is not None:
            self._held.truncate(0)
            self._held.close()
            self._held = None

    def links(self) -> Links:
        """The links kept from an earlier run, or new ones (kept by `keep`)."""
        path = self._links_path()
        if path is None:
            return Links.new()
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            links = Links(str(saved["secret"]), tuple(int(port) for port in saved["ports"]))
        except (OSError, ValueError, TypeError, KeyError):
            return Links.new()
        if len(links.secret) < 32 or len(links.ports) != MEMBERS:
            return Links.new()
        return links

    def keep(self, links: Links) -> None:
        """Keep these links for the next runs (readable by the owner only)."""
        path = self._links_path()
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump({"secret": links.secret, "ports": list(links.ports)}, file)

    def _links_path(self) -> Path | None:
        return None if self.database is None else self.database.with_name(self.database.name + ".links.json")

    def _write_lock(self, holder: dict[str, object]) -> None:
        assert self._held is not None
        self._held.seek(0)
        self._held.truncate()
        self._held.write(json.dumps(holder))
        self._held.flush()


def busy_message(lock: Path, database: Path) -> str:
    """What to tell someone starting a sandbox on a database another sandbox holds."""
    try:
        holder = json.loads(lock.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        holder = {}
    who = "another sandbox"
    if isinstance(holder, dict) and holder.get("pid"):
        where = f", {holder['address']}" if holder.get("address") else ""
        who = f"another sandbox (process {holder['pid']}{where})"
    return (
        f"{who} is already running on {database.resolve()}. Use its pages, or stop it "
        "(Ctrl+C in its terminal) first; to run a second sandbox, give it its own database: "
        "SANDBOX_DATABASE_URL=sqlite:///data/other.db python -m bot sandbox"
    )
