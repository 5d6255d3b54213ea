-- Version 29 to 30: the officer's desk.
--
-- - `trash`: a deleted grievance kept whole (`cases::port::Trashed`, as JSON: the record, its
--   notes, attachment records and links, who deleted it, when and why) until it is restored
--   or its retention runs out; ordered by the deletion's time for the Trash screen and the
--   purge. Its attachments' files stay in place meanwhile.
-- - `user_preferences`: each user's saved views of the grievance list, their default view
--   and which notices reach them by email (`domain::views::UserPreferences`, as JSON), with
--   the revision a save is conditioned on.
--
-- A release before this one deleted grievances outright and kept no preferences: there is
-- nothing to fill in.

CREATE TABLE trash (
    grievance_id INTEGER PRIMARY KEY,
    deleted_at TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX trash_deleted ON trash (deleted_at, grievance_id);

CREATE TABLE user_preferences (
    user_id INTEGER PRIMARY KEY,
    revision INTEGER NOT NULL,
    record TEXT NOT NULL
);
