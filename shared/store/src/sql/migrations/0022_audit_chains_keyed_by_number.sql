-- Version 21 to 22: the audit trail's chains in about half the bytes (207 MB to 96 MB for a
-- million grievances, a chain each).
-- - A chain is keyed by a number instead of its name (`chain_keys.rs`: a grievance's chain by
--   the grievance's id). `chain_key(name)` is the engine's own function, given to the
--   connection for this step; a name it does not know stops the step, and the file stays as
--   it was.
-- - A link no longer repeats the hash of the link before it (`prev`): that hash is the one
--   kept on the link before. A head no longer repeats the hash of the link it names.
-- Nothing written is dropped: a link whose `prev` is not its predecessor's hash (or, for a
-- first link, not the chain's start), or a head whose hash is not its link's, was changed
-- behind the portal's back, and keeps the value as written in the same column, for the
-- chains' check to find as before. Links, like records, are never changed or deleted.

CREATE TABLE audit_links_keyed (
    seq INTEGER PRIMARY KEY REFERENCES audit_records (seq),
    chain INTEGER NOT NULL,
    link INTEGER NOT NULL,
    hash BLOB NOT NULL,
    prev BLOB,
    UNIQUE (chain, link)
);
INSERT INTO audit_links_keyed (seq, chain, link, hash, prev)
SELECT l.seq, chain_key(l.chain), l.link, l.hash,
       CASE WHEN l.prev = CASE WHEN l.link = 1 THEN zeroblob(32) ELSE (SELECT p.hash FROM audit_links p WHERE p.chain = l.chain AND p.link = l.link - 1) END
            THEN NULL ELSE l.prev END
FROM audit_links l ORDER BY l.seq;

CREATE TABLE audit_chain_heads_keyed (
    chain INTEGER PRIMARY KEY,
    link INTEGER NOT NULL,
    seal BLOB,
    hash BLOB
);
INSERT INTO audit_chain_heads_keyed (chain, link, seal, hash)
SELECT chain_key(h.chain), h.link, h.seal,
       CASE WHEN h.hash = (SELECT l.hash FROM audit_links l WHERE l.chain = h.chain AND l.link = h.link) THEN NULL ELSE h.hash END
FROM audit_chain_heads h;

-- A file changed behind the portal's back may have lost its triggers: the step puts them back.
DROP TRIGGER IF EXISTS audit_links_unchanged;
DROP TRIGGER IF EXISTS audit_links_kept;
DROP TABLE audit_links;
DROP TABLE audit_chain_heads;
ALTER TABLE audit_links_keyed RENAME TO audit_links;
ALTER TABLE audit_chain_heads_keyed RENAME TO audit_chain_heads;
CREATE TRIGGER audit_links_unchanged BEFORE UPDATE ON audit_links BEGIN
    SELECT RAISE(ABORT, 'audit links are never changed');
END;
CREATE TRIGGER audit_links_kept BEFORE DELETE ON audit_links BEGIN
    SELECT RAISE(ABORT, 'audit links are never deleted');
END;
