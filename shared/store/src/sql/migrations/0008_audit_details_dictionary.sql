-- Version 7 to 8: the dictionary a record's details were deflated with; the records written
-- before it were deflated without one (0).

ALTER TABLE audit_records ADD COLUMN details_dictionary INTEGER NOT NULL DEFAULT 0;
