-- Version 6 to 7: the change number of the grievances table.

CREATE TABLE grievance_changes (
    only INTEGER PRIMARY KEY CHECK (only = 1),
    n INTEGER NOT NULL
);
INSERT INTO grievance_changes VALUES (1, 0);
CREATE TRIGGER grievances_changed_by_insert AFTER INSERT ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
CREATE TRIGGER grievances_changed_by_update AFTER UPDATE ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
CREATE TRIGGER grievances_changed_by_delete AFTER DELETE ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
