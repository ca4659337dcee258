"""Plans for records: rating and high-score updates inside the result's transaction, and the
leaderboard, stats and history queries (all served by indexes, see 0003_records.sql)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from bot.ratings import Skill, rate
from bot.storage import season_queries
from bot.storage.plan import Fetch, Many, Plan
from bot.storage.records import (
    GLOBAL_SCOPE,
    BoardPage,
    BoardRow,
    GameStats,
    HistoryEntry,
    ResultRecord,
    ResultSeat,
)

TREND_GAMES = 10


def scopes(guild_id: int | None) -> list[int]:
    """The scopes a result counts in: its server (if any) and the global one."""
    return [GLOBAL_SCOPE] if guild_id is None else [guild_id, GLOBAL_SCOPE]


def record_result(result: ResultRecord) -> Plan[None]:
    """Update ratings (in each scope the game is rated in) or high scores, in the caller's transaction.

    `result.changes` gets the rating changes of the first rated scope (the server's, if rated there).
    """
    if result.kind == "rated":
        for number, scope in enumerate(result.rated_scopes):
            changes = yield from _rate(result, scope)
            if number == 0:
                result.changes = changes
    elif result.kind == "high_score":
        for scope in scopes(result.guild_id):
            yield from _high_score(result, scope)
    yield from season_queries.record_season(result)


def _rate(result: ResultRecord, scope: int) -> Plan[dict[int, tuple[int, int]]]:
    """Rate one scope; AI seats (when a server rates games against AI) play at the default skill."""
    by_seat = {seat.seat: seat for seat in result.seats}
    people = [s.user_id for s in result.seats if s.user_id is not None and not s.is_ai]
    current: dict[int, Skill] = {}
    if people:
        rows = yield Fetch(
            "SELECT user_id, mu, sigma FROM ratings WHERE game = ? AND guild_id = ?"
            f" AND user_id IN ({', '.join('?' * len(people))})",
            (result.game, scope, *people),
            lock=True,
        )
        current = {int(row["user_id"]): Skill(row["mu"], row["sigma"]) for row in rows}

    def skill(seat: ResultSeat) -> Skill:
        return current.get(seat.user_id, Skill()) if seat.user_id is not None and not seat.is_ai else Skill()

    sides = [[by_seat[index] for index in side] for side in result.sides]
    ranks = [min(seat.placement for seat in side) for side in sides]
    if scope == result.guild_id and result.season:
        yield from season_queries.rate_season(result, sides, ranks, current)
    new = rate([[skill(seat) for seat in side] for side in sides], ranks)
    changes: dict[int, tuple[int, int]] = {}
    ratings: list[tuple[object, ...]] = []
    moves: list[tuple[object, ...]] = []
    at = float(result.finished_at)
    for side, rank, skills in zip(sides, ranks, new, strict=True):
        for seat, after in zip(side, skills, strict=True):
            if seat.user_id is None or seat.is_ai:
                continue
            before = skill(seat)
            changes[seat.user_id] = (before.shown, after.shown)
            ratings.append(
                (
                    result.game,
                    scope,
                    seat.user_id,
                    seat.name,
                    after.mu,
                    after.sigma,
                    after.ordinal,
                    int(rank == 1),
                    at,
                )
            )
            moves.append(
                (
                    result.table_id,
                    scope,
                    seat.user_id,
                    result.game,
                    before.mu,
                    before.sigma,
                    after.mu,
                    after.sigma,
                    at,
                )
            )
    if ratings:
        yield Many(
            "INSERT INTO ratings (game, guild_id, user_id, name, mu, sigma, ordinal, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (game, guild_id, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
            " sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1,"
            " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
            ratings,
        )
        yield Many(
            "INSERT INTO rating_changes (table_id, guild_id, user_id, game, before_mu, before_sigma,"
            " after_mu, after_sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            moves,
        )
    return changes


def _high_score(result: ResultRecord, scope: int) -> Plan[None]:
    """Count the game for every person on its board; a player who forfeited (placed behind the
    side) gets neither the win nor the score."""
    board, at = result.board or result.mode, float(result.finished_at)
    rows = [(result.game, board, scope, *entry, at) for entry in result.high_score_entries()]
    if rows:
        yield Many(
            "INSERT INTO high_scores (game, mode, guild_id, user_id, name, best, games, wins, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (game, mode, guild_id, user_id) DO UPDATE SET name = excluded.name,"
            " best = CASE WHEN excluded.best > high_scores.best THEN excluded.best ELSE high_scores.best END,"
            " games = high_scores.games + 1, wins = high_scores.wins + excluded.wins,"
            " updated_at = excluded.updated_at",
            rows,
        )


def _board_row(rank: int, row: Any) -> BoardRow:
    return BoardRow(rank, int(row["user_id"]), row["name"], row["value"], int(row["games"]), int(row["wins"]))


def _board(
    table: str,
    value: str,
    where: str,
    params: tuple[object, ...],
    order: list[tuple[str, str]],
    offset: int,
    limit: int,
    viewer: int,
) -> Plan[BoardPage]:
    """A page of a ranking, and the viewer's own row with its rank when it is not on the page.

    `order` lists (column, "DESC"|"ASC") pairs; user_id breaks the last ties.
    """
    columns = f"SELECT user_id, name, {value} AS value, games, wins FROM {table} WHERE {where}"
    total = int((yield Fetch(f"SELECT COUNT(*) AS n FROM {table} WHERE {where}", params))[0]["n"])
    clause = ", ".join(f"{column} {direction}" for column, direction in order)
    rows = yield Fetch(f"{columns} ORDER BY {clause}, user_id LIMIT ? OFFSET ?", (*params, limit, offset))
    page = [_board_row(offset + i + 1, row) for i, row in enumerate(rows)]
    if any(row.user_id == viewer for row in page):
        return BoardPage(page, total, None)
    found = yield Fetch(f"{columns} AND user_id = ?", (*params, viewer))
    if not found:
        return BoardPage(page, total, None)
    mine = dict(found[0])
    ahead, ahead_params = "user_id < ?", [viewer]
    for column, direction in reversed(order):
        key = "value" if column == value else column
        beats = ">" if direction == "DESC" else "<"
        ahead = f"{column} {beats} ? OR ({column} = ? AND ({ahead}))"
        ahead_params = [mine[key], mine[key], *ahead_params]
    count = yield Fetch(
        f"SELECT COUNT(*) AS n FROM {table} WHERE {where} AND ({ahead})", (*params, *ahead_params)
    )
    return BoardPage(page, total, _board_row(int(count[0]["n"]) + 1, found[0]))


def rating_board(
    game: str, scope: int, min_games: int, offset: int, limit: int, viewer: int, season: str = ""
) -> Plan[BoardPage]:
    """A page of a rating leaderboard, best ordinal first (players with enough games only);
    with `season`, the server's board of that season."""
    if season:
        return _board(
            "season_ratings", "ordinal", "guild_id = ? AND season = ? AND game = ? AND games >= ?",
            (scope, season, game, min_games), [("ordinal", "DESC")], offset, limit, viewer,
        )  # fmt: skip
    return _board(
        "ratings", "ordinal", "game = ? AND guild_id = ? AND games >= ?", (game, scope, min_games),
        [("ordinal", "DESC")], offset, limit, viewer,
    )  # fmt: skip


def high_score_board(
    game: str, mode: str, scope: int, min_games: int, offset: int, limit: int, viewer: int, season: str = ""
) -> Plan[BoardPage]:
    """A page of a high-score board: best score, then most wins, then fewest games; with `season`,
    the server's board of that season."""
    order = [("best", "DESC"), ("wins", "DESC"), ("games", "ASC")]
    if season:
        return _board(
            "season_high_scores", "best",
            "guild_id = ? AND season = ? AND game = ? AND mode = ? AND games >= ?",
            (scope, season, game, mode, min_games), order, offset, limit, viewer,
        )  # fmt: skip
    return _board(
        "high_scores", "best", "game = ? AND mode = ? AND guild_id = ? AND games >= ?",
        (game, mode, scope, min_games), order, offset, limit, viewer,
    )  # fmt: skip


def player_stats(user_id: int, scope: int) -> Plan[list[GameStats]]:
    """Per game: finished games, wins, best placement and score, rating and its recent trend."""
    rows = yield Fetch(
        "SELECT r.game AS game, COUNT(*) AS games,"
        " CAST(SUM(CASE WHEN r.kind = 'high_score' THEN coalesce(r.won, 0)"
        " ELSE CAST(s.placement = 1 AS INTEGER) END) AS INTEGER) AS wins,"
        " MIN(s.placement) AS best_placement,"
        " MAX(CASE WHEN r.kind = 'high_score' THEN s.score END) AS best_score"
        " FROM result_seats s JOIN results r ON r.table_id = s.table_id"
        " WHERE s.user_id = ? AND s.is_ai = 0 AND r.status = 'finished'"
        + (" AND r.guild_id = ?" if scope else "")
        + " GROUP BY r.game ORDER BY games DESC, r.game",
        (user_id, scope) if scope else (user_id,),
    )
    rated = yield Fetch(
        "SELECT game, mu, sigma FROM ratings WHERE user_id = ? AND guild_id = ?", (user_id, scope)
    )
    ratings = {row["game"]: (row["mu"], row["sigma"]) for row in rated}
    trends: dict[str, int] = defaultdict(int)
    for game in ratings:
        changes = yield Fetch(
            "SELECT before_mu, before_sigma, after_mu, after_sigma FROM rating_changes"
            " WHERE user_id = ? AND game = ? AND guild_id = ? ORDER BY at DESC LIMIT ?",
            (user_id, game, scope, TREND_GAMES),
        )
        trends[game] = sum(
            Skill(c["after_mu"], c["after_sigma"]).shown - Skill(c["before_mu"], c["before_sigma"]).shown
            for c in changes
        )
    return [
        GameStats(
            row["game"],
            int(row["games"]),
            int(row["wins"] or 0),
            row["best_placement"],
            row["best_score"],
            ratings.get(row["game"]),
            trends[row["game"]],
        )
        for row in rows
    ]


def history(user_id: int, game: str | None, scope: int, limit: int) -> Plan[list[HistoryEntry]]:
    """The player's most recent finished or cancelled games, newest first."""
    filters = " AND r.game = ?" if game else ""
    filters += " AND r.guild_id = ?" if scope else ""
    params: tuple[object, ...] = (user_id, *((game,) if game else ()), *((scope,) if scope else ()), limit)
    rows = yield Fetch(
        "SELECT r.table_id, r.game, r.mode, r.finished_at, s.placement, r.status, r.summary,"
        " (SELECT COUNT(*) FROM result_seats o WHERE o.table_id = r.table_id) AS players"
        " FROM result_seats s JOIN results r ON r.table_id = s.table_id"
        f" WHERE s.user_id = ? AND s.is_ai = 0{filters} ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?",
        params,
    )
    return [
        HistoryEntry(
            int(row["table_id"]),
            row["game"],
            row["mode"],
            row["finished_at"],
            int(row["placement"]),
            int(row["players"]),
            row["status"],
            row["summary"],
        )
        for row in rows
    ]
