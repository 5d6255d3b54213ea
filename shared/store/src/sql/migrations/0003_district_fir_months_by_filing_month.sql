-- Version 2 to 3: FIR dates newest first. `fir_filed_tally (district, FIR month, filing month)
-- -> n` tells, for a district and a FIR date range, which months the matches were filed
-- in and how many: the page then walks `g_district_filed (district_id, filed_at,
-- fir_date)` newest first inside that window only (see `filed_window`), instead of sorting
-- every match.

CREATE INDEX g_district_filed ON grievances (district_id, filed_at, fir_date);
CREATE TABLE fir_filed_tally (
    district_id INTEGER NOT NULL,
    fir_month TEXT NOT NULL,
    filed_month TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (district_id, fir_month, filed_month)
) WITHOUT ROWID;
INSERT INTO fir_filed_tally
    SELECT coalesce(district_id, 0), substr(fir_date, 1, 7), substr(filed_at, 1, 7), count(*) FROM grievances GROUP BY 1, 2, 3;

CREATE TRIGGER grievances_fir_filed_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO fir_filed_tally VALUES (coalesce(new.district_id, 0), substr(new.fir_date, 1, 7), substr(new.filed_at, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_fir_filed_delete AFTER DELETE ON grievances BEGIN
    UPDATE fir_filed_tally SET n = n - 1
        WHERE district_id = coalesce(old.district_id, 0) AND fir_month = substr(old.fir_date, 1, 7) AND filed_month = substr(old.filed_at, 1, 7);
END;

CREATE TRIGGER grievances_fir_filed_update AFTER UPDATE OF district_id, fir_date, filed_at ON grievances BEGIN
    UPDATE fir_filed_tally SET n = n - 1
        WHERE district_id = coalesce(old.district_id, 0) AND fir_month = substr(old.fir_date, 1, 7) AND filed_month = substr(old.filed_at, 1, 7);
    INSERT INTO fir_filed_tally VALUES (coalesce(new.district_id, 0), substr(new.fir_date, 1, 7), substr(new.filed_at, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;
