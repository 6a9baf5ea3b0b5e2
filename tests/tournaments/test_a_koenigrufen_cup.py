"""A Königrufen cup run as the cup scores it (koenigrufen.md AT10.5, tournament.md TN5): the tournament's table rules
are chosen when it is created (the cups' sheet offered: Kontras are paid in cash, not written), shown on the
director's and the public page, carried in the tournament's document, and used by ``manage.py tournament``."""

import json

import pytest
from django.urls import reverse

from games.lib.numbers import local_number
from games.models import Round, Tournament
from games.tables import services
from games.tournaments import services as service

from ..commands import manage
from ..factories import visible_text

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bert", "Cilli", "Dieter"]


def _offered(client, url: str, language: str = "en") -> tuple[dict, object]:
    """What the new tournament's page offers, as a director who changes nothing sends it back."""
    form = client.get(url, HTTP_ACCEPT_LANGUAGE=language).context["form"]
    data = {key: "" if value is None else value for key, value in form.initial.items() if key != "rules"}
    rules = form.rules_form
    data.update({rules.add_prefix(name): rules[name].value() or "" for name in rules.fields})
    return data, form


def cup_made(client) -> Tournament:
    url = reverse("new_tournament_for", args=["koenigrufen"]) + "?preset=points"
    data, form = _offered(client, url)
    assert form.rules_form["rule_kontra_scored"].value() == "false", "the cups' sheet is offered"
    data["name"] = "Hausruckviertler Tarockcup"
    assert client.post(url, data).status_code == 302
    tournament = Tournament.objects.get(name="Hausruckviertler Tarockcup")
    service.register(tournament, [(name, None) for name in FOUR])
    return tournament


def cup_round_played(tournament: Tournament) -> dict[str, int]:
    """A Dreier of 36 with Kontra and a Piccolo won with one Kontra at the cup's table; each seat's sheet, computed
    by hand from the cup's tariff (Dreier 4, Piccolo 2, every Kontra 1 on the sheet)."""
    service.draw_round(tournament, 1)
    round_ = service.start_round(Round.objects.get(tournament=tournament, number=1))
    table = round_.tables.get().table
    a, b, c, d = table.players
    services.record_hand(table, {"contract": "dreier", "declarer": a, "points": 36, "kontra": 1})
    table.refresh_from_db()
    services.record_hand(table, {"contract": "piccolo", "declarer": b, "won": True, "kontra": {c: 1}})
    # Dreier 4 won, its Kontra not written: +12 / −4 / −4 / −4; Piccolo 2 from each opponent: +6 / −2 each
    return {a: 12 - 2, b: -4 + 6, c: -4 - 2, d: -4 - 2}


def test_a_cups_table_writes_the_dreier_and_the_piccolo_without_their_kontra(client):
    tournament = cup_made(client)
    assert tournament.settings["rules"] == {"kontra_scored": False}
    expected = cup_round_played(tournament)
    table = tournament.rounds.get().tables.get().table
    first, second = table.hands.order_by("number")
    assert list(first.scores) == [12, -4, -4, -4]
    assert list(second.scores) == [-2, 6, -2, -2]
    page = client.get(reverse("tournament", args=[tournament.public_token]))
    assert {line["name"]: line["measure"] for line in page.context["lines"]} == {
        name: local_number(value) for name, value in expected.items()
    }
    text = visible_text(page.content.decode())
    assert "Table rules: Tarockcup; Kontra counts on the sheet: no" in text
    director = visible_text(client.get(reverse("director", args=[tournament.director_token])).content.decode())
    assert "Table rules: Tarockcup; Kontra counts on the sheet: no" in director


def test_the_cups_document_carries_its_table_rules_and_the_command_scores_by_them(client):
    tournament = cup_made(client)
    expected = cup_round_played(tournament)
    exported = client.get(reverse("tournament_json", args=[tournament.director_token])).content.decode()
    document = json.loads(exported)
    assert document["rules"] == {"kontra_scored": False}
    assert document["played"][0]["tables"][0]["document"]["rules"] == {"kontra_scored": False}
    done = manage("tournament", "standings", "-", stdin=exported)
    assert done.returncode == 0, done.stderr
    assert {line["name"]: line["measure"] for line in json.loads(done.stdout)["standings"]} == expected


def test_a_table_that_played_other_rules_than_its_tournaments_is_refused_by_the_command(client):
    tournament = cup_made(client)
    cup_round_played(tournament)
    document = json.loads(client.get(reverse("tournament_json", args=[tournament.director_token])).content)
    document["played"][0]["tables"][0]["document"]["rules"] = {}  # Kontra written: +24 / −8 / −8 / −8
    done = manage("tournament", "standings", "-", stdin=json.dumps(document))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "round 1, table 1, document.rules: a table of this tournament plays the tournament's rules "
        '({"kontra_scored": false}), this table\'s differ'
    )


@pytest.mark.parametrize(
    "language, said",
    [
        ("sl", "Pravila za mizami: Tarockcup; Kontra šteje na listu: ne"),
        ("de", "Tischregeln: Tarockcup; Kontra zählt in der Schrift: nein"),
    ],
)
def test_the_cups_table_rules_are_said_in_the_readers_language(client, language, said):
    tournament = cup_made(client)
    for url in (
        reverse("tournament", args=[tournament.public_token]),
        reverse("director", args=[tournament.director_token]),
    ):
        assert said in visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())


def test_a_cups_table_document_without_rules_plays_the_cups_rules(client):
    """A table of the cup whose document names no rules plays the tournament's (the cup's sheet): the command and
    an import score it as the cup does, +12 / −4 / −4 / −4 and +6 / −2 each, not +24 / −8."""
    tournament = cup_made(client)
    expected = cup_round_played(tournament)
    document = json.loads(client.get(reverse("tournament_json", args=[tournament.director_token])).content)
    del document["played"][0]["tables"][0]["document"]["rules"]
    copy = service.import_document(document)  # an import writes the table with the cup's rules
    assert {line.name: line.measure for line in service.load_standings(copy)} == expected
    done = manage("tournament", "standings", "-", stdin=json.dumps(document))  # last: it closes the connection
    assert done.returncode == 0, done.stderr
    assert {line["name"]: line["measure"] for line in json.loads(done.stdout)["standings"]} == expected
