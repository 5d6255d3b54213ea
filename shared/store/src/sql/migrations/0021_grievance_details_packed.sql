-- Version 20 to 21: a grievance's details text is kept packed (LZ4) from a preset dictionary
-- of its names (`details_packing.rs`), with the dictionary's number beside it: 500 bytes of
-- JSON a row become about 240, some 250 MB less for a million grievances. The text read back
-- is the text written, byte for byte. `pack_details(text, dictionary)` is the engine's own
-- function, given to the connection for this step; `migrate` rebuilds an upgraded file
-- afterwards, as the old rows' pages stay with the file until then.

CREATE TABLE grievance_details_packed (
    id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
    details BLOB NOT NULL,
    dictionary INTEGER NOT NULL
);
INSERT INTO grievance_details_packed (id, details, dictionary) SELECT id, pack_details(rest, 1), 1 FROM grievance_details;
DROP TABLE grievance_details;
ALTER TABLE grievance_details_packed RENAME TO grievance_details;
