-- PUT /api/grievances/{id}/status: moves grievances 1..1000 back and forth between two statuses.
local n = 0
local a, b = os.getenv("STATUS_A"), os.getenv("STATUS_B")
request = function()
  n = n + 1
  local id = (n % 1000) + 1
  local status = (math.floor(n / 1000) % 2 == 0) and a or b
  return wrk.format("PUT", "/api/grievances/" .. id .. "/status", {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. os.getenv("TOKEN")}, '{"status_id":' .. status .. '}')
end
