-- Version 5 to 6: the audit trail's tables.

CREATE TABLE audit_actors (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    user_email TEXT NOT NULL,
    user_role TEXT NOT NULL,
    ip_address TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    session_id TEXT NOT NULL,
    UNIQUE (session_id, user_id, user_name, user_email, user_role, ip_address, user_agent)
);
CREATE TABLE audit_records (
    seq INTEGER PRIMARY KEY,
    grievance_id INTEGER NOT NULL,
    change_tag TEXT NOT NULL,
    position INTEGER NOT NULL,
    grievance_number TEXT NOT NULL,
    action TEXT NOT NULL,
    field_name TEXT,
    old_value TEXT,
    new_value TEXT,
    notes TEXT,
    details BLOB,
    user_id INTEGER NOT NULL,
    actor_id INTEGER NOT NULL REFERENCES audit_actors (id),
    created_at TEXT NOT NULL
);
CREATE INDEX audit_by_grievance ON audit_records (grievance_id);
CREATE INDEX audit_by_action ON audit_records (action);
CREATE INDEX audit_by_user ON audit_records (user_id);
CREATE INDEX audit_by_time ON audit_records (created_at);
CREATE TABLE audit_viewers (
    user_id INTEGER NOT NULL,
    seq INTEGER NOT NULL REFERENCES audit_records (seq),
    PRIMARY KEY (user_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER audit_records_unchanged BEFORE UPDATE ON audit_records BEGIN
    SELECT RAISE(ABORT, 'audit records are never changed');
END;
CREATE TRIGGER audit_records_kept BEFORE DELETE ON audit_records BEGIN
    SELECT RAISE(ABORT, 'audit records are never deleted');
END;
