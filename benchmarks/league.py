#!/usr/bin/env python3
"""What a league costs as it grows (issue 48): it prints figures and never fails on speed.

    .venv/bin/python benchmarks/league.py                      # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/league.py    # a throwaway PostgreSQL server

LEAGUE_TOURNAMENTS tournaments (50 by default, the most a league holds), each of 100 Schnapsen players drawn from a
pool of 500 names, 4 rounds at 50 tables of two typed from paper (imported), are added to one league one by one
through the director's page: the time of each addition (at 1, 10, 25 and 49 tournaments), then a change of the last
tournament (a player's name corrected) and the league's public page after it and again, with its size and
queries, and this process's resident memory (what a worker keeps) before and after. The last tournament is played
in Talon: a hand recorded at one of its tables before it joins the league and once it has.
"""

from __future__ import annotations

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
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/league.sqlite3")
os.environ.setdefault("TALON_EXPENSIVE_PER_WINDOW", "1000000")  # one client asks for everything here

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from games.models import League, Round, Tournament  # noqa: E402
from games.tables import services as tables  # noqa: E402
from games.tournaments import services  # noqa: E402

TOURNAMENTS = int(os.environ.get("LEAGUE_TOURNAMENTS", "50"))
PLAYERS, POOL, ROUNDS = 100, 500, 4
SHOWN = {1, 10, 25, TOURNAMENTS - 1}


def rss_mb() -> float:
    """This process's resident memory now (what a worker holds), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def document(n: int) -> dict:
    rng = random.Random(n)
    names = rng.sample([f"Spieler {k:03d}" for k in range(1, POOL + 1)], PLAYERS)
    played = []
    for number in range(1, ROUNDS + 1):
        order = list(range(1, PLAYERS + 1))
        rng.shuffle(order)
        tables = [
            {
                "table": i + 1,
                "seats": order[2 * i : 2 * i + 2],
                "totals": [rng.randrange(0, 200), rng.randrange(0, 200)],
                "bummerl": [rng.randrange(0, 3), rng.randrange(0, 3)],
            }
            for i in range(PLAYERS // 2)
        ]
        played.append({"round": number, "tables": tables})
    return {
        "tournament": f"Cup {n}",
        "game": "schnapsen",
        "preset": "points",
        "table_size": 2,
        "rounds": ROUNDS,
        "draw": {"seed": n},
        "players": [{"no": no, "name": name} for no, name in enumerate(names, start=1)],
        "played": played,
    }


def timed_get(client: Client, url: str) -> tuple[float, float, int, int]:
    """Wall clock and this process's CPU time (which a busy shared machine does not inflate), queries, bytes."""
    with CaptureQueriesContext(connection) as captured:
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        took, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    assert response.status_code == 200, (url, response.status_code)
    return took, cpu, len(captured), len(response.content)


def main() -> None:
    call_command("migrate", verbosity=0)
    league = League.objects.create(name="Season", settings={"points_table": [25, 20, 16, 13, 11, 10], "best": 8})
    director = Client()
    public = reverse("league", args=[league.public_token])
    print(
        f"{connection.vendor}: a league of {TOURNAMENTS} tournaments, each {PLAYERS} players of {POOL}, {ROUNDS} "
        f"rounds at {PLAYERS // 2} tables of two (typed, imported)"
    )
    start_rss, adds = rss_mb(), []
    for n in range(1, TOURNAMENTS):  # the last one is played in Talon: hand_costs
        tournament = services.import_document(document(n))
        start, start_cpu = time.perf_counter(), time.process_time()
        response = director.post(
            reverse("league_add", args=[league.director_token]), {"link": tournament.director_token}
        )
        took, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        assert response.status_code == 302, response.status_code
        adds.append(took)
        if n in SHOWN:
            print(f"  adding tournament {n:2}: {took * 1000:7.0f} ms ({cpu * 1000:.0f} ms CPU)")
    print(f"  memory while adding: {start_rss:.0f} MB before, {rss_mb():.0f} MB after")
    last = Tournament.objects.filter(league=league).order_by("-created_at", "-pk").first()
    entry = last.entries.order_by("no").first()
    start, start_cpu = time.perf_counter(), time.process_time()
    services.rename_entry(entry, entry.name + " Jr")
    print(
        f"  a change of the last tournament (a name corrected): {(time.perf_counter() - start) * 1000:.0f} ms "
        f"({(time.process_time() - start_cpu) * 1000:.0f} ms CPU)"
    )
    visitor = Client()
    after, cpu, queries, size = timed_get(visitor, public)
    again = statistics.median(timed_get(visitor, public)[1] for _ in range(5))
    print(
        f"  public league page: {after * 1000:.0f} ms after the change ({cpu * 1000:.0f} ms CPU), "
        f"{again * 1000:.0f} ms CPU again (median of 5); {queries} queries, {size:,} bytes"
    )
    page = reverse("league_director", args=[league.director_token])
    took, cpu, queries, size = timed_get(director, page)
    print(
        f"  director's league page: {took * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU), {queries} queries, {size:,} bytes"
    )
    hand_costs(league)
    print(f"  memory at the end: {rss_mb():.0f} MB")


def record_ms(round_table) -> float:
    """CPU milliseconds of this process for a hand recorded, median of 5."""
    players = round_table.table.players
    samples = []
    for i in range(5):
        start = time.process_time()
        tables.record_hand(round_table.table, {"winner": players[i % 2], "game_points": 1})
        samples.append(time.process_time() - start)
        round_table.table.refresh_from_db()
    return statistics.median(samples) * 1000


def hand_costs(league: League) -> None:
    """A hand recorded at a Talon table of a round under way, in a tournament of 100 players out of any league and
    then in this one (each hand stores the tournament's season and the league's standings again)."""
    tournament = services.create_tournament(
        name="Next cup", game="schnapsen", preset="points", settings={"table_size": 2, "rounds": 4, "draw": {"seed": 7}}
    )
    services.register(tournament, [(f"Spieler {k:03d}", None) for k in range(1, PLAYERS + 1)])
    services.draw_round(tournament, 1)
    round_ = services.start_round(Round.objects.get(tournament=tournament, number=1))
    first, second = round_.tables.select_related("table").order_by("table_no")[:2]
    alone = record_ms(first)
    start = time.process_time()
    services.add_to_league(league, Tournament.objects.get(pk=tournament.pk))
    added = time.process_time() - start
    inside = record_ms(second)
    print(
        f"  adding tournament {league.tournaments.count()} (a round under way): {added * 1000:.0f} ms CPU; a hand "
        f"recorded at one of its tables: {alone:.0f} ms CPU before it joined, {inside:.0f} ms CPU in the league "
        f"(median of 5)"
    )


if __name__ == "__main__":
    main()
