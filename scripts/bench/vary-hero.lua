-- wrk script: POST planner-bench's 10-pair hero push (10 grid cells flying to rows, every
-- other one along an arc, plus 10 cascaded entries; 3.6 KB) with the grid moved by a
-- different fraction of a point every time, so every request is decoded, planned and encoded
-- (no cache hit); the answer is about 200 KB.
--
-- As in vary-source.lua, each thread shifts its requests by its id (id/1024 pt: never a
-- multiple of the 1/128 pt between a thread's requests, so no thread repeats another's) and
-- formats a ring of them before the run. 5000 per thread: a hero answer is about 200 KB, so the cache (64 MiB) holds
-- some 300 of them and a request comes round again long after it has gone.
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local function rect(x, y, w, h)
  return string.format('{"x":%.12g,"y":%.12g,"width":%.12g,"height":%.12g}', x, y, w, h)
end

-- The request of planner-bench's heroRequest(pairs: 10, fps: 60), its grid moved down by
-- `shift` points (bench-http.sh formats the same with shift 0 for nginx's body).
local function hero(shift)
  local from, to = {}, {}
  for i = 0, 9 do
    local column, row = i % 3, math.floor(i / 3)
    from[#from + 1] = string.format(
      '{"id":"cell-%d","frame":%s,"cornerRadius":10,"content":{"width":1200,"height":800},"contentMode":"aspectFill"}',
      i, rect(8 + column * 126, 100 + row * 126 + shift, 120, 120))
    to[#to + 1] = string.format('{"id":"cell-%d","frame":%s,"contentMode":"aspectFit","arc":%d}',
      i, rect((i % 2) * 195, 60 + math.floor(i / 2) * 40, 195, 36), i % 2 == 0 and 1 or 0)
  end
  for i = 0, 9 do
    to[#to + 1] = string.format('{"id":"entry-%d","frame":%s}', i, rect(20, 500 + i * 30, 350, 24))
  end
  return '{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"from":{"elements":['
    .. table.concat(from, ",") .. ']},"to":{"elements":[' .. table.concat(to, ",")
    .. ']}},"options":{"preset":"push","unmatched":{"enter":"fade"},"cascade":{"delta":0.01}},"frameRate":60}'
end

local ring = {}
local size = 5000
local headers = {["Content-Type"] = "application/json"}

function init(args)
  for counter = 1, size do
    ring[counter] = wrk.format("POST", "/v1/plans", headers, hero(counter / 128 + (id or 0) / 1024))
  end
end

local next = 0
request = function()
  next = next % size + 1
  return ring[next]
end
