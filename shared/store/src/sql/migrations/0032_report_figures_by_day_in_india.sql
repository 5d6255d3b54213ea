-- Version 31 to 32: the report figures are kept by the filing day and month in India.
--
-- The portal records times in UTC; the staff who read a report live in India's day
-- (UTC+05:30). Until this version the figures of the MIS reports and of statutory compliance
-- (schemas 12, 25 and 27) were keyed by the UTC date of `filed_at` (and of `resolved_at` for
-- the disposed per month), so a case filed between midnight and 05:30 in India was counted on
-- the day before, and in the month before on the first of a month. Keyed now by
-- `date(filed_at, '+330 minutes')` (India keeps one offset all year), the text's own
-- first ten characters standing in for a time SQLite cannot read, as before.
--
-- Each of the eighteen triggers that keep `report_{month,day}_{tally,crimes,heads}` and
-- `clock_{month,day}_tally` is made again with the new keys, and the figures the file holds
-- are worked out again from the grievances, in this one transaction: nothing a department
-- kept is lost, and its reports read the same grievances as before, on India's days.

DROP TRIGGER grievances_report_month_insert;
DROP TRIGGER grievances_report_month_delete;
DROP TRIGGER grievances_report_month_update;
DROP TRIGGER grievances_report_day_insert;
DROP TRIGGER grievances_report_day_delete;
DROP TRIGGER grievances_report_day_update;
DROP TRIGGER grievances_report_month_heads_insert;
DROP TRIGGER grievances_report_month_heads_delete;
DROP TRIGGER grievances_report_month_heads_update;
DROP TRIGGER grievances_report_day_heads_insert;
DROP TRIGGER grievances_report_day_heads_delete;
DROP TRIGGER grievances_report_day_heads_update;
DROP TRIGGER grievances_clock_month_tally_insert;
DROP TRIGGER grievances_clock_month_tally_delete;
DROP TRIGGER grievances_clock_month_tally_update;
DROP TRIGGER grievances_clock_day_tally_insert;
DROP TRIGGER grievances_clock_day_tally_delete;
DROP TRIGGER grievances_clock_day_tally_update;

DELETE FROM report_month_tally;
DELETE FROM report_month_crimes;
DELETE FROM report_day_tally;
DELETE FROM report_day_crimes;
DELETE FROM report_month_heads;
DELETE FROM report_day_heads;
DELETE FROM clock_month_tally;
DELETE FROM clock_day_tally;

INSERT INTO report_month_tally
    SELECT coalesce(strftime('%Y-%m', filed_at, '+330 minutes'), substr(filed_at, 1, 7)), coalesce(police_station_id, 0), coalesce(district_id, 0), coalesce(status_id, 0),
           CASE WHEN done AND resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', resolved_at, '+330 minutes'), substr(resolved_at, 1, 7)) ELSE '' END, max(done),
           count(*), count(resolution_days), coalesce(sum(resolution_days), 0)
      FROM grievances GROUP BY 1, 2, 3, 4, 5;

INSERT INTO report_month_crimes
    SELECT coalesce(strftime('%Y-%m', filed_at, '+330 minutes'), substr(filed_at, 1, 7)), coalesce(police_station_id, 0), coalesce(district_id, 0), crime_title, count(*)
      FROM grievances GROUP BY 1, 2, 3, 4;

INSERT INTO report_day_tally
    SELECT coalesce(date(filed_at, '+330 minutes'), substr(filed_at, 1, 10)), coalesce(police_station_id, 0), coalesce(district_id, 0), coalesce(status_id, 0),
           CASE WHEN done AND resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', resolved_at, '+330 minutes'), substr(resolved_at, 1, 7)) ELSE '' END, max(done),
           count(*), count(resolution_days), coalesce(sum(resolution_days), 0)
      FROM grievances GROUP BY 1, 2, 3, 4, 5;

INSERT INTO report_day_crimes
    SELECT coalesce(date(filed_at, '+330 minutes'), substr(filed_at, 1, 10)), coalesce(police_station_id, 0), coalesce(district_id, 0), crime_title, count(*)
      FROM grievances GROUP BY 1, 2, 3, 4;

INSERT INTO report_month_heads
    SELECT coalesce(strftime('%Y-%m', g.filed_at, '+330 minutes'), substr(g.filed_at, 1, 7)), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), h.value, count(*)
      FROM grievances g, json_each(g.heads) h GROUP BY 1, 2, 3, 4;

INSERT INTO report_day_heads
    SELECT coalesce(date(g.filed_at, '+330 minutes'), substr(g.filed_at, 1, 10)), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), h.value, count(*)
      FROM grievances g, json_each(g.heads) h GROUP BY 1, 2, 3, 4;

