-- How many lobbies and tables a server, and each member hosting in it, has open (the limits of
-- /server settings): counted from the live tables only, so the partial index stays small.
CREATE INDEX tables_live_guild_host ON tables (guild_id, host_id) WHERE status IN ('lobby', 'active');
