-- Tournaments (bot/tournaments.py): one row each, its bracket (bot/tournament.py) as JSON, written
-- optimistically on rev. deadline: the next round change (start, check-in end, round end);
-- lease_*: the process running that change (cluster mode), and until when.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    message_id   INTEGER,
    organiser_id INTEGER NOT NULL,
    game         TEXT NOT NULL,
    mode         TEXT NOT NULL,
    options      TEXT NOT NULL DEFAULT '{}',
    round_time   REAL NOT NULL,
    starts_at    REAL NOT NULL,
    status       TEXT NOT NULL,
    deadline     REAL,
    bracket      TEXT NOT NULL,
    rev          INTEGER NOT NULL DEFAULT 1,
    lease_owner  TEXT,
    lease_until  REAL,
    created_at   REAL NOT NULL
);

CREATE INDEX tournaments_due ON tournaments (deadline) WHERE status IN ('signup', 'checkin', 'running');

-- Which tournament, round and pod (its place in the round's pairing) each of its tables is; a round
-- change that stopped halfway finds the tables it opened here and does not open them twice.
CREATE TABLE tournament_tables (
    table_id      INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    pod           INTEGER NOT NULL
);

CREATE INDEX tournament_tables_round ON tournament_tables (tournament_id, round);
