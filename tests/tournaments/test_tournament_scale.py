"""The standings cost the same after 21 hands as after 2,100 (issue 23's scale): the public standings, the
projector's live view and the standings CSV read the tables' stored totals, never a replay of their hands, in a
number of queries that does not grow with the hands played. (benchmarks/tournament_standings.py times it.)"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engines import table as engine_table
from games.models import Round, Tournament
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service

pytestmark = pytest.mark.django_db

NINE = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Franc", "Gal", "Hana", "Ivo"]
SETTINGS = {
    "rules": {},
    "table_size": 3,
    "rounds": 2,
    "round_limit": {"hands": 21, "minutes": 90},
    "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
    "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
}


def playing() -> tuple[Tournament, Round]:
    tournament = service.create_tournament(
        name="DP Šmarjetna", game="slovenian-tarok", preset="tarzs", settings=SETTINGS
    )
    service.register(tournament, [(name, None) for name in NINE])
    round_ = service.start_round(service.draw_round(tournament, 1))
    return tournament, round_


def play(round_: Round, hands: int) -> None:
    """Each table of the round records ``hands`` more hands, a different seat winning at each table."""
    for round_table in round_.tables.select_related("table"):
        table = round_table.table
        for i in range(hands):
            declarer = table.players[(round_table.table_no + i) % 3]
            services.record_hand(
                table, {"contract": "three", "declarer": declarer, "points": 30 + 5 * round_table.table_no}
            )


def pages(tournament: Tournament) -> list[str]:
    return [
        reverse("tournament", args=[tournament.public_token]),
        reverse("projector_live", args=[tournament.public_token]),
        reverse("standings_live", args=[tournament.public_token]),
        reverse("standings_csv", args=[tournament.director_token]),
    ]


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_standings_make_as_many_queries_after_many_hands_as_after_one(client):
    tournament, round_ = playing()
    play(round_, 1)
    after_one = {url: queries(client, url) for url in pages(tournament)}
    play(round_, 6)
    after_seven = {url: queries(client, url) for url in pages(tournament)}
    assert after_seven == after_one, "no query per hand played"


def test_the_standings_are_the_stored_totals_without_replaying_a_hand(client, monkeypatch):
    tournament, round_ = playing()
    play(round_, 3)
    expected = engine.standings_json(engine.load(service.export(tournament)))["standings"]  # replays: the record

    def no_replay(*args, **kwargs):
        raise AssertionError("the standings replayed a table's hands")

    monkeypatch.setattr(engine_table, "replay", no_replay)
    monkeypatch.setattr(services, "export_table", no_replay)
    for url in pages(tournament):
        assert client.get(url).status_code == 200, url
    shown = client.get(pages(tournament)[0]).context["lines"]
    assert [(line["no"], line["place"]) for line in shown] == [(row["no"], row["place"]) for row in expected]
    assert len({row["place"] for row in expected}) > 1, "the tables' results tell the players apart"
