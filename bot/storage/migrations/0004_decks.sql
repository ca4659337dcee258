-- Custom decks built with /deck: per user and game, named, names unique ignoring case.
-- The first schema had a placeholder decks table that nothing ever wrote to; it is replaced.
DROP TABLE decks;
CREATE TABLE decks (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    cards TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (user_id, game, name_key)
);
