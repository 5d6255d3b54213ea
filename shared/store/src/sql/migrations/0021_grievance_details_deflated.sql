-- Version 20 to 21: a grievance's details text is kept deflated from a preset dictionary of
-- its names (`details_dictionary.rs`), with the dictionary's number beside it: 500 bytes of
-- JSON a row become about 185, some 300 MB less for a million grievances. The text read back
-- is the text written, byte for byte. `deflate_details(text, dictionary)` is the engine's
-- own function, given to the connection for this step; `migrate` rebuilds an upgraded file
-- afterwards, as the old rows' pages stay with the file until then.

CREATE TABLE grievance_details_deflated (
    id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
    details BLOB NOT NULL,
    dictionary INTEGER NOT NULL
);
INSERT INTO grievance_details_deflated (id, details, dictionary) SELECT id, deflate_details(rest, 1), 1 FROM grievance_details;
DROP TABLE grievance_details;
ALTER TABLE grievance_details_deflated RENAME TO grievance_details;
