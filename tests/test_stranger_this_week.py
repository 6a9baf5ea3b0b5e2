"""What a stranger attacking the deployed app found after issue 21's fixes. Each test fails on the code as it was
found."""

import pytest
from django.urls import reverse

from games.engines.base import name_key, names_problem, tidy_name
from games.models import Table

pytestmark = pytest.mark.django_db

# ---- names that look the same: invisible characters that are not format characters, other scripts' letters ----

LOOK_THE_SAME = [
    "Anna\u034f",  # combining grapheme joiner
    "Anna\ufe0f",  # variation selector
    "Anna\u3164",  # Hangul filler
    "Anna\u2800",  # blank Braille pattern
    "\uff21nna",  # full-width A
    "\U0001d400nna",  # mathematical bold A
    "\u0410nna",  # Cyrillic A
    "Ann\u0430",  # Cyrillic a
    "\u0391nna",  # Greek Alpha
]


@pytest.mark.parametrize("other", LOOK_THE_SAME)
def test_names_that_look_the_same_are_one_name(other):
    assert name_key(other) == name_key("Anna")
    assert names_problem(["Anna", tidy_name(other)]) is not None


@pytest.mark.parametrize("other", ["Анна", "Hana", "Ána", "Ana"])
def test_names_that_look_different_stay_two(other):
    assert names_problem(["Anna", other]) is None


@pytest.mark.parametrize("invisible", ["\u3164", "\u034f", "\u2800", "\ufe0f\u3164"])
def test_a_name_of_invisible_characters_alone_is_refused(client, invisible):
    before = Table.objects.count()
    response = client.post(reverse("new_table_for", args=["two-ten-jack"]),
                           {"player_1": invisible, "player_2": "Ben", "player_3": "Chie"})
    assert response.status_code == 200
    assert Table.objects.count() == before


@pytest.mark.parametrize("other", ["Anna\u3164", "\u0410nna", "\uff21nna"])
def test_the_new_table_form_refuses_a_look_alike_of_another_player(client, other):
    before = Table.objects.count()
    response = client.post(reverse("new_table_for", args=["two-ten-jack"]),
                           {"player_1": "Anna", "player_2": other, "player_3": "Chie"})
    assert response.status_code == 200
    assert Table.objects.count() == before
