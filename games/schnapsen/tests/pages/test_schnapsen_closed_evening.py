"""A closed Schnapsen evening (KR4): the Bummerl under way is abandoned (nobody wins or loses it), so the page shows
no Bummerl under way; the closing scores 0 (the table document's format), so the totals are the game points of every
hand, and the explanation says the abandoned Bummerl's stay in them."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Anna", "Ben")
HANDS = [
    ("Anna", 3),
    ("Ben", 2),
    ("Anna", 3),
    ("Anna", 2),  # Anna reaches 8: Ben gets the Bummerl
    ("Ben", 3),
    ("Anna", 1),
    ("Ben", 3),
]  # then 1 – 6: abandoned at the end
LANGUAGES = ("cs", "sl", "de", "en")


def game_points(hands):
    """Each player's game points from every hand, counted here from the hands alone."""
    won = dict.fromkeys(PLAYERS, 0)
    for winner, points in hands:
        won[winner] += points
    return won


def closed_table():
    return make_table(
        game="schnapsen",
        players=PLAYERS,
        hands=[{"winner": w, "game_points": p} for w, p in HANDS] + [{"closing": True}],
    )


def shown_totals(page: str) -> dict[str, str]:
    return dict(
        re.findall(
            r'<li class="total[^"]*">\s*<span class="name"><bdi class="who" tabindex="0">([^<]+)</bdi>'
            r'</span>\s*<span class="score[^"]*">([^<]+)</span>',
            page,
        )
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_closed_evening_has_no_bummerl_under_way_and_its_totals_are_every_hands_game_points(client, language):
    table = closed_table()
    expected = game_points(HANDS)
    assert expected == {"Anna": 9, "Ben": 8}  # the counting above, checked by hand once
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        assert gettext("Bummerl under way") not in visible_text(page)
    assert shown_totals(page) == {name: str(total) for name, total in expected.items()}
    assert table.totals == expected


def test_the_closing_says_the_abandoned_bummerl_stays_in_the_game_points(client):
    table = closed_table()
    page = client.get(reverse("hand", args=[table.edit_token, len(HANDS) + 1]), HTTP_ACCEPT_LANGUAGE="en")
    assert (
        "The Bummerl under way (Anna 1 – Ben 6) is abandoned: nobody wins or loses it (its game points stay in "
        "the game points in all)."
    ) in visible_text(page.content.decode()).replace("\u2068", "").replace("\u2069", "")


def test_the_end_of_the_evening_shows_the_same_totals(client):
    table = closed_table()
    page = client.get(reverse("end_evening", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert dict(
        re.findall(r'<bdi class="who" tabindex="0">([^<]+)</bdi></span><span class="score[^"]*">([^<]+)<', page)
    ) == {name: str(total) for name, total in game_points(HANDS).items()}


def test_an_evening_still_playing_shows_its_bummerl_under_way(client):
    table = make_table(game="schnapsen", players=PLAYERS, hands=[{"winner": "Anna", "game_points": 2}])
    assert "Bummerl under way" in visible_text(
        client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
