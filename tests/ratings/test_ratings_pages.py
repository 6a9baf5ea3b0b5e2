"""The circle page shows ratings in the player's language, chances for tonight's players and the last results
against what was expected; the rules page says what the number means. Nothing on these pages replays a table."""

import math
import re
from fractions import Fraction
from random import Random

import pytest
from django.utils import translation

from games.lib.numbers import local_number
from games.models import Circle, Rating, RatingStep
from games.tables import services
from tests.factories import team_hand, visible_text

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
WORDS = {
    "cs": ("Hodnocení", "výsledků"),
    "sl": ("Ocene", "izidov"),
    "de": ("Wertungszahlen", "Ergebnisse"),
    "en": ("Ratings", "results"),
}


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
    plays = "&".join(f"plays={name}" for name in PLAYERS)
    page = client.get(f"/c/{circle.token}/?game=czech-taroky&{plays}").content.decode()
    chances = visible_text(page.split('class="rating-list chances"')[1].split("</ol>")[0])
    found = {name: int(percent) for name, percent in re.findall(r"(\w+) (\d+) %", chances)}
    assert sum(found.values()) == 100 and set(found) == set(PLAYERS)
    assert list(found.values()) == sorted(found.values(), reverse=True)  # the likeliest first
    rated = {r.player: r for r in Rating.objects.filter(circle=circle)}
    sampled = first_by_sampling([rated[name] for name in PLAYERS])
    for name, counted in zip(PLAYERS, sampled):
        assert abs(found[name] - 100 * counted) <= 1.5  # rounded to whole percentages, and a sampling error
    assert "chance of finishing first at a table of these players" in visible_text(page)


def first_by_sampling(rows, draws=100_000, seed=28):
    """Each player's share of sampled tables where their performance (normal around mu, variance sigma² + beta²,
    the model's assumption) is the highest."""
    r = Random(seed)
    beta = 25 / 6  # openskill's default: sigma / 2
    wins = [0] * len(rows)
    for _ in range(draws):
        performances = [r.gauss(row.mu, math.sqrt(row.sigma**2 + beta**2)) for row in rows]
        wins[performances.index(max(performances))] += 1
    return [w / draws for w in wins]


@pytest.mark.parametrize(
    "game, plays, refused",
    [
        ("czech-taroky", ["Anna", "Bára"], "This game is played by 4 players: pick 4."),
        ("czech-taroky", ["Anna"], "Pick at least two players."),
        ("czech-taroky", PLAYERS + ["Eva"], "This game is played by 4 players: pick 4."),
        ("schnapsen", ["Anna", "Bára", "Cyril"], "This game is played by 2 players: pick 2."),
        ("slovenian-tarok", PLAYERS + ["Eva"], "This game is played by 3 to 4 players: pick between 3 and 4."),
    ],
)
def test_the_chances_form_takes_only_as_many_players_as_the_game_seats(client, game, plays, refused):
    circle = Circle.objects.create(name="Tuesday", players=PLAYERS + ["Eva"])
    services.create_table(game=game, players=PLAYERS[:2] if game == "schnapsen" else PLAYERS, circle=circle)
    query = "&".join(f"plays={name}" for name in plays)
    page = client.get(f"/c/{circle.token}/?game={game}&{query}").content.decode()
    assert refused in visible_text(page) and 'class="rating-list chances"' not in page


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
    monkeypatch.setattr("games.ratings.store.outcomes", refuse)
    assert client.get(f"/c/{circle.token}/?game=czech-taroky&plays=Anna&plays=Bára").status_code == 200


def test_a_closed_tables_end_of_the_evening_says_who_did_better_or_worse_than_expected(client):
    circle = rated_circle(evenings=2)
    table = circle.tables.order_by("-created_at", "-pk").first()  # Anna and Cyril won it after losing the first
    page = visible_text(client.get(f"/t/{table.edit_token}/end/").content.decode())
    assert page.count("better than expected") == 2 and page.count("worse than expected") == 2
    lone = services.create_table(game="czech-taroky", players=PLAYERS)
    services.record_hand(lone, {"closing": True})
    assert "expected" not in visible_text(client.get(f"/t/{lone.edit_token}/end/").content.decode())


