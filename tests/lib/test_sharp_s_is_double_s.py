"""Names compare "ß" as "ss" (README, names): "Strauß" and "Strauss" are one name at a new table, in a rename, in a
tournament's registration and in a document (a phone without signal compares names with the same ``name_key``,
games/lib/names.py, which it downloads). Capitals
already make them one ("STRAUSS" is how both are written in capitals, and "Strauß" and "STRAUß" must be one name as
"Anna" and "ANNA" are), so telling them apart would make "Strauss" and "STRAUSS" two names and "Strauß" and
"STRAUSS" one. A real Strauss who writes himself one way and is typed the other way is the likelier case than two
players at one table or tournament named only by that letter."""

import json

import pytest
from django.urls import reverse

from games.contract.names import names_problem
from games.lib.names import name_key
from games.models import Table

from ..factories import make_table
from ..tournaments.test_tournament_web import director_url, make_tournament

SPELLINGS = ["Strauss", "STRAUSS", "Strauẞ", "STRAUẞ", "strauss"]  # ẞ: the capital sharp s


@pytest.mark.parametrize("other", SPELLINGS)
def test_sharp_s_is_double_s_in_the_names_key(other):
    assert name_key("Strauß") == name_key(other)
    assert names_problem(["Strauß", other]) is not None


def test_sharp_s_does_not_join_names_that_differ_otherwise():
    assert name_key("Strauß") != name_key("Straus")
    assert name_key("Meißner") != name_key("Meisner")


@pytest.mark.django_db
def test_a_new_table_refuses_strauss_beside_strauß(client):
    data = {"player_1": "Strauß", "player_2": "Strauss", "name": ""}
    response = client.post(reverse("new_table_for", args=["two-ten-jack"]), data)
    assert response.status_code == 200 and response.context["form"].errors["player_2"]
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_rename_to_strauss_beside_strauß_is_refused(client):
    table = make_table(game="two-ten-jack", players=("Strauß", "Ben"))
    response = client.post(
        reverse("rename_player", args=[table.edit_token]), {"old": "Ben", "new": "Strauss", "version": table.version}
    )
    assert response.context["rename_form"].errors["new"]
    table.refresh_from_db()
    assert table.players == ["Strauß", "Ben"]


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["Strauss", "Ana\nSTRAUSS"])
def test_a_registration_refuses_strauss_beside_strauß(client, typed):
    tournament = make_tournament(players=["Ana", "Strauß"])
    response = client.post(director_url(tournament, "register"), {"players": typed})
    assert response.status_code == 400 and response.context["players_form"].errors["players"]
    assert list(tournament.entries.values_list("name", flat=True)) == ["Ana", "Strauß"]


@pytest.mark.django_db
def test_an_imported_table_refuses_them_as_the_form_does(client):
    document = json.dumps({"game": "two-ten-jack", "players": ["Strauß", "Strauss"], "hands": []})
    response = client.post(reverse("import"), {"document": document})
    assert "same name" in response.context["form"].errors["document"][0]
    assert not Table.objects.exists()
