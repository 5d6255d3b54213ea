-- Version 14 to 15: each chain's head carries a seal (`cases::chain::seal_head`), so that winding
-- it back to an older link shows. What the upgrade owes the trail, which needs the audit key
-- and so is done by the portal as it opens the file rather than by this step, is listed in
-- `audit_upgrades_owed` in the step's own transaction: sealing the heads written before seals,
-- and, for a file whose records were never linked (written before the chains), linking them.
-- Once done, a step is removed from the list; a record in no chain found afterwards is
-- reported, never linked.

ALTER TABLE audit_chain_heads ADD COLUMN seal BLOB;
CREATE TABLE audit_upgrades_owed (step TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO audit_upgrades_owed (step) SELECT 'seal heads' WHERE EXISTS (SELECT 1 FROM audit_chain_heads);
INSERT INTO audit_upgrades_owed (step) SELECT 'link records' WHERE NOT EXISTS (SELECT 1 FROM audit_links);