WORDS_OF_A_PLACE = {"better than expected": 1, "worse than expected": -1, "as expected": 0}


def shown_steps(page: str) -> list[tuple[str, str, str, str, str]]:
    """(player, place, expected place, label, change as written) of each player's result on a page."""
    return re.findall(
        r'<li class="rating-row"><span class="rating-name"><bdi>([^<]+)</bdi></span>\s*'
        r'<span class="muted rating-place">place (\d+) of \d+, expected ([\d.]+)</span>\s*'
        r'<span class="rating-said">([^<]+)</span>\s*'
        r'<span class="rating-change[^"]*">rating ([+−]?[\d.]+)</span>',
        page,
    )


@pytest.mark.parametrize("evenings", [1, 2, 6])
def test_a_results_label_says_how_the_place_compares_with_the_place_expected(client, evenings):
    circle = rated_circle(evenings=evenings)  # after the first table everyone was expected 2.5th
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    steps = shown_steps(page)
    assert steps
    for player, place, expected, label, _change in steps:
        ahead = float(expected) - int(place)
        assert WORDS_OF_A_PLACE[label] == (ahead > 0) - (ahead < 0), (player, place, expected, label)
    last = RatingStep.objects.filter(circle=circle).order_by("-number", "id")[:4]
    for step, (player, place, expected, _label, change) in zip(last, steps):
        assert player == step.player and int(place) == step.place and expected == f"{step.expected:.1f}"
        assert change == f"{round(step.change, 1):+.1f}".replace("-", "−").replace("+0.0", "0.0").replace("−0.0", "0.0")


def test_the_list_is_ranked_by_the_cautious_rating_and_says_so(client):
    circle = Circle.objects.create(name="Tuesday", players=PLAYERS)
    services.create_table(game="czech-taroky", players=PLAYERS, circle=circle)
    for player, mu, sigma, events in [
        ("Anna", 30.2, 7.8, 2),
        ("Bára", 27.5, 2.4, 40),
        ("Cyril", 24.0, 5.0, 12),
        ("Dana", 26.0, 6.9, 6),
    ]:
        Rating.objects.create(circle=circle, game="czech-taroky", player=player, mu=mu, sigma=sigma, events=events)
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    listed = page.split('<ol class="rating-list">')[1].split("</ol>")[0]
    rows = re.findall(
        r'<span class="rating-name"><bdi>([^<]+)</bdi></span>\s*<strong class="rating-number">'
        r'([\d.]+)</strong>\s*<span class="muted rating-how">cautious (−?[\d.]+)',
        listed,
    )
    cautious = {r.player: r.mu - 3 * r.sigma for r in Rating.objects.filter(circle=circle)}
    assert [name for name, _mu, _c in rows] == sorted(cautious, key=lambda name: -cautious[name])
    highest = max(cautious, key=lambda name: Rating.objects.get(player=name).mu)
    assert rows[0][0] == "Bára" and highest == "Anna"  # a season's regular above two lucky results
    for name, mu, shown in rows:
        rating = Rating.objects.get(circle=circle, player=name)
        assert mu == f"{rating.mu:.1f}" and shown == f"{cautious[name]:.1f}".replace("-", "−")
    assert "In the order of the cautious rating" in visible_text(page)


def test_the_rules_page_says_what_the_number_is(client):
    rules = visible_text(client.get("/rules/ratings/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "finishing ahead more often than the ratings expected" not in rules
    assert "the rating model's estimate of that player's skill" in rules and "cautious rating" in rules
    assert "The chances add up to 100 %" in rules


def test_a_leagues_list_is_ranked_by_the_cautious_rating_too():
    from games.models import League
    from games.ratings.shown import Pool, shown

    league = League.objects.create(name="Season")
    for player, mu, sigma in [("Anna", 30.2, 7.8), ("Bára", 27.5, 2.4), ("Cyril", 24.0, 5.0)]:
        Rating.objects.create(league=league, game="czech-taroky", player=player, mu=mu, sigma=sigma, events=3)
    cautious = {r.player: r.mu - 3 * r.sigma for r in Rating.objects.filter(league=league)}
    assert [row.player for row in shown(Pool(league=league), "czech-taroky")] == sorted(
        cautious, key=lambda name: -cautious[name]
    )
