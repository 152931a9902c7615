-- wrk script for scripts/ops/soak.sh: a mix of plan and interaction requests.
-- Plans (3 in 4): zoom push, expand push and cartSheet present, each with geometry that changes
-- every request, so each is decoded, planned and encoded. Interactions (1 in 4): the bodies of
-- examples/interaction-*.json in turn (valid recorded pans, up to 10 KB each).
-- done() prints one machine-readable line (latencies in microseconds, p99.9 included, which
-- wrk's --latency table lacks) and the error counts, including 503s the server shed.

local interactions = {}
for _, name in ipairs({"slow-drag", "fast-flick", "drag-back", "cancelled"}) do
  local f = assert(io.open("examples/interaction-" .. name .. ".json", "rb"))
  interactions[#interactions + 1] = f:read("*a")
  f:close()
end

local headers = {["Content-Type"] = "application/json"}
local counter = 0
shed = 0

local function plan_body(n)
  local kind = n % 3
  local a = n % 200
  local b = math.floor(n / 200) % 400
  if kind == 0 then
    return string.format('{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":%d,"y":%d,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}', a, 100 + b)
  elseif kind == 1 then
    return string.format('{"style":"expand","operation":"push","container":{"width":390,"height":844},"source":{"x":0,"y":%d,"width":390,"height":%d},"timing":{"duration":0.6}}', 100 + b, 40 + a)
  end
  return string.format('{"style":"cartSheet","operation":"present","container":{"width":%d,"height":844},"options":{"tilt":%.3f}}', 320 + a, b / 4000)
end

request = function()
  counter = counter + 1
  if counter % 4 == 0 then
    local body = interactions[(counter / 4) % #interactions + 1]
    return wrk.format("POST", "/v1/interactions", headers, body)
  end
  return wrk.format("POST", "/v1/plans", headers, plan_body(counter))
end

response = function(status, headers, body)
  if status == 503 then shed = shed + 1 end
end

local threads = {}
setup = function(thread)
  threads[#threads + 1] = thread
end

done = function(summary, latency, requests)
  local total_shed = 0
  for _, t in ipairs(threads) do total_shed = total_shed + t:get("shed") end
  local e = summary.errors
  io.write(string.format(
    "SOAK requests=%d duration_us=%d p50_us=%d p75_us=%d p90_us=%d p99_us=%d p999_us=%d max_us=%d connect=%d read=%d write=%d timeout=%d non2xx=%d shed503=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(75),
    latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status, total_shed))
end
