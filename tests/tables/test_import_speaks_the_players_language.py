"""An imported document is refused in the player's language, every word of it: the number of players a game takes
("4 or 5", "2 to 6" too) and what is wrong with text that is not JSON (where, not Python's English). Nothing is
saved."""

import json

import pytest
from django.urls import reverse

from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "game", "players", "said", "not_said"),
    [
        ("sl", "koenigrufen", 3, "4 ali 5", " or "),
        ("cs", "slovenian-tarok", 2, "3 nebo 4", " or "),
        ("de", "two-ten-jack", 7, "2 bis 6", " to "),
        ("en", "koenigrufen", 6, "4 or 5", " ali "),
    ],
)
def test_the_number_of_players_a_game_takes_is_said_in_the_players_language(
    client, language, game, players, said, not_said
):
    client.cookies["django_language"] = language
    document = {"game": game, "players": [f"P{i}" for i in range(1, players + 1)], "hands": []}
    response = client.post(reverse("import"), {"document": json.dumps(document)})
    assert response.status_code == 200
    [message] = response.context["form"].errors["document"]
    assert said in message and not_said not in message
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"game": "koenigrufen",\n "players": ["A" "B"]}', "řádek 2, sloupec 18"),
        ('{"game": "koenigrufen", "players": [], "hands": [{"points": NaN}]}', "NaN není číslo JSON"),
        ('{"hands": [{"points": ' + "9" * 5000 + "}]}", "víc než 4300 číslic"),
        ("[" * 40 + "]" * 40, "vnořený hlouběji než 16"),
        ('{"game": "koenigrufen", "game": "schnapsen", "players": []}', 'klíč "game" je v jednom objektu dvakrát'),
    ],
)
def test_text_that_is_not_json_is_refused_saying_where_in_the_players_language(client, text, said):
    client.cookies["django_language"] = "cs"
    response = client.post(reverse("import"), {"document": text})
    assert response.status_code == 200
    [message] = response.context["form"].errors["document"]
    assert said in message
    for english in ("Expecting", "line", "column", "char", "sys.set_int_max_str_digits", "Exceeds", "nested"):
        assert english not in message
    assert not Table.objects.exists()


def test_a_pasted_document_that_starts_with_a_bom_is_read_as_an_uploaded_one(client):
    document = {"game": "two-ten-jack", "players": ["Aiko", "Ben"], "hands": []}
    client.post(reverse("import"), {"document": "\ufeff" + json.dumps(document)})
    assert Table.objects.get().players == ["Aiko", "Ben"]
