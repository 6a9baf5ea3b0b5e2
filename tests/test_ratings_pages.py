"""The circle page shows ratings in the player's language, chances for tonight's players and the last results
against what was expected; the rules page says what the number means. Nothing on these pages replays a table."""

import re
from fractions import Fraction

import pytest
from django.utils import translation

from games import services
from games.models import Circle, Rating
from games.numbers import local_number
from tests.factories import team_hand, visible_text

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
WORDS = {"cs": ("Hodnocení", "výsledků"), "sl": ("Ocene", "izidov"), "de": ("Wertungen", "Ergebnisse"),
         "en": ("Ratings", "results")}


def rated_circle(evenings=6):
    circle = Circle.objects.create(name="Tuesday", players=PLAYERS)
    for i in range(evenings):
        table = services.create_table(game="czech-taroky", players=PLAYERS, circle=circle)
        services.record_hand(table, team_hand(points=70 if i % 3 else 20))
        services.record_hand(table, {"closing": True})
    return circle


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_circle_page_shows_each_rating_in_the_players_language(client, language):
    circle = rated_circle()
    page = visible_text(client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    heading, results = WORDS[language]
    assert heading in page and f"6 {results}" in page
    with translation.override(language):
        for rating in Rating.objects.filter(circle=circle):
            assert local_number(Fraction(round(rating.mu * 10), 10), places=1) in page
    if language != "en":
        assert "Ratings" not in page


def test_a_player_with_few_results_is_marked_not_hidden(client):
    circle = rated_circle(evenings=2)
    page = visible_text(client.get(f"/c/{circle.token}/").content.decode())
    assert page.count("few results yet") == 4
    assert all(name in page for name in PLAYERS)


def test_tonights_players_get_their_chances_of_finishing_first(client):
    circle = rated_circle()
    page = client.get(f"/c/{circle.token}/?game=czech-taroky&plays=Anna&plays=Dana").content.decode()
    chances = visible_text(page.split('class="rating-list chances"')[1].split("</ol>")[0])
    found = dict(re.findall(r"(\w+) (\d+) %", chances))
    assert list(found) == ["Anna", "Dana"]  # the likeliest first: Anna won four of the six evenings
    assert int(found["Anna"]) + int(found["Dana"]) == 100 and int(found["Anna"]) > int(found["Dana"])
    one = visible_text(client.get(f"/c/{circle.token}/?game=czech-taroky&plays=Anna").content.decode())
    assert "Pick at least two players." in one


def test_the_last_results_say_who_did_better_or_worse_than_expected(client):
    circle = rated_circle(evenings=2)  # Anna and Cyril lose the first evening, then win the second
    page = visible_text(client.get(f"/c/{circle.token}/").content.decode())
    assert "better than expected" in page and "worse than expected" in page


def test_the_ratings_chart_is_drawn_once_there_are_two_results(client):
    circle = rated_circle(evenings=1)
    assert "Ratings, result by result" not in client.get(f"/c/{circle.token}/").content.decode()
    rated_circle_two = rated_circle(evenings=2)
    assert "Ratings, result by result" in client.get(f"/c/{rated_circle_two.token}/").content.decode()


def test_the_view_link_shows_the_ratings_too(client):
    circle = rated_circle(evenings=2)
    page = visible_text(client.get(f"/cv/{circle.view_token}/").content.decode())
    assert "Ratings" in page and "better than expected" in page


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_rules_page_of_ratings_is_linked_from_the_circle_page(client, language):
    circle = rated_circle(evenings=1)
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'href="/rules/ratings/"' in page
    rules = visible_text(client.get("/rules/ratings/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    with translation.override(language):
        assert local_number(Fraction(7), places=1) in rules  # the "new" threshold


def test_a_page_showing_ratings_replays_no_table(client, monkeypatch):
    circle = rated_circle(evenings=2)
    from games.engines import table as engine_table

    def refuse(*args, **kwargs):
        raise AssertionError("a page replayed a table")

    monkeypatch.setattr(engine_table, "replay", refuse)
    monkeypatch.setattr(engine_table, "score_next", refuse)
    monkeypatch.setattr("games.ratings_store.outcomes", refuse)
    assert client.get(f"/c/{circle.token}/?game=czech-taroky&plays=Anna&plays=Bára").status_code == 200


def test_a_closed_tables_end_of_the_evening_says_who_did_better_or_worse_than_expected(client):
    circle = rated_circle(evenings=2)
    table = circle.tables.order_by("-created_at", "-pk").first()  # Anna and Cyril won it after losing the first
    page = visible_text(client.get(f"/t/{table.edit_token}/end/").content.decode())
    assert page.count("better than expected") == 2 and page.count("worse than expected") == 2
    lone = services.create_table(game="czech-taroky", players=PLAYERS)
    services.record_hand(lone, {"closing": True})
    assert "expected" not in visible_text(client.get(f"/t/{lone.edit_token}/end/").content.decode())
