"""The Storage interface over plans: every operation once, for each SQL backend to run its way.

A backend supplies `open`, `close`, `_run(plan, mode)` (run a plan in a transaction of that mode)
and `_place_taken(error)` (whether a failed insert hit the one-live-table-per-place index).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from bot.storage import codec, queries, record_queries, season_queries, tournament_queries
from bot.storage.errors import PlaceTaken
from bot.storage.plan import Fetch, Mode, Plan, T, only
from bot.storage.records import (
    SPECTATOR_CHOICES,
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

PLACE_INDEX = "tables_one_live_per_place"


class SqlStorage(ABC):
    """The operations of `bot.storage.base.Storage`, as plans run by a backend."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and apply pending migrations."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections once running work is done (idempotent)."""

    @abstractmethod
    async def _run(self, plan: Plan[T], mode: Mode) -> T:
        """Run a plan to its end in a transaction of `mode`, rolled back if it raises."""

    @abstractmethod
    def _place_taken(self, error: Exception) -> bool:
        """Whether `error` is the one-live-table-per-place unique index refusing an insert."""

    async def create_table(self, record: TableRecord) -> int:
        """Insert a new table with its seats; sets record.id and record.rev (1)."""
        try:
            table_id = await self._run(queries.create_table(record), Mode.WRITE)
        except Exception as exc:
            if self._place_taken(exc):
                raise PlaceTaken(str(record.place_id)) from exc
            raise
        record.id, record.rev = table_id, 1
        return table_id

    async def save_table(
        self,
        record: TableRecord,
        *,
        seats_changed: bool = False,
        actions: Sequence[ActionRecord] = (),
        result: ResultRecord | None = None,
    ) -> None:
        """Write the row, seats (if changed), new actions and the result in one transaction.

        Raises StaleWrite, writing nothing, unless the stored rev is record.rev. On success
        record.rev is the new rev and each action's seq is set.
        """
        seqs = await self._run(queries.save_table(record, seats_changed, actions, result), Mode.WRITE)
        record.rev += 1
        for action, seq in zip(actions, seqs, strict=True):
            action.seq = seq

    async def load_table(self, table_id: int) -> TableRecord | None:
        """One table with its seats, or None; raises CorruptRecord if a column cannot be decoded."""
        return await self._run(queries.load_table(table_id), Mode.READ)

    async def live_in(self, place_id: int) -> int | None:
        """The newest lobby or active table whose thread, or threadless channel, is place_id."""
        return await self._run(queries.live_in(place_id), Mode.SINGLE)

    async def open_tables(self, guild_id: int, host_id: int) -> tuple[int, int]:
        """How many lobbies and active tables this member hosts in a server, and the server has in all."""
        return await self._run(queries.open_tables(guild_id, host_id), Mode.SINGLE)

    async def live_tables(self) -> list[LiveRow]:
        """Every lobby and active table by id; never decodes anything that could be corrupt."""
        return await self._run(queries.live_tables(), Mode.SINGLE)

    async def quarantine(self, table_id: int, reason: str) -> None:
        """Mark the table broken (data kept); bumps rev so writers holding the old one go stale."""
        await self._run(queries.quarantine(table_id, reason), Mode.SINGLE)

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The action log of a table by seq; raises CorruptRecord if a line cannot be decoded."""
        return await self._run(queries.actions(table_id), Mode.SINGLE)

    async def result(self, table_id: int) -> ResultRecord | None:
        """The result of a finished table with its seats by seat index, or None."""
        return await self._run(queries.result(table_id), Mode.READ)

    async def note_click(self, table_id: int, user_id: int, at: float) -> None:
        """Mark a person's click as being applied; the save that applies it deletes the mark."""
        await self._run(queries.note_click(table_id, user_id, at), Mode.SINGLE)

    async def forget_click(self, table_id: int, user_id: int) -> None:
        """A click answered without being applied (refused, out of date): nothing was lost."""
        await self._run(queries.forget_click(table_id, user_id), Mode.SINGLE)

    async def take_lost_clicks(self, table_id: int) -> list[int]:
        """Who clicked at the table before the process stopped, their click never applied (each
        told once: the marks are deleted)."""
        return await self._run(queries.take_lost_clicks(table_id), Mode.WRITE)

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's settings, or the defaults."""
        rows = await self._run(
            only(
                Fetch("SELECT dm, auto_defence, spectators FROM user_settings WHERE user_id = ?", (user_id,))
            ),
            Mode.SINGLE,
        )
        if not rows:
            return UserSettings(user_id)
        row = rows[0]
        spectators = row["spectators"] if row["spectators"] in SPECTATOR_CHOICES else "after"
        return UserSettings(
            user_id, dm=bool(row["dm"]), auto_defence=bool(row["auto_defence"]), spectators=spectators
        )

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Insert or replace a user's settings."""
        statement = Fetch(
            "INSERT INTO user_settings (user_id, dm, auto_defence, spectators) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, auto_defence = excluded.auto_defence,"
            " spectators = excluded.spectators",
            (settings.user_id, int(settings.dm), int(settings.auto_defence), settings.spectators),
        )
        await self._run(only(statement), Mode.SINGLE)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings, or the defaults (unknown or malformed stored keys are ignored)."""
        statement = Fetch("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        rows = await self._run(only(statement), Mode.SINGLE)
        return codec.decode_guild_settings(guild_id, rows[0]["settings"]) if rows else GuildSettings(guild_id)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace a server's settings."""
        statement = Fetch(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (settings.guild_id, codec.encode_guild_settings(settings)),
        )
        await self._run(only(statement), Mode.SINGLE)

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
        """A page of the rating board of a game (mode None) or of a mode's high-score board.

        scope is a server id, or 0 for the global board; `season` asks for a server's season board.
        """
        if mode is None:
            plan = record_queries.rating_board(game, scope, min_games, offset, limit, viewer, season)
        else:
            plan = record_queries.high_score_board(
                game, mode, scope, min_games, offset, limit, viewer, season
            )
        return await self._run(plan, Mode.READ)

    async def player_seasons(self, user_id: int, guild_id: int, limit: int) -> list[SeasonStanding]:
        """A player's places on a server's season boards, latest season first."""
        return await self._run(season_queries.player_seasons(user_id, guild_id, limit), Mode.READ)

    async def seasons_to_close(self, now: float) -> list[SeasonToClose]:
        """Seasons that ended by `now` whose end-of-season post is not done."""
        return await self._run(season_queries.seasons_to_close(now), Mode.SINGLE)

    async def claim_season(self, guild_id: int, season: str, owner: str, now: float, until: float) -> bool:
        """Take a season's end-of-season post until `until`; False if another holds it or it is done."""
        return await self._run(season_queries.claim_season(guild_id, season, owner, now, until), Mode.SINGLE)

    async def close_season(self, guild_id: int, season: str, now: float) -> None:
        """Mark a season's end-of-season post done."""
        await self._run(season_queries.close_season(guild_id, season, now), Mode.SINGLE)

    async def season_boards(self, guild_id: int, season: str) -> list[tuple[str, str]]:
        """(game, board) of every season board with players; board "" is the game's rating."""
        return await self._run(season_queries.season_boards(guild_id, season), Mode.READ)

    async def player_stats(self, user_id: int, scope: int) -> list[GameStats]:
        """A player's record per game in a scope (a server id, or 0 for everywhere)."""
        return await self._run(record_queries.player_stats(user_id, scope), Mode.READ)

    async def history(self, user_id: int, game: str | None, scope: int, limit: int) -> list[HistoryEntry]:
        """A player's latest recorded games, newest first."""
        return await self._run(record_queries.history(user_id, game, scope, limit), Mode.READ)

    async def finished_tables(self) -> list[int]:
        """Ids of every finished game (for replay checks)."""
        return await self._run(queries.finished_tables(), Mode.SINGLE)

    async def deck(self, user_id: int, game: str, name: str) -> DeckRecord | None:
        """A user's deck by name (any case), or None; a deck whose cards do not decode reads as empty."""
        return await self._run(queries.deck(user_id, game, name), Mode.SINGLE)

    async def decks(self, user_id: int, game: str) -> list[DeckRecord]:
        """A user's decks for a game, by name."""
        return await self._run(queries.decks(user_id, game), Mode.SINGLE)

    async def save_deck(self, deck: DeckRecord) -> None:
        """Insert or replace a deck (same user, game and name ignoring case)."""
        await self._run(queries.save_deck(deck), Mode.SINGLE)

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Delete a deck; False when there was none by that name."""
        return await self._run(queries.delete_deck(user_id, game, name), Mode.SINGLE)

    async def create_tournament(self, record: TournamentRecord) -> int:
        """Insert a tournament; sets record.id and record.rev (1)."""
        record.id = await self._run(tournament_queries.create(record), Mode.WRITE)
        record.rev = 1
        return record.id

    async def save_tournament(self, record: TournamentRecord) -> None:
        """Write a tournament if still at record.rev (else StaleWrite), releasing its lease."""
        await self._run(tournament_queries.save(record), Mode.WRITE)
        record.rev += 1

    async def load_tournament(self, tournament_id: int) -> TournamentRecord | None:
        return await self._run(tournament_queries.load(tournament_id), Mode.READ)

    async def due_tournaments(self, now: float) -> list[int]:
        """Live tournaments whose next change is due and that no process holds."""
        return await self._run(tournament_queries.due(now), Mode.SINGLE)

    async def live_tournaments(self) -> list[tuple[int, float | None]]:
        """(id, deadline) of every tournament not over."""
        return await self._run(tournament_queries.live(), Mode.SINGLE)

    async def claim_tournament(self, tournament_id: int, owner: str, now: float, until: float) -> bool:
        """Hold a tournament's due change until `until`; False when another process holds it."""
        return await self._run(tournament_queries.claim(tournament_id, owner, now, until), Mode.SINGLE)

    async def link_tournament_table(
        self, tournament_id: int, table_id: int, round_number: int, pod: int
    ) -> None:
        await self._run(
            tournament_queries.link_table(tournament_id, table_id, round_number, pod), Mode.SINGLE
        )

    async def tournament_round_tables(self, tournament_id: int, round_number: int) -> dict[int, int]:
        """Pod -> table id of the tables already opened for a tournament's round."""
        return await self._run(tournament_queries.round_tables(tournament_id, round_number), Mode.SINGLE)

    async def tournament_of_table(self, table_id: int) -> int | None:
        return await self._run(tournament_queries.of_table(table_id), Mode.SINGLE)
