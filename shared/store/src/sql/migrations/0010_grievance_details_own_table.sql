-- Version 9 to 10: a row's JSON details (`rest`) move to a table of their own, one row per
-- grievance. Lists read the columns they filter and sort on, often for many rows (each of a text's
-- 125,000 candidates at 1,000,000 is checked on its row), and with the JSON beside them two
-- thirds of the bytes read were JSON nobody looked at: the first count of "motorcycle" read
-- 738 MB of rows, now 250 MB. The JSON is read only for the rows a page or a by-id answer
-- returns. `migrate` (shared/store/src/sql/mod.rs) rebuilds an upgraded file after this step,
-- as the rows it shortened keep their pages until then.

CREATE TABLE grievance_details (
    id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
    rest TEXT NOT NULL CHECK (json_valid(rest))
);
INSERT INTO grievance_details (id, rest) SELECT id, rest FROM grievances;
ALTER TABLE grievances DROP COLUMN rest;
