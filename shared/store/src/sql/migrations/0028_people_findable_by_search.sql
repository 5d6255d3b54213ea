-- Version 27 to 28: the case list's search finds a case by the people in it, the first thing
-- asked at a station desk: a complainant's name or mobile number.
--
-- - `grievances.people_text`: what a search may find of the case's people, worked out by the
--   writer (`cases::indexes`, `domain::parties::findable_text`): each one's name, relation
--   name and mobile (its last ten digits), lower-cased and separated by U+001F; never a
--   sensitive case's victim (BNS s.72); null when there is nothing to find. The rows kept
--   before this version get theirs when the portal opens the file: the revision the indexes
--   were worked out by is set to none here, so they are all worked out again
--   (`cases::dues::reindex_if_owed`). A release before parties holds none, so only the
--   cases filed with people change.
-- - `grievance_people`: a trigram index of it, as `grievance_text` is of the case's own text
--   (external content, trigrams only). A second index rather than a longer `search_text`:
--   that generated column cannot be altered, and making the table again would rewrite every
--   row of a state's file; the search reads both indexes (`text_match`). Kept by triggers,
--   only for the rows with people and only when their text changes.

ALTER TABLE grievances ADD COLUMN people_text TEXT;
UPDATE grievance_dues_indexed SET revision = -1;

CREATE VIRTUAL TABLE grievance_people USING fts5 (
    people_text, content = 'grievances', content_rowid = 'id', tokenize = 'trigram', detail = 'none'
);

CREATE TRIGGER grievances_people_insert AFTER INSERT ON grievances WHEN new.people_text IS NOT NULL BEGIN
    INSERT INTO grievance_people (rowid, people_text) VALUES (new.id, new.people_text);
END;

CREATE TRIGGER grievances_people_delete AFTER DELETE ON grievances WHEN old.people_text IS NOT NULL BEGIN
    INSERT INTO grievance_people (grievance_people, rowid, people_text) VALUES ('delete', old.id, old.people_text);
END;

CREATE TRIGGER grievances_people_update AFTER UPDATE OF people_text ON grievances WHEN old.people_text IS NOT new.people_text BEGIN
    INSERT INTO grievance_people (grievance_people, rowid, people_text) SELECT 'delete', old.id, old.people_text WHERE old.people_text IS NOT NULL;
    INSERT INTO grievance_people (rowid, people_text) SELECT new.id, new.people_text WHERE new.people_text IS NOT NULL;
END;
