"""Plain records that cross the storage boundary."""

from __future__ import annotations

import msgspec

LIVE_STATUSES = ("lobby", "active")


class SeatRecord(msgspec.Struct):
    """Who sits at one seat. user_id is None for an AI seat."""

    index: int
    name: str
    user_id: int | None = None
    is_ai: bool = False


class TableRecord(msgspec.Struct, kw_only=True):
    """One table (lobby, game in progress, or finished) as stored.

    `version` is the engine state's version (it appears in button ids); `rev` is the row
    revision used for optimistic concurrency on every write. `runtime` is the bot's own
    per-table data (decision clocks, away seats...), opaque to storage.
    """

    id: int = 0
    guild_id: int | None
    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None
    game: str
    mode: str
    options: dict[str, str] = msgspec.field(default_factory=dict)
    status: str = "lobby"
    seed: int
    host_id: int
    turn_timer: float
    seats: list[SeatRecord] = msgspec.field(default_factory=list)
    state: bytes | None = None
    version: int = 0
    rev: int = 0
    runtime: bytes = b"{}"
    deadline: float | None = None
    broken_reason: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def place_id(self) -> int:
        """The channel or thread the table lives in."""
        return self.thread_id or self.channel_id


class LiveRow(msgspec.Struct):
    """What start-up needs to know of a live table without decoding its state."""

    id: int
    status: str
    deadline: float | None
    updated_at: float = 0.0


class ActionRecord(msgspec.Struct):
    """One line of the append-only action log (seq is assigned by storage)."""

    seat: int
    key: str
    choice: list[str]
    at: float
    actor: str  # "human", "ai", "timeout" or "tick"
    seq: int = 0


class ResultSeat(msgspec.Struct):
    """One seat of a finished game."""

    seat: int
    name: str
    user_id: int | None
    is_ai: bool
    placement: int
    score: float


class ResultRecord(msgspec.Struct, kw_only=True):
    """A finished (or cancelled) game, written in the same transaction as its final state."""

    table_id: int
    game: str
    mode: str
    guild_id: int | None
    finished_at: float
    summary: str
    status: str  # "finished" or "cancelled"
    seats: list[ResultSeat]
    kind: str = ""  # "rated", "high_score" or "" (recorded only)
    sides: list[list[int]] = msgspec.field(default_factory=list)  # rated: the seats of each side
    won: bool | None = None  # high-score games: whether the players won
    board: str = ""  # high-score games: the board ("solo", or "solo.infinite" for a variant)
    rated_scopes: list[int] = msgspec.field(default_factory=list)  # rated games: server id and/or 0
    changes: dict[int, tuple[int, int]] = msgspec.field(default_factory=dict)
    """Rated games: user id -> (shown rating before, after) in the game's own scope; set on save."""
    season: str = ""  # the server's season the game counts in ("2026-11", "2026-Q4"), "" for none

    def high_score_entries(self) -> list[tuple[int, str, float, int]]:
        """(user id, name, score, win) for every person on a high-score board: a player who
        forfeited (placed behind the side) gets neither the win nor the score."""
        best_place = min(seat.placement for seat in self.seats)
        return [
            (
                seat.user_id, seat.name, float(seat.score) if seat.placement == best_place else 0.0,
                int(bool(self.won) and seat.placement == best_place),
            )
            for seat in self.seats
            if seat.user_id is not None and not seat.is_ai
        ]  # fmt: skip


SPECTATOR_CHOICES = ("never", "after", "live")


class UserSettings(msgspec.Struct):
    """Per-user preferences: `dm` turns sent by DM; `auto_defence` the AI answering a timed
    out-of-turn question (a defence) for them when its time runs out."""

    user_id: int
    dm: bool = False
    auto_defence: bool = False
    spectators: str = "after"  # when spectators may see their hand: one of SPECTATOR_CHOICES


class DeckRecord(msgspec.Struct):
    """A custom deck a user built (card ids, in the order added; it may be unfinished)."""

    user_id: int
    game: str
    name: str
    cards: list[str] = msgspec.field(default_factory=list)
    updated_at: float = 0.0


GLOBAL_SCOPE = 0
"""The scope id of global ratings and boards (server scopes use the guild id)."""


class GuildSettings(msgspec.Struct):
    """Per-server preferences (stored as JSON; unknown keys are ignored)."""

    guild_id: int
    rate_ai: bool = False  # rate games against AI seats (for solo-heavy servers)
    min_games: int | None = None  # games before a player appears on a leaderboard (None: bot default)
    season: str = "off"  # season length: "month", "quarter" or "off"
    season_channel: int | None = None  # where the end-of-season post goes
    champion_role: int | None = None  # the role given to each game's season champion
    takebacks: bool = True  # players may ask to take back their last move
    live_hands: bool = True  # spectators may see the hands of players who allow it while a game runs
    member_tables: int | None = None  # lobbies and tables one member may have open (None: bot default)
    server_tables: int | None = None  # lobbies and tables open in the server at once (None: bot default)


class BoardRow(msgspec.Struct, frozen=True):
    """One line of a leaderboard: `value` is the ordinal rating or the best high score."""

    rank: int
    user_id: int
    name: str
    value: float
    games: int
    wins: int


class BoardPage(msgspec.Struct, frozen=True):
    """A page of a leaderboard, the number of ranked players, and the viewer's own row."""

    rows: list[BoardRow]
    total: int
    viewer: BoardRow | None


class GameStats(msgspec.Struct, frozen=True):
    """One player's record in one game (finished games only)."""

    game: str
    games: int
    wins: int
    best_placement: int | None
    best_score: float | None
    rating: tuple[float, float] | None  # (mu, sigma) in the asked scope
    trend: int  # change of the shown rating over the last games


class HistoryEntry(msgspec.Struct, frozen=True):
    """A finished game as one player saw it."""

    table_id: int
    game: str
    mode: str
    finished_at: float
    placement: int
    players: int
    status: str
    summary: str


class SeasonStanding(msgspec.Struct, frozen=True):
    """A player's place on one season board of a game (a rating, or a high-score board's best)."""

    season: str
    game: str
    board: str  # "" for the game's rating board, else the high-score board
    rank: int
    players: int
    value: float
    games: int
    wins: int


class SeasonToClose(msgspec.Struct, frozen=True):
    """A server's season whose end has passed and whose end-of-season post is not done."""

    guild_id: int
    season: str


class TournamentRecord(msgspec.Struct, kw_only=True):
    """A tournament as stored: `bracket` is `bot.tournament.Bracket` as JSON; `rev` guards writes."""

    id: int = 0
    guild_id: int
    channel_id: int
    message_id: int | None = None
    organiser_id: int
    game: str
    mode: str
    options: dict[str, str] = msgspec.field(default_factory=dict)
    round_time: float
    starts_at: float
    status: str = "signup"  # signup, checkin, running, finished, cancelled
    deadline: float | None = None
    bracket: bytes = b"{}"
    rev: int = 0
    created_at: float = 0.0
