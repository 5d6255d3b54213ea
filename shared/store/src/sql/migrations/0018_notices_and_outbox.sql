-- Version 17 to 18: staff notifications and the email outbox (`cases::notices`). Each record
-- is kept whole as its serialised domain record (`record`, JSON) beside the columns its
-- questions need. `notice_events` holds a grievance change's events, written in the change's
-- own transaction, until the notifier has written their notices; their id (the change's time
-- to the microsecond, the grievance, its version) orders them oldest first. `notices` holds
-- each user's notices keyed by user and id, so a page newest first is a range of the key;
-- `read_at` stays null while a notice is unread, and the partial index of those counts a
-- user's unread notices without reading their history. `mail_outbox` holds the emails to
-- send keyed by when each is due (the notifier reads a range up to now), its notice and its
-- recipient; the record carries the failed tries and the last error. `mail_failed` keeps the
-- emails given up on, by when, for the IT team, read newest first. A file an earlier release
-- wrote keeps them as items until the portal moves them here as it opens the file.

CREATE TABLE notice_events (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE notices (
    user_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    read_at TEXT,
    record TEXT NOT NULL,
    PRIMARY KEY (user_id, id)
) WITHOUT ROWID;
CREATE INDEX notices_unread ON notices (user_id) WHERE read_at IS NULL;

CREATE TABLE mail_outbox (
    due TEXT NOT NULL,
    notice_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (due, notice_id, user_id)
) WITHOUT ROWID;

CREATE TABLE mail_failed (
    failed_at TEXT NOT NULL,
    notice_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (failed_at, notice_id, user_id)
) WITHOUT ROWID;
