#!/usr/bin/env python3
"""The standings' cost must not grow with the hands played (issue 23): they read the tables' stored totals,
never a replay. Prints figures and never fails on speed.

    .venv/bin/python benchmarks/tournament_standings.py                     # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/tournament_standings.py   # a throwaway PostgreSQL server

Two championships in one database, each of 150 players at 50 tables (tarzs, Slovenian Tarok, round 1 under way):
one whose tables have played 21 hands each, one whose tables have played 2,100 each (TS_HANDS to change it; the
hands imported in bulk as a table document is, so each table's stored totals are those of its hands). For each,
the public standings page, the projector's live view and the standings CSV are rendered (the test client, no
page cache), each the median of TS_SAMPLES, each sample after a change (the tournament's version and one table's
moved, as a hand recorded moves them), with its number of database queries; then the ratio of the two.
"""

from __future__ import annotations

import os
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

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.models import Round, Table, Tournament  # noqa: E402
from games.tables import services  # noqa: E402
from games.tournaments import services as service  # noqa: E402

PLAYERS = 150
FEW, MANY = 21, int(os.environ.get("TS_HANDS", "2100"))
SAMPLES = int(os.environ.get("TS_SAMPLES", "7"))


def tarzs(hands: int) -> dict:
    limit = {"hands": hands, "minutes": 90} if hands <= 1000 else {"minutes": 90}  # a limit is 1-1000 hands
    return {
        "rules": {},
        "table_size": 3,
        "rounds": 4,
        "round_limit": limit,
        "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
        "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
    }


def hand(i: int, table: int, players: list[str]) -> dict:
    """A varied Slovenian Tarok hand for three: games of three, two and one with card points, and beggars."""
    declarer = players[(i * 7 + table) % 3]
    if i % 5 == 4:
        return {"contract": "beggar", "declarer": declarer, "won": (i + table) % 3 != 0}
    return {
        "contract": ("three", "two", "one")[(i + table) % 3],
        "declarer": declarer,
        "points": 20 + (i * 13 + table * 5) % 31,
    }


def championship(hands: int) -> Tournament:
    """150 players, round 1 drawn and under way, every table a Talon table of ``hands`` hands."""
    tournament = service.create_tournament(
        name=f"Championship, {hands} hands a table", game="slovenian-tarok", preset="tarzs", settings=tarzs(hands)
    )
    service.register(tournament, [(f"Igralec {n:03d}", None) for n in range(1, PLAYERS + 1)])
    round_ = service.draw_round(tournament, 1)
    for round_table in round_.tables.order_by("table_no"):
        names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
        document = {
            "game": "slovenian-tarok",
            "players": names,
            "rules": {},
            "hands": [hand(i, round_table.table_no, names) for i in range(hands)],
        }
        round_table.table = services.import_table(document, name=f"table {round_table.table_no}")
        round_table.save(update_fields=["table"])
    Round.objects.filter(pk=round_.pk).update(status=Round.STARTED, started_at=timezone.now())
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    tournament.refresh_from_db()
    return tournament


def changed(tournament: Tournament) -> None:
    """What a hand recorded at a table moves: that table's version, which the watching pages follow (and the
    tournament's, as a director's change would)."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    Table.objects.filter(pk=tournament.rounds.get(number=1).tables.order_by("table_no").first().table_id).update(
        version=F("version") + 1
    )


def measure(tournament: Tournament, url: str) -> tuple[float, int, int]:
    """Median milliseconds of SAMPLES renders, each after a change; the queries of one; the size in bytes."""
    client = Client()
    assert client.get(url).status_code == 200  # warm: templates compiled, translations loaded
    samples, queries, size = [], 0, 0
    for _sample in range(SAMPLES):
        changed(tournament)
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - start
        assert response.status_code == 200, (url, response.status_code)
        samples.append(took)
        queries, size = len(captured), len(response.content)
    return statistics.median(samples) * 1000, queries, size


def main() -> None:
    call_command("migrate", verbosity=0)
    built = {}
    for hands in (FEW, MANY):
        start = time.perf_counter()
        built[hands] = championship(hands)
        print(
            f"built: {PLAYERS} players at 50 tables, {hands:,} hands a table ({50 * hands:,} hands) in "
            f"{time.perf_counter() - start:.1f} s"
        )
    pages = {
        "public standings page": lambda t: f"/p/{t.public_token}/",
        "projector live view": lambda t: f"/p/{t.public_token}/projector/live/",
        "standings CSV": lambda t: f"/d/{t.director_token}/standings.csv",
    }
    print(f"{connection.vendor}, median of {SAMPLES}, each after a change:")
    for label, url in pages.items():
        few_ms, few_queries, few_size = measure(built[FEW], url(built[FEW]))
        many_ms, many_queries, many_size = measure(built[MANY], url(built[MANY]))
        print(
            f"  {label:22} {few_ms:7.1f} ms at {FEW} hands a table, {many_ms:7.1f} ms at {MANY:,}; ratio "
            f"{many_ms / few_ms:.2f}× (target ≈ 1×); {few_queries} and {many_queries} queries; "
            f"{few_size:,} and {many_size:,} bytes"
        )


if __name__ == "__main__":
    main()
