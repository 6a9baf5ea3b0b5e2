#!/usr/bin/env python3
"""A tap on Save to the new totals painted, in Debian's Chromium on a slow phone network (300 ms latency,
1.6 Mbps down, 750 kbps up), against Talon served as in production (gunicorn, compressed static files, SQLite).

    .venv/bin/python benchmarks/tap_to_paint.py [--rounds 7]

With JavaScript a Save costs one round trip: the answer to the POST is the updated table page (htmx swaps it
in). It also measures the way a phone without JavaScript saves (post/redirect/get: two round trips).
Prints medians; never fails on speed. Only 127.0.0.1 is contacted.
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
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
SLOW = {"offline": False, "latency": 300, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(tmp: str) -> tuple[subprocess.Popen, str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp}/tap.sqlite3",
        "TALON_PRODUCTION": "1",
        "SECURE_SSL_REDIRECT": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": f"{tmp}/static",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "LOG_LEVEL": "ERROR",
    }
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    code = (
        "import django; django.setup(); from games.tables import services\n"
        f"P = {PLAYERS!r}\n"
        "doc = {'game': 'czech-taroky', 'players': P, 'hands': [{'povinnost': P[i % 4], 'partner': P[(i + 2) % 4], "
        "'points': (i * 53) % 107} for i in range(40)]}\n"
        "print(services.import_table(doc, name='Friday').edit_token)"
    )
    token = (
        subprocess.run([python, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        .stdout.strip()
        .splitlines()[-1]
    )
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(python).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--log-level",
            "warning",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    return server, base, token


PAINTED = """() => { window.__painted = new Promise((resolve) => {
  const watch = new MutationObserver(() => {
    if (!document.querySelector("h1.table-title")) return;
    watch.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - window.__tapped)));
  });
  watch.observe(document.body, { childList: true, subtree: true });
}); window.__tapped = performance.now(); }"""


def one_save(page, base: str, token: str, htmx: bool) -> float:
    """Open the hand form, fill it in, then time a tap on Save until the table page with the new totals is
    painted, measured in the page (performance.now, two animation frames after the swap), or for the
    post/redirect/get way, the new document's first contentful paint since the tap."""
    page.goto(f"{base}/t/{token}/hands/new/")
    page.locator("label.tap:has(input[name=partner][value='Cyril'])").first.click()
    page.fill("input[name=points]", "63")
    page.locator("#preview .explanation").wait_for()  # the live preview has answered: nothing else in flight
    client = page.context.new_cdp_session(page)
    client.send("Network.enable")
    client.send("Network.emulateNetworkConditions", SLOW)
    if htmx:
        page.evaluate(PAINTED)
        page.get_by_role("button", name="Save hand").dispatch_event("click")
        elapsed = page.evaluate("window.__painted")
    else:  # as a phone without JavaScript: the form posts, the answer redirects, the table page loads
        with page.expect_navigation():
            page.evaluate("document.querySelector('form.hand-form').submit()")
        page.locator("h1.table-title").wait_for()
        elapsed = page.evaluate("""() => new Promise((resolve) => { const find = () => {
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            paint ? resolve(paint.startTime) : setTimeout(find, 20); }; find(); })""")
    client.send(
        "Network.emulateNetworkConditions", {**SLOW, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    )
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, base, token = serve(tmp)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium",
                    args=[
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--no-first-run",
                    ],
                )
                results = {}
                for htmx in (True, False):
                    context = browser.new_context(
                        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers="block"
                    )
                    page = context.new_page()
                    page.goto(f"{base}/t/{token}/")  # the phone has the CSS and scripts already
                    results[htmx] = [one_save(page, base, token, htmx) for _ in range(args.rounds)]
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    with_js, without = statistics.median(results[True]), statistics.median(results[False])
    print(
        f"tap on Save to new totals painted, 300 ms latency, 1.6 Mbps: {with_js:.0f} ms with JavaScript "
        f"(one round trip; target < 450 ms), {without:.0f} ms without (post/redirect/get); medians of "
        f"{args.rounds}"
    )


if __name__ == "__main__":
    main()
