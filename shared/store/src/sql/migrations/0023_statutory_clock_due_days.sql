-- Version 22 to 23: each grievance keeps the earliest due day of its statutory clocks still
-- open (`next_due`, `YYYY-MM-DD`; null when none is open), worked out by the caller from the
-- clock rules in force (`cases::statutory::next_due`). Today never moves it, so "missed"
-- (a due day before today) and "due within N days" are ranges of these partial indexes,
-- which hold only the cases with an open clock:
--
-- - `g_due (next_due, id)`: the state's, by due day.
-- - `g_due_station (police_station_id, next_due, id)`, `g_due_district (district_id, next_due, id)`:
--   a station's and a district's, by due day.
--
-- `grievance_dues_indexed` holds the law revision (`domain::law::LawSettings::revision`) whose
-- rules the due days were last worked out by. It starts empty, so the rows kept before this
-- version, which have no due day yet, are worked out when the portal opens the file
-- (`cases::dues::reindex_if_owed`), as they are again after an Admin changes a rule.
-- `since` is the day that first working-out gave days to cases kept without one: the
-- escalation run leaves the duties missed before it to the "missed" list.

ALTER TABLE grievances ADD COLUMN next_due TEXT;
CREATE INDEX g_due ON grievances (next_due, id) WHERE next_due IS NOT NULL;
CREATE INDEX g_due_station ON grievances (police_station_id, next_due, id) WHERE next_due IS NOT NULL;
CREATE INDEX g_due_district ON grievances (district_id, next_due, id) WHERE next_due IS NOT NULL;
CREATE TABLE grievance_dues_indexed (
    only INTEGER PRIMARY KEY CHECK (only = 1),
    revision INTEGER NOT NULL,
    since TEXT
);
