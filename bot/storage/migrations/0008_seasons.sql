-- Seasons (bot/seasons.py): a server's results also count on boards of the calendar month or quarter
-- (UTC) they finished in. results.season names it ('' when the server had seasons off).
ALTER TABLE results ADD COLUMN season TEXT NOT NULL DEFAULT '';

CREATE TABLE season_ratings (
    guild_id   INTEGER NOT NULL,
    season     TEXT NOT NULL,
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id)
);

CREATE INDEX season_ratings_board ON season_ratings (guild_id, season, game, ordinal DESC, user_id, games);
CREATE INDEX season_ratings_user ON season_ratings (user_id, guild_id, season);

CREATE TABLE season_high_scores (
    guild_id   INTEGER NOT NULL,
    season     TEXT NOT NULL,
    game       TEXT NOT NULL,
    mode       TEXT NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    best       REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, season, game, mode, user_id)
);

CREATE INDEX season_high_scores_board
    ON season_high_scores (guild_id, season, game, mode, best DESC, wins DESC, games, user_id);

-- One row per server and season that saw a recorded game; the end-of-season post is claimed here
-- (claimed_by/claim_until: one process posts, another takes over if it dies) and marked done.
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL,
    season      TEXT NOT NULL,
    ends_at     REAL NOT NULL,
    claimed_by  TEXT,
    claim_until REAL,
    closed_at   REAL,
    PRIMARY KEY (guild_id, season)
);

CREATE INDEX seasons_open ON seasons (ends_at) WHERE closed_at IS NULL;
