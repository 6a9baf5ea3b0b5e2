"""An imported document with the wrong number of players is refused in the player's language, every word of it
("4 or 5", "2 to 6" too), and nothing is saved."""

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
