-- Version 12 to 13: closure requests and duplicate FIR numbers. A closure request is
-- kept in the row's JSON details (`grievance_details.rest`, its `closure`);
-- `closure_requests` holds the ids of the grievances with one pending, so the "Closure
-- requests" queue reads those few rows instead of testing every grievance. `escalations`
-- holds, for each escalated grievance, the posting it is escalated to
-- (`domain::escalation::posting_key`), for "Escalated to me". `g_station_fir` finds a
-- station's grievances of one FIR number and year (`same_fir`) whatever the capitals (FIR
-- numbers are ASCII).

CREATE TABLE closure_requests (
    grievance_id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE
);
CREATE INDEX g_station_fir ON grievances (police_station_id, upper(fir_no), fir_date);
CREATE TABLE escalations (
    grievance_id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
    posting TEXT NOT NULL
);
CREATE INDEX escalations_posting ON escalations (posting, grievance_id);
