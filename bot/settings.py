"""Settings read from the environment (and a .env file in the working directory)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from dotenv import dotenv_values

from bot.cache import DEFAULT_TABLE_CACHE_SIZE

DEFAULT_DATABASE_URL = "sqlite:///data/supertable.db"
MIN_TURN_TIMER = 30.0
MAX_TURN_TIMER = 24 * 3600.0
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line a person can act on."""


ENVIRONMENT = {
    "DISCORD_TOKEN": "required to connect to Discord",
    "DATABASE_URL": DEFAULT_DATABASE_URL + ", or postgresql://...",
    "LOG_LEVEL": "INFO",
    "SYNC_GUILD_ID": "unset: commands synced globally",
    "DEFAULT_TURN_TIMER": "600 seconds",
    "TABLE_EDIT_INTERVAL": "1.5 seconds",
    "CONSOLE_EDIT_INTERVAL": "1.0 seconds",
    "THREAD_ARCHIVE_AFTER": "600 seconds",
    "RENDER_WORKERS": "one per core; 0: threads",
    "RENDER_CACHE_MIB": "64 MiB per render process",
    "TABLE_CACHE_SIZE": f"{DEFAULT_TABLE_CACHE_SIZE} tables",
    "LEADERBOARD_MIN_GAMES": "3",
    "SHARD_COUNT": "unset",
    "SHARD_IDS": "unset: every shard",
    "METRICS_PORT": "unset: no /metrics or /healthz",
    "METRICS_HOST": "127.0.0.1",
}
"""Every environment variable the bot reads, with its default (the README's settings table says
what each one does; a test keeps the two lists the same)."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot can be configured with."""

    token: str | None = field(default=None, repr=False)
    database_url: str = DEFAULT_DATABASE_URL
    log_level: str = "INFO"
    sync_guild_id: int | None = None
    default_turn_timer: float = 600.0
    table_edit_interval: float = 1.5
    console_edit_interval: float = 1.0
    thread_archive_after: float = 600.0
    leaderboard_min_games: int = 3
    table_cache_size: int = DEFAULT_TABLE_CACHE_SIZE
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    render_workers: int | None = None  # None: one process per core; 0: threads in this process
    render_cache_mib: int | None = None  # None: the default of renderers.kit.memo (which reads it)
    dms: bool = True  # whether players can get their turns by DM (the offline sandbox cannot show DMs)
    metrics_port: int | None = None  # /metrics and /healthz served here when set (bot.metrics)
    metrics_host: str = "127.0.0.1"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from os.environ over .env values; raises SettingsError on bad values."""
        values = {k: v for k, v in dotenv_values(".env").items() if v is not None}
        values.update(os.environ if environ is None else environ)
        timer = _number(values, "DEFAULT_TURN_TIMER", 600.0)
        if not MIN_TURN_TIMER <= timer <= MAX_TURN_TIMER:
            raise SettingsError("DEFAULT_TURN_TIMER must be between 30 and 86400 seconds.")
        shard_ids = values.get("SHARD_IDS")
        return cls(
            token=values.get("DISCORD_TOKEN") or None,
            database_url=values.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
            log_level=(values.get("LOG_LEVEL") or "INFO").upper(),
            sync_guild_id=_optional_int(values, "SYNC_GUILD_ID"),
            default_turn_timer=timer,
            table_edit_interval=_number(values, "TABLE_EDIT_INTERVAL", 1.5),
            console_edit_interval=_number(values, "CONSOLE_EDIT_INTERVAL", 1.0),
            thread_archive_after=_number(values, "THREAD_ARCHIVE_AFTER", 600.0),
            leaderboard_min_games=int(_number(values, "LEADERBOARD_MIN_GAMES", 3)),
            table_cache_size=_cache_size(values),
            shard_count=_optional_int(values, "SHARD_COUNT"),
            shard_ids=tuple(_int_list(shard_ids)) if shard_ids else None,
            render_workers=_render_workers(values),
            render_cache_mib=_render_cache_mib(values),
            metrics_port=_optional_int(values, "METRICS_PORT"),
            metrics_host=values.get("METRICS_HOST") or "127.0.0.1",
        )

    def require_token(self) -> str:
        """The token, or SettingsError explaining how to provide a valid one."""
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications, "
                "then run `DISCORD_TOKEN=your-token python -m bot` (or put it in a .env file). "
                "No token yet? `python -m bot sandbox` runs SuperTable offline, in your browser."
            )
        if not _TOKEN.match(self.token.strip()):
            raise SettingsError(
                "DISCORD_TOKEN does not look like a bot token (three dot-separated parts): copy it again "
                "from the Bot page of your application in the Discord Developer Portal."
            )
        return self.token.strip()


def _cache_size(values: Mapping[str, str]) -> int:
    raw = values.get("TABLE_CACHE_SIZE")
    if not raw:
        return DEFAULT_TABLE_CACHE_SIZE
    if not raw.strip().isdigit() or int(raw) < 1:
        raise SettingsError(f"TABLE_CACHE_SIZE must be a whole number of tables, at least 1, not {raw!r}.")
    return int(raw)


def _render_workers(values: Mapping[str, str]) -> int | None:
    raw = values.get("RENDER_WORKERS")
    if not raw:
        return None
    if not raw.strip().isdigit():
        raise SettingsError(f"RENDER_WORKERS must be a whole number of processes (0: threads), not {raw!r}.")
    return int(raw)


def _render_cache_mib(values: Mapping[str, str]) -> int | None:
    raw = values.get("RENDER_CACHE_MIB")
    if not raw:
        return None
    if not raw.strip().isdigit() or int(raw) < 1:
        raise SettingsError(f"RENDER_CACHE_MIB must be a whole number of MiB (at least 1), not {raw!r}.")
    return int(raw)


def _number(values: Mapping[str, str], name: str, default: float) -> float:
    raw = values.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if value < 0:
        raise SettingsError(f"{name} must not be negative.")
    return value


def _optional_int(values: Mapping[str, str], name: str) -> int | None:
    raw = values.get(name)
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}.") from None


def _int_list(raw: str) -> list[int]:
    try:
        return [int(part) for part in raw.split(",") if part.strip()]
    except ValueError:
        raise SettingsError(f"SHARD_IDS must be comma-separated whole numbers, not {raw!r}.") from None
