"""After a penalty (or a correction, or the end of the evening) the list of hands numbers the game's hands only: the
hand after a penalty at hand 1 is hand 2. A phone names every hand by that number too: the hands it keeps without
signal (a penalty kept there is "±", as the list writes it), the server's answer to a Save and to an edit after a lost
answer, the last hands of a conflict, and a refusal ("hand 2: …"). They named the row's place: 3, 4, 5."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.offline.phone import score_pending
from games.offline.views import snapshot_of
from games.tables import services
from games.tables.pages import hand_rows

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db

PENALTY = {"adjustment": {"Anna": -30, "Bára": 10, "Cyril": 10, "Dana": 10}, "reason": "revoke"}


def send(table, data, *, version, submission, **extra) -> tuple[int, dict]:
    answer = Client().post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": data, "version": version, "submission": submission, **extra}),
        content_type="application/json",
    )
    return answer.status_code, answer.json()


def listed(table) -> list[str]:
    """The list of hands' numbers, oldest first, as the table page writes them ("±" for a penalty)."""
    table.refresh_from_db()
    return [row["label"] or "±" for row in hand_rows(table, services.live_hands(table), can_edit=True)]


def test_the_hands_a_phone_keeps_are_numbered_as_the_list_will_number_them():
    table = make_table(hands=[team_hand(), PENALTY])
    kept = [team_hand(points=40), PENALTY, team_hand(points=50)]
    scored = score_pending(snapshot_of(table), [*kept, {"povinnost": "Nobody"}])
    on_the_phone = [row["number"] or "±" for row in scored["rows"]]
    assert on_the_phone == [2, "±", 3] and scored["error"]["number"] == 4
    for i, data in enumerate(kept):
        table.refresh_from_db()
        assert send(table, data, version=table.version, submission=f"s{i}")[0] == 200
    assert listed(table) == [1, "±", *on_the_phone]


def test_the_servers_answers_to_a_phone_name_a_hand_by_its_number_on_the_list():
    table = make_table(hands=[team_hand(), PENALTY])
    status, saved = send(table, team_hand(points=40), version=table.version, submission="s1")
    assert status == 200 and saved["number"] == 2 == listed(table)[2]
    status, edited = send(
        table, team_hand(points=30), version=saved["snapshot"]["version"], submission="s1", then="edit", change="e1"
    )
    assert status == 200 and edited["number"] == 2
    seen = table.version
    services.record_hand(table, team_hand(points=70))  # another phone's hand 3
    table.refresh_from_db()
    status, conflict = send(table, team_hand(points=20), version=seen, submission="s2")
    assert status == 409 and "Hand 3 recorded" in conflict["changes"][-1]
    assert [hand["number"] for hand in conflict["recent"]] == [2, 3] == listed(table)[2:]
    status, refused = send(table, {"povinnost": "Nobody"}, version=table.version, submission="s3")
    assert status == 422 and refused["error"].startswith("The server refused this hand: hand 4: povinnost: ")
