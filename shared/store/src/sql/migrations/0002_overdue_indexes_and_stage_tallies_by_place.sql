-- Version 1 to 2: overdue with a station or a district is answered from figures and partial
-- covering indexes, and the stage index holds only undecided rows (the only ones ever
-- overdue), with the station and district so that counting a limit's cutoff month reads
-- the index alone.
--
-- - `g_stage (stage, priority_id, stage_since, police_station_id, district_id) WHERE stage < 4`
--   replaces the full `g_stage` (a ninth of its entries at 1M: most cases are decided).
-- - `g_open_station`, `g_open_district`: a station's (district's) undecided rows newest
--   first, the overdue test read from the index.
-- - `stage_station_tally (stage, priority, station, district, month entered)` and
--   `stage_district_tally (stage, priority, district, month entered)`: the figures of
--   `stage_tally` per station (and district) or per district, undecided rows only.

DROP INDEX IF EXISTS g_stage;
CREATE INDEX g_stage ON grievances (stage, priority_id, stage_since, police_station_id, district_id) WHERE stage < 4;
CREATE INDEX g_open_station ON grievances (police_station_id, filed_at, stage, priority_id, stage_since) WHERE stage < 4;
CREATE INDEX g_open_district ON grievances (district_id, filed_at, stage, priority_id, stage_since) WHERE stage < 4;
CREATE INDEX g_open_priority ON grievances (priority_id, filed_at, stage, stage_since) WHERE stage < 4;

CREATE TABLE stage_station_tally (
    stage INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    since_month TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (stage, priority_id, police_station_id, district_id, since_month)
) WITHOUT ROWID;
CREATE TABLE stage_district_tally (
    stage INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    since_month TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (stage, priority_id, district_id, since_month)
) WITHOUT ROWID;
INSERT INTO stage_station_tally
    SELECT stage, coalesce(priority_id, 0), coalesce(police_station_id, 0), coalesce(district_id, 0), substr(stage_since, 1, 7), count(*)
      FROM grievances WHERE stage < 4 GROUP BY 1, 2, 3, 4, 5;
INSERT INTO stage_district_tally
    SELECT stage, coalesce(priority_id, 0), coalesce(district_id, 0), substr(stage_since, 1, 7), count(*)
      FROM grievances WHERE stage < 4 GROUP BY 1, 2, 3, 4;

CREATE TRIGGER grievances_stage_place_insert AFTER INSERT ON grievances WHEN new.stage < 4 BEGIN
    INSERT INTO stage_station_tally VALUES (new.stage, coalesce(new.priority_id, 0), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), substr(new.stage_since, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO stage_district_tally VALUES (new.stage, coalesce(new.priority_id, 0), coalesce(new.district_id, 0), substr(new.stage_since, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_stage_place_delete AFTER DELETE ON grievances WHEN old.stage < 4 BEGIN
    UPDATE stage_station_tally SET n = n - 1
        WHERE stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND since_month = substr(old.stage_since, 1, 7);
    UPDATE stage_district_tally SET n = n - 1
        WHERE stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND district_id = coalesce(old.district_id, 0)
          AND since_month = substr(old.stage_since, 1, 7);
END;

CREATE TRIGGER grievances_stage_place_update AFTER UPDATE OF priority_id, district_id, police_station_id, stage, stage_since ON grievances BEGIN
    UPDATE stage_station_tally SET n = n - 1
        WHERE old.stage < 4 AND stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND since_month = substr(old.stage_since, 1, 7);
    UPDATE stage_district_tally SET n = n - 1
        WHERE old.stage < 4 AND stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND district_id = coalesce(old.district_id, 0)
          AND since_month = substr(old.stage_since, 1, 7);
    INSERT INTO stage_station_tally SELECT new.stage, coalesce(new.priority_id, 0), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), substr(new.stage_since, 1, 7), 1
        WHERE new.stage < 4
        ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO stage_district_tally SELECT new.stage, coalesce(new.priority_id, 0), coalesce(new.district_id, 0), substr(new.stage_since, 1, 7), 1
        WHERE new.stage < 4
        ON CONFLICT DO UPDATE SET n = n + 1;
END;
