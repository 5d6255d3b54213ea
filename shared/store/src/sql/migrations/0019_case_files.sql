-- Version 18 to 19: grievances' case files, kept beside them and written in the transaction
-- of their audit record. Each record is kept whole as its serialised domain record
-- (`record`, JSON) beside the columns its questions need:
--
-- `notes`: a grievance's notes, newest first. `written_at` (to the microsecond) then the
-- note's number order them as they were written; the number is the note's id.
-- `attachments`: a grievance's attachment records, found by id; `confirmed_at` (to the
-- microsecond) orders them newest first, and `blob` names the blob holding the bytes, which
-- a deletion of the grievance hands to the sweep.
-- `grievance_links`: one row per direction of a link, so that a grievance's links are one
-- range of the key, lowest id first; the writer puts in and takes out both at once.
-- `blobs_to_sweep`: the blobs (a JSON array of names) of a deleted grievance's attachments,
-- until the sweep has deleted them; `token` (the deletion's time to the microsecond and the
-- grievance id) names them to the sweep and orders them oldest first.
--
-- No foreign key to `grievances`: a file of an earlier release moves its case files here
-- before its grievances become rows, and a grievance's deletion removes its case files
-- itself, in the transaction that queues its blobs.

CREATE TABLE notes (
    grievance_id INTEGER NOT NULL,
    written_at TEXT NOT NULL,
    id INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (grievance_id, written_at, id)
) WITHOUT ROWID;

CREATE TABLE attachments (
    grievance_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    confirmed_at TEXT NOT NULL,
    blob TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (grievance_id, id)
) WITHOUT ROWID;

CREATE TABLE grievance_links (
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    linked_at TEXT NOT NULL,
    PRIMARY KEY (a, b)
) WITHOUT ROWID;

CREATE TABLE blobs_to_sweep (
    token TEXT PRIMARY KEY,
    blobs TEXT NOT NULL
) WITHOUT ROWID;
