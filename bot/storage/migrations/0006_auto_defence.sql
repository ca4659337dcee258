-- A player's choice for timed questions the game asks out of turn (a defence in Super Punch
-- Fighter): 1 lets the AI answer for them when the time runs out, 0 takes the game's default.
ALTER TABLE user_settings ADD COLUMN auto_defence INTEGER NOT NULL DEFAULT 0;