INSERT INTO clock_month_tally
    SELECT coalesce(strftime('%Y-%m', g.filed_at, '+330 minutes'), substr(g.filed_at, 1, 7)), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), r.value ->> 0,
           CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
           CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
      FROM grievances g, json_each(g.clock_runs) r WHERE g.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO clock_day_tally
    SELECT coalesce(date(g.filed_at, '+330 minutes'), substr(g.filed_at, 1, 10)), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), r.value ->> 0,
           CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
           CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
      FROM grievances g, json_each(g.clock_runs) r WHERE g.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;

CREATE TRIGGER grievances_report_month_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_month_tally VALUES (coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', new.resolved_at, '+330 minutes'), substr(new.resolved_at, 1, 7)) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_month_crimes VALUES (coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_month_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_month_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', old.resolved_at, '+330 minutes'), substr(old.resolved_at, 1, 7)) ELSE '' END;
    UPDATE report_month_crimes SET n = n - 1
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
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
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', old.resolved_at, '+330 minutes'), substr(old.resolved_at, 1, 7)) ELSE '' END;
    UPDATE report_month_crimes SET n = n - 1
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
    INSERT INTO report_month_tally VALUES (coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', new.resolved_at, '+330 minutes'), substr(new.resolved_at, 1, 7)) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_month_crimes VALUES (coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_day_tally VALUES (coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', new.resolved_at, '+330 minutes'), substr(new.resolved_at, 1, 7)) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_day_crimes VALUES (coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_day_tally SET n = n - 1, resolved_count = resolved_count - (old.resolution_days IS NOT NULL),
            resolution_days = resolution_days - coalesce(old.resolution_days, 0)
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', old.resolved_at, '+330 minutes'), substr(old.resolved_at, 1, 7)) ELSE '' END;
    UPDATE report_day_crimes SET n = n - 1
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
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
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND status_id = coalesce(old.status_id, 0)
          AND resolved_month = CASE WHEN old.done AND old.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', old.resolved_at, '+330 minutes'), substr(old.resolved_at, 1, 7)) ELSE '' END;
    UPDATE report_day_crimes SET n = n - 1
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND crime_title = old.crime_title;
    INSERT INTO report_day_tally VALUES (coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), coalesce(new.status_id, 0),
            CASE WHEN new.done AND new.resolved_at IS NOT NULL THEN coalesce(strftime('%Y-%m', new.resolved_at, '+330 minutes'), substr(new.resolved_at, 1, 7)) ELSE '' END, new.done,
            1, new.resolution_days IS NOT NULL, coalesce(new.resolution_days, 0))
        ON CONFLICT DO UPDATE SET n = n + 1, resolved_count = resolved_count + excluded.resolved_count,
            resolution_days = resolution_days + excluded.resolution_days, done = excluded.done;
    INSERT INTO report_day_crimes VALUES (coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), new.crime_title, 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_month_heads_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_month_heads SELECT coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_month_heads_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_month_heads SET n = n - 1
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
END;

CREATE TRIGGER grievances_report_month_heads_update AFTER UPDATE OF filed_at, police_station_id, district_id, heads ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.heads IS NOT new.heads
    BEGIN
    UPDATE report_month_heads SET n = n - 1
        WHERE filed_month = coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
    INSERT INTO report_month_heads SELECT coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_heads_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_day_heads SELECT coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_heads_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_day_heads SET n = n - 1
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
END;

CREATE TRIGGER grievances_report_day_heads_update AFTER UPDATE OF filed_at, police_station_id, district_id, heads ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.heads IS NOT new.heads
    BEGIN
    UPDATE report_day_heads SET n = n - 1
        WHERE filed_day = coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
    INSERT INTO report_day_heads SELECT coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_clock_month_tally_insert AFTER INSERT ON grievances WHEN new.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_month_tally
        SELECT coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_month_tally_delete AFTER DELETE ON grievances WHEN old.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_month_tally
        SELECT coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
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
        SELECT coalesce(strftime('%Y-%m', old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 7)), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
    INSERT INTO clock_month_tally
        SELECT coalesce(strftime('%Y-%m', new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 7)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_day_tally_insert AFTER INSERT ON grievances WHEN new.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_day_tally
        SELECT coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER grievances_clock_day_tally_delete AFTER DELETE ON grievances WHEN old.clock_runs IS NOT NULL BEGIN
    INSERT INTO clock_day_tally
        SELECT coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
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
        SELECT coalesce(date(old.filed_at, '+330 minutes'), substr(old.filed_at, 1, 10)), coalesce(old.police_station_id, 0), coalesce(old.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, -count(*)
          FROM json_each(old.clock_runs) r WHERE old.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
    INSERT INTO clock_day_tally
        SELECT coalesce(date(new.filed_at, '+330 minutes'), substr(new.filed_at, 1, 10)), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), r.value ->> 0,
               CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END,
               CASE WHEN r.value ->> 2 IS NULL THEN r.value ->> 1 ELSE '' END, count(*)
          FROM json_each(new.clock_runs) r WHERE new.clock_runs IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;
