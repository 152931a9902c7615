-- wrk script: POST the same zoom push plan request every time, asking for gzip (the response
-- cache answers with the bytes it compressed once).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept-Encoding"] = "gzip"
wrk.body = '{"style":"zoom","operation":"push","container":{"width":390,"height":844},"source":{"x":16,"y":220,"width":170,"height":170},"destination":{"x":0,"y":91,"width":390,"height":390},"frameRate":60}'
