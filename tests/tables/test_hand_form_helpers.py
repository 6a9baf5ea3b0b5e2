"""What the hand form gives the page's script (static/js/talon/) as data attributes: the middle of the deck for the ±
steps (from the engine's counter, never restated in JS), the key of the hand's draft, and Two Ten Jack's "the
remaining cards go to …"."""

import pytest
from django.urls import reverse

from games.czech_taroky import engine as czech_taroky
from games.slovenian_tarok import engine as slovenian_tarok

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "players", "engine"),
    [
        ("czech-taroky", ("Anna", "Bára", "Cyril", "Dana"), czech_taroky),
        ("slovenian-tarok", ("Ana", "Bojan", "Cene", "Dora"), slovenian_tarok),
    ],
)
def test_the_points_stepper_starts_from_the_engines_middle(client, game, players, engine):
    table = make_table(game=game, players=players)
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert f'data-stepper data-start="{engine.COUNTER.middle}"' in page


def test_other_steppers_start_from_nothing(client):
    table = make_table(game="schnapsen", players=("Anna", "Ben"))
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert "data-start" not in page


def test_the_draft_of_a_hand_is_kept_by_table_and_hand(client):
    table = make_table(hands=[team_hand()])
    new = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    edit = client.get(reverse("edit_hand", args=[table.edit_token, 1])).content.decode()
    assert f'data-draft="talon-draft:{table.edit_token}:new"' in new
    assert f'data-draft="talon-draft:{table.edit_token}:1"' in edit
    assert "data-clear-draft hidden" in new  # shown by talon/save.js: without it there is no draft to clear


def test_two_ten_jack_offers_the_remaining_cards_to_each_player(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert "The remaining cards go to:" in page
    for name in ("Aiko", "Ben", "Chie"):
        assert f'data-rest="{name}">{name}</button>' in page
