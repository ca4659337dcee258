"""Seasons: calendar months or quarters in UTC, and the soft reset a season rating starts from.

Pure functions. A result belongs to the season its `finished_at` falls in (start included, end
excluded), so a season's boards are always what its stored results say, whatever a timer did.

Soft reset: a player's first rated game of a season starts from their all-time rating on the
server moved halfway back to a new player's, in both mean and uncertainty:
    mu_season    = mu_new    + CARRY * (mu - mu_new)
    sigma_season = sigma_new + CARRY * (sigma - sigma_new)      (CARRY = 0.5)
A strong player starts a season ahead, but a few games decide more than they do all-time.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from bot.ratings import DEFAULT_MU, DEFAULT_SIGMA, Skill

LENGTHS = ("month", "quarter")
CARRY = 0.5
_KEY = re.compile(r"^(\d{4})-(?:(\d{2})|Q([1-4]))$")
_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
)  # fmt: skip


@dataclass(frozen=True)
class Season:
    """One season: its key ("2026-11" for a month, "2026-Q4" for a quarter) and its UTC bounds
    as epoch seconds (start included, end excluded)."""

    key: str
    start: float
    end: float

    @property
    def label(self) -> str:
        """How players read it: "November 2026" or "Q4 2026"."""
        year, month, quarter = _parts(self.key)
        return f"Q{quarter} {year}" if quarter else f"{_MONTHS[month - 1]} {year}"

    @property
    def length(self) -> str:
        return "quarter" if "Q" in self.key else "month"


def _parts(key: str) -> tuple[int, int, int]:
    match = _KEY.fullmatch(key)
    if match is None:
        raise ValueError(f"not a season key: {key!r}")
    return int(match[1]), int(match[2] or 0), int(match[3] or 0)


def _epoch(year: int, month: int) -> float:
    """The first instant of a month (month 13 is next January)."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return datetime.datetime(year, month, 1, tzinfo=datetime.UTC).timestamp()


def season_at(at: float, length: str) -> Season:
    """The season of `length` ("month" or "quarter") that the instant `at` falls in."""
    season = _season_near(at, length)
    if at < season.start:  # datetime rounds to the microsecond: an instant just before a start
        return _season_near(season.start - 1, length)
    return season


def _season_near(at: float, length: str) -> Season:
    when = datetime.datetime.fromtimestamp(at, datetime.UTC)
    if length == "month":
        return Season(
            f"{when.year}-{when.month:02d}", _epoch(when.year, when.month), _epoch(when.year, when.month + 1)
        )
    if length == "quarter":
        first = 3 * ((when.month - 1) // 3) + 1
        key = f"{when.year}-Q{(first - 1) // 3 + 1}"
        return Season(key, _epoch(when.year, first), _epoch(when.year, first + 3))
    raise ValueError(f"unknown season length {length!r}")


def season_of(key: str) -> Season:
    """The season a key names; raises ValueError for anything else."""
    year, month, quarter = _parts(key)
    if quarter:
        return season_at(_epoch(year, 3 * quarter - 2), "quarter")
    if not 1 <= month <= 12:
        raise ValueError(f"not a season key: {key!r}")
    return season_at(_epoch(year, month), "month")


def previous(season: Season) -> Season:
    """The season just before."""
    return season_at(season.start - 1, season.length)


def soft_reset(all_time: Skill) -> Skill:
    """The rating a player starts a season with (see the module docstring)."""
    return Skill(
        DEFAULT_MU + CARRY * (all_time.mu - DEFAULT_MU),
        DEFAULT_SIGMA + CARRY * (all_time.sigma - DEFAULT_SIGMA),
    )
