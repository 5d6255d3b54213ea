-- Version 11 to 12: the figures of the MIS reports (`cases::reports`), kept by triggers per filing
-- month and per filing day, so a report over a period sums figures, never grievances: the
-- whole months of the period from the month tables, and from the day tables only the days
-- of a month the period holds in part, and of the last three months (where a pending
-- grievance's age bucket turns on its day).
--
-- - `report_{month,day}_tally (filed month or day, station, district, status,
--   resolved_month) -> done, n, resolved_count, resolution_days`: the counts per status,
--   the pending ones' ages, the filed per month, the disposed per resolution month ('' when
--   not disposed), and the days to disposal.
-- - `report_{month,day}_crimes (filed month or day, station, district, crime_title) -> n`:
--   the crime heads.
--
-- 0 stands for "no item", as in the other figures. One's own cases are read from their rows
-- (`grievance_viewers`): a user's own cases are few.

CREATE TABLE report_month_tally (
    filed_month TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    resolved_month TEXT NOT NULL,
    done INTEGER NOT NULL,
    n INTEGER NOT NULL,
    resolved_count INTEGER NOT NULL,
    resolution_days INTEGER NOT NULL,
    PRIMARY KEY (filed_month, police_station_id, district_id, status_id, resolved_month)
) WITHOUT ROWID;
CREATE TABLE report_month_crimes (
    filed_month TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    crime_title TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_month, police_station_id, district_id, crime_title)
) WITHOUT ROWID;
INSERT INTO report_month_tally
    SELECT substr(filed_at, 1, 7), coalesce(police_station_id, 0), coalesce(district_id, 0), coalesce(status_id, 0),
           CASE WHEN done AND resolved_at IS NOT NULL THEN substr(resolved_at, 1, 7) ELSE '' END, max(done),
           count(*), count(resolution_days), coalesce(sum(resolution_days), 0)
      FROM grievances GROUP BY 1, 2, 3, 4, 5;
INSERT INTO report_month_crimes
    SELECT substr(filed_at, 1, 7), coalesce(police_station_id, 0), coalesce(district_id, 0), crime_title, count(*)
      FROM grievances GROUP BY 1, 2, 3, 4;

CREATE TRIGGER grievances_report_month_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_month_tally VALUES (substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN substr(new.resolved_at, 1, 7) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_month_crimes VALUES (substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_month_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_month_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN substr(old.resolved_at, 1, 7) ELSE '' END;
    UPDATE report_month_crimes SET n = n - 1
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
END;

CREATE TRIGGER grievances_report_month_update AFTER UPDATE OF filed_at, police_station_id, district_id, status_id, done, resolved_at, resolution_days, crime_title
    ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.status_id IS NOT new.status_id OR old.done IS NOT new.done OR old.resolved_at IS NOT new.resolved_at
      OR old.resolution_days IS NOT new.resolution_days OR old.crime_title IS NOT new.crime_title
    BEGIN
    UPDATE report_month_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN substr(old.resolved_at, 1, 7) ELSE '' END;
    UPDATE report_month_crimes SET n = n - 1
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
    INSERT INTO report_month_tally VALUES (substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN substr(new.resolved_at, 1, 7) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_month_crimes VALUES (substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE report_day_tally (
    filed_day TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    resolved_month TEXT NOT NULL,
    done INTEGER NOT NULL,
    n INTEGER NOT NULL,
    resolved_count INTEGER NOT NULL,
    resolution_days INTEGER NOT NULL,
    PRIMARY KEY (filed_day, police_station_id, district_id, status_id, resolved_month)
) WITHOUT ROWID;
CREATE TABLE report_day_crimes (
    filed_day TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    crime_title TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_day, police_station_id, district_id, crime_title)
) WITHOUT ROWID;
INSERT INTO report_day_tally
    SELECT substr(filed_at, 1, 10), coalesce(police_station_id, 0), coalesce(district_id, 0), coalesce(status_id, 0),
           CASE WHEN done AND resolved_at IS NOT NULL THEN substr(resolved_at, 1, 7) ELSE '' END, max(done),
           count(*), count(resolution_days), coalesce(sum(resolution_days), 0)
      FROM grievances GROUP BY 1, 2, 3, 4, 5;
INSERT INTO report_day_crimes
    SELECT substr(filed_at, 1, 10), coalesce(police_station_id, 0), coalesce(district_id, 0), crime_title, count(*)
      FROM grievances GROUP BY 1, 2, 3, 4;

CREATE TRIGGER grievances_report_day_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_day_tally VALUES (substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN substr(new.resolved_at, 1, 7) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_day_crimes VALUES (substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_day_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN substr(old.resolved_at, 1, 7) ELSE '' END;
    UPDATE report_day_crimes SET n = n - 1
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
END;

CREATE TRIGGER grievances_report_day_update AFTER UPDATE OF filed_at, police_station_id, district_id, status_id, done, resolved_at, resolution_days, crime_title
    ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.status_id IS NOT new.status_id OR old.done IS NOT new.done OR old.resolved_at IS NOT new.resolved_at
      OR old.resolution_days IS NOT new.resolution_days OR old.crime_title IS NOT new.crime_title
    BEGIN
    UPDATE report_day_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN substr(old.resolved_at, 1, 7) ELSE '' END;
    UPDATE report_day_crimes SET n = n - 1
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
    INSERT INTO report_day_tally VALUES (substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN substr(new.resolved_at, 1, 7) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_day_crimes VALUES (substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;
