"""Every custom_id the bot issues, built and parsed in one place.

Formats (all <= 100 characters):
  st:{table}:{version}:{key}:{option}   a decision option button
  ss:{table}:{version}:{key}            a decision select menu (values are option ids)
  sc:{table}:{version}:{key}:{picks}    confirm a multi-choice (picks: hex bitmask of option indices,
                                        over all the menus of a question split into several)
  sl:{table}:{action}                   lobby buttons
  sm:{table}:{action}                   table-message and panel buttons
  sr:{game}:{page}                      rules pages
  sd:{on|off}                           DM preference
  sb:{game}:{board}:{scope}:{page}[:{season}]  leaderboard pages (board "-" = the rating board, else
                                        a high-score mode or mode.variant; scope s|g; season c|p|a,
                                        current, previous or all time: absent means all time)
  sj:{tournament}:{action}              tournament sign-up buttons (join, leave, checkin)
Anything else, or anything malformed, is refused as forged: never trusted.

A decision's select menu also gets a numeric component id made from its custom_id (`menu_id`).
Clients remember what was picked in a menu by that id (SimCord's page does; Discord's app can), and
Discord numbers components by their place in the message: a question asked again in the same place
came back with the value picked the time before, and picking it again did nothing.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

BUTTON_PATTERN = r"s[tclmrdbj]:.{0,97}"
SELECT_PATTERN = r"ss:.{0,97}"
LOBBY_ACTIONS = ("join", "leave", "leave_yes", "ai", "unai", "start", "cancel")
TABLE_ACTIONS = ("hand", "rules", "forfeit", "forfeit_yes", "back", "rematch", "refresh")
_FIELD = r"[A-Za-z0-9_.\-]{1,20}"
MAX_MASK = 32  # hex digits of a confirm's picks: up to 128 choices (a question split over menus)
_PATTERNS = {
    "st": re.compile(rf"st:(\d{{1,18}}):(\d{{1,9}}):({_FIELD}):({_FIELD})"),
    "ss": re.compile(rf"ss:(\d{{1,18}}):(\d{{1,9}}):({_FIELD})"),
    "sc": re.compile(rf"sc:(\d{{1,18}}):(\d{{1,9}}):({_FIELD}):([0-9a-f]{{1,{MAX_MASK}}})"),
    "sl": re.compile(r"sl:(\d{1,18}):([a-z_]{1,12})"),
    "sj": re.compile(r"sj:(\d{1,18}):(join|leave|checkin)"),
    "sm": re.compile(r"sm:(\d{1,18}):([a-z_]{1,12})"),
    "sr": re.compile(r"sr:([a-z0-9_]{1,20}):(\d{1,2})"),
    "sd": re.compile(r"sd:(on|off)"),
    "sb": re.compile(r"sb:([a-z0-9_]{1,20}):([a-z0-9_.]{1,40}|-):([sg]):(\d{1,4})(?::([cpa]))?"),
}


class ForgedId(ValueError):
    """A custom_id the bot did not issue."""


@dataclass(frozen=True)
class Choose:
    """A decision answer: one option (button), select values, or confirmed indices."""

    table_id: int
    version: int
    key: str
    option: str | None = None
    indices: tuple[int, ...] | None = None
    select: bool = False


@dataclass(frozen=True)
class LobbyAction:
    table_id: int
    action: str


@dataclass(frozen=True)
class TableAction:
    table_id: int
    action: str


@dataclass(frozen=True)
class RulesPage:
    game: str
    page: int


@dataclass(frozen=True)
class DmPreference:
    on: bool


@dataclass(frozen=True)
class BoardPage:
    """A leaderboard page: the game's rating board (mode None) or a mode's high-score board."""

    game: str
    mode: str | None
    server: bool
    page: int
    season: str = "all"  # "current", "previous" or "all"


@dataclass(frozen=True)
class TournamentAction:
    """A tournament sign-up button: join, leave or checkin."""

    tournament: int
    action: str


Parsed = TournamentAction | Choose | LobbyAction | TableAction | RulesPage | DmPreference | BoardPage


def parse(custom_id: str) -> Parsed:
    """The action a custom_id stands for; raises ForgedId for anything malformed."""
    kind = custom_id[:2]
    pattern = _PATTERNS.get(kind)
    match = pattern.fullmatch(custom_id) if pattern else None
    if match is None:
        raise ForgedId(custom_id)
    g = match.groups()
    if kind == "st":
        return Choose(int(g[0]), int(g[1]), g[2], option=g[3])
    if kind == "ss":
        return Choose(int(g[0]), int(g[1]), g[2], select=True)
    if kind == "sc":
        mask = int(g[3], 16)
        picks = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        return Choose(int(g[0]), int(g[1]), g[2], indices=picks)
    if kind in ("sl", "sm"):
        actions = LOBBY_ACTIONS if kind == "sl" else TABLE_ACTIONS
        if g[1] not in actions:
            raise ForgedId(custom_id)
        return LobbyAction(int(g[0]), g[1]) if kind == "sl" else TableAction(int(g[0]), g[1])
    if kind == "sr":
        return RulesPage(g[0], int(g[1]))
    if kind == "sj":
        return TournamentAction(int(g[0]), g[1])
    if kind == "sb":
        season = {"c": "current", "p": "previous"}.get(g[4] or "a", "all")
        return BoardPage(g[0], None if g[1] == "-" else g[1], g[2] == "s", int(g[3]), season)
    return DmPreference(g[0] == "on")


def option_button(table_id: int, version: int, key: str, option: str) -> str:
    return f"st:{table_id}:{version}:{key}:{option}"


def option_select(table_id: int, version: int, key: str) -> str:
    return f"ss:{table_id}:{version}:{key}"


MENU_IDS = range(1_000, 2**31)  # above the numbers Discord gives a message's other components


def menu_id(custom_id: str) -> int:
    """The component id of a decision's menu: it changes with the custom_id, so with the game's
    version, every time a question is asked."""
    return MENU_IDS.start + zlib.crc32(custom_id.encode()) % len(MENU_IDS)


def confirm(table_id: int, version: int, key: str, indices: tuple[int, ...]) -> str:
    mask = sum(1 << i for i in set(indices))
    return f"sc:{table_id}:{version}:{key}:{mask:x}"


def lobby(table_id: int, action: str) -> str:
    return f"sl:{table_id}:{action}"


def table(table_id: int, action: str) -> str:
    return f"sm:{table_id}:{action}"


def rules(game: str, page: int) -> str:
    return f"sr:{game}:{page}"


def dm(on: bool) -> str:
    return f"sd:{'on' if on else 'off'}"


def board(game: str, mode: str | None, server: bool, page: int, season: str = "all") -> str:
    return f"sb:{game}:{mode or '-'}:{'s' if server else 'g'}:{page}:{season[0]}"


def tournament(tournament_id: int, action: str) -> str:
    return f"sj:{tournament_id}:{action}"
