#!/usr/bin/env python3
"""Talon's benchmarks: they print figures and never fail on speed.

    .venv/bin/python benchmarks/run.py                        # on a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/run.py      # on a throwaway PostgreSQL server

Everything a phone gets, measured in one run as ratios between a table of 10 hands and one of 10,000 (the test
client, every page rendered: Talon keeps no page cache):
(a) the table page rendered (target: within 1.5×); (b) recording a hand through the form (within 1.5×);
(c) the table page's HTML (within 1.3×); (d) the first load, HTML + CSS + JS compressed (≤ 40 KB at any size);
(e) the bytes a watching phone receives per change, and per poll while nothing changes; (f) an edit of the first
of 10,000 hands (scores every later hand again); (g) importing: the most hands one import brings (5,000), and
documents of one more and of 100,000, refused at once. benchmarks/tap_to_paint.py measures a Save in Chromium on a slow network; benchmarks/load.py
loads gunicorn on PostgreSQL with phone-like clients.
"""

from __future__ import annotations

import gzip
import json
import os
import posixpath
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
_tmp = tempfile.TemporaryDirectory()
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles import finders  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games.models import Hand, Table  # noqa: E402
from games.tables import services  # noqa: E402

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "40"))


def czech_hand(i: int) -> dict:
    povinnost = PLAYERS[i % 4]
    if i % 5 == 4:
        return {
            "povinnost": povinnost,
            "mode": "prever",
            "prever": PLAYERS[(i + 1) % 4],
            "talon": 1 + i % 3,
            "points": (i * 37) % 107,
        }
    hand = {"povinnost": povinnost, "partner": PLAYERS[(i + 2) % 4], "points": (i * 53) % 107}
    if i % 3:
        hand["contra"] = i % 3
    if i % 7 == 0:
        hand["declarations"] = [{"player": PLAYERS[(i + 1) % 4], "kind": "trul"}]
    return hand


def document(count: int) -> dict:
    return {"game": "czech-taroky", "players": PLAYERS, "hands": [czech_hand(i) for i in range(count)]}


def table_with(count: int) -> Table:
    """A table of ``count`` hands, stored as the app stores them (the import writes them in bulk; more hands than
    one import brings through the page, as a table records them one by one)."""
    with override_settings(TALON_MAX_IMPORT_HANDS=settings.TALON_MAX_HANDS):
        return services.import_table(document(count), name=f"{count} hands")


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def page_ms(client: Client, url: str) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return median_ms(times)


def record_ms(client: Client, table: Table) -> tuple[float, int]:
    """Recording a hand through the form, as a phone without JavaScript does (the POST; the page after it is (a))."""
    times, queries = [], []
    for i in range(ROUNDS):
        table.refresh_from_db()
        data = {
            "povinnost": table.summary["next_povinnost"] or "Anna",
            "mode": "team",
            "partner": PLAYERS[i % 4],
            "points": str(40 + i % 30),
            "contra": "0",
            "version": str(table.version),
            "save": "1",
        }
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.post(f"/t/{table.edit_token}/hands/new/", data)
            times.append(time.perf_counter() - start)
        assert response.status_code == 302, response.status_code
        queries.append(len(captured))
    return median_ms(times), int(statistics.median(queries))


# a module's static imports (import … from "./x.js";, import "./x.js";), as the browser finds them
MODULE_IMPORT = re.compile(rb'^(?:import|export)(?: [^;]* from)? ?"(\.\.?/[^"]+\.js)";', re.MULTILINE)


def first_load(asset: str) -> list[str]:
    """A file the page links and, for a module script, every module it imports: the browser fetches them all before
    the page's script runs."""
    files, todo = [], [asset]
    while todo:
        name = todo.pop(0)
        if name not in files:
            files.append(name)
            source = Path(finders.find(name)).read_bytes() if name.endswith(".js") else b""
            todo += [
                posixpath.normpath(posixpath.join(posixpath.dirname(name), found.decode()))
                for found in MODULE_IMPORT.findall(source)
            ]
    return files


