"""A phone's refused hand names the hand's field as ``settle`` and an import do (``hand 2: points: …``): the server's
answer to a hand sent from the phone, and the phone's own objection to a kept hand or to its form's preview. The
phone has no field of a form to put a message beside, so the line says which one."""

import json

import pytest

from games.engines import table as engine_table
from games.engines.table import InvalidTable
from games.offline import phone

from ..engines.test_phone import snapshot_after
from ..factories import make_table, team_hand
from .test_offline_views import send

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
TOO_MANY = team_hand(points=200)  # a team game's card points are 0 to 70


def settle_says(hands: list) -> str:
    """What ``manage.py settle`` says of the same table (one line: where, the field and why)."""
    with pytest.raises(InvalidTable) as caught:
        engine_table.replay(engine_table.setup("czech-taroky", {}, PLAYERS), hands)
    return caught.value.line()


@pytest.mark.django_db
def test_the_servers_answer_to_a_refused_sent_hand_names_its_field_as_settle_does(client):
    table = make_table(hands=[team_hand()])
    answer = send(client, table, TOO_MANY, version=table.version)
    assert answer.status_code == 422
    said = settle_says([team_hand(), TOO_MANY])
    assert said.startswith("hand 2: points: ")
    assert answer.json()["error"] == f"The server refused this hand: {said}"
    assert table.hands.count() == 1


@pytest.mark.django_db
def test_an_edit_sent_after_a_lost_answer_and_refused_names_its_field_too(client):
    table = make_table(hands=[team_hand()])
    send(client, table, team_hand(points=40), version=table.version)
    table.refresh_from_db()
    answer = send(client, table, TOO_MANY, version=table.version, then="edit", change="e1")
    assert answer.status_code == 422
    assert answer.json()["error"] == f"The server refused this hand: {settle_says([team_hand(), TOO_MANY])}"


def test_the_phones_objection_to_a_kept_hand_names_its_field():
    snapshot = snapshot_after("czech-taroky", PLAYERS, [team_hand()])
    error = phone.score_pending(json.loads(json.dumps(snapshot)), [TOO_MANY])["error"]
    assert error["number"] == 2
    assert f"hand {error['number']}: {error['message']}" == settle_says([team_hand(), TOO_MANY])


def test_the_phones_preview_of_its_form_names_the_field():
    snapshot = snapshot_after("czech-taroky", PLAYERS, [])
    fields = {"povinnost": "Anna", "mode": "team", "partner": "Cyril", "points": 200}
    answer = phone.preview_hand(snapshot, [], fields)
    assert answer["error"]["message"].startswith("points: ")
