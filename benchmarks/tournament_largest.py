#!/usr/bin/env python3
"""The largest tournament the format's limits allow (games.tournaments.engine: MOST_PLAYERS, MOST_SEATS,
MOST_CORRECTIONS), imported and shown (issue 30): what an import of it costs and counts, and how long each public
and director page takes. Prints figures and never fails on speed; the pages should answer well under a second.

    .venv/bin/python benchmarks/tournament_largest.py                     # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/tournament_largest.py   # a throwaway PostgreSQL server

The tournament: Schnapsen at tables of two (the most tables for its players), MOST_PLAYERS players over as many
rounds as MOST_SEATS leaves them (every round typed from paper and closed), MOST_CORRECTIONS corrections, in a
league. Each page is the median of TL_SAMPLES renders (the test client), each after a change of the tournament
(its standings worked out again) and again in the same state (the standings kept for it), with its number of
database queries.
"""

from __future__ import annotations

import json
import os
import random
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
from django.urls import reverse  # noqa: E402

from games.models import League, Tournament  # noqa: E402
from games.tournaments import engine as engine  # noqa: E402
from games.tournaments import services as service  # noqa: E402

SAMPLES = int(os.environ.get("TL_SAMPLES", "5"))
SIZE = 2


def largest() -> dict:
    """The document: every round played at tables of two, seats drawn at random (reproducibly)."""
    players = engine.MOST_PLAYERS
    rounds = engine.MOST_SEATS // players
    rng = random.Random(2026)
    played = []
    for number in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        tables = []
        for index in range(players // SIZE):
            seats = order[index * SIZE : (index + 1) * SIZE]
            tables.append(
                {
                    "table": index + 1,
                    "seats": seats,
                    "totals": [rng.randrange(0, 200) for _ in seats],
                    "bummerl": [rng.randrange(0, 3) for _ in seats],
                }
            )
        played.append({"round": number, "tables": tables})
    corrections = [
        {
            "round": 1 + i % rounds,
            "table": 1 + i % (players // SIZE),
            "totals": [66, 40],
            "bummerl": [0, 1],
            "reason": f"appeal {i}",
            "at": "2026-05-01T18:30:00+02:00",
        }
        for i in range(engine.MOST_CORRECTIONS)
    ]
    return {
        "tournament": "The largest",
        "game": "schnapsen",
        "preset": "points",
        "table_size": SIZE,
        "rounds": rounds,
        "draw": {"seed": 2026},
        "players": [{"no": no, "name": f"Spieler {no:03d}"} for no in range(1, players + 1)],
        "played": played,
        "corrections": corrections,
    }


def changed(tournament: Tournament) -> None:
    """What a director's change moves: the tournament's version (so its standings are worked out again)."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)


def measure(url: str, tournament: Tournament | None = None) -> tuple[float, float, int, int]:
    """Median milliseconds of SAMPLES renders (wall clock, and this process's CPU time), each after a change when
    ``tournament`` is given; the queries of one; the page's size in bytes."""
    client = Client()
    assert client.get(url).status_code == 200, url  # warm: templates compiled, translations loaded
    samples, cpu, queries, size = [], [], 0, 0
    for _sample in range(SAMPLES):
        if tournament is not None:
            changed(tournament)
        with CaptureQueriesContext(connection) as captured:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        assert response.status_code == 200, (url, response.status_code)
        samples.append(took)
        cpu.append(took_cpu)
        queries, size = len(captured), len(response.content)
    return statistics.median(samples) * 1000, statistics.median(cpu) * 1000, queries, size


def main() -> None:
    call_command("migrate", verbosity=0)
    document = largest()
    text = json.dumps(document)
    start = time.perf_counter()
    tournament = service.import_document(json.loads(text))
    took = time.perf_counter() - start
    tables = sum(len(item["tables"]) for item in document["played"])
    print(
        f"{connection.vendor}: {len(document['players'])} players, {len(document['played'])} rounds, {tables:,} "
        f"tables, {len(document['corrections'])} corrections, {len(text):,} bytes"
    )
    print(
        f"  import                 {took * 1000:7.0f} ms; counts as {service.import_cost(document, len(text))} "
        f"long pages"
    )
    league = League.objects.create(name="Season")
    service.add_to_league(league, Tournament.objects.get(pk=tournament.pk))
    public, director = tournament.public_token, tournament.director_token
    pages = {
        "public standings": reverse("tournament", args=[public]),
        "projector": reverse("projector", args=[public]),
        "projector live": reverse("projector_live", args=[public]),
        "a player's page": reverse("tournament_player", args=[public, 1]),
        "find a table": reverse("find_table", args=[public]) + "?q=Spieler+250",
        "a round's tables": reverse("public_round", args=[public, 1]),
        "league": reverse("league", args=[league.public_token]),
        "director": reverse("director", args=[director]),
        "director's round": reverse("director_round", args=[director, 1]),
        "standings CSV": reverse("standings_csv", args=[director]),
    }
    print(
        f"  median of {SAMPLES}, each after a change of the tournament / again in the same state; wall clock "
        f"(this process's CPU time, which a busy shared machine does not inflate):"
    )
    for label, url in pages.items():
        ms, cpu, queries, size = measure(url, tournament)
        again, again_cpu, _queries, _size = measure(url)
        print(
            f"  {label:18} {ms:6.0f} ({cpu:4.0f}) ms / {again:5.0f} ({again_cpu:4.0f}) ms, {queries:3} queries, "
            f"{size:8,} bytes"
        )


if __name__ == "__main__":
    main()
