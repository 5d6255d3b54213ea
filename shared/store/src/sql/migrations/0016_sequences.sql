-- Version 15 to 16: the counters ids are drawn from (grievances, audit events, users, roles,
-- notes, list items), one row each, holding the last id handed out. A file an earlier release
-- wrote keeps them as items until the portal moves them here as it opens the file.

CREATE TABLE sequences (
    name TEXT PRIMARY KEY,
    last INTEGER NOT NULL CHECK (last >= 0)
) WITHOUT ROWID;
