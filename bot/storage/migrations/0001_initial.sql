-- SuperTable initial schema.
-- Written to stay close to PostgreSQL: a Postgres migration differs only in the id column
-- (BIGINT GENERATED ALWAYS AS IDENTITY), BIGINT for Discord ids, BYTEA for BLOB and
-- DOUBLE PRECISION for REAL. Times are epoch seconds; JSON columns hold UTF-8 JSON text.

CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    applied_at REAL NOT NULL
);

CREATE TABLE tables (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,
    game          TEXT NOT NULL,
    mode          TEXT NOT NULL,
    options       TEXT NOT NULL,
    status        TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    host_id       INTEGER NOT NULL,
    turn_timer    REAL NOT NULL,
    state         BLOB,
    version       INTEGER NOT NULL,
    rev           INTEGER NOT NULL,
    runtime       BLOB NOT NULL,
    deadline      REAL,
    broken_reason TEXT,
    created_at    REAL NOT NULL,
    updated_at    REAL NOT NULL
);

-- Start-up and the scheduler scan live tables only; partial indexes stay small.
CREATE INDEX tables_live_status ON tables (status) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_live_channel ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_live_thread ON tables (thread_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    idx      INTEGER NOT NULL,
    user_id  INTEGER,
    name     TEXT NOT NULL,
    is_ai    INTEGER NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE INDEX seats_user ON seats (user_id);

-- Append-only log: with the table's seed it replays a game exactly.
CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    key      TEXT NOT NULL,
    choice   TEXT NOT NULL,
    at       REAL NOT NULL,
    actor    TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE results (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    game        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    guild_id    INTEGER,
    finished_at REAL NOT NULL,
    summary     TEXT NOT NULL,
    status      TEXT NOT NULL
);
CREATE INDEX results_game ON results (game, finished_at);

CREATE TABLE result_seats (
    table_id  INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    name      TEXT NOT NULL,
    user_id   INTEGER,
    is_ai     INTEGER NOT NULL,
    placement INTEGER NOT NULL,
    score     REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX result_seats_user ON result_seats (user_id);

CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY,
    dm      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE decks (
    user_id    INTEGER NOT NULL,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL,
    cards      TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (user_id, game, name)
);
