"""A Břeclav money balance with halves (issue 45): typed as the sheet says it (-15,5), summed exactly, exported as a
JSON number the command reads, and refused in money's words when it is no amount of money."""

import json
from fractions import Fraction

import pytest
from django.urls import reverse

from games.models import RoundTable
from games.tournaments import services as service
from games.tournaments.engine import json_number

from ..commands import manage
from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, started

pytestmark = pytest.mark.django_db


def _breclav():
    settings = {
        "rules": {},
        "table_size": 4,
        "rounds": 4,
        "round_limit": {"minutes": 60},
        "scoring": {"measure": "balance", "tie_breaks": []},
        "draw": {"first": "schedule", "later": "schedule", "seed": 8},
    }
    tournament = make_tournament(players=NINE[:8], game="czech-taroky", preset="breclav", settings=settings)
    return tournament, started(tournament)


def test_a_balance_with_halves_is_typed_summed_exported_and_read_by_the_command(client):
    tournament, round_ = _breclav()
    typed = client.post(
        director_url(tournament, "round_result", 1),
        {"table": "1", "totals": "-15,5 20 0 -4,5"},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert typed.status_code == 302
    round_table = RoundTable.objects.get(round=round_, table_no=1)
    seats = list(round_table.seats.order_by("seat").values_list("entry__no", flat=True))
    expected = dict(zip(seats, [Fraction(-31, 2), 20, 0, Fraction(-9, 2)]))
    assert {line.no: line.measure for line in service.load_standings(tournament) if line.no in expected} == expected
    page = visible_text(
        client.get(reverse("tournament", args=[tournament.public_token]), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    )
    assert "−15,5" in page and "−4,5" in page
    exported = client.get(director_url(tournament, "tournament_json")).content.decode()
    assert json.loads(exported)["played"][0]["tables"][0]["totals"] == [-15.5, 20, 0, -4.5]
    done = manage("tournament", "standings", "-", stdin=exported)
    assert done.returncode == 0, done.stderr
    measures = {line["no"]: line["measure"] for line in json.loads(done.stdout)["standings"]}
    assert {no: measures[no] for no in expected} == {no: json_number(value) for no, value in expected.items()}


def test_a_balance_that_is_no_amount_of_money_is_refused_in_moneys_words(client):
    tournament, round_ = _breclav()
    response = client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "-15,555 15,555 0 0"})
    assert response.status_code == 400
    said = " ".join(response.context["form"].errors["totals"])
    assert "-15,555 is not an amount of money" in said and "points" not in said
    assert RoundTable.objects.get(round=round_, table_no=1).totals is None
    page = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "Money balances in seat order" in page
