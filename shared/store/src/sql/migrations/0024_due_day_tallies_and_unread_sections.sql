-- Version 23 to 24: how many grievances fall due on each day, for the state, each district
-- and each police station, kept by triggers in the same transaction as the rows (so they
-- can never disagree with them). "Missed" and "due within N days" are then a sum over the
-- days of a range: the state's missed clocks at 1,000,000 grievances read one row per past
-- due day, not one per case (the `g_due` range a count would walk holds every open case
-- whose duty has passed).
--
-- `due_tally (kind, place_id, due_day) -> n`: kind 0 is the state (place 0), 1 a district,
-- 2 a police station (their item ids; 0: none). A day's row stays when its count falls to
-- zero: a sum reads it as nothing.
--
-- `viewer_dues (user_id, next_due, grievance_id)`: the due days of each user's own cases (filed
-- by or assigned to them, as `grievance_viewers`), only those with an open clock, kept by
-- triggers. One's own "missed" is a key range read a page at a time and counted index-only;
-- through `grievance_viewers` it read every own case (83,000 for a busy officer at 1,000,000).
--
-- `grievance_dues_indexed.unread_sections`: how many grievances the last working-out of the
-- due days found keeping no sections of their own and with a "Section & Act" it could not
-- read whole into sections (`cases::statutory::sections_unread`); null until the first.
-- The Admin Panel reports it beside the clock rules.

CREATE TABLE due_tally (
    kind INTEGER NOT NULL,
    place_id INTEGER NOT NULL,
    due_day TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (kind, place_id, due_day)
) WITHOUT ROWID;

INSERT INTO due_tally SELECT 0, 0, next_due, count(*) FROM grievances WHERE next_due IS NOT NULL GROUP BY next_due;
INSERT INTO due_tally SELECT 1, coalesce(district_id, 0), next_due, count(*) FROM grievances WHERE next_due IS NOT NULL GROUP BY 2, 3;
INSERT INTO due_tally SELECT 2, coalesce(police_station_id, 0), next_due, count(*) FROM grievances WHERE next_due IS NOT NULL GROUP BY 2, 3;

CREATE TRIGGER grievances_due_insert AFTER INSERT ON grievances WHEN new.next_due IS NOT NULL BEGIN
    INSERT INTO due_tally VALUES (0, 0, new.next_due, 1) ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO due_tally VALUES (1, coalesce(new.district_id, 0), new.next_due, 1) ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO due_tally VALUES (2, coalesce(new.police_station_id, 0), new.next_due, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_due_delete AFTER DELETE ON grievances WHEN old.next_due IS NOT NULL BEGIN
    UPDATE due_tally SET n = n - 1 WHERE kind = 0 AND place_id = 0 AND due_day = old.next_due;
    UPDATE due_tally SET n = n - 1 WHERE kind = 1 AND place_id = coalesce(old.district_id, 0) AND due_day = old.next_due;
    UPDATE due_tally SET n = n - 1 WHERE kind = 2 AND place_id = coalesce(old.police_station_id, 0) AND due_day = old.next_due;
END;

CREATE TRIGGER grievances_due_update AFTER UPDATE OF next_due, district_id, police_station_id ON grievances
    WHEN old.next_due IS NOT new.next_due OR old.district_id IS NOT new.district_id OR old.police_station_id IS NOT new.police_station_id BEGIN
    UPDATE due_tally SET n = n - 1 WHERE old.next_due IS NOT NULL AND kind = 0 AND place_id = 0 AND due_day = old.next_due;
    UPDATE due_tally SET n = n - 1 WHERE old.next_due IS NOT NULL AND kind = 1 AND place_id = coalesce(old.district_id, 0) AND due_day = old.next_due;
    UPDATE due_tally SET n = n - 1 WHERE old.next_due IS NOT NULL AND kind = 2 AND place_id = coalesce(old.police_station_id, 0) AND due_day = old.next_due;
    INSERT INTO due_tally SELECT 0, 0, new.next_due, 1 WHERE new.next_due IS NOT NULL ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO due_tally SELECT 1, coalesce(new.district_id, 0), new.next_due, 1 WHERE new.next_due IS NOT NULL ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO due_tally SELECT 2, coalesce(new.police_station_id, 0), new.next_due, 1 WHERE new.next_due IS NOT NULL ON CONFLICT DO UPDATE SET n = n + 1;
END;

ALTER TABLE grievance_dues_indexed ADD COLUMN unread_sections INTEGER;

CREATE TABLE viewer_dues (
    user_id INTEGER NOT NULL,
    next_due TEXT NOT NULL,
    grievance_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, next_due, grievance_id)
) WITHOUT ROWID;

INSERT INTO viewer_dues SELECT filed_by, next_due, id FROM grievances WHERE next_due IS NOT NULL;
INSERT INTO viewer_dues SELECT assigned_to, next_due, id FROM grievances
    WHERE next_due IS NOT NULL AND assigned_to IS NOT NULL AND assigned_to <> filed_by;

CREATE TRIGGER grievances_viewer_dues_insert AFTER INSERT ON grievances WHEN new.next_due IS NOT NULL BEGIN
    INSERT INTO viewer_dues VALUES (new.filed_by, new.next_due, new.id);
    INSERT INTO viewer_dues SELECT new.assigned_to, new.next_due, new.id WHERE new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by;
END;

CREATE TRIGGER grievances_viewer_dues_delete AFTER DELETE ON grievances WHEN old.next_due IS NOT NULL BEGIN
    DELETE FROM viewer_dues WHERE user_id = old.filed_by AND next_due = old.next_due AND grievance_id = old.id;
    DELETE FROM viewer_dues WHERE user_id = old.assigned_to AND next_due = old.next_due AND grievance_id = old.id;
END;

CREATE TRIGGER grievances_viewer_dues_update AFTER UPDATE OF next_due, filed_by, assigned_to ON grievances
    WHEN old.next_due IS NOT new.next_due OR old.filed_by IS NOT new.filed_by OR old.assigned_to IS NOT new.assigned_to BEGIN
    DELETE FROM viewer_dues WHERE user_id = old.filed_by AND next_due = old.next_due AND grievance_id = old.id;
    DELETE FROM viewer_dues WHERE user_id = old.assigned_to AND next_due = old.next_due AND grievance_id = old.id;
    INSERT INTO viewer_dues SELECT new.filed_by, new.next_due, new.id WHERE new.next_due IS NOT NULL;
    INSERT INTO viewer_dues SELECT new.assigned_to, new.next_due, new.id
        WHERE new.next_due IS NOT NULL AND new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by;
END;
