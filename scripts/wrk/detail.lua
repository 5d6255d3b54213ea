-- GET /api/grievances/{id} over ids spread through the whole store.
local n = 0
local max = tonumber(os.getenv("MAX_ID"))
request = function()
  n = n + 1
  local id = ((n * 7919) % max) + 1
  return wrk.format("GET", "/api/grievances/" .. id, {["Authorization"] = "Bearer " .. os.getenv("TOKEN")})
end
