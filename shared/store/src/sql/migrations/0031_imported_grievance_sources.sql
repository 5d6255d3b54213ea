-- Version 30 to 31: grievances imported from a department's earlier registers.
--
-- `grievance_sources`: for each grievance an import brought in, the identifier its earlier
-- register gave it (unique: a second run of the file finds the row filed already), the file
-- and import it came from, its row and a digest of the row as read (`cases::port::RecordSource`,
-- as JSON). Written in the grievance's own transaction. It outlives a deletion of the
-- grievance, so that a file imported again does not bring a deleted case back.
--
-- A release before this one imported nothing: there is nothing to fill in.

CREATE TABLE grievance_sources (
    source_id TEXT PRIMARY KEY,
    grievance_id INTEGER NOT NULL,
    record TEXT NOT NULL
) WITHOUT ROWID;
