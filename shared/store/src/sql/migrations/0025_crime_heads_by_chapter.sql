-- Version 24 to 25: the MIS reports count crimes by chapter of the BNS and the POCSO Act
-- (`domain::law::heads`: an IPC section under the chapter of the BNS section that replaced
-- it, then local and special laws, sections not mapped, and cases with no penal section).
--
-- - `grievances.heads`: the JSON array of the heads a case's sections reach ('["BNS XVII"]'),
--   worked out by the writer from its sections, or from its "Section & Act" when it keeps
--   none. The rows kept before this version get theirs here, from their details, through
--   the step function `crime_heads(details, dictionary)`.
-- - `report_{month,day}_heads (filed month or day, station, district, head) -> n`: the
--   figures, kept by triggers as `report_{month,day}_crimes` are (schema 12), so a report
--   over a period sums figures, never grievances. A case counts once under each head.

ALTER TABLE grievances ADD COLUMN heads TEXT NOT NULL DEFAULT '[]';
UPDATE grievances SET heads = (SELECT crime_heads(d.details, d.dictionary) FROM grievance_details d WHERE d.id = grievances.id);

CREATE TABLE report_month_heads (
    filed_month TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    head TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_month, police_station_id, district_id, head)
) WITHOUT ROWID;
INSERT INTO report_month_heads
    SELECT substr(g.filed_at, 1, 7), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), h.value, count(*)
      FROM grievances g, json_each(g.heads) h GROUP BY 1, 2, 3, 4;

CREATE TRIGGER grievances_report_month_heads_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_month_heads SELECT substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_month_heads_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_month_heads SET n = n - 1
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
END;

CREATE TRIGGER grievances_report_month_heads_update AFTER UPDATE OF filed_at, police_station_id, district_id, heads ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.heads IS NOT new.heads
    BEGIN
    UPDATE report_month_heads SET n = n - 1
        WHERE filed_month = substr(old.filed_at, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
    INSERT INTO report_month_heads SELECT substr(new.filed_at, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE report_day_heads (
    filed_day TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    head TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (filed_day, police_station_id, district_id, head)
) WITHOUT ROWID;
INSERT INTO report_day_heads
    SELECT substr(g.filed_at, 1, 10), coalesce(g.police_station_id, 0), coalesce(g.district_id, 0), h.value, count(*)
      FROM grievances g, json_each(g.heads) h GROUP BY 1, 2, 3, 4;

CREATE TRIGGER grievances_report_day_heads_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO report_day_heads SELECT substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_report_day_heads_delete AFTER DELETE ON grievances BEGIN
    UPDATE report_day_heads SET n = n - 1
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
END;

CREATE TRIGGER grievances_report_day_heads_update AFTER UPDATE OF filed_at, police_station_id, district_id, heads ON grievances
    WHEN old.filed_at IS NOT new.filed_at OR old.police_station_id IS NOT new.police_station_id OR old.district_id IS NOT new.district_id
      OR old.heads IS NOT new.heads
    BEGIN
    UPDATE report_day_heads SET n = n - 1
        WHERE filed_day = substr(old.filed_at, 1, 10) AND police_station_id = coalesce(old.police_station_id, 0)
          AND district_id = coalesce(old.district_id, 0) AND head IN (SELECT value FROM json_each(old.heads));
    INSERT INTO report_day_heads SELECT substr(new.filed_at, 1, 10), coalesce(new.police_station_id, 0), coalesce(new.district_id, 0), value, 1
        FROM json_each(new.heads) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;
END;
