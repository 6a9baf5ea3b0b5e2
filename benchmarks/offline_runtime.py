#!/usr/bin/env python3
"""The phone's runtime for a table kept without signal: its size (as stored and compressed) and its start-up in
Debian's Chromium, against Talon on this machine (runserver, SQLite in a temporary folder).

    .venv/bin/python benchmarks/offline_runtime.py [--rounds 5]

Prints: what "keep this table" downloads; the keep itself (download from 127.0.0.1, then the engine's first
start); the engine's start on later page loads, from the phone's cache (cold: a new browser; warm: the same
browser again); a preview on the phone against one from the server; and the table's totals after 200 unsent
hands. Medians; never fails on speed. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sizes() -> None:
    from django.conf import settings

    from games.offline.bundle import RUNTIME_FILES, engine_bundle, stdlib_bundle
    from games.offline.runtime import compressed

    raw, packed = 0, 0
    engine = engine_bundle()[0].encode()
    for data in [*((settings.PYODIDE_DIR / name).read_bytes() for name in RUNTIME_FILES), stdlib_bundle()[0], engine]:
        raw += len(data)
        packed += min(len(data), len(compressed(data, "br")))  # what is not smaller is sent as it is
    print(
        f"runtime: Pyodide {settings.PYODIDE_VERSION} (its standard library cut to what the engine runs) + the "
        f"engine files: {raw / 1e6:.1f} MB as stored, "
        f"{packed / 1e6:.1f} MB compressed (brotli; what whitenoise and the offline views send a browser that "
        f"accepts it); engine files alone {len(engine) / 1e3:.0f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    tmp = tempfile.mkdtemp(prefix="talon-offline-")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    from games.tables import services

    sizes()
    call_command("migrate", verbosity=0)
    players = ["Anna", "Bára", "Cyril", "Dana"]
    table = services.create_table(game="czech-taroky", players=players)
    for i in range(20):
        services.record_hand(table, {"povinnost": players[i % 4], "partner": players[(i + 2) % 4], "points": 40 + i})
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    try:
        measure(base, table, rounds, tmp)
    finally:
        server.terminate()


def measure(base: str, table, rounds: int, tmp: str) -> None:
    from playwright.sync_api import sync_playwright

    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    table_url, form_url = f"{base}/t/{table.edit_token}/", f"{base}/t/{table.edit_token}/hands/new/"
    with sync_playwright() as playwright:
        profile = f"{tmp}/profile"
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=args, viewport={"width": 390, "height": 844}
        )
        page = context.new_page()
        page.goto(table_url)
        page.evaluate("navigator.serviceWorker.ready")
        page.locator("details.keep summary").click()
        started = time.perf_counter()
        page.locator("[data-keep]").click()
        page.locator("[data-keep-status]", has_text="keeps this table").wait_for(timeout=120_000)
        print(f"keep (download from 127.0.0.1 and first start): {time.perf_counter() - started:.2f} s")

        def start_up(page) -> float:
            started = time.perf_counter()
            page.goto(form_url)
            page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
            return time.perf_counter() - started

        warm = [start_up(page) for _ in range(rounds)]
        context.close()
        cold = []
        for _ in range(rounds):  # a new browser on the same phone profile: the runtime comes from its cache
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", args=args, viewport={"width": 390, "height": 844}
            )
            cold.append(start_up(context.new_page()))
            page = context.pages[-1]
            if len(cold) < rounds:
                context.close()
        print(
            f"engine start on the hand form, from the phone's cache: {statistics.median(cold):.2f} s in a new "
            f"browser, {statistics.median(warm):.2f} s on a later page load; medians of {rounds}"
        )

        def preview_time(marker: str) -> float:
            page.fill("input[name=points]", "")
            page.locator("label.tap:has(input[name=partner][value=Dana])").first.click()
            started = time.perf_counter()
            page.fill("input[name=points]", "58")
            page.locator("#preview", has_text=marker).wait_for()
            page.locator("#preview .score").first.wait_for()
            return time.perf_counter() - started

        here = [preview_time("Computed on this phone") for _ in range(rounds)]
        timings = page.evaluate(
            """async (count) => {
            const worker = new Worker('/static/js/engine-worker.js', { type: 'module' });
            const call = (id, name, args) => new Promise((resolve) => {
                worker.onmessage = (e) => resolve(e.data); worker.postMessage({ id, call: name, args }); });
            const runtime = await (await fetch('/offline/runtime.json')).json();
            const files = (await (await fetch(runtime.files[runtime.files.length - 1].url)).json()).files;
            await call(1, 'start', { index: runtime.index, files, words: {} });
            const snapshot = await (await fetch(location.pathname.replace('hands/new/', 'offline.json'))).json();
            const names = snapshot.players, pending = [];
            for (let i = 0; i < count; i++) pending.push({ povinnost: names[i % 4], partner: names[(i + 1) % 4], points: 30 + (i % 40) });
            const started = performance.now();
            const answer = await call(2, 'table', { snapshot, pending });
            return { ms: performance.now() - started, rows: answer.result.rows.length };
        }""",
            200,
        )
        context.close()
    print(
        f"a preview computed on the phone (a typed number to the payout painted): "
        f"{statistics.median(here) * 1000:.0f} ms; median of {rounds}"
    )
    print(f"the table's totals after {timings['rows']} unsent hands, on the phone: {timings['ms']:.0f} ms")


if __name__ == "__main__":
    main()
