"""The storage interface, implemented by SQLite and PostgreSQL (chosen by DATABASE_URL).

Designed for several processes sharing one database: every table write is optimistic on
`rev`, so the database, not memory, is the source of truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.storage.records import (
    ActionRecord,
    BoardPage,
    DeckRecord,
    GameStats,
    GuildSettings,
    HistoryEntry,
    LiveRow,
    ResultRecord,
    SeasonStanding,
    SeasonToClose,
    TableRecord,
    TournamentRecord,
    UserSettings,
)


class StaleWrite(Exception):
    """The row changed since it was read (another process or a concurrent writer)."""


class Storage(Protocol):
    """Repository of tables, action logs, results and settings."""

    async def open(self) -> None:
        """Connect and apply pending migrations."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...

    async def create_table(self, record: TableRecord) -> int:
        """Insert a new table with its seats; returns its id (record.rev is set to 1).

        Raises PlaceTaken when the channel or thread already holds a live table.
        """
        ...

    async def save_table(
        self,
        record: TableRecord,
        *,
        seats_changed: bool = False,
        actions: Sequence[ActionRecord] = (),
        result: ResultRecord | None = None,
    ) -> None:
        """Write the whole row in ONE transaction, with new action-log lines and the result.

        Optimistic: succeeds only if the stored rev equals record.rev, then stores rev+1 and
        sets record.rev to it. Raises StaleWrite otherwise, writing nothing.
        """
        ...

    async def load_table(self, table_id: int) -> TableRecord | None:
        """One table, or None if it does not exist."""
        ...

    async def live_in(self, place_id: int) -> int | None:
        """The id of the lobby or active table in this channel or thread, if any."""
        ...

    async def live_tables(self) -> list[LiveRow]:
        """Every lobby and active table with its status, deadline and last update (nothing decoded)."""
        ...

    async def quarantine(self, table_id: int, reason: str) -> None:
        """Mark a table whose saved data cannot be used as `broken`, keeping the data."""
        ...

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The action log of a table, in order."""
        ...

    async def result(self, table_id: int) -> ResultRecord | None:
        """The result of a finished table."""
        ...

    async def open_tables(self, guild_id: int, host_id: int) -> tuple[int, int]:
        """How many lobbies and active tables this member hosts in a server, and the server has in all."""
        ...

    async def note_click(self, table_id: int, user_id: int, at: float) -> None:
        """Mark a person's click as being applied; the save that applies it deletes the mark."""
        ...

    async def forget_click(self, table_id: int, user_id: int) -> None:
        """A click answered without being applied: nothing was lost."""
        ...

    async def take_lost_clicks(self, table_id: int) -> list[int]:
        """Who clicked at the table before the process stopped, their click never applied (once)."""
        ...

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's settings (defaults when none are stored)."""
        ...

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Insert or replace a user's settings."""
        ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings, or the defaults."""
        ...

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace a server's settings."""
        ...

    async def leaderboard(
        self,
        game: str,
        mode: str | None,
        scope: int,
        *,
        min_games: int,
        offset: int,
        limit: int,
        viewer: int,
        season: str = "",
    ) -> BoardPage:
        """A page of a game's rating board (mode None) or of a mode's high-score board; with
        `season`, a server's board of that season."""
        ...

    async def player_seasons(self, user_id: int, guild_id: int, limit: int) -> list[SeasonStanding]:
        """A player's places on a server's season boards, latest season first."""
        ...

    async def seasons_to_close(self, now: float) -> list[SeasonToClose]:
        """Seasons that ended by `now` whose end-of-season post is not done."""
        ...

    async def claim_season(self, guild_id: int, season: str, owner: str, now: float, until: float) -> bool:
        """Take a season's end-of-season post until `until`; False if another holds it or it is done."""
        ...

    async def close_season(self, guild_id: int, season: str, now: float) -> None:
        """Mark a season's end-of-season post done."""
        ...

    async def season_boards(self, guild_id: int, season: str) -> list[tuple[str, str]]:
        """(game, board) of every season board with players; board "" is the game's rating."""
        ...

    async def player_stats(self, user_id: int, scope: int) -> list[GameStats]:
        """A player's record per game in a scope (a server id, or 0 for everywhere)."""
        ...

    async def history(self, user_id: int, game: str | None, scope: int, limit: int) -> list[HistoryEntry]:
        """A player's latest recorded games, newest first."""
        ...

    async def finished_tables(self) -> list[int]:
        """Ids of every finished game."""
        ...

    async def deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        """A user's deck by name (any case), or None."""
        ...

    async def decks(self, user_id: int, game: str) -> list[DeckRecord]:
        """A user's decks for a game, by name."""
        ...

    async def save_deck(self, deck: DeckRecord) -> None:
        """Insert or replace a deck (same user, game and name ignoring case)."""
        ...

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Delete a deck; False when there was none by that name."""
        ...

    async def create_tournament(self, record: TournamentRecord) -> int:
        """Insert a tournament; sets record.id and record.rev (1)."""
        ...

    async def save_tournament(self, record: TournamentRecord) -> None:
        """Write a tournament if still at record.rev (else StaleWrite), releasing its lease."""
        ...

    async def load_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """One tournament, or None."""
        ...

    async def due_tournaments(self, now: float) -> list[int]:
        """Live tournaments whose next change is due and that no process holds."""
        ...

    async def live_tournaments(self) -> list[tuple[int, float | None]]:
        """(id, deadline) of every tournament not over."""
        ...

    async def claim_tournament(self, tournament_id: int, owner: str, now: float, until: float) -> bool:
        """Hold a tournament's due change until `until`; False when another process holds it."""
        ...

    async def link_tournament_table(
        self, tournament_id: int, table_id: int, round_number: int, pod: int
    ) -> None:
        """Record that a table was opened for a pod of a tournament's round."""
        ...

    async def tournament_round_tables(self, tournament_id: int, round_number: int) -> dict[int, int]:
        """Pod -> table id of the tables already opened for a tournament's round."""
        ...

    async def tournament_of_table(self, table_id: int) -> int | None:
        """The tournament a table was opened for, if any."""
        ...
