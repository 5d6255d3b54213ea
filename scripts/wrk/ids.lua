-- GET /api/grievances/{id} over the ids in IDS (comma-separated): grievances the caller may see.
local ids = {}
for id in string.gmatch(os.getenv("IDS"), "[^,]+") do
  ids[#ids + 1] = id
end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/grievances/" .. ids[(n % #ids) + 1], {["Authorization"] = "Bearer " .. os.getenv("TOKEN")})
end
