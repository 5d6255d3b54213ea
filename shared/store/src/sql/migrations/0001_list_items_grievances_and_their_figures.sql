-- Version 0 to 1: the relational grievance engine. The admin lists' items that grievances
-- refer to by id (`list_items`), the grievances themselves with their JSON details (`rest`),
-- the indexes the list questions walk, the trigram text index (`grievance_text`), who sees
-- each row without view_all (`grievance_viewers`), and the figures that keep counts exact and
-- cheap (`grievance_tally`, `grievance_month_tally`, `stage_tally`), all kept by the triggers
-- below in the transaction of the row's own write. How each list question uses them is told
-- at the top of shared/store/src/sql/grievances.rs.

CREATE TABLE list_items (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    meaning TEXT CHECK (meaning IN ('open', 'in_progress', 'resolved', 'closed')),
    rank INTEGER NOT NULL DEFAULT 0,
    UNIQUE (kind, name),
    CHECK ((kind = 'statuses') = (meaning IS NOT NULL))
);

CREATE TABLE grievances (
    id INTEGER PRIMARY KEY,
    grievance_number TEXT NOT NULL UNIQUE,
    fir_no TEXT NOT NULL,
    fir_date TEXT NOT NULL CHECK (fir_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    crime_title TEXT NOT NULL,
    brief_details TEXT NOT NULL,
    district_id INTEGER REFERENCES list_items (id),
    police_station_id INTEGER REFERENCES list_items (id),
    status_id INTEGER REFERENCES list_items (id),
    priority_id INTEGER REFERENCES list_items (id),
    -- The items' ranks, copied here so that the rank sorts are an index order; a rank
    -- change in the Admin Panel is carried over by list_items_rank below.
    status_rank INTEGER NOT NULL,
    priority_rank INTEGER NOT NULL,
    filed_by INTEGER NOT NULL,
    assigned_to INTEGER,
    filed_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    resolved_at TEXT,
    stage INTEGER NOT NULL CHECK (stage BETWEEN 0 AND 4),
    stage_since TEXT NOT NULL CHECK (stage_since GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    version INTEGER NOT NULL,
    rest TEXT NOT NULL CHECK (json_valid(rest)),
    search_text TEXT GENERATED ALWAYS AS
        (grievance_number || char(31) || fir_no || char(31) || crime_title || char(31) || brief_details) VIRTUAL
);
CREATE INDEX g_filed ON grievances (filed_at);
CREATE INDEX g_fir ON grievances (fir_date);
CREATE INDEX g_status ON grievances (status_id, filed_at);
CREATE INDEX g_station ON grievances (police_station_id, status_id, filed_at);
CREATE INDEX g_district ON grievances (district_id, fir_date);
CREATE INDEX g_priority ON grievances (priority_id, status_id, filed_at);
CREATE INDEX g_stage ON grievances (stage, priority_id, stage_since);
CREATE INDEX g_open ON grievances (filed_at, stage, priority_id, stage_since) WHERE stage < 4;
CREATE INDEX g_priority_rank ON grievances (priority_rank);
CREATE INDEX g_status_rank ON grievances (status_rank);

-- Trigrams only (detail=none: no positions or columns), a fraction of the size of a full
-- index; what it narrows to is checked against the row (see `text_match`).
CREATE VIRTUAL TABLE grievance_text USING fts5 (
    search_text, content = 'grievances', content_rowid = 'id', tokenize = 'trigram', detail = 'none'
);

-- Who sees a grievance without view_all: the one who filed it and the one assigned to it.
-- Keyed by user first, so the own scope is a key prefix in newest-first order. The triggers
-- below keep it, addressing each row by its full key; no foreign key to grievances, whose
-- check on every delete would need a second index on grievance_id just for itself.
CREATE TABLE grievance_viewers (
    user_id INTEGER NOT NULL,
    filed_at TEXT NOT NULL,
    grievance_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, filed_at, grievance_id)
) WITHOUT ROWID;

-- Figures for exact counts; 0 stands for "no item" (ids start at 1).
CREATE TABLE grievance_tally (
    status_id INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    district_id INTEGER NOT NULL,
    police_station_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (status_id, priority_id, district_id, police_station_id)
) WITHOUT ROWID;
CREATE TABLE grievance_month_tally (
    district_id INTEGER NOT NULL,
    fir_month TEXT NOT NULL,
    police_station_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (district_id, fir_month, police_station_id, status_id, priority_id)
) WITHOUT ROWID;
CREATE INDEX month_tally_station ON grievance_month_tally (police_station_id, fir_month);
CREATE INDEX month_tally_month ON grievance_month_tally (fir_month);
CREATE TABLE stage_tally (
    stage INTEGER NOT NULL,
    priority_id INTEGER NOT NULL,
    since_month TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (stage, priority_id, since_month)
) WITHOUT ROWID;

CREATE TRIGGER grievances_insert AFTER INSERT ON grievances BEGIN
    INSERT INTO grievance_text (rowid, search_text) VALUES (new.id, new.search_text);
    INSERT INTO grievance_viewers (user_id, filed_at, grievance_id) VALUES (new.filed_by, new.filed_at, new.id);
    INSERT INTO grievance_viewers (user_id, filed_at, grievance_id)
        SELECT new.assigned_to, new.filed_at, new.id WHERE new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by;
    INSERT INTO grievance_tally VALUES (coalesce(new.status_id, 0), coalesce(new.priority_id, 0), coalesce(new.district_id, 0), coalesce(new.police_station_id, 0), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO grievance_month_tally VALUES (coalesce(new.district_id, 0), substr(new.fir_date, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.status_id, 0), coalesce(new.priority_id, 0), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    INSERT INTO stage_tally VALUES (new.stage, coalesce(new.priority_id, 0), substr(new.stage_since, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER grievances_delete AFTER DELETE ON grievances BEGIN
    INSERT INTO grievance_text (grievance_text, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    DELETE FROM grievance_viewers WHERE user_id = old.filed_by AND filed_at = old.filed_at AND grievance_id = old.id;
    DELETE FROM grievance_viewers WHERE user_id = old.assigned_to AND filed_at = old.filed_at AND grievance_id = old.id;
    UPDATE grievance_tally SET n = n - 1
        WHERE status_id = coalesce(old.status_id, 0) AND priority_id = coalesce(old.priority_id, 0) AND district_id = coalesce(old.district_id, 0) AND police_station_id = coalesce(old.police_station_id, 0);
    UPDATE grievance_month_tally SET n = n - 1
        WHERE district_id = coalesce(old.district_id, 0) AND fir_month = substr(old.fir_date, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND status_id = coalesce(old.status_id, 0) AND priority_id = coalesce(old.priority_id, 0);
    UPDATE stage_tally SET n = n - 1
        WHERE stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND since_month = substr(old.stage_since, 1, 7);
END;

CREATE TRIGGER grievances_text AFTER UPDATE OF grievance_number, fir_no, crime_title, brief_details ON grievances BEGIN
    INSERT INTO grievance_text (grievance_text, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO grievance_text (rowid, search_text) VALUES (new.id, new.search_text);
END;

CREATE TRIGGER grievances_viewers AFTER UPDATE OF filed_by, assigned_to, filed_at ON grievances BEGIN
    DELETE FROM grievance_viewers WHERE user_id = old.filed_by AND filed_at = old.filed_at AND grievance_id = old.id;
    DELETE FROM grievance_viewers WHERE user_id = old.assigned_to AND filed_at = old.filed_at AND grievance_id = old.id;
    INSERT INTO grievance_viewers (user_id, filed_at, grievance_id) VALUES (new.filed_by, new.filed_at, new.id);
    INSERT INTO grievance_viewers (user_id, filed_at, grievance_id)
        SELECT new.assigned_to, new.filed_at, new.id WHERE new.assigned_to IS NOT NULL AND new.assigned_to <> new.filed_by;
END;

CREATE TRIGGER grievances_tally AFTER UPDATE OF status_id, priority_id, district_id, police_station_id, fir_date, stage, stage_since ON grievances BEGIN
    UPDATE grievance_tally SET n = n - 1
        WHERE status_id = coalesce(old.status_id, 0) AND priority_id = coalesce(old.priority_id, 0) AND district_id = coalesce(old.district_id, 0) AND police_station_id = coalesce(old.police_station_id, 0);
    INSERT INTO grievance_tally VALUES (coalesce(new.status_id, 0), coalesce(new.priority_id, 0), coalesce(new.district_id, 0), coalesce(new.police_station_id, 0), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    UPDATE grievance_month_tally SET n = n - 1
        WHERE district_id = coalesce(old.district_id, 0) AND fir_month = substr(old.fir_date, 1, 7) AND police_station_id = coalesce(old.police_station_id, 0)
          AND status_id = coalesce(old.status_id, 0) AND priority_id = coalesce(old.priority_id, 0);
    INSERT INTO grievance_month_tally VALUES (coalesce(new.district_id, 0), substr(new.fir_date, 1, 7), coalesce(new.police_station_id, 0), coalesce(new.status_id, 0), coalesce(new.priority_id, 0), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
    UPDATE stage_tally SET n = n - 1
        WHERE stage = old.stage AND priority_id = coalesce(old.priority_id, 0) AND since_month = substr(old.stage_since, 1, 7);
    INSERT INTO stage_tally VALUES (new.stage, coalesce(new.priority_id, 0), substr(new.stage_since, 1, 7), 1)
        ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER list_items_rank AFTER UPDATE OF rank ON list_items BEGIN
    UPDATE grievances SET status_rank = new.rank WHERE new.kind = 'statuses' AND status_id = new.id;
    UPDATE grievances SET priority_rank = new.rank WHERE new.kind = 'priorities' AND priority_id = new.id;
END;
