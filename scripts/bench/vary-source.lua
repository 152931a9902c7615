-- wrk script: POST a zoom push plan request whose source frame changes every time, so that
-- every request is decoded, planned and encoded (no cache hit).
--
-- Each wrk thread runs its own copy of this script, so without a per-thread part the threads
-- would send the same sequence and one would mostly hit the cache the other filled. `setup`
-- gives every thread an id, which shifts its x by id/16 pt: distinct across up to 16 threads.
--
-- The requests are formatted once, before the run, into a ring of 20000 per thread: formatting
-- one per request in Lua cost wrk about 10 µs of CPU per request, taken from the two cores the
-- server shares with it. A request comes round again only after 20000 of its thread's and as
-- many of the other threads' requests, long after the server's cache (4096 entries, 64 MiB;
-- a request seen once is dropped first) has let it go; bench-http.sh prints the server's
-- cache counters, which show no hits.
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

local ring = {}
local size = 20000
-- bench-cpu.sh's BIN@gzip asks for gzip answers.
local headers = {["Content-Type"] = "application/json"}
local coding = os.getenv("ACCEPT_ENCODING")
if coding and coding ~= "" then headers["Accept-Encoding"] = coding end

function init(args)
  for counter = 1, size do
    local x = counter % 200 + (id or 0) / 16
    local y = 100 + math.floor(counter / 200) % 500
    local body = string.format('{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":%g,"y":%d,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}', x, y)
    ring[counter] = wrk.format("POST", "/v1/plans", headers, body)
  end
end

local next = 0
request = function()
  next = next % size + 1
  return ring[next]
end
