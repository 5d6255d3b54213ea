-- Version 34 to 35: an area's trail newest first goes by its places' newest grievances.
--
-- Each grievance's newest audit record (`seq`), kept under the place the grievance now lies
-- at: its police station, or, without one, its district as a negative number (a place is
-- what a posting's area names: stations, and districts for the cases without a station).
-- The newest N records of an area are all records of the N grievances whose newest records
-- are newest there, so an area's page without filters (the dashboard's recent activity,
-- Audit History as it opens) reads a page of grievances from each of its places here and then
-- those grievances' own records. It walked the state's trail checking each record's
-- grievance, or gathered every record of the area's grievances and sorted them: a district
-- office's first page of 60 of a state's 1,000,000 cases answered 657 times a second so, and
-- 2,005 times read from here.
--
-- A grievance's row is kept in step with it by the triggers below: a new record moves its
-- newest, a transfer moves its place, a deletion takes it out (the walk reads a deleted
-- grievance's records in no area either) and a restore puts it back.

CREATE TABLE IF NOT EXISTS audit_newest (
    grievance_id INTEGER PRIMARY KEY,
    place INTEGER NOT NULL,
    seq INTEGER NOT NULL
);

INSERT OR REPLACE INTO audit_newest (grievance_id, place, seq)
    SELECT g.id, coalesce(g.police_station_id, -g.district_id), n.seq
    FROM (SELECT grievance_id, max(seq) AS seq FROM audit_records WHERE grievance_id > 0 GROUP BY grievance_id) n
    JOIN grievances g ON g.id = n.grievance_id
    WHERE coalesce(g.police_station_id, -g.district_id) IS NOT NULL;

CREATE INDEX IF NOT EXISTS audit_newest_by_place ON audit_newest (place, seq);

CREATE TRIGGER IF NOT EXISTS audit_newest_by_record AFTER INSERT ON audit_records WHEN new.grievance_id > 0 BEGIN
    INSERT INTO audit_newest (grievance_id, place, seq)
        SELECT id, coalesce(police_station_id, -district_id), new.seq FROM grievances
        WHERE id = new.grievance_id AND coalesce(police_station_id, -district_id) IS NOT NULL
        ON CONFLICT (grievance_id) DO UPDATE SET seq = max(seq, excluded.seq);
END;

-- A grievance written after its first records (a restore from the trash, an import), or
-- moved to another place: its row is read again from its records, newest first by index.
CREATE TRIGGER IF NOT EXISTS audit_newest_by_grievance AFTER INSERT ON grievances BEGIN
    INSERT OR REPLACE INTO audit_newest (grievance_id, place, seq)
        SELECT new.id, place, seq FROM (SELECT coalesce(new.police_station_id, -new.district_id) AS place,
            (SELECT max(seq) FROM audit_records WHERE grievance_id = new.id) AS seq)
        WHERE place IS NOT NULL AND seq IS NOT NULL;
END;

CREATE TRIGGER IF NOT EXISTS audit_newest_by_transfer AFTER UPDATE OF police_station_id, district_id ON grievances
    WHEN coalesce(old.police_station_id, -old.district_id) IS NOT coalesce(new.police_station_id, -new.district_id) BEGIN
    DELETE FROM audit_newest WHERE grievance_id = new.id;
    INSERT INTO audit_newest (grievance_id, place, seq)
        SELECT new.id, place, seq FROM (SELECT coalesce(new.police_station_id, -new.district_id) AS place,
            (SELECT max(seq) FROM audit_records WHERE grievance_id = new.id) AS seq)
        WHERE place IS NOT NULL AND seq IS NOT NULL;
END;

CREATE TRIGGER IF NOT EXISTS audit_newest_by_deletion AFTER DELETE ON grievances BEGIN
    DELETE FROM audit_newest WHERE grievance_id = old.id;
END;
