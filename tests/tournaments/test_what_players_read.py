"""What players read (issue 45): the value of every tie-break that decided an order, on the public page, the
projector and the CSV (a tie-break named in the reader's words, never "score=170")."""

import csv
import io

import pytest
from django.urls import reverse

from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, started

pytestmark = pytest.mark.django_db


def _level_at_minus_6():
    """Two players at −6 points: one first at a table where all lost more, one third at the other table; better
    table places decide (one first against none), the best round (−6 each) does not."""
    settings = {
        "rules": {},
        "table_size": 3,
        "rounds": 2,
        "round_limit": {"hands": 16},
        "scoring": {"measure": "points", "tie_breaks": ["places", "best-round"]},
        "draw": {"first": "random", "later": "random", "seed": 7},
    }
    tournament = make_tournament(players=NINE[:6], preset="points", settings=settings)
    round_ = started(tournament)
    first, second = round_.tables.order_by("table_no")
    service.type_result(round_, first, [-6, -10, -20])
    service.type_result(round_, second, [10, 0, -6])
    winner = first.seats.get(seat=0).entry
    third = second.seats.get(seat=2).entry
    return tournament, winner, third


def _line(text: str, name: str) -> str:
    return next(line for line in text.split("\n") if name in line and "place" in line)


def test_the_tie_break_that_decided_is_shown_with_its_value_on_the_public_page_and_the_projector(client):
    tournament, winner, third = _level_at_minus_6()
    lines = client.get(reverse("tournament", args=[tournament.public_token])).context["lines"]
    order = [line["no"] for line in lines]
    assert order.index(winner.no) < order.index(third.no), "one first against none"
    shown = {line["no"]: dict(line["tie_breaks"]) for line in lines}
    assert shown[winner.no] == {"places": "1× place 1", "best round": "−6"}
    assert shown[third.no] == {"places": "1× place 3", "best round": "−6"}
    for url in (
        reverse("tournament", args=[tournament.public_token]),
        reverse("projector", args=[tournament.public_token]),
    ):
        text = visible_text(client.get(url).content.decode())
        assert "places 1× place 1 · best round −6" in text and "places 1× place 3 · best round −6" in text


@pytest.mark.parametrize(
    "language, header, places",
    [
        ("en", ["Place", "Start number", "Player", "Points", "Places", "Best round"], "1× place 1"),
        ("sl", ["Mesto", "Štartna številka", "Igralec", "Točke", "Mesta", "Najboljši krog"], "1× 1. mesto"),
        ("de", ["Platz", "Startnummer", "Spieler", "Punkte", "Platzierungen", "Beste Runde"], "1× Platz 1"),
    ],
)
def test_the_csv_names_each_tie_break_in_the_directors_language_and_writes_its_value(client, language, header, places):
    tournament, winner, _third = _level_at_minus_6()
    text = client.get(director_url(tournament, "standings_csv"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == header
    row = next(row for row in rows[1:] if row[1] == str(winner.no))
    assert row[3:] == ["-6", places, "-6"]
    assert "=" not in text
