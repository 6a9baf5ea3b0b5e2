#!/usr/bin/env python3
"""What ratings cost: it prints figures and never fails on speed.

    .venv/bin/python benchmarks/ratings.py                      # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/ratings.py    # a throwaway PostgreSQL server

A circle of 12 players and 1,000 closed Czech Taroky evenings of 4 (RATINGS_TABLES to change it), written in bulk
(a table, a hand and its closing each, with the stored totals and states a real table leaves): the time to read
every table's events from its hands and rate the circle (``manage.py ratings --circle``), to rebuild the circle's
ratings from the stored events alone, to end one more evening (its result rated on from the stored ratings) and
to edit a hand of the first evening (the circle rebuilt), and the circle page. Then a league:
10 tournaments of 150 players, each of 5 rounds at 50 tables of 3 (2,500 events), fed to ``rate()`` directly, and
the same league stored (its round tables' results typed, written in bulk): the time to rebuild its ratings from the
rows (what a round's close, a correction or a closed round's table changed costs), its page, and a seeded draw of
its next tournament ranked by them.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
_tmp = tempfile.TemporaryDirectory()
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/ratings.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Circle, Entry, Hand, League, Round, RoundTable, Seat, Table, Tournament  # noqa: E402
from games.ratings import core as ratings  # noqa: E402
from games.ratings import store as ratings_store  # noqa: E402
from games.slovenian_tarok import engine as slovenian_tarok  # noqa: E402
from games.tables import services  # noqa: E402
from games.tournaments import services as tournament_service  # noqa: E402

TABLES = int(os.environ.get("RATINGS_TABLES", "1000"))
PLAYERS = [f"Player {n}" for n in range(1, 13)]


def timed(label: str, work) -> float:
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    print(f"{label}: {seconds:.2f} s")
    return seconds


def build_circle() -> Circle:
    """A circle of TABLES closed evenings, each four of its players, written in bulk from one real evening."""
    circle = Circle.objects.create(name="Benchmark", players=PLAYERS)
    model = services.create_table(game="czech-taroky", players=PLAYERS[:4])
    services.record_hand(model, {"povinnost": PLAYERS[0], "partner": PLAYERS[2], "points": 70})
    services.record_hand(model, {"closing": True})
    first, closing = model.hands.order_by("seq")
    model.refresh_from_db()
    rng = random.Random(24)
    tables = []
    for _ in range(TABLES):
        players = rng.sample(PLAYERS, 4)
        totals = [rng.choice((-9, -5, 5, 9)) for _ in range(3)]
        totals.append(-sum(totals))
        tables.append(
            Table(
                game="czech-taroky",
                players=players,
                circle=circle,
                totals=dict(zip(players, totals)),
                summary=model.summary,
                state=model.state,
                hand_count=2,
            )
        )
    Table.objects.bulk_create(tables, batch_size=500)
    hands = []
    start = datetime.now(UTC) - timedelta(days=TABLES + 1)  # an evening a day, the last one yesterday
    for table in Table.objects.filter(circle=circle).order_by("pk"):
        totals = [table.totals[p] for p in table.players]
        hands.append(
            Hand(
                table=table,
                seq=1,
                data={**first.data, "povinnost": table.players[0], "partner": table.players[2]},
                scores=totals,
                number=1,
                totals=totals,
                state=first.state,
            )
        )
        hands.append(
            Hand(table=table, seq=2, data=closing.data, scores=[0] * 4, number=2, totals=totals, state=closing.state)
        )
    Hand.objects.bulk_create(hands, batch_size=1000)
    for n, hand in enumerate(Hand.objects.filter(table__circle=circle, seq=2).order_by("table_id")):
        Hand.objects.filter(pk=hand.pk).update(created_at=start + timedelta(days=n))
    return circle


def league_events() -> list[ratings.Event]:
    rng = random.Random(23)
    names = [f"Player {n}" for n in range(1, 301)]  # two regions' players: the tournaments share most of them
    events = []
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for tournament in range(10):
        field = rng.sample(names, 150)
        for round_ in range(5):
            rng.shuffle(field)
            for table in range(50):
                seated = field[3 * table : 3 * table + 3]
                totals = {name: rng.randint(-60, 60) for name in seated}
                events.append(
                    ratings.round_table_event(
                        "slovenian-tarok",
                        slovenian_tarok.RANKING,
                        start + timedelta(days=30 * tournament, hours=round_),
                        (tournament, round_, table),
                        seated,
                        totals,
                    )
                )
    return events


LEAGUE_SETTINGS = {
    "rules": {},
    "table_size": 3,
    "rounds": 5,
    "round_limit": {"hands": 21, "minutes": 120},
    "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
    "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
}


def build_league() -> League:
    """The league of ``league_events`` as rows: 10 tournaments, each 5 closed rounds of 50 tables typed from
    paper, written in bulk."""
    league = League.objects.create(name="Benchmark league")
    rng = random.Random(23)
    names = [f"Player {n}" for n in range(1, 301)]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(10):
        tournament = Tournament.objects.create(
            name=f"Tournament {number + 1}",
            game="slovenian-tarok",
            preset="tarzs",
            settings=LEAGUE_SETTINGS,
            league=league,
        )
        field = rng.sample(names, 150)
        entries = {
            name: entry
            for name, entry in zip(
                field,
                Entry.objects.bulk_create(
                    [Entry(tournament=tournament, no=i + 1, name=name) for i, name in enumerate(field)]
                ),
            )
        }
        for round_no in range(1, 6):
            round_ = Round.objects.create(
                tournament=tournament,
                number=round_no,
                status=Round.CLOSED,
                closed_at=start + timedelta(days=30 * number, hours=round_no),
            )
            rng.shuffle(field)
            made = RoundTable.objects.bulk_create(
                [
                    RoundTable(round=round_, table_no=table + 1, totals=[rng.randint(-60, 60) for _ in range(3)])
                    for table in range(50)
                ]
            )
            made = list(round_.tables.order_by("table_no"))
            Seat.objects.bulk_create(
                [
                    Seat(round_table=made[table], round=round_, entry=entries[name], seat=i)
                    for table in range(50)
                    for i, name in enumerate(field[3 * table : 3 * table + 3])
                ]
            )
    return league


def page_ok(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200 and b"rating-number" in response.content, response.status_code


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"Ratings: a circle of {len(PLAYERS)} players and {TABLES:,} closed evenings of 4")
    circle = build_circle()
    timed(
        "  every table's events from its hands, then the circle rated (manage.py ratings --circle)",
        lambda: ratings_store.rebuild_all([circle]),
    )
    timed(
        "  the circle rebuilt from its stored results (what a change of an earlier table costs)",
        lambda: ratings_store.rebuild_circle(circle.pk, "czech-taroky"),
    )
    evening = services.create_table(game="czech-taroky", players=PLAYERS[:4], circle=circle)
    services.record_hand(evening, {"povinnost": PLAYERS[0], "partner": PLAYERS[2], "points": 70})
    timed(
        "  ending one more evening of the circle (rated on from the stored ratings)",
        lambda: services.record_hand(evening, {"closing": True}),
    )
    first = circle.tables.order_by("pk").first()
    timed(
        "  editing a hand of the circle's first evening (the circle rebuilt)",
        lambda: services.edit_hand(
            first.hands.get(seq=1), {"povinnost": first.players[0], "partner": first.players[2], "points": 20}
        ),
    )
    client = Client()
    client.get("/rules/ratings/")  # the templates compiled once, as a running server has them
    timed("  the circle page", lambda: client.get(f"/c/{circle.token}/"))
    timed(
        "  the circle page with tonight's chances",
        lambda: client.get(f"/c/{circle.token}/?game=czech-taroky&plays=Player+1&plays=Player+2&plays=Player+3"),
    )
    events = league_events()
    print(f"A league: 10 tournaments of 150 players, 5 rounds at 50 tables of 3 ({len(events):,} events)")
    history = []
    timed("  rate() over the whole season", lambda: history.append(ratings.rate(events)))
    rated = history[0].ratings["slovenian-tarok"]
    timed(
        "  current_ranking of 150 players (a seeded-thirds draw)",
        lambda: ratings.current_ranking("slovenian-tarok", list(rated)[:150], history[0].ratings),
    )
    print("The same league stored (every round table typed from paper)")
    league = build_league()
    timed(
        "  its ratings rebuilt from the rows (a round closed, a correction, a closed round's table changed)",
        lambda: tournament_service.rate_pool(ratings_store.Pool(league=league)),
    )
    timed("  the league page", lambda: page_ok(client, f"/l/{league.public_token}/"))
    next_one = Tournament.objects.create(
        name="Next", game="slovenian-tarok", preset="tarzs", settings=LEAGUE_SETTINGS, league=league
    )
    Entry.objects.bulk_create([Entry(tournament=next_one, no=i, name=f"Player {i}") for i in range(1, 151)])
    timed(
        "  round 1 of its next tournament ranked by the ratings and drawn (seeded-thirds)",
        lambda: (tournament_service.rank_by_ratings(next_one), tournament_service.draw_round(next_one, 1)),
    )


if __name__ == "__main__":
    main()
