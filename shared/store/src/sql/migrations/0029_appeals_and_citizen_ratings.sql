-- Version 28 to 29: the complainant's side of a case. Its ratings and appeals are kept in
-- the row's details (`fields.feedback`, `fields.appeals`); these tables are what the queues
-- and the reports read, kept by the writer with each change (`keep_closure`):
--
-- - `appeals`: the grievances whose complainant's appeal against the disposal awaits a
--   decision, with the level it is for (district, range or state) and the day it is due, for
--   the "Appeals" queue and the escalation run, which moves an appeal not decided in time to
--   the next level.
-- - `citizen_ratings`: each rating of a disposal (`n` its place in the case's list), with the
--   case's district and station, for the reports' satisfaction by police station.
--
-- A release before this one kept no ratings and no appeals: there is nothing to fill in.

CREATE TABLE appeals (
    grievance_id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
    level TEXT NOT NULL,
    due TEXT NOT NULL
);
CREATE INDEX appeals_due ON appeals (due, grievance_id);

CREATE TABLE citizen_ratings (
    grievance_id INTEGER NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    district_id INTEGER,
    station_id INTEGER,
    rating TEXT NOT NULL,
    rated_on TEXT NOT NULL,
    appealed INTEGER NOT NULL,
    PRIMARY KEY (grievance_id, n)
);
CREATE INDEX citizen_ratings_day ON citizen_ratings (rated_on, station_id);
