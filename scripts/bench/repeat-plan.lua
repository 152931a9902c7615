-- wrk script: POST the same zoom push plan request every time (the response cache answers).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}'
local coding = os.getenv("ACCEPT_ENCODING")
if coding and coding ~= "" then wrk.headers["Accept-Encoding"] = coding end
