"""A house rule's own check (Königrufen's bonus values are even: silent counts half) is made by the rules form
itself, wherever that form is: the message goes beside that option, in the player's language, and nothing is
saved, not even a circle's rules (which no table checks until one starts from them)."""

import pytest
from django.urls import reverse

from games.models import Circle, Table

from ..factories import make_table

pytestmark = pytest.mark.django_db
FOUR = ("Anna", "Bert", "Cilli", "Dieter")
ODD = {"rule_value_uhu": "5"}


def only_beside_the_uhu(response, words: str) -> None:
    form = response.context["form"]
    assert [words in message for message in form.errors["rule_value_uhu"]] == [True]
    assert not form.non_field_errors()


@pytest.mark.parametrize(("language", "words"), [("en", "even number"), ("cs", "sudé číslo")])
def test_an_odd_bonus_value_in_a_tables_settings_is_refused_beside_it(client, language, words):
    table = make_table(game="koenigrufen", players=FOUR)
    client.cookies["django_language"] = language
    response = client.post(reverse("settings", args=[table.edit_token]), {"version": table.version, **ODD})
    assert response.status_code == 200
    only_beside_the_uhu(response, words)
    table.refresh_from_db()
    assert table.rules == {} and table.version == 0


def test_an_odd_bonus_value_for_a_new_table_is_refused_beside_it(client):
    players = {f"player_{i}": name for i, name in enumerate(FOUR, start=1)}
    response = client.post(reverse("new_table_for", args=["koenigrufen"]), {**players, **ODD})
    assert response.status_code == 200
    only_beside_the_uhu(response, "even number")
    assert not Table.objects.exists()


def test_an_odd_bonus_value_is_not_saved_as_a_circles_rules(client):
    circle = Circle.objects.create(name="Donnerstag", players=list(FOUR))
    response = client.post(reverse("circle_rules", args=[circle.token, "koenigrufen"]), ODD)
    assert response.status_code == 200
    only_beside_the_uhu(response, "even number")
    circle.refresh_from_db()
    assert circle.rules == {}


def test_what_if_with_an_odd_bonus_value_says_so_beside_it(client):
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.get(reverse("what_if", args=[table.edit_token]), ODD)
    assert response.status_code == 200
    only_beside_the_uhu(response, "even number")


def test_an_even_bonus_value_is_saved(client):
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("settings", args=[table.edit_token]), {"version": table.version, "rule_value_uhu": "6"}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rules == {"value_uhu": 6}
