#!/usr/bin/env python3
"""Talon's benchmarks: they print figures and never fail on speed.

    .venv/bin/python benchmarks/run.py            # on a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/run.py   # on a throwaway PostgreSQL server

(a) throughput and median latency of the table page of a 1,000-hand table against a trivial Django view, as a
    ratio (target ≥ 0.5); (b) SQL queries of the table page at 10 and 1,000 hands (equal, ≤ 10); (c) queries and
    median latency of recording a hand; (d) time to replay 10,000 hands after an edit of the first (< 1 s);
    (e) bytes of the table page's first load, HTML + CSS + JS, gzip-compressed (≤ 40 KB).
"""

from __future__ import annotations

import gzip
import os
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

from django.contrib.staticfiles import finders  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from games import services  # noqa: E402
from games.models import Change, Hand, Table  # noqa: E402

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))


def czech_hand(i: int) -> dict:
    povinnost = PLAYERS[i % 4]
    if i % 5 == 4:
        return {"povinnost": povinnost, "mode": "prever", "prever": PLAYERS[(i + 1) % 4], "talon": 1 + i % 3,
                "points": (i * 37) % 107}
    return {"povinnost": povinnost, "partner": PLAYERS[(i + 2) % 4], "points": (i * 53) % 107,
            "contra": i % 3, "declarations": [{"player": PLAYERS[(i + 1) % 4], "kind": "trul"}] if i % 7 == 0 else []}


def table_with(count: int) -> Table:
    """A table of ``count`` hands, stored the way the app stores them, scored by one replay."""
    table = services.create_table(game="czech-taroky", players=PLAYERS, name=f"{count} hands")
    hands = Hand.objects.bulk_create(Hand(table=table, seq=i + 1, data=czech_hand(i)) for i in range(count))
    Change.objects.bulk_create(Change(table=table, hand=h, kind=Change.RECORDED, after=h.data) for h in hands)
    with_scores = services.replay_table(table)
    for hand, result in zip(hands, with_scores.results):
        hand.scores = [result.scores[p] for p in PLAYERS]
    Hand.objects.bulk_update(hands, ["scores"], batch_size=2000)
    table.totals = with_scores.totals
    table.summary = services.status_of(table, with_scores)
    table.save()
    return table


def timed_gets(client: Client, url: str, seconds: float) -> tuple[float, float]:
    """Requests per second and median latency (ms) of GET url, for ``seconds``."""
    latencies = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        response = client.get(url)
        latencies.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return len(latencies) / sum(latencies), statistics.median(latencies) * 1000


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"Talon benchmarks on {connection.vendor} ({connection.settings_dict['NAME']})")
    small, big = table_with(10), table_with(1000)
    client = Client()
    page = f"/t/{big.edit_token}/"
    client.get(page)  # warm up: the session, the templates

    # (a) the table page against a trivial view
    trivial_rps, trivial_ms = timed_gets(client, "/healthz", SECONDS)
    page_rps, page_ms = timed_gets(client, page, SECONDS)
    print(f"(a) table page, 1,000 hands: {page_rps:,.0f} req/s, median {page_ms:.2f} ms; trivial view: "
          f"{trivial_rps:,.0f} req/s, median {trivial_ms:.2f} ms; ratio {page_rps / trivial_rps:.2f} (target ≥ 0.5)")

    # (b) queries of the table page
    cold, warm = [], []
    for table in (small, big):
        client.get(f"/t/{table.edit_token}/")  # both remembered in this phone's session first
    for table in (small, big):
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/t/{table.edit_token}/")
        cold.append(len(queries))
        with CaptureQueriesContext(connection) as queries:
            client.get(f"/t/{table.edit_token}/")
        warm.append(len(queries))
    print(f"(b) table page queries: rendered {cold[0]} at 10 hands, {cold[1]} at 1,000 hands; from the page cache "
          f"{warm[0]} and {warm[1]} (target: equal, ≤ 10)")

    # (c) recording a hand on the 1,000-hand table, through the view as a phone does
    latencies, queries_each = [], []
    for i in range(30):
        big.refresh_from_db()
        data = {"povinnost": PLAYERS[i % 4], "mode": "team", "partner": PLAYERS[(i + 1) % 4], "points": str(40 + i),
                "contra": "0", "version": str(big.version)}
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.post(f"/t/{big.edit_token}/hands/new/", data)
            latencies.append(time.perf_counter() - start)
        assert response.status_code == 302, response.status_code
        queries_each.append(len(queries))
    print(f"(c) recording a hand (1,000-hand table): median {statistics.median(latencies) * 1000:.1f} ms, "
          f"{statistics.median(queries_each):.0f} queries")

    # (d) an edit of the first of 10,000 hands replays every later one
    huge = table_with(10_000)
    first = Hand.objects.get(table=huge, seq=1)
    start = time.perf_counter()
    services.edit_hand(first, {"povinnost": "Anna", "partner": "Bára", "points": 99})
    elapsed = time.perf_counter() - start
    print(f"(d) edit of the first of 10,000 hands, replaying all: {elapsed * 1000:.0f} ms (target < 1 s)")

    # (e) the first load of the table page: HTML, CSS and JS, gzip-compressed
    html = client.get(page).content
    assets = re.findall(rb'(?:href|src)="/static/([^"]+\.(?:css|js))"', html)
    sizes = {"HTML": len(gzip.compress(html, 9))}
    for asset in assets:
        path = finders.find(asset.decode())
        sizes[asset.decode()] = len(gzip.compress(Path(path).read_bytes(), 9))
    total = sum(sizes.values())
    detail = ", ".join(f"{name} {size / 1024:.1f}" for name, size in sizes.items())
    print(f"(e) first load of the table page: {total / 1024:.1f} KB compressed ({detail}) (target ≤ 40 KB)")


if __name__ == "__main__":
    main()
