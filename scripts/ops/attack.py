#!/usr/bin/env python3
"""Hostile-but-legal clients against a release server binary (not a test; builds nothing).

Usage: scripts/ops/attack.py BINARY [--attack NAME ...] [--seconds N] [--connections N]
                             [--port P] [--trickle] [--json]

Starts `BINARY serve --host 127.0.0.1 --port P` (ACCESS_LOG=off; a free port when none is
given), waits for GET /healthz = 200, takes a 2 s baseline, then runs each chosen attack (default:
all, in the order below) for --seconds (20, at most 120) with --connections attacking
connections (200, at most 1000). Attacks:

  slow-reader     each connection pipelines 16 distinct POST /v1/plans (zoom push, 240 fps, 5 s:
                  about 365 KB per answer; a new source.x each, so every one is a cache miss)
                  and then reads nothing (--trickle: 1 KB per second)
  slow-body       a POST /v1/plans head with Content-Length: 1048556, then one body byte every 8 s
  duplicate-keys  min(connections, 8) connections each POST a ~1 MiB JSON object of 130,000
                  distinct three-character keys and a duplicate at the end, wait for the answer
                  (60 s at most) and repeat
  big-accept      GET /v1/plans?request=<zoom push> with an Accept of 1200 media ranges
                  (~14.4 KB; fewer if the server answers 431), back to back on keep-alive
                  connections
  burst           not an attack: min(connections, 16) clients asking for distinct 240 fps plans
                  (as slow-reader's) one after another and reading every answer at once; shows
                  whether memory goes back after a burst of few connections (RSS 5 s after)

A connection that ends during an attack is replaced (at once, or after 0.5 s when it lived under
1 s). Meanwhile a probe, every 100 ms, opens a fresh keep-alive connection, times GET /healthz on
it (connect included) and then POST /v1/plans of examples/zoom-push.json as is (a cache hit
after the first), each with a 5 s time-out (a time-out or failure is an error and counts as
5000 ms). A monitor samples the server's VmRSS every 100 ms. After each attack its sockets are
closed, and 5 s later VmRSS is sampled again; the RSS peak is the highest sample from the attack's
start to that sample. MB here are MiB (kB from /proc divided by 1024).

Prints one line per attack and a table at the end (--json: the results as one JSON object too).
Exit 0, or 1 when the server died (its exit status is printed), 2 on a usage or start-up error,
3 when the overall deadline passed. BINARY must be the server itself or a script that execs it
(its PID is the one measured). Everything targets 127.0.0.1.
"""
import argparse
import collections
import errno
import fcntl
import json
import os
import resource
import selectors
import signal
import socket
import struct
import sys
import tempfile
import termios
import threading
import time
import urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXAMPLE = os.path.join(ROOT, "examples", "zoom-push.json")
ATTACKS = ["slow-reader", "slow-body", "duplicate-keys", "big-accept", "burst"]
HOST = "127.0.0.1"
PROBE_TIMEOUT = 5.0
PROBE_INTERVAL = 0.1
SETTLE = 5.0
BASELINE = 2.0
STOP_GRACE = 15.0
HEAD_LIMIT = 16384  # the server's default MAX_HEAD_BYTES
CONNECT_TIMEOUT = 5.0

TCP_ESTABLISHED, TCP_CLOSE, TCP_CLOSE_WAIT = 1, 7, 8


def now():
    return time.monotonic()


def pct(values, p):
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def fmt_ms(v):
    return "-" if v is None else ("%.1f" % v if v < 100 else "%.0f" % v)


def fmt_val(v):
    return "-" if v is None else str(v)


def fmt_mb(kb):
    return "-" if kb is None else "%.1f" % (kb / 1024)


# ---------------------------------------------------------------------------------------------
# HTTP responses, incrementally: only status, Content-Length and Connection are kept.

class ResponseStream:
    """Counts the responses in a byte stream without keeping bodies."""

    def __init__(self):
        self.buf = bytearray()
        self.skip = 0
        self.to_close = False  # a body without Content-Length: everything until EOF
        self.bad = False
        self.pending = None  # (status, closes) of the response whose body is being skipped

    def feed(self, data):
        """Returns [(status, closes)] for every response whose head and body have arrived."""
        done = []
        if self.to_close or self.bad:
            return done
        mv = memoryview(data)
        if self.skip:
            take = min(self.skip, len(mv))
            self.skip -= take
            mv = mv[take:]
            if self.skip:
                return done
            done.append(self.pending)
            self.pending = None
        if not mv and not self.buf:
            return done
        self.buf += mv
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                if len(self.buf) > 65536:
                    self.bad = True
                    self.buf.clear()
                break
            head = bytes(self.buf[:end])
            del self.buf[:end + 4]
            lines = head.split(b"\r\n")
            try:
                status = int(lines[0].split(b" ", 2)[1])
            except (IndexError, ValueError):
                self.bad = True
                self.buf.clear()
                break
            length, closes = None, lines[0].startswith(b"HTTP/1.0")
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    try:
                        length = int(value.strip())
                    except ValueError:
                        pass
                elif name == b"connection":
                    v = value.strip().lower()
                    closes = b"close" in v or (closes and b"keep-alive" not in v)
            if 100 <= status < 200:
                continue
            if status in (204, 304):
                length = 0
            if length is None:
                self.to_close = True
                self.buf.clear()
                done.append((status, True))
                break
            if len(self.buf) >= length:
                del self.buf[:length]
                done.append((status, closes))
            else:
                self.skip = length - len(self.buf)
                self.buf.clear()
                self.pending = (status, closes)
                break
        return done