def ratio(small: float, big: float) -> str:
    return f"{big / small:.2f}×"


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"Talon benchmarks on {connection.vendor}; {ROUNDS} rounds per figure, medians")
    start = time.perf_counter()
    small = table_with(10)
    build_small = time.perf_counter() - start
    big = table_with(10_000)
    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    for table in (small, big):
        client.get(f"/t/{table.edit_token}/")  # the session remembers both; templates compiled

    # (a) the table page, rendered every time
    a = [page_ms(client, f"/t/{t.edit_token}/") for t in (small, big)]
    print(
        f"(a) table page rendered: {a[0]:.2f} ms at 10 hands, {a[1]:.2f} ms at 10,000; ratio {ratio(*a)} "
        "(target ≤ 1.5×)"
    )

    # (b) recording a hand
    (b_small, q_small), (b_big, q_big) = record_ms(client, small), record_ms(client, big)
    print(
        f"(b) recording a hand: {b_small:.2f} ms at 10 hands, {b_big:.2f} ms at 10,000; ratio "
        f"{ratio(b_small, b_big)}; {q_small} and {q_big} queries (target ≤ 1.5×)"
    )

    # (c) HTML of the table page
    html = [Client().get(f"/t/{t.edit_token}/").content for t in (small, big)]
    print(
        f"(c) table page HTML: {len(html[0]) / 1024:.1f} KB at 10 hands, {len(html[1]) / 1024:.1f} KB at 10,000; "
        f"ratio {ratio(len(html[0]), len(html[1]))} (target ≤ 1.3×)"
    )

    # (d) the first load at 10,000 hands: HTML as served (gzip) and the CSS and JS it links, with the modules a script
    # imports (as whitenoise serves them compressed in production, each file on its own)
    response = client.get(f"/t/{big.edit_token}/")
    sizes = {"HTML": len(response.content)}
    assert response.get("Content-Encoding") == "gzip", "dynamic pages are compressed"
    for asset in re.findall(rb'(?:href|src)="/static/([^"]+\.(?:css|js))"', gzip.decompress(response.content)):
        files = first_load(asset.decode())
        name = asset.decode() + (f" with {len(files) - 1} modules" if len(files) > 1 else "")
        sizes[name] = sum(len(gzip.compress(Path(finders.find(file)).read_bytes(), 9)) for file in files)
    detail = ", ".join(f"{name} {size / 1024:.1f}" for name, size in sizes.items())
    print(f"(d) first load, 10,000 hands: {sum(sizes.values()) / 1024:.1f} KB compressed ({detail}) (target ≤ 40 KB)")

    # (e) what a watching phone receives: nothing while nothing changes, then only what changed
    watcher = Client(HTTP_ACCEPT_ENCODING="gzip")
    big.refresh_from_db()
    idle = watcher.get(f"/v/{big.view_token}/live/?v={big.version}")
    services.record_hand(big, czech_hand(3))
    changed = watcher.get(f"/v/{big.view_token}/live/?v={big.version}")
    whole = watcher.get(f"/v/{big.view_token}/")
    print(
        f"(e) a watching phone: {len(idle.content)} bytes per poll while nothing changes (HTTP {idle.status_code}); "
        f"{len(changed.content):,} bytes compressed for a new hand (the whole page would be "
        f"{len(whole.content):,})"
    )

    # (f) an edit of the first of 10,000 hands scores every later hand again
    first = Hand.objects.get(table=big, seq=1)
    start = time.perf_counter()
    services.edit_hand(first, {"povinnost": "Anna", "partner": "Bára", "points": 99})
    print(
        f"(f) edit of the first of 10,000 hands, scoring every later one again: "
        f"{(time.perf_counter() - start) * 1000:,.0f} ms"
    )

    # (g) import through the page: the most hands one import brings, and documents beyond the bounds, refused
    most = settings.TALON_MAX_IMPORT_HANDS
    start = time.perf_counter()
    response = Client(REMOTE_ADDR="10.0.0.1").post("/import/", {"document": json.dumps(document(most))})
    at_most = time.perf_counter() - start
    assert response.status_code == 302, "imported"
    refusals = []
    for n, text in enumerate((json.dumps(document(most + 1)), json.dumps(document(100_000))), start=2):
        start = time.perf_counter()
        response = Client(REMOTE_ADDR=f"10.0.0.{n}").post("/import/", {"document": text})  # each a fresh allowance
        refusals.append(f"{len(text) / 1e6:.1f} MB refused in {(time.perf_counter() - start) * 1000:.0f} ms")
        assert response.status_code == 200 and Table.objects.count() == 3, "refused, nothing saved"
    print(
        f"(g) import: {most:,} hands in {at_most:.2f} s (10 hands {build_small * 1000:.0f} ms); "
        f"{most + 1:,} hands ({refusals[0]}); 100,000 hands ({refusals[1]}) "
        f"(limits: {most:,} hands an import, {settings.TALON_MAX_DOCUMENT / 2**20:.0f} MB)"
    )


if __name__ == "__main__":
    main()
