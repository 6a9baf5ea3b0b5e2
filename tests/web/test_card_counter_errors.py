"""The card counter of the tarok games' hand forms: a count it refuses is said beside that card, in the counter,
which opens (it is folded away otherwise, and the alert at the top would link to a card no one can see)."""

import re

import pytest
from django.urls import reverse

from games.registry import GAMES

from ..factories import make_table

pytestmark = pytest.mark.django_db

HANDS = {
    "czech-taroky": ({"povinnost": "Anna", "partner": "Cyril"}, ("Anna", "Bára", "Cyril", "Dana")),
    "slovenian-tarok": ({"contract": "three", "declarer": "Anna"}, ("Anna", "Bára", "Cyril", "Dana")),
    "koenigrufen": ({"contract": "dreier", "declarer": "Anna"}, ("Anna", "Bert", "Cilli", "Dieter")),
}


@pytest.mark.parametrize("game", HANDS)
def test_a_count_beyond_the_deck_is_refused_in_the_open_counter_beside_its_card(client, game):
    fields, players = HANDS[game]
    card = GAMES[game].engine.COUNTER.cards[0]
    table = make_table(game=game, players=players)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]), {**fields, f"count_{card.key}": str(card.count + 5)}
    )
    assert response.status_code == 200
    assert response.context["form"].errors[f"count_{card.key}"]
    page = response.content.decode()
    counter = re.search(r"<details class=\"counter\"[^>]*>.*?</details>", page, re.S).group(0)
    assert re.match(r"<details class=\"counter\"[^>]*\bopen\b", counter), "the counter opens on its error"
    box = re.search(rf'<div class="count">(?:(?!<div class="count">).)*?name="count_{card.key}".*?</ul>', counter, re.S)
    assert box and f"less than or equal to {card.count}" in box.group(0), "the message is beside the card"
    assert f'id="id_count_{card.key}"' in counter and 'aria-invalid="true"' in box.group(0)
    assert not table.hands.exists()
