-- Version 13 to 14: lookups by number (`by_number`). Grievance numbers and FIR
-- numbers are found exactly or by their first characters, whatever the capitals, through an
-- index of each in capitals: a range of the index, highest first.

CREATE INDEX g_number ON grievances (upper(grievance_number));
CREATE INDEX g_fir_number ON grievances (upper(fir_no));
