-- Version 4 to 5: how many grievances each user sees without view_all (their viewer rows),
-- kept by triggers: the own scope's total is one row, not a count over tens of thousands of
-- rows.

CREATE TABLE viewer_tally (
    user_id INTEGER PRIMARY KEY,
    n INTEGER NOT NULL
);
INSERT INTO viewer_tally SELECT user_id, count(*) FROM grievance_viewers GROUP BY user_id;
CREATE TRIGGER grievance_viewers_tally_insert AFTER INSERT ON grievance_viewers BEGIN
    INSERT INTO viewer_tally VALUES (new.user_id, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER grievance_viewers_tally_delete AFTER DELETE ON grievance_viewers BEGIN
    UPDATE viewer_tally SET n = n - 1 WHERE user_id = old.user_id;
END;