def blocking_request(raw, timeout, sock=None):
    """(status, sock) of one request; the socket is returned open for keep-alive (None when the
    answer closes it). Raises OSError (socket.timeout included) on failure."""
    deadline = now() + timeout
    own = sock is None
    if own:
        sock = socket.create_connection((HOST, PORT), timeout=timeout)
    try:
        sock.settimeout(max(0.001, deadline - now()))
        sock.sendall(raw)
        stream = ResponseStream()
        while True:
            left = deadline - now()
            if left <= 0:
                raise socket.timeout("deadline")
            sock.settimeout(left)
            chunk = sock.recv(262144)
            if not chunk:
                raise ConnectionError("closed by server")
            got = stream.feed(chunk)
            if got:
                status, closes = got[0]
                if closes:  # the server ends this connection: nothing more on it
                    if own:
                        sock.close()
                    return status, None
                return status, sock
            if stream.bad:
                raise ConnectionError("unparsable response")
    except BaseException:
        if own:
            sock.close()
        raise


# ---------------------------------------------------------------------------------------------
# The server process, its memory and the probe.

class Server:
    def __init__(self, binary, port):
        self.log = tempfile.TemporaryFile()
        env = dict(os.environ, ACCESS_LOG="off")
        self.proc = subprocess_popen([binary, "serve", "--host", HOST, "--port", str(port)], self.log, env)
        self.pid = self.proc.pid
        self.stopped_by_us = False
        self.last_hwm = None  # the monitor's last VmHWM sample, for a server that died

    def alive(self):
        return self.proc.poll() is None

    def status_kb(self, *fields):
        """kB values of /proc/PID/status fields (VmRSS, VmHWM): one value, or a tuple for
        several; None for a field that cannot be read."""
        got = {}
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    name, _, value = line.partition(":")
                    if name in fields:
                        got[name] = int(value.split()[0])
        except (OSError, ValueError, IndexError):
            pass
        values = tuple(got.get(f) for f in fields)
        return values[0] if len(fields) == 1 else values

    def cpu_seconds(self):
        """User + system CPU of the server so far (None once it is gone)."""
        try:
            with open("/proc/%d/stat" % self.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def log_tail(self, n=15):
        try:
            self.log.seek(0)
            lines = self.log.read().decode("utf-8", "replace").splitlines()
            return lines[-n:]
        except OSError:
            return []

    def stop(self):
        """SIGTERM, then SIGKILL after 15 s. Returns (exit status, seconds, killed)."""
        if not self.alive():
            return self.proc.returncode, 0.0, False
        self.stopped_by_us = True
        t0 = now()
        try:
            self.proc.send_signal(signal.SIGTERM)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=STOP_GRACE)
            return self.proc.returncode, now() - t0, False
        except Exception:
            pass
        try:
            os.killpg(self.pid, signal.SIGKILL)  # the group we started (a wrapper script's too)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except Exception:
            pass
        return self.proc.returncode, now() - t0, True


def subprocess_popen(argv, log, env):
    import subprocess
    # Its own session: a ^C here does not signal it behind our back; we stop it ourselves.
    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                            env=env, start_new_session=True)


def describe_status(code):
    if code is None:
        return "unknown"
    if code < 0:
        try:
            return "killed by signal %s" % signal.Signals(-code).name
        except ValueError:
            return "killed by signal %d" % -code
    return "exit status %d" % code


class Phase:
    """Probe samples and RSS samples attributed to one attack (or the baseline)."""

    def __init__(self, name):
        self.name = name
        self.lock = threading.Lock()
        self.healthz = []
        self.plan = []
        self.errors = 0
        self.probes = 0
        self.error_kinds = collections.Counter()
        self.rss_peak = None
        self.settle_healthz = []
        self.settle_plan = []
        self.settle_errors = 0
        self.settling = False

    def add_rss(self, kb):
        if kb is not None and (self.rss_peak is None or kb > self.rss_peak):
            self.rss_peak = kb

    def add_probe(self, kind, ms, error, settling):
        with self.lock:
            if settling:
                (self.settle_healthz if kind == "healthz" else self.settle_plan).append(ms)
                self.settle_errors += bool(error)
                return
            (self.healthz if kind == "healthz" else self.plan).append(ms)
            self.probes += 1
            if error:
                self.errors += 1
                self.error_kinds[kind + ": " + error] += 1


