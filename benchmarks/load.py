#!/usr/bin/env python3
"""A bounded load test on loopback: gunicorn serving Talon on PostgreSQL, many phones viewing and recording.

    .ci/with-postgres .venv/bin/python benchmarks/load.py [--clients 50] [--seconds 60]

Every client has its own cookies, opens its table page, and one view in five records a hand through the real
form (CSRF token and the version it saw, so a hand that loses a race is refused with a message, not lost).
It prints requests, errors (any 4xx/5xx or failed connection), the latency median and p95, and stops by
itself. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import http.cookiejar
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
    """Migrate and create the tables the phones will use; returns their edit tokens."""
    code = ("import django, json; django.setup(); from django.core.management import call_command; "
            "call_command('migrate', verbosity=0); from games import services; tokens = []\n"
            f"for n in range({tables}):\n"
            "    doc = {'game': 'czech-taroky', 'players': %r, 'hands': [{'povinnost': %r[i %% 4], 'partner': %r[(i + 2) %% 4],"
            " 'points': (i * 53) %% 107} for i in range(200)]}\n"
            "    tokens.append(services.import_table(doc).edit_token)\n"
            "print(json.dumps(tokens))") % (PLAYERS, PLAYERS, PLAYERS)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    import json

    return json.loads(out.stdout.strip().splitlines()[-1])


def phone(base: str, token: str, until: float, results: list, lock: threading.Lock, seed: int) -> None:
    rng = random.Random(seed)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    own: list[tuple[float, int]] = []

    def call(url: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(base + url, data=body, headers={"Referer": base + url})
        start = time.perf_counter()
        try:
            with opener.open(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, ""
        except OSError:
            status, text = 0, ""
        own.append((time.perf_counter() - start, status))
        return status, text

    while time.perf_counter() < until:
        call(f"/t/{token}/")
        if rng.random() < 0.2:
            status, form = call(f"/t/{token}/hands/new/")
            csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
            version = re.search(r'name="version" value="(\d+)"', form)
            if csrf and version:
                i = rng.randrange(4)
                call(f"/t/{token}/hands/new/", {
                    "csrfmiddlewaretoken": csrf.group(1), "version": version.group(1), "povinnost": PLAYERS[i],
                    "mode": "team", "partner": PLAYERS[(i + 1) % 4], "points": str(rng.randint(0, 106)),
                    "contra": "0"})
    with lock:
        results.extend(own)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("load.py: run it under .ci/with-postgres (it needs PostgreSQL in DATABASE_URL)")

    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "0",
           "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR"}
    tokens = prepare(env, args.tables)
    gunicorn = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "scorekeeper.wsgi",
                                 "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers), "--threads", "4",
                                 "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        results: list[tuple[float, int]] = []
        lock = threading.Lock()
        until = time.perf_counter() + args.seconds
        threads = [threading.Thread(target=phone, args=(base, tokens[i % len(tokens)], until, results, lock, i))
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

    latencies = sorted(t for t, _ in results)
    errors = sum(1 for _, status in results if status == 0 or status >= 400)
    p95 = latencies[int(len(latencies) * 0.95) - 1] * 1000 if latencies else 0
    print(f"load: {args.clients} clients for {args.seconds:.0f} s against gunicorn ({args.workers} workers) on "
          f"PostgreSQL: {len(results):,} requests ({len(results) / elapsed:,.0f}/s), {errors} errors, "
          f"median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95:.0f} ms")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
