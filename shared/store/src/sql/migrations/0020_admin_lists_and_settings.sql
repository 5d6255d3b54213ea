-- Version 19 to 20: the admin lists and the Admin Panel's settings as tables. `list_items`,
-- until now the copy of the districts, stations, statuses and priorities the grievance rows
-- refer to, becomes the one table of every list: each item kept whole as its serialised
-- `ListItem` (`record`), beside the columns its questions need. `name_key` (the name without
-- surrounding blanks, in small letters, as Rust lowers it) makes a name unique within its list
-- whatever the capitals; `uses` counts the grievances naming the item, kept by the grievance
-- writes in their own transaction, so an item in use is never deleted; `district_id` places a
-- police station, so a district holding stations is found by index. `rank` (the display
-- order) orders a list and is carried to the grievance rows by `list_items_rank`. Rows the
-- earlier copy made have no record until the portal moves the lists' items here as it opens
-- the file. `settings` holds the pendency limits, the escalation rules, the transfer limit,
-- whether the starting lists were seeded and the lists' version (moved on by every change of
-- an item or of the limits, so that a process's copy of the lists sees another's changes).

ALTER TABLE list_items ADD COLUMN record TEXT CHECK (json_valid(record));
ALTER TABLE list_items ADD COLUMN name_key TEXT;
ALTER TABLE list_items ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE list_items ADD COLUMN district_id INTEGER;
CREATE UNIQUE INDEX list_items_name_key ON list_items (kind, name_key);
CREATE INDEX list_items_order ON list_items (kind, rank);
CREATE INDEX list_items_district ON list_items (district_id) WHERE district_id IS NOT NULL;

CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL CHECK (json_valid(value))
) WITHOUT ROWID;
