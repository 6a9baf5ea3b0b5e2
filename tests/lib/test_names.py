"""Names, everywhere a name comes in (new table, import, settle, circles, this phone's name): 1 to 40 characters, no
space at either end, no control character (NUL included), no unpaired surrogate. Refused with a message next to
the field, nothing saved; and shown isolated, so that a right-to-left name cannot reorder the text around it."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.table import InvalidTable, settle
from games.models import Circle, Table

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db
BAD_NAMES = {
    "empty": "",
    "long": "x" * 41,
    "10,000 characters": "x" * 10_000,
    "space at the end": "Ben ",
    "NUL": "Be\x00n",
    "control character": "Be\x07n",
    "lone surrogate": "Be\ud800n",
    "newline": "Be\nn",
}
NEW = {"player_1": "Anna", "player_2": "Bára", "player_3": "Cyril", "player_4": "Dana"}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_import_and_settle_refuse_a_bad_name(client, name):
    document = {"game": "czech-taroky", "players": ["Anna", "Bára", "Cyril", name], "hands": [team_hand()]}
    with pytest.raises(InvalidTable, match="players: name 4"):
        settle(document)
    text = json.dumps(document)  # as a file would carry it: a lone surrogate as \\ud800
    response = client.post(reverse("import"), {"document": text})
    assert response.status_code == 200 and Table.objects.count() == 0
    assert "name 4" in response.content.decode()
    assert client.get(reverse("home")).status_code == 200


FORM_NAMES = {k: n for k, n in BAD_NAMES.items() if n.strip() == n and "\n" not in n and "\ud800" not in n}


@pytest.mark.parametrize("name", FORM_NAMES.values(), ids=FORM_NAMES.keys())  # a form cannot carry a lone surrogate
def test_a_new_table_refuses_a_bad_name_next_to_its_field(client, name):
    response = client.post(reverse("new_table_for", args=["czech-taroky"]), NEW | {"player_4": name})
    assert response.status_code == 200 and Table.objects.count() == 0
    assert response.context["form"].errors["player_4"]


def test_a_new_table_trims_spaces_around_a_name(client):
    client.post(reverse("new_table_for", args=["czech-taroky"]), NEW | {"player_4": "  Dana "})
    assert Table.objects.get().players[3] == "Dana"


@pytest.mark.parametrize("name", ["x" * 41, "Be\x07n", "Be\x00n"])
def test_a_circle_refuses_a_bad_name(client, name):
    response = client.post(reverse("new_circle"), {"name": "Club", "players": f"Anna\n{name}"})
    assert response.status_code == 200 and Circle.objects.count() == 0
    assert response.context["form"].errors["players"]


@pytest.mark.parametrize("name", ["x" * 41, "Be\x07n", "Be\x00n"])
def test_a_phone_name_is_refused_and_later_changes_still_work(client, name):
    table = make_table()
    response = client.post(reverse("device"), {"device": name, "next": "/"}, follow=True)
    assert "was not saved" in response.content.decode()
    assert client.session.get("device", "") == ""
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {
            "povinnost": "Anna",
            "mode": "team",
            "partner": "Cyril",
            "points": "63",
            "contra": "0",
            "version": str(table.version),
        },
    )
    assert table.hands.count() == 1


def test_names_are_isolated_wherever_they_stand_in_text(client):
    rtl = "\u202eNed"  # right-to-left override: would flip what follows unless isolated
    table = make_table(players=("Anna", "Bára", "Cyril", rtl), hands=[team_hand(partner=rtl, points=70)])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert f"<bdi>Anna + {rtl}</bdi>" in page or f"<bdi>{rtl}</bdi>" in page
    detail = client.get(reverse("hand", args=[table.edit_token, 1])).content.decode()
    assert f"<bdi>{rtl}</bdi>" in detail
    assert Client().get(reverse("view_table", args=[table.view_token])).status_code == 200