class Watch:
    """The probe thread and the RSS monitor thread, feeding the current phase."""

    def __init__(self, server, plan_body):
        self.server = server
        self.phase = None
        self.stop_event = threading.Event()
        self.healthz_raw = b"GET /healthz HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (HOST.encode(), PORT)
        self.plan_raw = (b"POST /v1/plans HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n" % (HOST.encode(), PORT, len(plan_body)) + plan_body)
        self.threads = [threading.Thread(target=self.probe_loop, daemon=True),
                        threading.Thread(target=self.monitor_loop, daemon=True)]

    def start(self):
        for t in self.threads:
            t.start()

    def stop(self):
        self.stop_event.set()
        for t in self.threads:
            t.join(timeout=2 * PROBE_TIMEOUT + 1)

    def one(self, raw, sock):
        """(ms, error or None, socket to reuse or None)."""
        t0 = now()
        try:
            status, sock = blocking_request(raw, PROBE_TIMEOUT, sock)
        except socket.timeout:
            return PROBE_TIMEOUT * 1000, "time-out", None
        except OSError as e:
            kind = "reset" if isinstance(e, ConnectionResetError) else (
                "refused" if isinstance(e, ConnectionRefusedError) else "closed" if isinstance(e, ConnectionError) else
                errno.errorcode.get(e.errno, str(e)) if e.errno else str(e))
            return PROBE_TIMEOUT * 1000, kind, None
        ms = (now() - t0) * 1000
        if status != 200:
            if sock:
                sock.close()
            return ms, "status %d" % status, None
        return ms, None, sock

    def probe_loop(self):
        next_tick = now()
        while not self.stop_event.is_set():
            phase = self.phase
            sock = None
            try:
                if phase is not None:
                    settling = phase.settling  # a probe counts for the part it started in
                    ms, err, sock = self.one(self.healthz_raw, None)
                    phase.add_probe("healthz", ms, err, settling)
                    if self.stop_event.is_set():
                        break
                    ms, err, sock2 = self.one(self.plan_raw, sock)
                    if sock2 is None and sock is not None:
                        sock.close()
                    sock = sock2
                    phase.add_probe("plan", ms, err, settling)
            finally:
                if sock is not None:
                    sock.close()
            next_tick = max(next_tick + PROBE_INTERVAL, now())
            self.stop_event.wait(max(0.0, next_tick - now()))

    def monitor_loop(self):
        while not self.stop_event.is_set():
            phase = self.phase
            if phase is not None:
                rss, hwm = self.server.status_kb("VmRSS", "VmHWM")
                phase.add_rss(rss)
                if hwm is not None:
                    self.server.last_hwm = hwm
            self.stop_event.wait(0.1)


# ---------------------------------------------------------------------------------------------
# Attacking connections: one selector thread (this one) carries them all.

class Conn:
    __slots__ = ("sock", "connecting", "out", "outpos", "reading", "stream", "opened", "deadline",
                 "next_at", "sent_body", "waiting", "fd")

    def __init__(self, sock):
        self.sock = sock
        self.fd = sock.fileno()
        self.connecting = True
        self.out = b""
        self.outpos = 0
        self.reading = False
        self.stream = ResponseStream()
        self.opened = now()
        self.deadline = None  # when we give up waiting for an answer
        self.next_at = None  # the next timed action (a body byte, a trickle read)
        self.sent_body = 0
        self.waiting = False


