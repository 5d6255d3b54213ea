-- Version 10 to 11: the audit trail's chains. Each record's place in its chain (`link`, from 1),
-- the hash of the record before it there (`prev`) and its own keyed hash (`cases::chain`),
-- in a table of their own so that records written before the chains can be linked without
-- changing a record; and each chain's newest link and hash, which a change reads and moves
-- in its own transaction. Links, like records, are never changed or deleted.

CREATE TABLE audit_links (
    seq INTEGER PRIMARY KEY REFERENCES audit_records (seq),
    chain TEXT NOT NULL,
    link INTEGER NOT NULL,
    prev BLOB NOT NULL,
    hash BLOB NOT NULL,
    UNIQUE (chain, link)
);
CREATE TABLE audit_chain_heads (
    chain TEXT PRIMARY KEY,
    link INTEGER NOT NULL,
    hash BLOB NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER audit_links_unchanged BEFORE UPDATE ON audit_links BEGIN
    SELECT RAISE(ABORT, 'audit links are never changed');
END;
CREATE TRIGGER audit_links_kept BEFORE DELETE ON audit_links BEGIN
    SELECT RAISE(ABORT, 'audit links are never deleted');
END;
