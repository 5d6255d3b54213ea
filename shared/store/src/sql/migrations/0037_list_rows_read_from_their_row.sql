-- Version 36 to 37: a list row is read from the grievance's row alone.
--
-- The list screen's row shows who filed the case and who holds it, what its status means, and
-- its closure request and escalation. Those were kept in the details text
-- (`grievance_details`), so each row of a page also read its details: a second B-tree
-- lookup, the text unpacked and parsed, about a third of a page's time. They get columns of
-- their own here, and the details text keeps the staff's fields and the statutory clocks' past:
-- - `filed_by_name`, `assigned_to_name`: the names kept when the case was filed and assigned;
-- - `status_meaning`: what the status meant when it was set (`open`, `in_progress`,
--   `resolved`, `closed`); NULL for a row written before schema 4, whose meaning is read from
--   its status's name, as before;
-- - `list_extras`: the JSON object of the row's other admin-list items by kind (`refs`), its
--   closure request (`closure`) and its escalation (`escalation`), each only when it has one;
--   NULL when it has none, as most rows.
-- The rows kept before this version get theirs from their details, through the step function
-- `list_row_columns(details, dictionary)`; their details text keeps its copy, unread, until
-- the row is next written.

ALTER TABLE grievances ADD COLUMN filed_by_name TEXT NOT NULL DEFAULT '';
ALTER TABLE grievances ADD COLUMN assigned_to_name TEXT;
ALTER TABLE grievances ADD COLUMN status_meaning TEXT;
ALTER TABLE grievances ADD COLUMN list_extras TEXT;

UPDATE grievances SET (filed_by_name, assigned_to_name, status_meaning, list_extras) = (
    SELECT json_extract(c, '$.filed_by_name'), json_extract(c, '$.assigned_to_name'), json_extract(c, '$.status_meaning'), json_extract(c, '$.list_extras')
      FROM (SELECT list_row_columns(d.details, d.dictionary) AS c FROM grievance_details d WHERE d.id = grievances.id)
) WHERE EXISTS (SELECT 1 FROM grievance_details d WHERE d.id = grievances.id);
