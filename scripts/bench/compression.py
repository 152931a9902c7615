#!/usr/bin/env python3
"""Compression ratio and speed of the candidate codings on the service's own answers (not a
test): every example in every format, and a plan near the largest legal one (an expand pop at
the limits of duration and frame rate, 60 s at 240 fps: 6.4 MB of JSON, under the 8 MiB limit). For each library and level: the compressed size
against identity and the microseconds per KiB of input, best of several runs, measured side by
side in one run (zlib through Python's zlib module, libdeflate and brotli through ctypes on the
system libraries, so each is the C library itself).

    scripts/bench/compression.py [BINARY]
"""
import ctypes, ctypes.util, glob, json, os, subprocess, sys, tempfile, time, zlib

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/transition-planner"
root = os.path.join(os.path.dirname(__file__), "..", "..")
os.chdir(root)

deflate = ctypes.CDLL("libdeflate.so.0")
deflate.libdeflate_alloc_compressor.restype = ctypes.c_void_p
deflate.libdeflate_alloc_compressor.argtypes = [ctypes.c_int]
deflate.libdeflate_gzip_compress.restype = ctypes.c_size_t
deflate.libdeflate_gzip_compress.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                             ctypes.c_void_p, ctypes.c_size_t]
deflate.libdeflate_gzip_compress_bound.restype = ctypes.c_size_t
deflate.libdeflate_gzip_compress_bound.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
brotli = ctypes.CDLL("libbrotlienc.so.1")
brotli.BrotliEncoderCompress.restype = ctypes.c_int
brotli.BrotliEncoderCompress.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_size_t,
                                         ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t),
                                         ctypes.c_void_p]
compressors = {}


def libdeflate(level):
    c = compressors.setdefault(level, deflate.libdeflate_alloc_compressor(level))
    def run(data):
        bound = deflate.libdeflate_gzip_compress_bound(c, len(data))
        out = ctypes.create_string_buffer(bound)
        return deflate.libdeflate_gzip_compress(c, data, len(data), out, bound)
    return run


def zlib_gzip(level):
    def run(data):
        z = zlib.compressobj(level, zlib.DEFLATED, 31)
        return len(z.compress(data) + z.flush())
    return run


def brotli_q(quality):
    def run(data):
        size = ctypes.c_size_t(len(data) + 1024)
        out = ctypes.create_string_buffer(size.value)
        ok = brotli.BrotliEncoderCompress(quality, 22, 0, len(data), data, ctypes.byref(size), out)
        assert ok
        return size.value
    return run


candidates = [("zlib", l, zlib_gzip(l)) for l in (1, 6, 9)]
candidates += [("libdeflate", l, libdeflate(l)) for l in (1, 2, 3, 4, 5, 6, 9, 12)]
candidates += [("brotli", q, brotli_q(q)) for q in (1, 4, 5, 11)]


def outputs():
    docs = {}
    for example in sorted(glob.glob("examples/*.json")):
        name = os.path.basename(example)[:-5]
        command = "interact" if name.startswith("interaction-") else "plan"
        for fmt in ("json", "waapi", "css", "lottie", "svg"):
            docs[(name, fmt)] = subprocess.run([binary, command, example, "--format", fmt],
                                               check=True, capture_output=True).stdout
        if command == "plan":
            docs[(name, "waapi-compact")] = subprocess.run(
                [binary, "plan", example, "--format", "waapi", "--keyframes", "compact"],
                check=True, capture_output=True).stdout
    big = {"style": "expand", "operation": "pop", "container": {"width": 390, "height": 844},
           "source": {"x": 0, "y": 300, "width": 390, "height": 60},
           "timing": {"duration": 60}, "frameRate": 240}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(big, f)
    docs[("largest legal plan", "json")] = subprocess.run(
        [binary, "plan", f.name], check=True, capture_output=True).stdout
    os.unlink(f.name)
    return docs


def timed(run, data, budget=0.05):
    best = float("inf")
    start = time.perf_counter()
    n = 0
    while n < 3 or (time.perf_counter() - start < budget and n < 200):
        t = time.perf_counter()
        size = run(data)
        best = min(best, time.perf_counter() - t)
        n += 1
    return size, best


docs = outputs()
groups = {}
for (name, fmt), data in docs.items():
    group = "largest" if name == "largest legal plan" else fmt
    groups.setdefault(group, []).append(data)
print(f"{len(docs)} answers; identity bytes per group: "
      + ", ".join(f"{g} {sum(map(len, d))}" for g, d in groups.items()))
print(f"{'group':<14} {'coding':<12} {'level':>5} {'ratio':>7} {'us/KiB':>8}")
for group, datas in groups.items():
    total = sum(map(len, datas))
    for lib, level, run in candidates:
        if group == "largest" and lib == "brotli" and level == 11:
            continue  # minutes per call at this size, and it would never run on a request
        size = 0
        seconds = 0.0
        for data in datas:
            s, t = timed(run, data)
            size += s
            seconds += t
        print(f"{group:<14} {lib:<12} {level:>5} {total / size:>7.2f} {seconds * 1e6 / (total / 1024):>8.2f}")
