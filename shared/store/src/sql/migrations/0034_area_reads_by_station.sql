-- Version 33 to 34: an area's reads go by its stations.
--
-- Each police station's cases in filing order. An area's list (a station
-- house officer's station, a superintendent's district, a range office's districts) newest
-- first reads each of its stations' newest from here and merges them, a page from each at
-- most; it gathered every case of the area and sorted them (a range's 51,000 of a state's
-- million: 200 ms of a core a page).

CREATE INDEX IF NOT EXISTS g_station_filed ON grievances (police_station_id, filed_at);

-- And the figures by status and priority in the order of a station: an area's counts and
-- dashboard read their stations' rows by key; they read every station's figures (24,000
-- rows of a state's million) and kept theirs.
CREATE INDEX IF NOT EXISTS grievance_tally_by_station ON grievance_tally (police_station_id, district_id, status_id, priority_id, n);
