-- Ratings, high scores and the indexes behind leaderboards, stats and history.
-- guild_id 0 is the global scope; a result counts in its server's scope and in the global one.

ALTER TABLE results ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE results ADD COLUMN won INTEGER;

CREATE INDEX result_seats_user_table ON result_seats (user_id, table_id);

CREATE TABLE ratings (
    game       TEXT NOT NULL,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, guild_id, user_id)
);

-- Covering indexes in the boards' exact order (user_id breaks ties), so pages, counts and the
-- viewer's rank never sort or read table rows.
CREATE INDEX ratings_board ON ratings (game, guild_id, ordinal DESC, user_id, games);

CREATE TABLE rating_changes (
    table_id     INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    game         TEXT NOT NULL,
    before_mu    REAL NOT NULL,
    before_sigma REAL NOT NULL,
    after_mu     REAL NOT NULL,
    after_sigma  REAL NOT NULL,
    at           REAL NOT NULL,
    PRIMARY KEY (table_id, guild_id, user_id)
);

CREATE INDEX rating_changes_user ON rating_changes (user_id, game, guild_id, at);

CREATE TABLE high_scores (
    game       TEXT NOT NULL,
    mode       TEXT NOT NULL,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    best       REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, mode, guild_id, user_id)
);

CREATE INDEX high_scores_board ON high_scores (game, mode, guild_id, best DESC, wins DESC, games, user_id);