class Attack:
    """Base: opens and replaces connections, writes, reads, classifies endings."""

    name = "?"
    answer_timeout = None  # seconds to wait for an answer before giving up on the connection

    def __init__(self, port, connections, trickle=False):
        self.port = port
        self.target = connections
        self.trickle = trickle
        self.sel = selectors.DefaultSelector()
        self.conns = {}
        self.masks = {}
        self.replace_at = []
        self.statuses = collections.Counter()
        self.endings = collections.Counter()
        self.opened = 0
        self.requests = 0
        self.unread = 0  # bytes waiting in our receive buffers at the end
        self.ran = 0.0
        self.detail = ""
        self.last_state_check = 0.0

    # -- hooks
    def on_connected(self, c):
        pass

    def on_sent(self, c):
        pass

    def on_response(self, c, status, closes):
        pass

    def on_tick(self, c, t):
        pass

    # -- mechanics
    def held(self, c):
        return self.conns.get(c.fd) is c

    def open_one(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        err = s.connect_ex((HOST, self.port))
        self.opened += 1
        if err not in (0, errno.EINPROGRESS):
            s.close()
            self.endings["connect failed"] += 1
            self.replace_at.append(now() + 0.5)
            return
        c = Conn(s)
        c.deadline = now() + CONNECT_TIMEOUT
        self.conns[c.fd] = c
        self.masks[c.fd] = selectors.EVENT_WRITE
        self.sel.register(s, selectors.EVENT_WRITE, c)

    def update(self, c):
        want = 0
        if c.connecting or c.outpos < len(c.out):
            want |= selectors.EVENT_WRITE
        if c.reading and not c.connecting:
            want |= selectors.EVENT_READ
        have = self.masks.get(c.fd, 0)
        if want == have:
            return
        if have and want:
            self.sel.modify(c.sock, want, c)
        elif have:
            self.sel.unregister(c.sock)
        else:
            self.sel.register(c.sock, want, c)
        self.masks[c.fd] = want

    def end(self, c, how, replace=True):
        if not self.held(c):
            return
        if self.masks.get(c.fd):
            try:
                self.sel.unregister(c.sock)
            except (KeyError, ValueError):
                pass
        self.masks.pop(c.fd, None)
        self.conns.pop(c.fd, None)
        try:
            c.sock.close()
        except OSError:
            pass
        self.endings[how] += 1
        if replace:
            lived = now() - c.opened
            self.replace_at.append(now() + (0.0 if lived >= 1.0 else 0.5))

    def send(self, c, data):
        c.out = data
        c.outpos = 0
        self.flush(c)

    def flush(self, c):
        while c.outpos < len(c.out):
            try:
                n = c.sock.send(memoryview(c.out)[c.outpos:c.outpos + 262144])
            except (BlockingIOError, InterruptedError):
                break
            except OSError as e:
                self.end(c, self.error_kind(e))
                return
            c.outpos += n
        if not self.held(c):
            return
        done = bool(c.out) and c.outpos >= len(c.out)
        if done:
            c.out, c.outpos = b"", 0
        self.update(c)
        if done:
            self.on_sent(c)

    @staticmethod
    def error_kind(e):
        if isinstance(e, (ConnectionResetError, BrokenPipeError)):
            return "reset"
        if isinstance(e, ConnectionRefusedError):
            return "connect failed"
        return "error " + (errno.errorcode.get(e.errno, str(e)) if e.errno else str(e))

    def receive(self, c, limit=262144):
        """Reads up to limit bytes; False when the connection ended."""
        try:
            data = c.sock.recv(limit)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError as e:
            self.end(c, self.error_kind(e))
            return False
        if not data:
            self.end(c, "closed by server")
            return False
        for status, closes in c.stream.feed(data):
            self.statuses[status] += 1
            if self.held(c):
                self.on_response(c, status, closes)
        return self.held(c)

    def tcp_state(self, c):
        try:
            return c.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
        except OSError:
            return None

    def state_ending(self, c):
        """How a connection we do not read from stands: None while established."""
        st = self.tcp_state(c)
        if st == TCP_ESTABLISHED or st is None:
            return None
        if st == TCP_CLOSE:
            err = c.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            return "reset" if err in (errno.ECONNRESET, errno.EPIPE) else "closed by server"
        return "closed by server"  # CLOSE_WAIT, LAST_ACK, ...

    def run(self, seconds, server):
        t_start = now()
        t_end = t_start + seconds
        for _ in range(self.target):
            self.open_one()
        next_tick = now()
        while True:
            t = now()
            if t >= t_end or not server.alive():
                self.ran = t - t_start
                break
            timeout = max(0.0, min(next_tick, t_end) - t)
            for key, mask in self.sel.select(timeout=min(timeout, 0.1)):
                c = key.data
                if not self.held(c):
                    continue
                if c.connecting:
                    err = c.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                    if err:
                        self.end(c, "connect failed")
                        continue
                    c.connecting = False
                    c.deadline = None
                    self.update(c)
                    self.on_connected(c)
                    continue
                if mask & selectors.EVENT_READ:
                    if not self.receive(c):
                        continue
                if mask & selectors.EVENT_WRITE and self.held(c):
                    self.flush(c)
            t = now()
            if t >= next_tick:
                next_tick = t + 0.1
                check_states = t - self.last_state_check >= 1.0
                if check_states:
                    self.last_state_check = t
                for c in list(self.conns.values()):
                    if c.deadline is not None and t >= c.deadline:
                        self.end(c, "connect failed" if c.connecting else
                                 "gave up (no close after Connection: close)" if c.waiting else
                                 "gave up (no answer in %gs)" % (self.answer_timeout or 0))
                        continue
                    if c.connecting:
                        continue
                    if check_states and not c.reading:
                        how = self.state_ending(c)
                        if how:
                            self.end(c, how)
                            continue
                    self.on_tick(c, t)
                due = [r for r in self.replace_at if r <= t]
                if due:
                    self.replace_at = [r for r in self.replace_at if r > t]
                    for _ in due:
                        if len(self.conns) < self.target:
                            self.open_one()

    def finish(self):
        """Classifies the connections still held, counts the answers whose heads are already in
        their receive buffers (only the bytes there now: FIONREAD), and closes them."""
        for c in list(self.conns.values()):
            if c.connecting:
                self.end(c, "still connecting", replace=False)
                continue
            how = self.state_ending(c) or "still open"
            try:
                budget = struct.unpack("i", fcntl.ioctl(c.fd, termios.FIONREAD, b"\0\0\0\0"))[0]
            except OSError:
                budget = 0
            self.unread += budget
            while budget > 0:
                try:
                    data = c.sock.recv(min(budget, 262144))
                except OSError:
                    break
                if not data:
                    break
                budget -= len(data)
                for status, _ in c.stream.feed(data):
                    self.statuses[status] += 1
            if c.stream.pending:  # its head arrived, its body only in part
                self.statuses[c.stream.pending[0]] += 1
            self.end(c, how, replace=False)
        self.sel.close()


def zoom_request(example, x, big):
    body = dict(example)
    body["source"] = dict(example["source"], x=x)
    if big:
        body["frameRate"] = 240
        body["timing"] = dict(example.get("timing", {}), duration=5)
    return json.dumps(body, separators=(",", ":")).encode()


def post(path, body, host):
    return (b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            % (path.encode(), host, len(body)) + body)


class SlowReader(Attack):
    name = "slow-reader"

    def __init__(self, port, connections, trickle, example):
        super().__init__(port, connections, trickle)
        self.example = example
        self.seq = 1000
        self.host = b"%s:%d" % (HOST.encode(), port)
        self.detail = "16 pipelined 240 fps plans per connection, " + ("1 KB/s read" if trickle else "nothing read")

    def on_connected(self, c):
        raw = bytearray()
        for _ in range(16):
            self.seq += 1
            raw += post("/v1/plans", zoom_request(self.example, self.seq, True), self.host)
        self.requests += 16
        c.reading = False  # reading is the tick's (trickle) or nobody's
        c.next_at = now() + 1.0
        self.send(c, bytes(raw))

    def on_tick(self, c, t):
        if self.trickle and t >= c.next_at:
            c.next_at += 1.0
            self.receive(c, 1024)


class SlowBody(Attack):
    name = "slow-body"
    LENGTH = 1048556

    def __init__(self, port, connections, trickle=False):
        super().__init__(port, connections)
        self.head = (b"POST /v1/plans HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % (HOST.encode(), port, self.LENGTH))
        self.detail = "Content-Length %d, a body byte every 8 s" % self.LENGTH
        self.body_bytes = 0

    def on_connected(self, c):
        c.reading = True  # to see a 408 or 413 and the close
        self.requests += 1
        c.next_at = now() + 8.0
        self.send(c, self.head)

    def on_tick(self, c, t):
        if c.next_at is not None and t >= c.next_at and c.sent_body < self.LENGTH and not c.out:
            c.next_at += 8.0
            self.send(c, b"{" if c.sent_body == 0 else b" ")
            c.sent_body += 1
            self.body_bytes += 1

    def finish(self):
        super().finish()
        self.detail += ", %d body bytes sent in all" % self.body_bytes


def duplicate_keys_body(count=130000):
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    keys = []
    for a in alphabet:
        for b in alphabet:
            for c in alphabet:
                keys.append(a + b + c)
                if len(keys) == count:
                    break
            if len(keys) == count:
                break
        if len(keys) == count:
            break
    return ("{" + ",".join('"%s":0' % k for k in keys) + ',"%s":0}' % keys[0]).encode()


class BackToBack(Attack):
    """Each connection sends a request, waits for its answer, and sends the next one; a
    connection the server closes waits (5 s at most) for the close. Subclasses give request()."""

    answer_timeout = 30.0

    def request(self):
        raise NotImplementedError

    def ask(self, c):
        c.reading = True
        self.requests += 1
        c.deadline = now() + self.answer_timeout
        self.send(c, self.request())

    def on_connected(self, c):
        self.ask(c)

    def on_response(self, c, status, closes):
        c.deadline = None
        if closes:
            c.deadline = now() + 5.0  # the server is to close it; else we give up on it
            c.waiting = True
            return
        self.ask(c)


class DuplicateKeys(BackToBack):
    name = "duplicate-keys"
    answer_timeout = 60.0

    def __init__(self, port, connections, trickle=False):
        super().__init__(port, min(connections, 8))
        body = duplicate_keys_body()
        self.raw = post("/v1/plans", body, b"%s:%d" % (HOST.encode(), port))
        self.detail = "%d-byte object, 130000 keys + 1 duplicate" % len(body)

    def request(self):
        return self.raw


class BigAccept(BackToBack):
    name = "big-accept"
    answer_timeout = 30.0

    def __init__(self, port, connections, trickle, example):
        super().__init__(port, connections)
        query = urllib.parse.quote(json.dumps(example, separators=(",", ":")), safe="")
        self.line = b"GET /v1/plans?request=%s HTTP/1.1\r\nHost: %s:%d\r\n" % (query.encode(), HOST.encode(), port)
        self.ranges = 1200
        self.raw = self.build(self.ranges)
        while len(self.raw) > HEAD_LIMIT and self.ranges > 64:
            self.ranges -= 1
            self.raw = self.build(self.ranges)
        self.calibration = []

    def build(self, n):
        # application/json first (so the answer is a plan even to a server reading only the
        # first elements), then n - 1 ranges of 10 bytes each, ", "-separated.
        accept = ", ".join(["application/json"] + ["text/x%04d" % i for i in range(1, n)])
        self.accept_len = len(accept)
        return self.line + b"Accept: " + accept.encode() + b"\r\n\r\n"

    def calibrate(self):
        """Sends the request once; while the server answers 431, shrinks the header by 8 % and
        tries again (5 times at most). Returns the last status."""
        status = None
        for _ in range(6):
            try:
                status, sock = blocking_request(self.raw, 10.0)
                if sock:
                    sock.close()
            except OSError as e:
                status = "error: %s" % e
            self.calibration.append((self.ranges, len(self.raw), status))
            if status != 431:
                break
            self.ranges = int(self.ranges * 0.92)
            self.raw = self.build(self.ranges)
        self.detail = "Accept of %d ranges (%d bytes), head %d bytes, first answer %s" % (
            self.ranges, self.accept_len, len(self.raw), status)
        if len(self.calibration) > 1:
            self.detail += " (after %d answers 431)" % (len(self.calibration) - 1)
        return status

    def request(self):
        return self.raw


class Burst(BackToBack):
    name = "burst"
    answer_timeout = 30.0

    def __init__(self, port, connections, trickle, example):
        super().__init__(port, min(connections, 16))
        self.example = example
        self.seq = 500000
        self.host = b"%s:%d" % (HOST.encode(), port)
        self.detail = "distinct 240 fps plans, one at a time per connection, every answer read"

    def request(self):
        self.seq += 1
        return post("/v1/plans", zoom_request(self.example, self.seq, True), self.host)


# ---------------------------------------------------------------------------------------------

def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_healthy(server, seconds=20.0):
    raw = b"GET /healthz HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (HOST.encode(), PORT)
    t_end = now() + seconds
    while now() < t_end and server.alive():
        try:
            status, sock = blocking_request(raw, 1.0)
            if sock:
                sock.close()
            if status == 200:
                return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def summarize(phase, attack, seconds, rss_after, cpu=None):
    def lat(v, p):
        return pct(v, p)
    row = {
        "attack": phase.name,
        "seconds": seconds,
        "connections": attack.target if attack else 0,
        "rss_peak_mb": None if phase.rss_peak is None else round(phase.rss_peak / 1024, 1),
        "rss_after_5s_mb": None if rss_after is None else round(rss_after / 1024, 1),
        "healthz_p50_ms": lat(phase.healthz, 50), "healthz_p99_ms": lat(phase.healthz, 99),
        "plan_p50_ms": lat(phase.plan, 50), "plan_p99_ms": lat(phase.plan, 99),
        "probes": phase.probes, "probe_errors": phase.errors,
        "probe_error_kinds": dict(phase.error_kinds),
    }
    for k in list(row):
        if k.endswith("_ms") and row[k] is not None:
            row[k] = round(row[k], 2)
    if attack:
        row.update({
            "detail": attack.detail,
            "requests_sent": attack.requests,
            "connections_opened": attack.opened,
            "answers": {str(k): v for k, v in sorted(attack.statuses.items())},
            "unread_bytes_at_end": attack.unread,
            "endings": dict(attack.endings),
            "server_cpu_seconds": None if cpu is None else round(cpu, 2),
            "settle_plan_p99_ms": lat(phase.settle_plan, 99),
            "settle_probe_errors": phase.settle_errors,
        })
    return row


def endings_text(row):
    answers = " ".join("%s x%d" % (k, v) for k, v in row["answers"].items()) or "none"
    order = ["reset", "closed by server", "still open"]
    e = row["endings"]
    parts = ["%s %d" % (k, e.get(k, 0)) for k in order]
    parts += ["%s %d" % (k, v) for k, v in sorted(e.items()) if k not in order]
    return "answers %s; %s" % (answers, ", ".join(parts))


def line_for(row):
    return ("%s: %ss, %d connections (%d opened, %d requests sent; %s; %.1f MB unread in our buffers at the end): "
            "server CPU %s s, RSS peak %s MB, %s MB 5 s after; "
            "healthz p50/p99 %s/%s ms, plan p50/p99 %s/%s ms, probe errors %d of %d requests; %s" % (
                row["attack"], row["seconds"], row["connections"], row["connections_opened"], row["requests_sent"],
                row["detail"], row["unread_bytes_at_end"] / 1048576,
                "-" if row["server_cpu_seconds"] is None else "%.1f" % row["server_cpu_seconds"],
                fmt_val(row["rss_peak_mb"]), fmt_val(row["rss_after_5s_mb"]),
                fmt_ms(row["healthz_p50_ms"]), fmt_ms(row["healthz_p99_ms"]),
                fmt_ms(row["plan_p50_ms"]), fmt_ms(row["plan_p99_ms"]),
                row["probe_errors"], row["probes"], endings_text(row)))


def table(rows):
    head = ["attack", "s", "conns", "RSS peak MB", "RSS +5s MB", "healthz p50/p99 ms", "plan p50/p99 ms",
            "probe err", "connections ended"]
    body = []
    for r in rows:
        body.append([r["attack"], str(r["seconds"]), str(r["connections"]), fmt_val(r["rss_peak_mb"]),
                     fmt_val(r["rss_after_5s_mb"]),
                     "%s / %s" % (fmt_ms(r["healthz_p50_ms"]), fmt_ms(r["healthz_p99_ms"])),
                     "%s / %s" % (fmt_ms(r["plan_p50_ms"]), fmt_ms(r["plan_p99_ms"])),
                     "%d/%d" % (r["probe_errors"], r["probes"]),
                     endings_text(r) if "answers" in r else "-"])
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip()]
    out.append("  ".join("-" * w for w in widths))
    for b in body:
        out.append("  ".join(v.ljust(w) for v, w in zip(b, widths)).rstrip())
    return "\n".join(out)


def main():
    global PORT
    parts = __doc__.split("\n\n", 2)
    ap = argparse.ArgumentParser(description=parts[0] + "\n\n" + parts[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary", metavar="BINARY", help="the release server binary (run as BINARY serve ...)")
    ap.add_argument("--attack", metavar="NAME", nargs="+", action="extend", choices=ATTACKS,
                    help="attack(s) to run, in the order given (default: all): " + ", ".join(ATTACKS))
    ap.add_argument("--seconds", type=float, default=20, help="seconds per attack (default 20, at most 120)")
    ap.add_argument("--connections", type=int, default=200,
                    help="attacking connections (default 200, at most 1000; duplicate-keys uses at most 8)")
    ap.add_argument("--port", type=int, default=0, help="port for the server (default: a free one)")
    ap.add_argument("--trickle", action="store_true", help="slow-reader reads 1 KB per second per connection")
    ap.add_argument("--json", action="store_true", help="also print the results as one JSON object")
    args = ap.parse_args()
    if not 1 <= args.seconds <= 120:
        ap.error("--seconds must be 1 to 120")
    if not 1 <= args.connections <= 1000:
        ap.error("--connections must be 1 to 1000")
    if not 0 <= args.port <= 65535:
        ap.error("--port must be 0 to 65535")
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        ap.error("%s is not an executable file" % args.binary)
    attacks = args.attack or list(ATTACKS)
    seconds = int(args.seconds) if args.seconds == int(args.seconds) else args.seconds
    with open(EXAMPLE, "rb") as f:
        example_bytes = f.read()
    example = json.loads(example_bytes)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = args.connections + 256
    if soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard == resource.RLIM_INFINITY else min(hard, max(need, soft)), hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft != resource.RLIM_INFINITY and soft < need:
            args.connections = max(1, soft - 256)
            print("open-file limit %d: attacking with %d connections" % (soft, args.connections))

    # The overall deadline: start-up, baseline, each attack with its close, drain and settle,
    # the stop, and slack. Past it everything is killed.
    budget = 25 + BASELINE + len(attacks) * (args.seconds + SETTLE + 25) + STOP_GRACE + 10
    PORT = args.port or free_port()
    server = Server(args.binary, PORT)

    def watchdog():
        time.sleep(budget)
        print("attack.py: overall deadline of %.0f s passed; killing the server" % budget, flush=True)
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except OSError:
            pass
        os._exit(3)
    threading.Thread(target=watchdog, daemon=True).start()

    watch = None
    rows = []
    died = None
    try:
        if not wait_healthy(server):
            code = server.proc.poll()
            print("the server did not answer GET /healthz = 200 within 20 s (%s)" % (
                describe_status(code) if code is not None else "still running"))
            for line in server.log_tail():
                print("  | " + line)
            return 2
        comm = ""
        try:
            with open("/proc/%d/comm" % server.pid) as f:
                comm = f.read().strip()
        except OSError:
            pass
        print("server %s pid %d (%s) on %s:%d; %d core(s); attacks: %s; %gs each, %d connections%s" % (
            args.binary, server.pid, comm, HOST, PORT, os.cpu_count() or 0, ", ".join(attacks), args.seconds,
            args.connections, ", trickle" if args.trickle else ""), flush=True)
        if comm in ("sh", "bash", "dash"):
            print("warning: pid %d is a shell (%s): the figures are its, unless it execs the server" % (server.pid, comm))

        watch = Watch(server, example_bytes)
        base = Phase("(baseline)")
        base.add_rss(server.status_kb("VmRSS"))
        watch.phase = base
        watch.start()
        time.sleep(BASELINE)
        base_rss = server.status_kb("VmRSS")
        base_row = summarize(base, None, BASELINE, base_rss)
        base_row["seconds"] = int(BASELINE)
        rows.append(base_row)
        print("baseline: RSS %s MB; healthz p50/p99 %s/%s ms, plan p50/p99 %s/%s ms, probe errors %d of %d" % (
            base_row["rss_after_5s_mb"], fmt_ms(base_row["healthz_p50_ms"]), fmt_ms(base_row["healthz_p99_ms"]),
            fmt_ms(base_row["plan_p50_ms"]), fmt_ms(base_row["plan_p99_ms"]), base.errors, base.probes), flush=True)

        for name in attacks:
            if not server.alive():
                break
            if name == "slow-reader":
                attack = SlowReader(PORT, args.connections, args.trickle, example)
            elif name == "slow-body":
                attack = SlowBody(PORT, args.connections)
            elif name == "duplicate-keys":
                attack = DuplicateKeys(PORT, args.connections)
            elif name == "burst":
                attack = Burst(PORT, args.connections, args.trickle, example)
            else:
                attack = BigAccept(PORT, args.connections, args.trickle, example)
                attack.calibrate()
            phase = Phase(name)
            phase.add_rss(server.status_kb("VmRSS"))
            watch.phase = phase
            cpu0 = server.cpu_seconds()
            try:
                attack.run(args.seconds, server)
            finally:
                with phase.lock:
                    phase.settling = True
                cpu1 = server.cpu_seconds()
                attack.finish()
            t_end = now() + SETTLE
            while now() < t_end and server.alive():
                time.sleep(0.1)
            rss_after = server.status_kb("VmRSS") if server.alive() else None
            phase.add_rss(rss_after)
            ran = seconds if server.alive() or attack.ran >= args.seconds - 0.05 else round(attack.ran, 1)
            row = summarize(phase, attack, ran, rss_after,
                            None if cpu0 is None or cpu1 is None else cpu1 - cpu0)
            rows.append(row)
            print(line_for(row), flush=True)
            if not server.alive():
                break
        hwm = server.status_kb("VmHWM") or server.last_hwm
        if watch:
            watch.stop()
            watch = None
        if not server.alive():
            died = server.proc.returncode
            stop = None
        else:
            stop = server.stop()
    finally:
        if watch:
            watch.stop()
        if server.alive():
            server.stop()

    print()
    print(table(rows))
    print()
    print("server VmHWM (peak RSS of its life%s): %s MB" % (
        "; the last sample before it died" if died is not None else "", fmt_mb(hwm)))
    own = resource.getrusage(resource.RUSAGE_SELF)
    print("attack.py's own CPU: %.1f s user + %.1f s system" % (own.ru_utime, own.ru_stime))
    result = {"binary": args.binary, "port": PORT, "seconds": seconds, "connections": args.connections,
              "trickle": args.trickle, "vmhwm_mb": None if hwm is None else round(hwm / 1024, 1),
              "baseline": rows[0], "attacks": rows[1:], "server_died": died is not None,
              "own_cpu_seconds": round(own.ru_utime + own.ru_stime, 2)}
    if died is not None:
        print("THE SERVER DIED during %s: %s" % (rows[-1]["attack"] if len(rows) > 1 else "the baseline",
                                                describe_status(died)))
        for line in server.log_tail():
            print("  | " + line)
        result["server_exit"] = died
    else:
        code, took, killed = stop
        last = [l for l in server.log_tail(5) if '"stopped"' in l]
        print("server stopped with SIGTERM%s after %.1f s: %s%s" % (
            " and SIGKILL (it did not exit within 15 s)" if killed else "", took, describe_status(code),
            "; " + last[-1] if last else ""))
        result.update({"server_exit": code, "stop_seconds": round(took, 1), "stop_needed_sigkill": killed,
                       "stopped_line": last[-1] if last else None})
    if args.json:
        print(json.dumps(result, sort_keys=False))
    return 1 if died is not None else 0


if __name__ == "__main__":
    sys.exit(main())
