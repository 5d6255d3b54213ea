-- POST /api/grievances: a complete, valid grievance each time, each with its own FIR number,
-- at DISTRICT's STATION (by default the seeded "Central District" and "Civil Lines").
-- wrk runs this script once per thread, each with its own counter: the thread's number goes
-- into the FIR number too, or the threads would file the same FIRs (409, already on record).
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_no", threads)
end
local n = 0
local district = os.getenv("DISTRICT") or "Central District"
local station = os.getenv("STATION") or "Civil Lines"
-- Runs at one station number their FIRs apart (a FIR number is the station's once).
local prefix = string.gsub(os.getenv("FIR_PREFIX") or "BENCH", "[^%w]", "")
request = function()
  n = n + 1
  local body = string.format([[{"fir_no":"%s/%d/%d","fir_date":"2026-01-15","section_and_act":"379 IPC","crime_title":"Theft","district":"%s","police_station":"%s","status":"Pending","priority":"Medium","type_of_call":"Walk-in","brief_details":"Benchmark grievance: bicycle stolen from the railway station parking.","investigation_officers":[{"officer_name":"SI Rao","from_date":"2026-01-16","to_date":"","findings":""}]}]], prefix, thread_no, n, district, station)
  return wrk.format("POST", "/api/grievances", {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. os.getenv("TOKEN")}, body)
end
