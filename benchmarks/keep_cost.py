#!/usr/bin/env python3
"""What keeping a table without signal costs a phone, on every way Talon is served, in Debian's Chromium:

- home: Talon at home as `make serve` runs it (TALON_HOME=1, whitenoise serving static files from their folders);
- production: the Deploy settings (collectstatic into a temporary folder, gunicorn).

    .venv/bin/python benchmarks/keep_cost.py [--rounds 3] [--modes home,production] [--no-throttled]

For each mode it prints the bytes on the wire for "Keep this table working without signal" (counted by a relay
between the browser and the server: every byte the server sends, headers included), the time that takes at
1.6 Mbps (computed from the bytes, and measured through the same relay held to 1.6 Mbps unless --no-throttled),
and the engine ready on the hand form (a page load until the phone's engine answers) on this machine and with
the browser's CPU throttled 4× (CDP Emulation.setCPUThrottlingRate: in this Chromium it slows the page's thread,
not the engine's worker) and with the whole browser held to a quarter of the time (every Chromium process stopped
75 ms of every 100 ms: the worker too, as on a slow phone). Python resumes from the memory snapshot the phone saved
at its first start; the same loads with that snapshot dropped (Python started afresh, as the first start after a
release of Pyodide) and with the snapshot holding another engine (a release that changed the engine: Python resumed,
the engine imported on top) are printed beside them, as ratios.
Medians; never fails on speed. Only 127.0.0.1 is contacted; ports from BENCH_PORT (two in a row) or free ones.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
RATE = 1.6e6 / 8  # 1.6 Mbps, in bytes per second
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """A TCP relay in front of the server that counts the bytes it sends to the browser and may hold them to a rate."""

    def __init__(self, upstream: int, port: int):
        self.upstream, self.down, self.rate, self.free_at, self.lock = upstream, 0, 0.0, 0.0, threading.Lock()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(64)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.upstream))
            threading.Thread(target=self._pipe, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, True), daemon=True).start()

    def _pace(self, size: int) -> None:
        with self.lock:  # one link shared by every connection
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.rate
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def _pipe(self, source: socket.socket, target: socket.socket, downstream: bool) -> None:
        try:
            while data := source.recv(16384):
                if downstream:
                    if self.rate:
                        self._pace(len(data))
                    self.down += len(data)
                target.sendall(data)
        except OSError:
            pass
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()


def serve(mode: str, tmp: Path, port: int) -> tuple[subprocess.Popen, dict]:
    leave_out = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "TALON_PRODUCTION", "TALON_HOME", "DEBUG", "SECRET_KEY")
    env = {**{k: v for k, v in os.environ.items() if k not in leave_out}, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3"}
    if mode == "home":
        env |= {"TALON_HOME": "1", "TALON_SECRET_KEY_FILE": str(tmp / "secret")}
        subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        command = [PYTHON, "manage.py", "serve_lan", "--host", "127.0.0.1", "--port", str(port)]
    else:
        env |= {
            "TALON_PRODUCTION": "1",
            "SECURE_SSL_REDIRECT": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": str(tmp / "static"),
        }
        for args in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True)
        command = [
            str(Path(PYTHON).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--log-level",
            "warning",
            "--no-control-socket",
        ]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    return server, env


def make_table(env: dict) -> str:
    code = (
        "from games.tables import services\n"
        "p = ['Anna', 'Bára', 'Cyril', 'Dana']\n"
        "t = services.create_table(game='czech-taroky', players=p)\n"
        "for i in range(20): services.record_hand(t, {'povinnost': p[i % 4], 'partner': p[(i + 2) % 4], "
        "'points': 40 + i})\n"
        "print(t.edit_token)"
    )
    done = subprocess.run(
        [PYTHON, "manage.py", "shell", "-v0", "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip().splitlines()[-1]


def keep(browser, relay: Relay, token: str, rate: float = 0.0):
    """A new phone keeps the table: (bytes the server sent for the keep, seconds until everything is downloaded,
    seconds until the engine ran once as well, the context)."""
    context = browser.new_context(base_url=relay.url, service_workers="allow", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"/t/{token}/")
    page.evaluate("navigator.serviceWorker.ready")
    page.locator("details.keep summary").click()
    relay.down, relay.rate, relay.free_at = 0, rate, 0.0
    started = time.perf_counter()
    page.locator("[data-keep]").click()
    page.locator("[data-keep-status]", has_text="Starting the engine").wait_for(timeout=300_000)
    downloaded = time.perf_counter() - started
    page.locator("[data-keep-status]", has_text="keeps this table").wait_for(timeout=300_000)
    seconds = time.perf_counter() - started
    relay.rate = 0.0
    return relay.down, downloaded, seconds, context


FORGET_SNAPSHOTS = """async () => { const cache = await caches.open("talon-kept");
  for (const request of await cache.keys()) if (new URL(request.url).pathname === "/offline/snapshot.bin") await cache.delete(request); }"""


# A release that changed the engine, as the phone meets it: the snapshot it kept holds another engine than the one it
# now runs (its name says which), so Python resumes from it and imports the engine on top.
OLDER_ENGINE = """async () => { const cache = await caches.open("talon-kept");
  for (const request of await cache.keys()) { const url = new URL(request.url);
    if (url.pathname !== "/offline/snapshot.bin" || url.searchParams.get("engine") === "an-older-release") continue;
    const body = await (await cache.match(request)).arrayBuffer();
    url.searchParams.set("engine", "an-older-release");
    await cache.put(url.href, new Response(body)); await cache.delete(request); } }"""


def engine_ready(
    context,
    token: str,
    rounds: int,
    throttle: float = 1.0,
    quarter: bool = False,
    full: bool = False,
    release: bool = False,
) -> float:
    """The hand form loaded until the phone's engine is up (from what the phone kept), median of ``rounds``. Python
    resumes from the snapshot the first start saved; with ``full``, that snapshot is dropped before each load, so
    Python starts afresh (as the first start after a release of Pyodide or the library cut does) and saves it again;
    with ``release``, the snapshot holds another engine (a release that changed the engine): Python resumes from it
    and the engine is imported on top."""
    times = []
    for _ in range(rounds):
        page = context.new_page()
        if full or release:
            page.goto(f"/t/{token}/")
            page.evaluate(FORGET_SNAPSHOTS if full else OLDER_ENGINE)
        if throttle != 1.0:  # DevTools' CPU throttling: the page's main thread (this Chromium leaves workers alone)
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        with Quarter(enabled=quarter):
            started = time.perf_counter()
            page.goto(f"/t/{token}/hands/new/")
            page.wait_for_selector("html[data-engine=phone]", timeout=300_000)
            times.append(time.perf_counter() - started)
        page.close()
    return statistics.median(times)


class Quarter:
    """The whole browser (every Chromium process this script started: the page, the engine's worker, the network)
    held to a quarter of the time, as a slow phone: stopped 75 ms of every 100 ms (SIGSTOP/SIGCONT)."""

    def __init__(self, enabled: bool = True):
        self.enabled, self.done = enabled, threading.Event()

    @staticmethod
    def browsers() -> list[int]:
        parents = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                    parents[int(entry.name)] = (
                        int(stat.rsplit(")", 1)[1].split()[1]),
                        stat.split("(", 1)[1].split(")")[0],
                    )
                except (OSError, IndexError, ValueError):
                    continue
        mine, found = {os.getpid()}, True
        while found:
            found = False
            for pid, (parent, _) in parents.items():
                if parent in mine and pid not in mine:
                    mine.add(pid)
                    found = True
        return [pid for pid in mine if "chrom" in parents.get(pid, (0, ""))[1]]

    def _cycle(self) -> None:
        while not self.done.is_set():
            pids = self.browsers()
            self._signal(pids, 19)  # SIGSTOP
            time.sleep(0.075)
            self._signal(pids, 18)  # SIGCONT
            time.sleep(0.025)

    @staticmethod
    def _signal(pids: list[int], sig: int) -> None:
        for pid in pids:
            try:
                os.kill(pid, sig)
            except OSError:
                pass

    def __enter__(self):
        if self.enabled:
            self.thread = threading.Thread(target=self._cycle, daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc):
        if self.enabled:
            self.done.set()
            self.thread.join()
            self._signal(self.browsers(), 18)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--modes", default="home,production")
    parser.add_argument("--no-throttled", action="store_true", help="skip the keep measured at 1.6 Mbps")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    base_port = int(os.environ.get("BENCH_PORT", "0"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for mode in options.modes.split(","):
            tmp = Path(tempfile.mkdtemp(prefix=f"talon-keep-{mode}-"))
            port = base_port or free_port()
            server, env = serve(mode, tmp, port)
            relay = Relay(port, base_port + 1 if base_port else 0)
            try:
                token = make_table(env)
                down, _, seconds, context = keep(browser, relay, token)
                here = engine_ready(context, token, options.rounds)
                slow = engine_ready(context, token, options.rounds, throttle=4)
                quarter = engine_ready(context, token, options.rounds, quarter=True)
                here_full = engine_ready(context, token, options.rounds, full=True)
                quarter_full = engine_ready(context, token, options.rounds, quarter=True, full=True)
                here_release = engine_ready(context, token, options.rounds, release=True)
                quarter_release = engine_ready(context, token, options.rounds, quarter=True, release=True)
                context.close()
                line = (
                    f"{mode}: keep {down / 1e6:.2f} MB on the wire, {down * 8 / 1.6e6:.1f} s at 1.6 Mbps "
                    f"(computed), {seconds:.1f} s from 127.0.0.1"
                )
                if not options.no_throttled:
                    _, downloaded, throttled, context = keep(browser, relay, token, RATE)
                    context.close()
                    line += (
                        f"; measured at 1.6 Mbps: {downloaded:.1f} s to download, {throttled:.1f} s with the "
                        f"engine's first start"
                    )
                print(line)
                print(
                    f"{mode}: engine ready on the hand form {here:.2f} s on this machine, {slow:.2f} s with the CPU "
                    f"throttled 4× (DevTools: the page's thread), {quarter:.2f} s with the whole browser held to a "
                    f"quarter of the time; medians of {options.rounds}"
                )
                print(
                    f"{mode}: without the snapshot (Python started afresh, as after a release) {here_full:.2f} s "
                    f"on this machine ({here_full / here:.1f}× the resumed start), {quarter_full:.2f} s a quarter "
                    f"of the time ({quarter_full / quarter:.1f}×)"
                )
                print(
                    f"{mode}: after a release that changed the engine (Python resumed, the engine imported on top) "
                    f"{here_release:.2f} s on this machine ({here_release / here:.1f}× the resumed start), "
                    f"{quarter_release:.2f} s a quarter of the time ({quarter_release / quarter:.1f}×)"
                )
            finally:
                relay.close()
                server.terminate()
                server.wait(timeout=10)
        browser.close()


if __name__ == "__main__":
    main()
