"""PostgreSQL statements of cluster mode (`bot.cluster`): change notices, process heartbeats,
deadline leases and table-message owners.

Every change of a table's revision is announced on a channel of its schema by a trigger, inside
the writing transaction, so a notice goes out exactly when a save commits and never for one rolled
back. The notice names the table, its new revision and the writing process (its connections carry
the process id as `application_name`), so a process can skip its own saves.
"""

from __future__ import annotations

import asyncpg  # type: ignore[import-untyped]

from bot.storage.queries import LIVE

CHANNEL_PREFIX = "supertable_"
NOTICES = """
CREATE OR REPLACE FUNCTION supertable_table_changed() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' OR OLD.rev IS DISTINCT FROM NEW.rev THEN
        PERFORM pg_notify(
            'supertable_' || TG_TABLE_SCHEMA,
            NEW.id || ' ' || NEW.rev || ' ' || current_setting('application_name')
        );
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;
"""
TRIGGER = """
CREATE TRIGGER supertable_table_changed AFTER INSERT OR UPDATE ON tables
    FOR EACH ROW EXECUTE FUNCTION supertable_table_changed();
"""
HAS_TRIGGER = (
    "SELECT EXISTS (SELECT 1 FROM pg_trigger"
    " WHERE tgname = 'supertable_table_changed' AND tgrelid = 'tables'::regclass)"
)

HEARTBEAT = (
    "INSERT INTO processes (id, shards, started_at, seen_at) VALUES ($1, $2, $3, $3)"
    " ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at"
)
UP_SINCE = "SELECT min(started_at) FROM processes WHERE seen_at >= $1"
FORGET_PROCESSES = "DELETE FROM processes WHERE seen_at < $1"
CLAIM_DEADLINE = (
    "UPDATE tables SET lease_owner = $1, lease_until = $2 + $3"
    " WHERE id = $4 AND deadline IS NOT NULL AND deadline <= $2"
    " AND (lease_until IS NULL OR lease_until < $2 OR lease_owner = $1) RETURNING id"
)
OVERDUE = (
    f"SELECT id FROM tables WHERE {LIVE} AND deadline <= $1 AND (lease_until IS NULL OR lease_until < $2)"
    " ORDER BY deadline LIMIT $3 FOR UPDATE SKIP LOCKED"
)
LEASE = "UPDATE tables SET lease_owner = $1, lease_until = $2 WHERE id = ANY($3::bigint[])"
CLAIM_MESSAGE = (
    "UPDATE tables SET message_owner = $1 WHERE id = $2 AND (message_owner IS NULL OR message_owner = $1"
    " OR NOT EXISTS (SELECT 1 FROM processes WHERE processes.id = tables.message_owner"
    " AND processes.seen_at >= $3)) RETURNING id"
)
ADOPT = (
    f"UPDATE tables SET message_owner = $1 WHERE id IN (SELECT id FROM tables WHERE {LIVE}"
    " AND message_owner IS NOT NULL AND message_owner <> $1 AND NOT EXISTS (SELECT 1 FROM processes"
    " WHERE processes.id = tables.message_owner AND processes.seen_at >= $2)"
    " LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id"
)
OWNED = f"SELECT id FROM tables WHERE {LIVE} AND message_owner = $1"
HAND_OVER = (  # to the live process seen last, or to nobody (the next to show a table takes it)
    "UPDATE tables SET message_owner = (SELECT id FROM processes WHERE id <> $1 AND seen_at >= $2"
    " ORDER BY seen_at DESC LIMIT 1) WHERE message_owner = $1"
)
RELEASE_LEASES = "UPDATE tables SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1"
LEAVE = "DELETE FROM processes WHERE id = $1"


async def install_notices(conn: asyncpg.Connection) -> None:
    """Create the change-notice trigger of the current schema (its function is replaced each time;
    the trigger is created only when missing, so a start never locks the tables table for long)."""
    await conn.execute(NOTICES)
    if not await conn.fetchval(HAS_TRIGGER):
        await conn.execute(TRIGGER)


async def channel_of(conn: asyncpg.Connection) -> str:
    """The notice channel of the connection's schema."""
    return CHANNEL_PREFIX + str(await conn.fetchval("SELECT current_schema()"))


def parse_notice(payload: str) -> tuple[int, int, str] | None:
    """(table id, revision, writing process) of a notice; None for anything malformed."""
    parts = payload.split(" ", 2)
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    return int(parts[0]), int(parts[1]), parts[2]
