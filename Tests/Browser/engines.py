"""One way to drive the three browser engines from the browser tests: Chromium and WebKitGTK
through their WebDriver servers (Selenium; chromedriver, WebKitWebDriver), Firefox through
WebDriver BiDi, which it speaks itself (Debian has no geckodriver), over a WebSocket.

    browser = engines.start("firefox", proxy_port=PORT)
    browser.label                  # "firefox 153.8.0esr": printed by every check
    browser.open(url)              # navigates and waits for the load event
    browser.run("return document.title")                # a script body; `arguments` holds the args
    browser.run_async("const done = arguments[arguments.length - 1]; ...; done(value)", arg, ...)
    browser.screenshot(path)       # PNG of the viewport, as the engine's driver paints it
    browser.xvfb.display           # the X display a windowed engine draws into (WebKitGTK
                                   # always; Chromium and Firefox with windowed=True), else
                                   # browser.xvfb is None
    browser.console_errors()       # errors the page logged, or None where the engine cannot say
    browser.load_error(url)        # the text of a failed navigation (the dead proxy's refusal)
    browser.pointer(steps, kind, release=True)  # trusted input: ("down", x, y),
                                   # ("move", x, y, ms), ("up",) in viewport CSS pixels; kind
                                   # "mouse" or "touch"; release=False keeps the button pressed
                                   # for the next call (a drag with scripts run between moves)
    browser.emulate_reduced_motion(on)  # prefers-reduced-motion: reduce; False where impossible
    browser.add_init_script(js)    # runs before the page's scripts on every load from now on;
                                   # returns a handle for remove_init_script, or None where impossible
    browser.quit()                 # ends the browser and its driver by process id

Arguments and results are JSON values (no element references): a script that needs an element
finds it itself. Every script has SCRIPT_TIMEOUT_S; a page load PAGE_TIMEOUT_S.

Every engine's network is confined to loopback: all traffic but loopback goes to an HTTP proxy
on a loopback port nothing listens on (Chromium --proxy-server; Firefox's network.proxy.*
preferences with localhost not sent to the proxy; WebKitGTK the W3C `proxy` capability, which
WebKitWebDriver applies to the browser's network session), and nothing the browser does on its
own (updates, telemetry, safe browsing, DNS over HTTPS, captive-portal probes) is enabled where a
preference turns it off. quit() ends the driver (or Firefox) and every process below it by
process id; they stay in the caller's process group, so a stage script that runs the test under
setsid ends them all with one signal if the test itself dies. WebKitGTK draws into an Xvfb
display started for it (with -displayfd, so no display number is guessed), ended the same way;
so do Chromium and Firefox started with windowed=True instead of headless.

ENGINES (comma-separated, default all three) chooses the engines: names() reads it.
"""

import base64
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

ALL = ("chromium", "firefox", "webkit")
SCRIPT_TIMEOUT_S = 30
PAGE_TIMEOUT_S = 30
VIEWPORT = (1280, 1000)

