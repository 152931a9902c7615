-- wrk script: POST a zoom push plan request whose source frame changes every time, so that
-- every request is decoded, planned and encoded (no cache hit).
--
-- Each wrk thread runs its own copy of this script, so without a per-thread part the threads
-- would send the same sequence and one would mostly hit the cache the other filled. `setup`
-- gives every thread an id, which shifts its x by id/16 pt: distinct across up to 16 threads.
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local counter = 0
request = function()
  counter = counter + 1
  local x = counter % 200 + (id or 0) / 16
  local y = 100 + math.floor(counter / 200) % 500
  local body = string.format('{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":%g,"y":%d,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}', x, y)
  return wrk.format("POST", "/v1/plans", {["Content-Type"] = "application/json"}, body)
end
