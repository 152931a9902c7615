#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets (run again after changing the sources):

- corpus/http1: every request of Tests/HTTP1Tests/SplitPropertyTests.swift (the good corpus and
  the bad one, read from the Swift string literals), plus real requests of the service carrying
  the example bodies (POST with Content-Length, chunked, pipelined, GET with a query);
- corpus/planner: hand-made plan requests reaching each curve type, options and limits (the
  examples/*.json plan and interaction bodies, the gesture fixtures, are copied in by
  scripts/stages/fuzz.sh at run time so they are not duplicated in the repository).

File names are the first 16 hex digits of the SHA-256 of the content, so rerunning is stable.
"""
import hashlib
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "Fuzz" / "corpus"


def write(folder, data):
    d = out / folder
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha256(data).hexdigest()[:16]).write_bytes(data)


def swift_literal(s):
    return s.replace('\\r', '\r').replace('\\n', '\n').replace('\\t', '\t').replace('\\"', '"').replace('\\\\', '\\')


source = (root / "Tests/HTTP1Tests/SplitPropertyTests.swift").read_text()
for literal in re.findall(r'^\s*\(?"((?:[^"\\]|\\.)*)"', source, re.M):
    write("http1", swift_literal(literal).encode())

zoom = (root / "examples/zoom-push.json").read_bytes()
flick = (root / "examples/interaction-fast-flick.json").read_bytes()
post = lambda path, body: b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (path, len(body), body)
write("http1", post(b"/v1/plans", zoom))
write("http1", post(b"/v1/interactions", flick))
write("http1", post(b"/v1/plans", zoom) + b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
chunked = b"POST /v1/plans HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
for i in range(0, len(zoom), 100):
    piece = zoom[i:i + 100]
    chunked += b"%x\r\n%s\r\n" % (len(piece), piece)
write("http1", chunked + b"0\r\n\r\n")
write("http1", b"GET /v1/plans?request=%7B%22style%22%3A%22cartSheet%22%7D HTTP/1.1\r\nHost: a\r\nAccept: application/json\r\nIf-None-Match: \"abc\"\r\n\r\n")
write("http1", b"OPTIONS /v1/plans HTTP/1.1\r\nHost: a\r\nOrigin: http://x\r\nAccess-Control-Request-Method: POST\r\n\r\n")

base = '"style":"cartSheet","operation":"present","container":{"width":390,"height":844}'
curves = [
    '{"type":"linear"}', '{"type":"easeIn"}', '{"type":"easeOut"}', '{"type":"easeInOut"}',
    '{"type":"cubicBezier","x1":0.2,"y1":-0.5,"x2":0.8,"y2":1.5}',
    '{"type":"spring","dampingRatio":0.3,"initialVelocity":-2}',
    '{"type":"springPhysics","mass":2,"stiffness":300,"damping":5,"initialVelocity":1,"allowOverdamping":true}',
    '{"type":"springResponse","response":0.4,"dampingRatio":0.7}',
    '{"type":"springBounce","duration":0.6,"bounce":-0.4}',
]
for c in curves:
    write("planner", ('{%s,"timing":{"duration":0.4,"curve":%s},"frameRate":30}' % (base, c)).encode())
write("planner", ('{%s,"options":{"tilt":0.2,"scale":{"x":0.9,"y":0.8},"perspective":-0.002}}' % base).encode())
write("planner", b'{"style":"expand","operation":"push","container":{"width":1e5,"height":1},"source":{"x":-1e7,"y":0,"width":0,"height":1e7},"frameRate":240}')
write("planner", b'{"style":"zoom","operation":"pop","container":{"width":390,"height":844},"source":{"x":1,"y":2,"width":3,"height":4},"destination":{"x":0,"y":0,"width":390,"height":390},"timing":{"duration":60}}')

# corpus/connection: scripts for fuzz-connection (Fuzz/Sources/fuzz-connection): a first byte
# of limits, then opcode bytes, each followed by its argument (FuzzConnection.swift's `step`);
# the verdicts read the next byte as they come. Each seed reaches one path: pipelined GETs
# answered out of order, a stalled reader, a body time-out, 100-continue, a drain, its
# deadline, a half-close, lingering.
GET, POST, HELLO = 0, 1, 2
connection_seeds = [
    bytes([0x40, 0, GET, 3, 0, GET, 3, 0, GET, 3, 4, 2, 4, 0, 4, 0, 7, 10]),
    bytes([0x80, 0, GET, 1, 6, 0, 4, 0, 7, 0x83, 6, 255, 7, 10]),
    bytes([0x00, 0, POST, 1, 0, HELLO, 7, 0x85, 7, 10]),
    bytes([0x00, 0, 11, 1, 1, 0, 6, 1, 0, 8, 1, 0, 0, 1, 4, 0, 7, 1]),
    bytes([0x40, 0, GET, 3, 0, GET, 3, 9, 0, 4, 0, 4, 0, 7, 1]),
    bytes([0x40, 0, GET, 2, 0, POST, 2, 9, 1, 7, 1]),
    bytes([0x00, 0, GET, 2, 3, 4, 0, 7, 1]),
    bytes([0x00, 0, GET, 1, 0, 9, 1, 4, 0, 0, 0x80 | 40]) + b"garbage after close" + bytes([7, 0x81]),
    bytes([0x00, 11, GET, 9, 0, 4, 0, 7, 1]),
]
for seed in connection_seeds:
    write("connection", seed)
