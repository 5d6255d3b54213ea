-- Version 8 to 9: per slice of 4,096 grievance ids (`id >> 12`), a change number for the
-- text counts, and bounds of the filing times its rows were filed at (only ever widened:
-- a delete leaves them, so they may be wider than the rows left, never narrower). A slice
-- without a row has changed 0 times and holds nothing. The bounds of the rows already
-- there are read once, at the upgrade.

CREATE TABLE grievance_slice_changes (
    slice INTEGER PRIMARY KEY,
    n INTEGER NOT NULL,
    filed_low TEXT NOT NULL,
    filed_high TEXT NOT NULL
);
INSERT INTO grievance_slice_changes SELECT id >> 12, 0, min(filed_at), max(filed_at) FROM grievances GROUP BY id >> 12;
CREATE TRIGGER grievance_slice_changed_by_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO grievance_slice_changes VALUES (new.id >> 12, 1, new.filed_at, new.filed_at) ON CONFLICT (slice) DO UPDATE
        SET n = n + 1, filed_low = min(filed_low, excluded.filed_low), filed_high = max(filed_high, excluded.filed_high);
END;
CREATE TRIGGER grievance_slice_changed_by_update AFTER UPDATE ON grievances BEGIN
    INSERT INTO grievance_slice_changes VALUES (new.id >> 12, 1, new.filed_at, new.filed_at) ON CONFLICT (slice) DO UPDATE
        SET n = n + 1, filed_low = min(filed_low, excluded.filed_low), filed_high = max(filed_high, excluded.filed_high);
END;
CREATE TRIGGER grievance_slice_changed_by_delete AFTER DELETE ON grievances BEGIN
    UPDATE grievance_slice_changes SET n = n + 1 WHERE slice = old.id >> 12;
END;
