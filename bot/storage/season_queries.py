"""Plans for seasons: season ratings and high scores inside the result's transaction, the seasons
whose end-of-season post is due (claimed by one process), and a player's seasons for /stats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.ratings import Skill, rate
from bot.seasons import season_of, soft_reset
from bot.storage.plan import Fetch, Many, Plan
from bot.storage.records import ResultRecord, ResultSeat, SeasonStanding, SeasonToClose


def record_season(result: ResultRecord) -> Plan[None]:
    """Count a finished server game in its season: its high scores (ratings are done by
    `rate_season`, called from the rating of the server's scope) and the season's row."""
    if not result.season or result.guild_id is None or result.status != "finished":
        return
    if result.kind == "high_score":
        yield from _season_high_score(result)
    if result.kind in ("rated", "high_score"):
        yield Fetch(
            "INSERT INTO seasons (guild_id, season, ends_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, season) DO NOTHING",
            (result.guild_id, result.season, season_of(result.season).end),
        )


def rate_season(
    result: ResultRecord,
    sides: Sequence[Sequence[ResultSeat]],
    ranks: Sequence[int],
    all_time: Mapping[int, Skill],
) -> Plan[None]:
    """Rate the game on the server's season board; a player's first season game starts from the
    soft reset of their all-time rating before it (`all_time`, by user id)."""
    people = [s.user_id for side in sides for s in side if s.user_id is not None and not s.is_ai]
    if not people:
        return
    rows = yield Fetch(
        "SELECT user_id, mu, sigma FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ?"
        f" AND user_id IN ({', '.join('?' * len(people))})",
        (result.guild_id, result.season, result.game, *people),
        lock=True,
    )
    current = {int(row["user_id"]): Skill(row["mu"], row["sigma"]) for row in rows}

    def skill(seat: ResultSeat) -> Skill:
        if seat.user_id is None or seat.is_ai:
            return Skill()
        return current.get(seat.user_id) or soft_reset(all_time.get(seat.user_id, Skill()))

    new = rate([[skill(seat) for seat in side] for side in sides], ranks)
    rows_out = [
        (
            result.guild_id, result.season, result.game, seat.user_id, seat.name, after.mu, after.sigma,
            after.ordinal, int(rank == 1), float(result.finished_at),
        )
        for side, rank, skills in zip(sides, ranks, new, strict=True)
        for seat, after in zip(side, skills, strict=True)
        if seat.user_id is not None and not seat.is_ai
    ]  # fmt: skip
    yield Many(
        "INSERT INTO season_ratings (guild_id, season, game, user_id, name, mu, sigma, ordinal, games, wins,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, season, game, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, ordinal = excluded.ordinal, games = season_ratings.games + 1,"
        " wins = season_ratings.wins + excluded.wins, updated_at = excluded.updated_at",
        rows_out,
    )


def _season_high_score(result: ResultRecord) -> Plan[None]:
    """As all-time high scores: a forfeiting player gets neither the win nor the score."""
    board, at = result.board or result.mode, float(result.finished_at)
    rows = [
        (result.guild_id, result.season, result.game, board, *entry, at)
        for entry in result.high_score_entries()
    ]
    if rows:
        yield Many(
            "INSERT INTO season_high_scores (guild_id, season, game, mode, user_id, name, best, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (guild_id, season, game, mode, user_id) DO UPDATE SET name = excluded.name,"
            " best = CASE WHEN excluded.best > season_high_scores.best THEN excluded.best"
            " ELSE season_high_scores.best END,"
            " games = season_high_scores.games + 1, wins = season_high_scores.wins + excluded.wins,"
            " updated_at = excluded.updated_at",
            rows,
        )


def seasons_to_close(now: float) -> Plan[list[SeasonToClose]]:
    """Seasons that ended by `now` and are not closed (a process may hold a claim on some)."""
    rows = yield Fetch(
        "SELECT guild_id, season FROM seasons WHERE closed_at IS NULL AND ends_at <= ?"
        " ORDER BY ends_at, guild_id",
        (now,),
    )
    return [SeasonToClose(int(row["guild_id"]), row["season"]) for row in rows]


def claim_season(guild_id: int, season: str, owner: str, now: float, until: float) -> Plan[bool]:
    """Take the end-of-season post of one season unless another process holds it or it is done."""
    rows = yield Fetch(
        "UPDATE seasons SET claimed_by = ?, claim_until = ? WHERE guild_id = ? AND season = ?"
        " AND closed_at IS NULL AND (claim_until IS NULL OR claim_until < ?) RETURNING guild_id",
        (owner, until, guild_id, season, now),
    )
    return bool(rows)


def close_season(guild_id: int, season: str, now: float) -> Plan[None]:
    """Mark the season's end-of-season post done."""
    yield Fetch("UPDATE seasons SET closed_at = ? WHERE guild_id = ? AND season = ?", (now, guild_id, season))


def season_boards(guild_id: int, season: str) -> Plan[list[tuple[str, str]]]:
    """(game, board) of every board with a player in the season: board "" is the game's rating."""
    rated = yield Fetch(
        "SELECT DISTINCT game FROM season_ratings WHERE guild_id = ? AND season = ? ORDER BY game",
        (guild_id, season),
    )
    scored = yield Fetch(
        "SELECT DISTINCT game, mode FROM season_high_scores WHERE guild_id = ? AND season = ?"
        " ORDER BY game, mode",
        (guild_id, season),
    )
    return [(row["game"], "") for row in rated] + [(row["game"], row["mode"]) for row in scored]


_RATED_STANDINGS = (
    "SELECT s.season AS season, s.game AS game, '' AS board, s.ordinal AS value, s.games AS games,"
    " s.wins AS wins,"
    " (SELECT COUNT(*) FROM season_ratings o WHERE o.guild_id = s.guild_id AND o.season = s.season"
    " AND o.game = s.game AND (o.ordinal > s.ordinal OR (o.ordinal = s.ordinal AND o.user_id < s.user_id)))"
    " + 1 AS rank,"
    " (SELECT COUNT(*) FROM season_ratings o WHERE o.guild_id = s.guild_id AND o.season = s.season"
    " AND o.game = s.game) AS players"
    " FROM season_ratings s WHERE s.user_id = ? AND s.guild_id = ?"
)
_SCORED_STANDINGS = (
    "SELECT s.season AS season, s.game AS game, s.mode AS board, s.best AS value, s.games AS games,"
    " s.wins AS wins,"
    " (SELECT COUNT(*) FROM season_high_scores o WHERE o.guild_id = s.guild_id AND o.season = s.season"
    " AND o.game = s.game AND o.mode = s.mode AND (o.best > s.best OR (o.best = s.best AND (o.wins > s.wins"
    " OR (o.wins = s.wins AND (o.games < s.games OR (o.games = s.games AND o.user_id < s.user_id)))))))"
    " + 1 AS rank,"
    " (SELECT COUNT(*) FROM season_high_scores o WHERE o.guild_id = s.guild_id AND o.season = s.season"
    " AND o.game = s.game AND o.mode = s.mode) AS players"
    " FROM season_high_scores s WHERE s.user_id = ? AND s.guild_id = ?"
)


def player_seasons(user_id: int, guild_id: int, limit: int) -> Plan[list[SeasonStanding]]:
    """A player's places on the server's season boards, latest season first."""
    rows = yield Fetch(
        f"{_RATED_STANDINGS} UNION ALL {_SCORED_STANDINGS} ORDER BY season DESC, game, board LIMIT ?",
        (user_id, guild_id, user_id, guild_id, limit),
    )
    return [
        SeasonStanding(
            row["season"], row["game"], row["board"], int(row["rank"]), int(row["players"]),
            float(row["value"]), int(row["games"]), int(row["wins"]),
        )
        for row in rows
    ]  # fmt: skip
