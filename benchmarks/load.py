#!/usr/bin/env python3
"""A bounded load test on loopback: gunicorn serving Talon on PostgreSQL, phones at many tables.

    .ci/with-postgres .venv/bin/python benchmarks/load.py [--clients 60] [--seconds 60] [--tables 15]

The clients behave like phones. At each table one phone keeps score and the others watch. Every open table
page polls for changes every 3 s (with the version it shows; a 204 while nothing changed). The scorekeeper opens
the hand form, sends a live preview for each of a few taps, saves (with htmx, as the app does: the answer is the
table page), then pauses a few seconds before the next hand. A save counts as a success only when the hand was
recorded (the answer carries HX-Push-Url); one refused (another phone changed the table, or bad input) counts
as refused, never as a success. It prints requests, errors (any 5xx, 4xx or failed connection), the median and
p95 per kind of request, and saves recorded and refused; it stops by itself. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(env: dict[str, str], tables: int) -> list[str]:
    """Migrate and create the tables (200 hands each); returns their edit tokens."""
    code = ("import django, json; django.setup(); from django.core.management import call_command; "
            "call_command('migrate', verbosity=0); from games import services; tokens = []\n"
            f"P = {PLAYERS!r}\n"
            f"for n in range({tables}):\n"
            "    doc = {'game': 'czech-taroky', 'players': P, 'hands': [{'povinnost': P[i % 4], "
            "'partner': P[(i + 2) % 4], 'points': (i * 53) % 107} for i in range(200)]}\n"
            "    tokens.append(services.import_table(doc).edit_token)\n"
            "print(json.dumps(tokens))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


class Phone:
    def __init__(self, base: str, token: str, seed: int):
        self.base, self.token, self.rng = base, token, random.Random(seed)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                                  NoRedirect)
        self.timings: list[tuple[str, float, int]] = []
        self.recorded = self.refused = 0
        self.version = "0"

    def call(self, kind: str, url: str, data: dict | None = None, htmx: bool = False) -> tuple[int, str, dict]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = {"Referer": self.base + url, **({"HX-Request": "true"} if htmx else {})}
        request = urllib.request.Request(self.base + url, data=body, headers=headers)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                status, text, got = response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as error:
            status, text, got = error.code, "", dict(error.headers or {})
        except OSError:
            status, text, got = 0, "", {}
        self.timings.append((kind, time.perf_counter() - start, status))
        return status, text, got

    def open_table(self) -> None:
        _status, page, _headers = self.call("table page", f"/t/{self.token}/")
        self.seen(page)

    def seen(self, page: str) -> None:
        version = re.search(r'id="live"[^>]*data-version="(\d+)"', page)
        if version:
            self.version = version.group(1)

    def wait(self, seconds: float, until: float) -> None:
        """Sit at the table for ``seconds``, the page polling every 3 s as the app's pages do."""
        end = min(time.perf_counter() + seconds, until)
        while time.perf_counter() < end:
            time.sleep(min(3.0, max(0.0, end - time.perf_counter())))
            if time.perf_counter() < until:
                status, text, _headers = self.call("poll", f"/t/{self.token}/live/?v={self.version}")
                if status == 200:
                    self.seen(text)

    def record(self) -> None:
        _status, form, _headers = self.call("hand form", f"/t/{self.token}/hands/new/")
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        version = re.search(r'name="version" value="(\d+)"', form)
        if not (csrf and version):
            return
        i = self.rng.randrange(4)
        data = {"csrfmiddlewaretoken": csrf.group(1), "version": version.group(1), "povinnost": PLAYERS[i],
                "mode": "team", "contra": "0"}
        for step in ({"partner": PLAYERS[(i + 1) % 4]}, {"points": str(self.rng.randint(0, 106))}, {}):
            data.update(step)
            self.call("preview", f"/t/{self.token}/preview/", data, htmx=True)
            time.sleep(self.rng.uniform(0.3, 1.0))
        status, page, headers = self.call("save", f"/t/{self.token}/hands/new/", {**data, "save": "1"}, htmx=True)
        if status == 200 and "HX-Push-Url" in headers:
            self.recorded += 1
            self.seen(page)
        else:
            self.refused += 1


def run_phone(phone: Phone, keeper: bool, until: float, done: list, lock: threading.Lock) -> None:
    phone.open_table()
    while time.perf_counter() < until:
        if keeper:
            phone.record()
        phone.wait(phone.rng.uniform(4, 12), until)
    with lock:
        done.append(phone)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("load.py: run it under .ci/with-postgres (it needs PostgreSQL in DATABASE_URL)")

    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "0",
           "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR", "PYTHONWARNINGS": "ignore:No directory at"}
    tokens = prepare(env, args.tables)
    gunicorn = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "scorekeeper.wsgi",
                                 "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers), "--threads", "4",
                                 "--log-level", "warning", "--no-control-socket"],
                                cwd=ROOT, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        done: list[Phone] = []
        lock = threading.Lock()
        until = time.perf_counter() + args.seconds
        threads = [threading.Thread(target=run_phone, args=(Phone(base, tokens[i % len(tokens)], i),
                                                            i < len(tokens), until, done, lock))
                   for i in range(args.clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(args.seconds + 60)
        elapsed = time.perf_counter() - started
    finally:
        gunicorn.terminate()
        gunicorn.wait(10)

    timings = [t for phone in done for t in phone.timings]
    errors = sum(1 for _kind, _t, status in timings if status == 0 or status >= 400)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, seconds, _status in timings:
        by_kind[kind].append(seconds * 1000)
    recorded, refused = sum(p.recorded for p in done), sum(p.refused for p in done)

    def p95(values: list[float]) -> float:
        return sorted(values)[max(0, int(len(values) * 0.95) - 1)]

    print(f"load: {args.clients} phones at {args.tables} tables for {args.seconds:.0f} s against gunicorn "
          f"({args.workers} workers) on PostgreSQL: {len(timings):,} requests ({len(timings) / elapsed:,.0f}/s), "
          f"{errors} errors; saves: {recorded} recorded, {refused} refused")
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:10} {len(values):6,}  median {statistics.median(values):6.0f} ms  p95 {p95(values):6.0f} ms")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
