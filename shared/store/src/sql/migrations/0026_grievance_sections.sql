-- Version 25 to 26: the list filters by act and by section (`cases::reads::SectionFilter`).
--
-- - `grievances.sections`: the JSON array of a case's sections as [act, section] pairs
--   ('[["BNS","303(2)"],["BNS","3(5)"]]'), worked out by the writer from the sections it
--   keeps, or from its "Section & Act" when it keeps none (as its clocks and crime heads are).
--   The rows kept before this version get theirs here, from their details, through the step
--   function `case_sections(details, dictionary)`.
-- - `grievance_sections (act, section, grievance_id, filed_at)`: the same pairs, a row each,
--   kept by triggers, so that the cases of one act, or of one section and its sub-divisions,
--   are one range of its primary key; by case (`grievance_sections_of_case`), so that a walk
--   down the list's order tests a row's sections with one lookup; and with the case's filing
--   time, by act (`grievance_sections_filed`), so that a walk starts at the newest match (the
--   IPC's cases, all filed before 1 July 2024, lie below every BNS case).

ALTER TABLE grievances ADD COLUMN sections TEXT NOT NULL DEFAULT '[]';
UPDATE grievances SET sections = (SELECT case_sections(d.details, d.dictionary) FROM grievance_details d WHERE d.id = grievances.id);

CREATE TABLE grievance_sections (
    act TEXT NOT NULL,
    section TEXT NOT NULL,
    grievance_id INTEGER NOT NULL,
    filed_at TEXT NOT NULL,
    PRIMARY KEY (act, section, grievance_id)
) WITHOUT ROWID;
CREATE INDEX grievance_sections_of_case ON grievance_sections (grievance_id, act, section);
CREATE INDEX grievance_sections_filed ON grievance_sections (act, filed_at);
INSERT OR IGNORE INTO grievance_sections
    SELECT json_extract(s.value, '$[0]'), json_extract(s.value, '$[1]'), g.id, g.filed_at FROM grievances g, json_each(g.sections) s;

CREATE TRIGGER grievances_sections_insert AFTER INSERT ON grievances BEGIN
    INSERT OR IGNORE INTO grievance_sections
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), new.id, new.filed_at FROM json_each(new.sections);
END;

CREATE TRIGGER grievances_sections_delete AFTER DELETE ON grievances BEGIN
    DELETE FROM grievance_sections WHERE grievance_id = old.id;
END;

CREATE TRIGGER grievances_sections_update AFTER UPDATE OF sections, filed_at ON grievances
    WHEN old.sections IS NOT new.sections OR old.filed_at IS NOT new.filed_at
    BEGIN
    DELETE FROM grievance_sections WHERE grievance_id = old.id;
    INSERT OR IGNORE INTO grievance_sections
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), new.id, new.filed_at FROM json_each(new.sections);
END;
