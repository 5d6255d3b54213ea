-- Version 26 to 27: the MIS report of statutory compliance per police station counts the
-- runs of the cases' clocks (`domain::law::KeptRun`): met on time, met late, missed (open, its
-- due day past) and running (open, not yet due), of the cases filed in the report's period.
--
-- - `grievances.clock_runs`: the JSON array of a case's runs, `[[rule, due day, met day or
--   null], ...]` (null when none), worked out by the writer from the clock rules in force
--   with its next due day (`cases::statutory::index_dues_by`). The rows kept before this
--   version get theirs when the portal opens the file: the revision the due days were worked
--   out by is set to none here, so they are all worked out again
--   (`cases::dues::reindex_if_owed`), keeping the day that first working-out happened.
-- - `clock_{month,day}_tally (filed month or day, station, district, rule, outcome, due day)
--   -> n`: outcome 0 open, 1 met on time, 2 met late; an open run keeps its due day (today
--   decides whether it is missed), a met one ''. Kept by triggers in the writer's transaction
--   as the other report figures are (schemas 12 and 25), each change adding the new row's
--   runs and taking away the old row's, so a report over a period sums figures, never
--   grievances.
-- - `g_due_filed (filed_at, next_due, police_station_id, district_id)`, of the cases with a
--   clock open: the report's cases with a clock missed (a next due day before today) are a
--   range of filing times read from the index alone, the earliest due kept by a bounded sort;
--   `g_due`, in due order, would pass every older case missed before the period's first.

ALTER TABLE grievances ADD COLUMN clock_runs TEXT;
UPDATE grievance_dues_indexed SET revision = -1;
CREATE INDEX g_due_filed ON grievances (filed_at, next_due, police_station_id, district_id) WHERE next_due IS NOT NULL;

CREATE TABLE clock_month_tally (
    filed_month TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    rule TEXT NOT NULL,
    outcome INTEGER NOT NULL,
    due_day TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_month, police_station_id, district_id, rule, outcome, due_day)
) WITHOUT ROWID;

CREATE TRIGGER grievances_clock_month_tally_insert AFTER INSERT ON grievances WHEN new.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_month_tally
        SELECT substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_month_tally_delete AFTER DELETE ON grievances WHEN old.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_month_tally
        SELECT substr(old.filed_at, 1, 7), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_month_tally_update AFTER UPDATE OF filed_at, police_station_id, district_id, clock_runs ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.clock_runs IS NOT new.clock_runs
    BEGIN
    INSERT INTO clock_month_tally
        SELECT substr(old.filed_at, 1, 7), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
    INSERT INTO clock_month_tally
        SELECT substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TABLE clock_day_tally (
    filed_day TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    rule TEXT NOT NULL,
    outcome INTEGER NOT NULL,
    due_day TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_day, police_station_id, district_id, rule, outcome, due_day)
) WITHOUT ROWID;

CREATE TRIGGER grievances_clock_day_tally_insert AFTER INSERT ON grievances WHEN new.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_day_tally
        SELECT substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_day_tally_delete AFTER DELETE ON grievances WHEN old.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_day_tally
        SELECT substr(old.filed_at, 1, 10), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_day_tally_update AFTER UPDATE OF filed_at, police_station_id, district_id, clock_runs ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.clock_runs IS NOT new.clock_runs
    BEGIN
    INSERT INTO clock_day_tally
        SELECT substr(old.filed_at, 1, 10), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
    INSERT INTO clock_day_tally
        SELECT substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;
