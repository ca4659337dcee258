-- At most one lobby or active table per channel or thread, even with several processes.
CREATE UNIQUE INDEX IF NOT EXISTS tables_one_live_per_place
    ON tables ((COALESCE(thread_id, channel_id)))
    WHERE status IN ('lobby', 'active');