CHROMIUM_BINARY = os.environ.get("CHROMIUM_BINARY", "/usr/lib/chromium/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FIREFOX_BINARY = os.environ.get("FIREFOX_BINARY", "/usr/lib/firefox-esr/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
WEBKIT_BROWSER = os.environ.get("WEBKIT_BROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")

# What each engine says when a page cannot be loaded because the proxy refused the connection.
PROXY_REFUSED = {
    "chromium": "ERR_PROXY_CONNECTION_FAILED",
    "firefox": "NS_ERROR_PROXY_CONNECTION_REFUSED",
    "webkit": "Could not connect to proxy server",
}


class EngineError(Exception):
    """A script threw, timed out, or the engine failed; the message starts with the engine."""


def names(default=ALL):
    """The engines ENGINES names (comma-separated), in its order; unknown names are an error."""
    chosen = [n.strip() for n in os.environ.get("ENGINES", ",".join(default)).split(",") if n.strip()]
    unknown = [n for n in chosen if n not in ALL]
    if unknown:
        raise ValueError(f"ENGINES: unknown engine(s) {unknown}; known: {', '.join(ALL)}")
    return chosen


def start(name, proxy_port, windowed=False):
    """Starts engine `name` ("chromium", "firefox", "webkit") with a VIEWPORT-sized viewport.
    windowed=True runs Chromium or Firefox in a window of an Xvfb display of its own instead of
    headless (WebKitGTK always draws into one): what is on that display is what a user would see,
    which the drivers' screenshots are not always (docs/VIEWTRANSITIONS.md, "The engines")."""
    if name == "webkit":
        return WebKit(proxy_port)
    return {"chromium": Chromium, "firefox": Firefox}[name](proxy_port, windowed=windowed)


def _descendants(pid):
    """Every live process below `pid`, children first found from /proc's parent links."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        # The command name may hold spaces and parentheses: the fields follow the last ')'.
        parent = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _kill_tree(pid):
    """Ends `pid` and every process below it, by process id. The browsers stay in the test's
    process group (the stage scripts end that group if the test itself is killed)."""
    for target in [pid] + _descendants(pid):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class _Browser:
    name = ""
    version = ""
    xvfb = None
    touch = True  # whether pointer(kind="touch") gives touch pointer events

    @property
    def label(self):
        return f"{self.name} {self.version}"

    def title(self):
        return self.run("return document.title;")


def _pointer_actions(steps, kind):
    """The W3C action sequence (WebDriver classic and BiDi take the same JSON) for `steps`.
    Points are rounded to whole CSS pixels: the engines deliver whole-pixel pointer positions
    anyway (Chromium truncates a fraction, Firefox rounds it), so they all get the same one."""
    actions = []
    for step in steps:
        if step[0] == "down":
            actions.append({"type": "pointerMove", "x": round(step[1]), "y": round(step[2]),
                            "origin": "viewport", "duration": 0})
            actions.append({"type": "pointerDown", "button": 0})
        elif step[0] == "move":
            actions.append({"type": "pointerMove", "x": round(step[1]), "y": round(step[2]),
                            "origin": "viewport", "duration": int(step[3]) if len(step) > 3 else 0})
        elif step[0] == "up":
            actions.append({"type": "pointerUp", "button": 0})
        else:
            raise ValueError(f"pointer step {step!r}")
    return [{"type": "pointer", "id": f"tp-{kind}", "parameters": {"pointerType": kind},
             "actions": actions}]


# MARK: - Chromium and WebKitGTK: Selenium


class _Selenium(_Browser):
    def _finish_start(self, driver, service):
        self.driver = driver
        self.service = service
        self.version = driver.capabilities.get("browserVersion", "?")
        driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        driver.set_page_load_timeout(PAGE_TIMEOUT_S)

    def open(self, url):
        self.driver.get(url)

    def run(self, script, *args):
        try:
            return self.driver.execute_script(script, *args)
        except Exception as error:  # noqa: BLE001 - re-raised with the engine named
            raise EngineError(f"{self.label}: {type(error).__name__}: {_first_line(error)}") from error

    def run_async(self, script, *args):
        try:
            return self.driver.execute_async_script(script, *args)
        except Exception as error:  # noqa: BLE001 - re-raised with the engine named
            raise EngineError(f"{self.label}: {type(error).__name__}: {_first_line(error)}") from error

    def screenshot(self, path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.driver.save_screenshot(path)

    def pointer(self, steps, kind="mouse", release=True):
        if kind == "touch" and not self.touch:
            raise EngineError(f"{self.label}: no touch input over its driver")
        try:
            self.driver.execute("actions", {"actions": _pointer_actions(steps, kind)})
            if release:
                self.driver.execute("clearActionState")
        except Exception as error:  # noqa: BLE001 - re-raised with the engine named
            raise EngineError(f"{self.label}: pointer: {_first_line(error)}") from error

    def emulate_reduced_motion(self, on):
        return False

    def add_init_script(self, script):
        return None

    def load_error(self, url):
        try:
            self.driver.get(url)
            return self.run("return document.body ? document.body.innerText : '';") or ""
        except Exception as error:  # noqa: BLE001 - the expected outcome carries the net error
            return str(error)

    def quit(self):
        pid = self.service.process.pid if self.service.process else None
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001 - the group is ended below either way
            pass
        if pid:
            _kill_tree(pid)
            self.service.process.wait(5)
        self._after_quit()

    def _after_quit(self):
        pass


class Chromium(_Selenium):
    name = "chromium"

    def __init__(self, proxy_port, windowed=False):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.xvfb = _Xvfb() if windowed else None
        self.profile = tempfile.mkdtemp(prefix="engine-chromium-")
        options = webdriver.ChromeOptions()
        # The binary itself, not Debian's /usr/bin/chromium wrapper, which adds flags of its own.
        options.binary_location = CHROMIUM_BINARY
        for flag in ([] if windowed else ["--headless=new"]) + [
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            f"--proxy-server=http://127.0.0.1:{proxy_port}",
            "--disable-background-networking", "--no-first-run",
            f"--user-data-dir={self.profile}",
            # The window as large as the emulated viewport: input actions are bounded by it.
            f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
        ]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        if windowed:
            # No "controlled by automated test software" bar (and its shadow) over the page,
            # nor a default-browser one.
            options.add_experimental_option("excludeSwitches", ["enable-automation"])
            options.add_argument("--no-default-browser-check")
        env = dict(os.environ, DISPLAY=self.xvfb.display) if windowed else None
        service = Service(executable_path=CHROMEDRIVER, env=env)
        try:
            driver = webdriver.Chrome(service=service, options=options)
        except BaseException:
            self._after_quit()
            raise
        self._finish_start(driver, service)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1,
                                "mobile": False})

    def console_errors(self):
        return [e.get("message", "") for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]

    def pointer(self, steps, kind="mouse", release=True):
        if kind != "touch":
            return super().pointer(steps, kind, release)
        # chromedriver's touch actions end a slow drag with pointercancel; the DevTools
        # protocol's touch events (with touch emulation on) end it with pointerup, as a finger.
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        for step in steps:
            if step[0] in ("down", "move"):
                if len(step) > 3 and step[3]:
                    time.sleep(step[3] / 1000)
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                    "type": "touchStart" if step[0] == "down" else "touchMove",
                    "touchPoints": [{"x": round(step[1]), "y": round(step[2])}]})
            elif step[0] == "up":
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            else:
                raise ValueError(f"pointer step {step!r}")
        if release:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def emulate_reduced_motion(self, on):
        features = [{"name": "prefers-reduced-motion", "value": "reduce"}] if on else []
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
        return True

    def add_init_script(self, script):
        return self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                           {"source": script})["identifier"]

    def remove_init_script(self, handle):
        self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": handle})

    def _after_quit(self):
        shutil.rmtree(self.profile, ignore_errors=True)
        if self.xvfb:
            self.xvfb.stop()


class WebKit(_Selenium):
    name = "webkit"
    # WebKitGTK's driver turns touch actions into mouse events (pointerType "mouse").
    touch = False
    # WebKitWebDriver sometimes never answers a new session (about 1 start in 10 here, a fresh
    # MiniBrowser never showing up): a start that takes longer is ended and made again.
    START_TIMEOUT_S = 20
    START_ATTEMPTS = 3

    def __init__(self, proxy_port):
        errors = []
        for _ in range(self.START_ATTEMPTS):
            try:
                self._start(proxy_port)
                return
            except EngineError as error:
                errors.append(str(error))
        raise EngineError(f"webkit: no session in {self.START_ATTEMPTS} attempts: {'; '.join(errors)}")

    def _start(self, proxy_port):
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = _Xvfb()
        self.home = None
        self.service = None
        watchdog = None
        try:
            options = webdriver.WebKitGTKOptions()
            options.binary_location = WEBKIT_BROWSER
            options.add_argument("--automation")
            options.overlay_scrollbars_enabled = True
            # The W3C proxy capability: WebKitWebDriver sets it on the automation session's
            # network session. Loopback stays direct (noProxy), everything else goes to the
            # dead port.
            options.proxy = Proxy({
                "proxyType": ProxyType.MANUAL,
                "httpProxy": f"127.0.0.1:{proxy_port}",
                "sslProxy": f"127.0.0.1:{proxy_port}",
                "noProxy": ["127.0.0.1", "localhost", "::1"],
            })
            # A home of its own per browser: nothing is shared with an earlier instance.
            self.home = tempfile.mkdtemp(prefix="engine-webkit-")
            env = dict(os.environ, DISPLAY=self.xvfb.display, HOME=self.home,
                       XDG_CACHE_HOME=os.path.join(self.home, "cache"),
                       XDG_DATA_HOME=os.path.join(self.home, "data"),
                       XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                       XDG_RUNTIME_DIR=self.home,
                       # No accessibility bus.
                       NO_AT_BRIDGE="1",
                       GDK_BACKEND="x11", GDK_SCALE="1", GDK_DPI_SCALE="1")
            self.service = Service(executable_path=WEBKIT_DRIVER, env=env,
                                   log_output=os.environ.get("WEBKIT_DRIVER_LOG", subprocess.DEVNULL))
            timed_out = threading.Event()

            def end_start():
                timed_out.set()
                if self.service.process:
                    _kill_tree(self.service.process.pid)
            watchdog = threading.Timer(self.START_TIMEOUT_S, end_start)
            watchdog.start()
            try:
                driver = webdriver.WebKitGTK(options=options, service=self.service)
            except Exception as error:  # noqa: BLE001 - the watchdog's kill lands here
                if timed_out.is_set():
                    raise EngineError(f"webkit: no session within {self.START_TIMEOUT_S} s") from error
                raise
            watchdog.cancel()
            self._finish_start(driver, self.service)
            self._size_viewport()
        except BaseException:
            if watchdog:
                watchdog.cancel()
            if self.service is not None and self.service.process:
                _kill_tree(self.service.process.pid)
                self.service.process.wait(5)
            self._after_quit()
            raise

    def _size_viewport(self):
        """Sizes the window so that the page's viewport is VIEWPORT (the window has a frame)."""
        self.driver.set_window_rect(0, 0, VIEWPORT[0], VIEWPORT[1])
        inner = self.driver.execute_script("return [innerWidth, innerHeight];")
        outer = self.driver.get_window_rect()
        self.driver.set_window_rect(0, 0, outer["width"] + VIEWPORT[0] - inner[0],
                                    outer["height"] + VIEWPORT[1] - inner[1])

    def console_errors(self):
        # WebKitWebDriver does not serve the browser's console log.
        return None

    def _after_quit(self):
        self.xvfb.stop()
        if self.home:
            shutil.rmtree(self.home, ignore_errors=True)


class _Xvfb:
    """An X server for WebKitGTK; the display number is the one Xvfb picked (-displayfd)."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp",
             "-dpi", "96"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 10
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n") and time.monotonic() < deadline:
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip().isdigit():
            self.stop()
            raise EngineError("webkit: Xvfb did not report a display")
        self.display = ":" + number.strip().decode()

    def stop(self):
        _kill_tree(self.process.pid)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass


# MARK: - Firefox: WebDriver BiDi over a WebSocket


FIREFOX_PREFS = {
    # Every protocol through an HTTP proxy on the dead port; loopback direct (Firefox would
    # otherwise send localhost to the proxy as well).
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": False,
    "network.proxy.socks_remote_dns": True,
    "network.trr.mode": 5,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.predictor.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "app.update.enabled": False,
    "app.update.auto": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "services.settings.server": "http://127.0.0.1:1/",
    "dom.push.connection.enabled": False,
    "geo.provider.network.url": "",
    "media.gmp-manager.url": "",
    "app.normandy.enabled": False,
    "browser.ping-centre.telemetry": False,
    "layout.css.devPixelsPerPx": "1.0",
    "ui.prefersReducedMotion": 0,
}


class Firefox(_Browser):
    name = "firefox"

    def __init__(self, proxy_port, windowed=False):
        from websockets.sync.client import connect

        self.xvfb = _Xvfb() if windowed else None
        self.profile = tempfile.mkdtemp(prefix="engine-firefox-")
        prefs = dict(FIREFOX_PREFS, **{"network.proxy.http_port": proxy_port,
                                       "network.proxy.ssl_port": proxy_port})
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as f:
            for key, value in prefs.items():
                f.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        if self.xvfb:
            env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", DISPLAY=self.xvfb.display)
            env.pop("MOZ_HEADLESS", None)
        else:
            env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", MOZ_HEADLESS="1")
        self.process = subprocess.Popen(
            [FIREFOX_BINARY] + ([] if self.xvfb else ["--headless"]) + ["--no-remote", "--profile", self.profile,
             "--remote-debugging-port", "0", "--width", str(VIEWPORT[0]), "--height", str(VIEWPORT[1]),
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        self.socket = None
        self.next_id = 0
        self.events = []
        try:
            url = self._listening_url()
            self.socket = connect(url + "/session", max_size=64 * 1024 * 1024, open_timeout=10)
            session = self._call("session.new", {"capabilities": {"alwaysMatch": {
                "acceptInsecureCerts": False, "unhandledPromptBehavior": {"default": "dismiss"}}}})
            self.version = session["capabilities"].get("browserVersion", "?")
            self._call("session.subscribe", {"events": ["log.entryAdded"]})
            self.context = self._call("browsingContext.getTree", {})["contexts"][0]["context"]
            self._call("browsingContext.setViewport", {
                "context": self.context, "viewport": {"width": VIEWPORT[0], "height": VIEWPORT[1]},
                "devicePixelRatio": 1})
        except BaseException:
            self.quit()
            raise

    def _listening_url(self):
        """Firefox prints the BiDi WebSocket's address on stderr once it listens."""
        found = {}

        def read():
            for raw in self.process.stderr:
                line = raw.decode(errors="replace")
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and "url" not in found:
                    found["url"] = match.group(1)
                    found["event"].set()
            found.setdefault("event", threading.Event()).set()

        found["event"] = threading.Event()
        # The reader keeps draining stderr afterwards, so Firefox never blocks on a full pipe.
        threading.Thread(target=read, daemon=True).start()
        found["event"].wait(30)
        if "url" not in found:
            raise EngineError("firefox: no WebDriver BiDi address on stderr within 30 s")
        return found["url"]

    def _call(self, method, params, timeout=SCRIPT_TIMEOUT_S):
        self.next_id += 1
        command_id = self.next_id
        self.socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"{self.label}: {method} took over {timeout} s")
            try:
                message = json.loads(self.socket.recv(timeout=left))
            except TimeoutError:
                raise EngineError(f"{self.label}: {method} took over {timeout} s") from None
            if message.get("id") == command_id:
                if message.get("type") == "error":
                    raise EngineError(f"{self.label}: {method}: {message.get('error')}: "
                                      f"{message.get('message', '')[:400]}")
                return message["result"]
            if message.get("type") == "event":
                self.events.append(message)

    def open(self, url):
        self._call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"},
                   timeout=PAGE_TIMEOUT_S)

    def _call_function(self, declaration, args):
        declaration = declaration.replace(
            "KEEP_UNDEFINED", "(k, v) => (v === undefined ? null : v)")
        result = self._call("script.callFunction", {
            "functionDeclaration": declaration,
            "arguments": [{"type": "string", "value": json.dumps(list(args))}],
            "target": {"context": self.context}, "awaitPromise": True,
            "resultOwnership": "none"}, timeout=SCRIPT_TIMEOUT_S + 5)
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise EngineError(f"{self.label}: JavascriptException: {details.get('text', '')[:400]}")
        value = result["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    # The script's result is sent back as JSON text, so BiDi's typed serialization of values
    # never has to be undone here; the arguments go in the same way. A member whose value is
    # undefined comes back as null, as WebDriver classic returns it (JSON.stringify would drop it).
    def run(self, script, *args):
        return self._call_function(
            "function (argsJSON) { const v = (function () {\n" + script + "\n}).apply(window, "
            "JSON.parse(argsJSON)); return JSON.stringify(v === undefined ? null : v, KEEP_UNDEFINED); }", args)

    def run_async(self, script, *args):
        return self._call_function(
            "function (argsJSON) { return new Promise((resolve, reject) => {"
            f" const timer = setTimeout(() => reject(new Error('script timeout: {SCRIPT_TIMEOUT_S} s')),"
            f" {SCRIPT_TIMEOUT_S * 1000});"
            " const done = (v) => { clearTimeout(timer); resolve(v); };"
            " (function () {\n" + script + "\n}).apply(window, [...JSON.parse(argsJSON), done]);"
            " }).then((v) => JSON.stringify(v === undefined ? null : v, KEEP_UNDEFINED)); }", args)

    def screenshot(self, path):
        data = self._call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def console_errors(self):
        # Events read while waiting for answers, then whatever arrived since.
        try:
            while True:
                message = json.loads(self.socket.recv(timeout=0.05))
                if message.get("type") == "event":
                    self.events.append(message)
        except TimeoutError:
            pass
        return [e["params"].get("text", "") for e in self.events
                if e.get("method") == "log.entryAdded" and e["params"].get("level") == "error"]

    def pointer(self, steps, kind="mouse", release=True):
        self._call("input.performActions", {"context": self.context,
                                            "actions": _pointer_actions(steps, kind)})
        if release:
            self._call("input.releaseActions", {"context": self.context})

    def emulate_reduced_motion(self, on):
        # WebDriver BiDi has no media-feature override in Firefox 153, and a preference cannot
        # be set over it.
        return False

    def add_init_script(self, script):
        return self._call("script.addPreloadScript",
                          {"functionDeclaration": "() => {\n" + script + "\n}"})["script"]

    def remove_init_script(self, handle):
        self._call("script.removePreloadScript", {"script": handle})

    def load_error(self, url):
        try:
            self.open(url)
            return self.run("return document.documentURI + ' ' + (document.body ? document.body.innerText : '');") or ""
        except EngineError as error:
            return str(error)

    def quit(self):
        if self.socket is not None:
            try:
                self._call("browser.close", {}, timeout=5)
            except Exception:  # noqa: BLE001 - the group is ended below either way
                pass
            try:
                self.socket.close()
            except Exception:  # noqa: BLE001
                pass
            self.socket = None
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass
        _kill_tree(self.process.pid)
        self.process.wait(5)
        shutil.rmtree(self.profile, ignore_errors=True)
        if self.xvfb:
            self.xvfb.stop()


def _first_line(error):
    text = getattr(error, "msg", None) or str(error)
    return text.strip().splitlines()[0][:400] if text.strip() else ""
