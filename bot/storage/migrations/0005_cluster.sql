-- Cluster mode: several bot processes on one PostgreSQL database (bot/cluster.py). SQLite installs
-- carry the columns unused. lease_*: the process firing a table's due deadline, and until when;
-- message_owner: the one process that edits the table's message. processes: who is alive.
ALTER TABLE tables ADD COLUMN lease_owner TEXT;
ALTER TABLE tables ADD COLUMN lease_until REAL;
ALTER TABLE tables ADD COLUMN message_owner TEXT;
CREATE TABLE processes (
    id TEXT PRIMARY KEY,
    shards TEXT NOT NULL,
    started_at REAL NOT NULL,
    seen_at REAL NOT NULL
);
-- Every process looks for overdue deadlines every few seconds.
CREATE INDEX tables_live_deadline ON tables (deadline) WHERE status IN ('lobby', 'active');
