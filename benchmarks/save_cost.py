#!/usr/bin/env python3
"""What a Save costs the server at the 10th hand and at the 10,000th: it prints figures and never fails on speed.

    .venv/bin/python benchmarks/save_cost.py                      # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/save_cost.py    # a throwaway PostgreSQL server

Two Czech Taroky tables, of 9 and of 9,999 hands (a penalty among them; SAVE_HANDS to change the larger), imported
as the app imports them; then a hand is saved through the form at each, turn about (so that the machine's other work
falls on both alike), each Save carrying its own submission token as the page's form does: the median time of each,
their ratio (target: within 1.2×), and the queries a Save makes and the most rows any of them reads on SQLite
(EXPLAIN QUERY PLAN: a search of the whole table's rows by its id alone is a scan of the table).
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
_tmp = tempfile.TemporaryDirectory()
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/save.sqlite3")
os.environ.setdefault("TALON_MAX_IMPORT_HANDS", "20000")  # the tables are built by import, as a long evening's

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from run import PLAYERS, czech_hand  # noqa: E402

from games.models import Table  # noqa: E402
from games.tables import services  # noqa: E402

LARGE = int(os.environ.get("SAVE_HANDS", "10000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "60"))
PENALTY = {"adjustment": {"Anna": -30, "Bára": 10, "Cyril": 10, "Dana": 10}, "reason": "revoke"}


def table_of(count: int) -> Table:
    """A table whose next Save is its ``count``-th hand: a penalty at its third place, hands around it."""
    hands = [czech_hand(i) for i in range(count - 2)]
    return services.import_table(
        {"game": "czech-taroky", "players": PLAYERS, "hands": [*hands[:2], PENALTY, *hands[2:]]}
    )


def save(client: Client, table: Table, i: int) -> tuple[float, list[str]]:
    table.refresh_from_db()
    data = {
        "povinnost": table.summary["next_povinnost"] or "Anna",
        "mode": "team",
        "partner": PLAYERS[(i + 2) % 4],
        "points": str(40 + i % 30),
        "contra": "0",
        "version": str(table.version),
        "submission": secrets.token_urlsafe(16),
        "save": "1",
    }
    with CaptureQueriesContext(connection) as captured:
        start = time.perf_counter()
        response = client.post(f"/t/{table.edit_token}/hands/new/", data)
        seconds = time.perf_counter() - start
    assert response.status_code == 302, response.status_code
    return seconds, [query["sql"] for query in captured.captured_queries]


def scans(queries: list[str]) -> list[str]:
    """SQLite's plan lines that read a table's every row: a scan, or a search by the table's id alone among its
    hands, their facts or its history."""
    if connection.vendor != "sqlite":
        return []
    found = []
    with connection.cursor() as cursor:
        for sql in queries:
            if not sql.startswith("SELECT") or sql.startswith('SELECT MAX("games_hand"."seq")'):
                continue  # the last place: one entry of the index of places, read from its end
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
            for *_ids, detail in cursor.fetchall():
                whole = detail.startswith("SCAN games_") or detail.endswith("(table_id=?)")
                if whole and any(name in detail for name in ("games_hand", "games_change")):
                    found.append(detail)
    return found


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"A Save at the 10th and the {LARGE:,}th hand on {connection.vendor}; {ROUNDS} Saves each, medians")
    small, large = table_of(10), table_of(LARGE)
    client = Client()
    for table in (small, large):
        client.get(f"/t/{table.edit_token}/")  # templates compiled, the session made
    times: dict[int, list[float]] = {small.pk: [], large.pk: []}
    queries: dict[int, list[str]] = {}
    for i in range(ROUNDS):
        for table in (small, large) if i % 2 else (large, small):
            seconds, queries[table.pk] = save(client, table, i)
            times[table.pk].append(seconds)
    at_small, at_large = (statistics.median(times[t.pk]) * 1000 for t in (small, large))
    print(
        f"a Save at the 10th hand: {at_small:.2f} ms; at the {LARGE:,}th: {at_large:.2f} ms; "
        f"ratio {at_large / at_small:.2f}× (target ≤ 1.2×)"
    )
    print(f"queries of a Save: {len(queries[small.pk])} and {len(queries[large.pk])}")
    if connection.vendor == "sqlite":
        whole = scans(queries[large.pk])
        print(f"plan lines reading the whole table at {LARGE:,} hands: {len(whole)} {whole or ''}")


if __name__ == "__main__":
    main()
