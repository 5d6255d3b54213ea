-- Version 32 to 33: the figures of each user's own cases (filed by or assigned to them, as
-- `grievance_viewers`) by status, priority and police station, kept by triggers in the
-- transaction that writes the grievance. One's dashboard counts, resolution rate and station
-- figures read a few rows here; they grouped every own case, as many as a busy station's
-- writer has filed (thousands in a state of five million, 83,000 for one officer of the
-- earlier synthetic million).
--
-- `viewer_figures (user, status, priority, station) -> n, done, resolved_count,
-- resolution_days`: 0 stands for no item, as in `grievance_tally`; a row at n = 0 stays and
-- is skipped by its readers. Built from the grievances (the step is safe to run again: a
-- file taken back to an earlier version in a test is built afresh).

CREATE TABLE IF NOT EXISTS viewer_figures (
    user_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    police_station_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    done INTEGER NOT NULL,
    resolved_count INTEGER NOT NULL,
    resolution_days INTEGER NOT NULL,
    PRIMARY KEY (user_id, status_id, priority_id, police_station_id)
) WITHOUT ROWID;

DELETE FROM viewer_figures;
INSERT INTO viewer_figures
    SELECT user_id, coalesce(status_id, 0), coalesce(priority_id, 0), coalesce(police_station_id, 0),
           count(*), sum(done), count(resolution_days), coalesce(sum(resolution_days), 0)
      FROM (SELECT filed_by AS user_id, status_id, priority_id, police_station_id, done, resolution_days FROM grievances
            UNION ALL
            SELECT assigned_to, status_id, priority_id, police_station_id, done, resolution_days FROM grievances
             WHERE assigned_to IS NOT NULL AND assigned_to <> filed_by)
     GROUP BY 1, 2, 3, 4;

DROP TRIGGER IF EXISTS grievances_viewer_figures_insert;
CREATE TRIGGER grievances_viewer_figures_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO viewer_figures
        SELECT user_id, coalesce(new.status_id, 0), coalesce(new.priority_id, 0), coalesce(new.police_station_id, 0),
               1, new.done, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0)
          FROM (SELECT new.filed_by AS user_id UNION ALL SELECT new.assigned_to WHERE new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by)
         WHERE true
        ON CONFLICT DO UPDATE SET n = n + 1, done = done + excluded.done, resolved_count = resolved_count + excluded.resolved_count,
                                  resolution_days = resolution_days + excluded.resolution_days;
END;

-- `IN (filed_by, assigned_to)` names one row once when the filer is also the assignee.
DROP TRIGGER IF EXISTS grievances_viewer_figures_delete;
CREATE TRIGGER grievances_viewer_figures_delete AFTER DELETE ON grievances BEGIN
    UPDATE viewer_figures
       SET n = n - 1, done = done - old.done, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
           resolution_days = resolution_days - coalesce(old.resolution_days, 0)
     WHERE user_id IN (old.filed_by, old.assigned_to) AND status_id = coalesce(old.status_id, 0)
       AND priority_id = coalesce(old.priority_id, 0) AND police_station_id = coalesce(old.police_station_id, 0);
END;

DROP TRIGGER IF EXISTS grievances_viewer_figures_update;
CREATE TRIGGER grievances_viewer_figures_update AFTER UPDATE OF filed_by, assigned_to, status_id, priority_id, police_station_id, done, resolution_days ON grievances
    WHEN old.filed_by IS NOT new.filed_by OR old.assigned_to IS NOT new.assigned_to OR old.status_id IS NOT new.status_id
      OR old.priority_id IS NOT new.priority_id OR old.police_station_id IS NOT new.police_station_id OR old.done IS NOT new.done
      OR old.resolution_days IS NOT new.resolution_days BEGIN
    UPDATE viewer_figures
       SET n = n - 1, done = done - old.done, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
           resolution_days = resolution_days - coalesce(old.resolution_days, 0)
     WHERE user_id IN (old.filed_by, old.assigned_to) AND status_id = coalesce(old.status_id, 0)
       AND priority_id = coalesce(old.priority_id, 0) AND police_station_id = coalesce(old.police_station_id, 0);
    INSERT INTO viewer_figures
        SELECT user_id, coalesce(new.status_id, 0), coalesce(new.priority_id, 0), coalesce(new.police_station_id, 0),
               1, new.done, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0)
          FROM (SELECT new.filed_by AS user_id UNION ALL SELECT new.assigned_to WHERE new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by)
         WHERE true
        ON CONFLICT DO UPDATE SET n = n + 1, done = done + excluded.done, resolved_count = resolved_count + excluded.resolved_count,
                                  resolution_days = resolution_days + excluded.resolution_days;
END;
