-- wrk script: POST a zoom push plan request whose source frame changes every time, so that
-- every request is decoded, planned and encoded (no cache hit).
local counter = 0
request = function()
  counter = counter + 1
  local x = counter % 200
  local y = 100 + math.floor(counter / 200) % 500
  local body = string.format('{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":%d,"y":%d,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}', x, y)
  return wrk.format("POST", "/v1/plans", {["Content-Type"] = "application/json"}, body)
end
