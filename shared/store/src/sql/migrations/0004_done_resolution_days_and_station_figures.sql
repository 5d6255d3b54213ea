-- Version 3 to 4: the figures of the dashboard and performance metrics kept with the rows, so
-- they cost the same at a million grievances as at ten.
--
-- - `done` (the status means resolved or closed) and `resolution_days` (whole days from
--   filing to resolution, for a done grievance with a resolution date) become columns: the
--   rules decide them (`StatusMeaning`), SQL only adds them up.
-- - `station_figures (police_station_id) -> total, done, resolved_count, resolution_days`,
--   kept by triggers: the state's rates are a sum over the stations (a few hundred rows),
--   the per-station table of the metrics is the table itself.

ALTER TABLE grievances ADD COLUMN done INTEGER NOT NULL DEFAULT 0;
ALTER TABLE grievances ADD COLUMN resolution_days INTEGER;
UPDATE grievances SET done = coalesce((SELECT meaning IN ('resolved', 'closed') FROM list_items WHERE id = grievances.status_id), 0);
UPDATE grievances SET resolution_days = CAST(round(((strftime('%s', resolved_at) - strftime('%s', filed_at)) / 3600) / 24.0) AS INTEGER)
    WHERE done = 1 AND resolved_at IS NOT NULL;

CREATE TABLE station_figures (
    police_station_id INTEGER PRIMARY KEY,
    total INTEGER NOT NULL,
    done INTEGER NOT NULL,
    resolved_count INTEGER NOT NULL,
    resolution_days INTEGER NOT NULL
);
INSERT INTO station_figures
    SELECT coalesce(police_station_id, 0), count(*), sum(done), count(resolution_days), coalesce(sum(resolution_days), 0) FROM grievances GROUP BY 1;

CREATE TRIGGER grievances_figures_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO station_figures VALUES (coalesce(new.police_station_id, 0), 1, new.done, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET total = total + 1, done = done + excluded.done,
            resolved_count = resolved_count + excluded.resolved_count, resolution_days = resolution_days + excluded.resolution_days;
END;

CREATE TRIGGER grievances_figures_delete AFTER DELETE ON grievances BEGIN
    UPDATE station_figures SET total = total - 1, done = done - old.done, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE police_station_id = coalesce(old.police_station_id, 0);
END;

CREATE TRIGGER grievances_figures_update AFTER UPDATE OF police_station_id, done, resolution_days ON grievances BEGIN
    UPDATE station_figures SET total = total - 1, done = done - old.done, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE police_station_id = coalesce(old.police_station_id, 0);
    INSERT INTO station_figures VALUES (coalesce(new.police_station_id, 0), 1, new.done, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET total = total + 1, done = done + excluded.done,
            resolved_count = resolved_count + excluded.resolved_count, resolution_days = resolution_days + excluded.resolution_days;
END;


-- Carried to the grievances only when the rank moved: an item re-saved as it was (the
-- Admin Panel, or a write naming it) must not rewrite every grievance using it.
DROP TRIGGER list_items_rank;
CREATE TRIGGER list_items_rank AFTER UPDATE OF rank ON list_items WHEN old.rank IS NOT new.rank BEGIN
    UPDATE grievances SET status_rank = new.rank WHERE new.kind = 'statuses' AND status_id = new.id;
    UPDATE grievances SET priority_rank = new.rank WHERE new.kind = 'priorities' AND priority_id = new.id;
END;
