"""The plans of table, action-log, result, settings and deck operations (see `bot.storage.plan`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.ratings import Skill
from bot.storage import codec, record_queries
from bot.storage.base import StaleWrite
from bot.storage.plan import Fetch, Many, Plan
from bot.storage.records import (
    LIVE_STATUSES,
    ActionRecord,
    DeckRecord,
    LiveRow,
    ResultRecord,
    SeatRecord,
    TableRecord,
)

# Must read exactly like the partial indexes' predicate so the database uses them.
LIVE = "status IN ({})".format(", ".join(f"'{status}'" for status in LIVE_STATUSES))
_COLUMNS = codec.TABLE_COLUMNS
_INSERT_TABLE = (
    f"INSERT INTO tables ({', '.join(_COLUMNS)}, rev) VALUES ({', '.join('?' * len(_COLUMNS))}, 1)"
    " RETURNING id"
)
_UPDATE_TABLE = (
    f"UPDATE tables SET {', '.join(f'{column} = ?' for column in _COLUMNS)}, rev = rev + 1,"
    " lease_owner = NULL, lease_until = NULL"  # a save ends any claim on the deadline it replaces
    " WHERE id = ? AND rev = ?"
    " RETURNING rev, (SELECT MAX(seq) FROM actions WHERE table_id = tables.id) AS last"
)
_SELECT_TABLE = f"SELECT id, rev, {', '.join(_COLUMNS)} FROM tables WHERE id = ?"
_INSERT_SEAT = "INSERT INTO seats (table_id, idx, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)"
_INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, key, choice, at, actor) VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def create_table(record: TableRecord) -> Plan[int]:
    """Insert a table and its seats; returns the new id."""
    rows = yield Fetch(_INSERT_TABLE, codec.table_params(record))
    table_id = int(rows[0]["id"])
    yield from _insert_seats(table_id, record.seats)
    return table_id


def save_table(
    record: TableRecord, seats_changed: bool, actions: Sequence[ActionRecord], result: ResultRecord | None
) -> Plan[list[int]]:
    """Update the row if still at record.rev (else StaleWrite), then seats, actions and the result.

    Returns the seqs given to the actions.
    """
    updated = yield Fetch(_UPDATE_TABLE, (*codec.table_params(record), record.id, record.rev))
    if len(updated) != 1:
        raise StaleWrite(f"table {record.id} is missing or no longer at rev {record.rev}")
    if seats_changed:
        yield Fetch("DELETE FROM seats WHERE table_id = ?", (record.id,))
        yield from _insert_seats(record.id, record.seats)
    if any(action.actor == "human" for action in actions):  # the click was applied: not lost
        yield Fetch(_FORGET_CLICKS, (record.id,))
    seqs: list[int] = []
    if actions:  # the update returned the last seq so far: the row's lock keeps it the last
        first = int(updated[0]["last"] or 0) + 1
        seqs = list(range(first, first + len(actions)))
        yield Many(
            _INSERT_ACTION,
            [
                (record.id, seq, a.seat, a.key, codec.to_json(a.choice), float(a.at), a.actor)
                for seq, a in zip(seqs, actions, strict=True)
            ],
        )
    if result is not None:
        yield from _insert_result(result)
        yield from record_queries.record_result(result)
    return seqs


_NOTE_CLICK = (
    "INSERT INTO pending_clicks (table_id, user_id, clicked_at) VALUES (?, ?, ?)"
    " ON CONFLICT (table_id, user_id) DO UPDATE SET clicked_at = excluded.clicked_at"
)
_FORGET_CLICK = "DELETE FROM pending_clicks WHERE table_id = ? AND user_id = ?"
_FORGET_CLICKS = "DELETE FROM pending_clicks WHERE table_id = ?"
_LOST_CLICKS = "SELECT user_id FROM pending_clicks WHERE table_id = ? ORDER BY clicked_at"


def note_click(table_id: int, user_id: int, at: float) -> Plan[None]:
    """Mark a click as being applied (the save that applies it deletes the mark)."""
    yield Fetch(_NOTE_CLICK, (table_id, user_id, at), repeatable=True)


def forget_click(table_id: int, user_id: int) -> Plan[None]:
    """A click answered without a save (refused, or out of date): not lost."""
    yield Fetch(_FORGET_CLICK, (table_id, user_id), repeatable=True)


def take_lost_clicks(table_id: int) -> Plan[list[int]]:
    """The people whose click at the table was never applied (oldest first), forgotten now."""
    rows = yield Fetch(_LOST_CLICKS, (table_id,))
    if rows:
        yield Fetch(_FORGET_CLICKS, (table_id,))
    return [int(row[0]) for row in rows]


def _insert_seats(table_id: int, seats: Sequence[SeatRecord]) -> Plan[None]:
    if seats:
        yield Many(
            _INSERT_SEAT, [(table_id, seat.index, seat.user_id, seat.name, int(seat.is_ai)) for seat in seats]
        )


def _insert_result(result: ResultRecord) -> Plan[None]:
    """Insert a result and its seats."""
    yield Fetch(
        "INSERT INTO results (table_id, game, mode, guild_id, finished_at, summary, status, kind, won,"
        " season)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            result.table_id, result.game, result.mode, result.guild_id, float(result.finished_at),
            result.summary, result.status, result.kind, None if result.won is None else int(result.won),
            result.season,
        ),
    )  # fmt: skip
    yield Many(
        "INSERT INTO result_seats (table_id, seat, name, user_id, is_ai, placement, score)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (result.table_id, s.seat, s.name, s.user_id, int(s.is_ai), s.placement, float(s.score))
            for s in result.seats
        ],
    )


def load_table(table_id: int) -> Plan[TableRecord | None]:
    """One table with its seats, or None; raises CorruptRecord if a column cannot be decoded."""
    rows = yield Fetch(_SELECT_TABLE, (table_id,))
    seats = yield Fetch(
        "SELECT idx, name, user_id, is_ai FROM seats WHERE table_id = ? ORDER BY idx", (table_id,)
    )
    return codec.decode_table(rows[0], seats) if rows else None


def live_in(place_id: int) -> Plan[int | None]:
    """The newest lobby or active table whose thread, or threadless channel, is place_id.

    Two halves joined by UNION ALL so each uses its partial index (an OR would not).
    """
    rows = yield Fetch(
        f"SELECT id FROM tables WHERE {LIVE} AND thread_id = ?"
        f" UNION ALL SELECT id FROM tables WHERE {LIVE} AND thread_id IS NULL AND channel_id = ?"
        " ORDER BY id DESC LIMIT 1",
        (place_id, place_id),
    )
    return int(rows[0]["id"]) if rows else None


def open_tables(guild_id: int, host_id: int) -> Plan[tuple[int, int]]:
    """How many lobbies and active tables this member hosts in a server, and the server has in all."""
    rows = yield Fetch(
        "SELECT COUNT(*) AS everyone, COALESCE(SUM(CASE WHEN host_id = ? THEN 1 ELSE 0 END), 0) AS hosted"
        f" FROM tables WHERE {LIVE} AND guild_id = ?",
        (host_id, guild_id),
    )
    return int(rows[0]["hosted"]), int(rows[0]["everyone"])


def live_tables() -> Plan[list[LiveRow]]:
    """Every lobby and active table by id; never decodes anything that could be corrupt."""
    rows = yield Fetch(f"SELECT id, status, deadline, updated_at FROM tables WHERE {LIVE} ORDER BY id")
    return [
        LiveRow(
            int(row["id"]),
            str(row["status"]),
            codec.seconds(row["deadline"]),
            codec.seconds(row["updated_at"]) or 0.0,
        )
        for row in rows
    ]


def quarantine(table_id: int, reason: str) -> Plan[None]:
    """Mark the table broken (data kept); bumps rev so writers holding the old one go stale."""
    yield Fetch(
        "UPDATE tables SET status = 'broken', broken_reason = ?, rev = rev + 1 WHERE id = ?",
        (reason, table_id),
    )


def actions(table_id: int) -> Plan[list[ActionRecord]]:
    """The action log of a table by seq; raises CorruptRecord if a line cannot be decoded."""
    rows = yield Fetch(
        "SELECT seq, seat, key, choice, at, actor FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
    )
    return [codec.decode_action(table_id, row) for row in rows]


def result(table_id: int) -> Plan[ResultRecord | None]:
    """The result of a finished table with its seats by seat index and its rating changes, or None."""
    rows = yield Fetch(
        "SELECT table_id, game, mode, guild_id, finished_at, summary, status, kind, won, season"
        " FROM results WHERE table_id = ?",
        (table_id,),
    )
    seats = yield Fetch(
        "SELECT seat, name, user_id, is_ai, placement, score FROM result_seats"
        " WHERE table_id = ? ORDER BY seat",
        (table_id,),
    )
    changes = yield Fetch(
        "SELECT user_id, before_mu, before_sigma, after_mu, after_sigma FROM rating_changes"
        " WHERE table_id = ? AND guild_id = (SELECT coalesce(guild_id, 0) FROM results WHERE table_id = ?)",
        (table_id, table_id),
    )
    if not rows:
        return None
    found = codec.convert(table_id, {**dict(rows[0]), "seats": [dict(seat) for seat in seats]}, ResultRecord)
    found.changes = {
        int(c["user_id"]): (
            Skill(c["before_mu"], c["before_sigma"]).shown,
            Skill(c["after_mu"], c["after_sigma"]).shown,
        )
        for c in changes
    }
    return found


def finished_tables() -> Plan[list[int]]:
    """Ids of every finished game."""
    rows = yield Fetch("SELECT table_id FROM results WHERE status = 'finished' ORDER BY table_id")
    return [int(row["table_id"]) for row in rows]


def deck(user_id: int, game: str, name: str) -> Plan[DeckRecord | None]:
    """A user's deck by name (any case), or None."""
    rows = yield Fetch(
        f"SELECT {codec.DECK_COLUMNS} FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
        (user_id, game, name.casefold()),
    )
    return codec.decode_deck(rows[0]) if rows else None


def decks(user_id: int, game: str) -> Plan[list[DeckRecord]]:
    """A user's decks for a game, by name."""
    rows = yield Fetch(
        f"SELECT {codec.DECK_COLUMNS} FROM decks WHERE user_id = ? AND game = ? ORDER BY name_key",
        (user_id, game),
    )
    return [codec.decode_deck(row) for row in rows]


def save_deck(deck: DeckRecord) -> Plan[None]:
    """Insert or replace a deck (same user, game and name ignoring case)."""
    yield Fetch(
        "INSERT INTO decks (user_id, game, name_key, name, cards, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id, game, name_key) DO UPDATE SET"
        " name = excluded.name, cards = excluded.cards, updated_at = excluded.updated_at",
        (
            deck.user_id,
            deck.game,
            deck.name.casefold(),
            deck.name,
            codec.to_json(deck.cards),
            float(deck.updated_at),
        ),
    )


def delete_deck(user_id: int, game: str, name: str) -> Plan[bool]:
    """Delete a deck; False when there was none by that name."""
    rows = yield Fetch(
        "DELETE FROM decks WHERE user_id = ? AND game = ? AND name_key = ? RETURNING name",
        (user_id, game, name.casefold()),
    )
    return bool(rows)
