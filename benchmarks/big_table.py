#!/usr/bin/env python3
"""The expensive pages on the largest table Talon accepts: it prints figures and never fails on speed.

    .venv/bin/python benchmarks/big_table.py                      # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/big_table.py    # a throwaway PostgreSQL server

A Czech Taroky table of 20,000 hands (BIG_HANDS to change it), imported as the app imports, then through the
test client (no network): what if (one option changed), the score sheet, the CSV and JSON exports (time and
bytes), "use these rules" and its undo, and recording one more hand on the full table. Each page is asked for
from a new client address, so the limit on expensive pages does not answer instead of the page.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
_tmp = tempfile.TemporaryDirectory()
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/big.sqlite3")
os.environ.setdefault(
    "TALON_MAX_IMPORT_HANDS", "20000"
)  # the table is built by one import, as the longest table's hands

import django  # noqa: E402

django.setup()
logging.getLogger("django.request").setLevel(logging.ERROR)  # each 429 is a warning in the log

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from games.tables import services  # noqa: E402

HANDS = int(os.environ.get("BIG_HANDS", "20000"))
PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
_clients = iter(range(1, 250))


def client() -> Client:
    """A fresh client from its own address."""
    return Client(REMOTE_ADDR=f"10.0.0.{next(_clients)}")


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


def timed(label: str, call) -> object:
    start = time.perf_counter()
    response = call()
    size = "" if response is None else f"{_size(response) / 1e6:8.2f} MB"  # a streamed body is read in the time
    seconds = time.perf_counter() - start
    status = "" if response is None else f"  (status {response.status_code})"
    print(f"{label:<40} {seconds:7.2f} s {size}{status}", flush=True)
    return response


def _size(response) -> int:
    if getattr(response, "streaming", False):
        return sum(len(chunk) for chunk in response.streaming_content)
    return len(response.content)


def main() -> None:
    call_command("migrate", verbosity=0)
    doc = {"game": "czech-taroky", "players": PLAYERS, "hands": [czech_hand(i) for i in range(HANDS)]}
    table = timed(
        f"import {HANDS} hands", lambda: services.import_table(doc, name="big") and None
    ) or services.Table.objects.get(name="big")
    token = table.edit_token
    what_if = {"preset": "", "rule_step_factor": "false"}
    timed("what if (one option changed)", lambda: client().get(f"/t/{token}/what-if/", what_if))
    timed("what if, the same rules again", lambda: client().get(f"/t/{token}/what-if/", what_if))
    timed("score sheet", lambda: client().get(f"/t/{token}/sheet/"))
    timed("CSV export", lambda: client().get(f"/t/{token}/export.csv"))
    timed("JSON export", lambda: client().get(f"/t/{token}/export.json"))
    table.refresh_from_db()
    keeper = client()
    post = {**what_if, "version": str(table.version)}
    timed("use these rules", lambda: keeper.post(f"/t/{token}/what-if/", post))
    table.refresh_from_db()
    timed("undo them", lambda: keeper.post(f"/t/{token}/undo/", {"version": str(table.version)}))
    table.refresh_from_db()
    response = timed(
        "record one more hand",
        lambda: keeper.post(
            f"/t/{token}/hands/new/",
            {
                "version": str(table.version),
                "povinnost": "Anna",
                "mode": "team",
                "partner": "Cyril",
                "called": "XIX",
                "points": "60",
                "contra": "0",
            },
        ),
    )
    table.refresh_from_db()
    print(f"live hands after it: {table.hand_count}")
    other = services.import_table(
        {"game": "czech-taroky", "players": PLAYERS, "hands": [czech_hand(i) for i in range(10)]}
    )
    timed("another table's page (10 hands)", lambda: client().get(f"/t/{other.edit_token}/"))
    asker = client()
    statuses = [asker.get(f"/t/{token}/sheet/").status_code for _ in range(40)]
    print(f"one client asking for the sheet 40 times: {statuses.count(200)} × 200, {statuses.count(429)} × 429")
    del response


if __name__ == "__main__":
    main()
