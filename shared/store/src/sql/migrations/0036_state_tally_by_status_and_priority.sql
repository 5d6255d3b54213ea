-- Version 35 to 36: the state's grievances by status and priority, kept as they change.
--
-- The state's dashboard counts summed `grievance_tally` (a row per status, priority,
-- district and station: 24,000 rows at a state's 1,500 stations) at every read: 0.7 ms of a
-- core, the whole cost of the state's counts. These rows are that sum, kept by the changes
-- of `grievance_tally` itself, so whatever moves a grievance between its rows moves the
-- state's too. Rebuilt from `grievance_tally` by the step (which is safe to run again).

CREATE TABLE IF NOT EXISTS state_tally (
    status_id INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (status_id, priority_id)
) WITHOUT ROWID;

DELETE FROM state_tally;
INSERT INTO state_tally (status_id, priority_id, n)
    SELECT status_id, priority_id, sum(n) FROM grievance_tally GROUP BY status_id, priority_id;

CREATE TRIGGER IF NOT EXISTS state_tally_insert AFTER INSERT ON grievance_tally BEGIN
    INSERT INTO state_tally VALUES (new.status_id, new.priority_id, new.n) ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER IF NOT EXISTS state_tally_update AFTER UPDATE OF n ON grievance_tally BEGIN
    UPDATE state_tally SET n = n + new.n - old.n WHERE status_id = new.status_id AND priority_id = new.priority_id;
END;

CREATE TRIGGER IF NOT EXISTS state_tally_delete AFTER DELETE ON grievance_tally BEGIN
    UPDATE state_tally SET n = n - old.n WHERE status_id = old.status_id AND priority_id = old.priority_id;
END;
