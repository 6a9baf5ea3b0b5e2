"""A closed Schnapsen evening (KR4): the Bummerl under way is abandoned and counts for nobody, so the page shows
no Bummerl under way, and the totals hold only the game points of the Bummerl that were played out."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from .factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Anna", "Ben")
HANDS = [("Anna", 3), ("Ben", 2), ("Anna", 3), ("Anna", 2),  # Anna reaches 8: Ben gets the Bummerl
         ("Ben", 3), ("Anna", 1), ("Ben", 3)]  # then 1 – 6: abandoned at the end
LANGUAGES = ("cs", "sl", "de", "en")


def played_out(hands, target=7):
    """Each player's game points in the Bummerl that were finished (KR3), counted here from the hands alone."""
    banked, current = dict.fromkeys(PLAYERS, 0), dict.fromkeys(PLAYERS, 0)
    for winner, points in hands:
        current[winner] += points
        if current[winner] >= target:
            banked = {name: banked[name] + current[name] for name in PLAYERS}
            current = dict.fromkeys(PLAYERS, 0)
    return banked


def closed_table():
    return make_table(game="schnapsen", players=PLAYERS,
                      hands=[{"winner": w, "game_points": p} for w, p in HANDS] + [{"closing": True}])


def shown_totals(page: str) -> dict[str, str]:
    return dict(re.findall(r'<li class="total[^"]*">\s*<span class="name"><bdi class="who" tabindex="0">([^<]+)</bdi>'
                           r'</span>\s*<span class="score[^"]*">([^<]+)</span>', page))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_closed_evening_has_no_bummerl_under_way_and_its_totals_leave_the_abandoned_one_out(client, language):
    table = closed_table()
    expected = played_out(HANDS)
    assert expected == {"Anna": 8, "Ben": 2}  # the counting above, checked by hand once
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        assert gettext("Bummerl under way") not in visible_text(page)
    assert shown_totals(page) == {name: str(total) for name, total in expected.items()}
    assert table.totals == expected


def test_the_end_of_the_evening_shows_the_same_totals(client):
    table = closed_table()
    page = client.get(reverse("end_evening", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert dict(re.findall(r'<bdi class="who" tabindex="0">([^<]+)</bdi></span><span class="score[^"]*">([^<]+)<',
                           page)) == {name: str(total) for name, total in played_out(HANDS).items()}


def test_an_evening_still_playing_shows_its_bummerl_under_way(client):
    table = make_table(game="schnapsen", players=PLAYERS, hands=[{"winner": "Anna", "game_points": 2}])
    assert "Bummerl under way" in visible_text(client.get(reverse("table", args=[table.edit_token]),
                                                          HTTP_ACCEPT_LANGUAGE="en").content.decode())
