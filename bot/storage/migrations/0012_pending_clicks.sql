-- A click being applied: written before the move is applied and deleted in the transaction that
-- saves the table, so a row left behind is a click the process stopped before applying. The
-- table's "resumed" note tells its player that their last click did not go through.
CREATE TABLE pending_clicks (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    clicked_at REAL NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
