-- Whether spectators may see a player's hand: 'never', 'after' (once the game is over, the
-- default) or 'live' (while it runs, one round late).
ALTER TABLE user_settings ADD COLUMN spectators TEXT NOT NULL DEFAULT 'after';
