"""Long names without a space (issue 30): a tournament's, a league's and its players' names of the most letters
they may have wrap on a phone of 390 px; no page of the tournament or the league scrolls sideways."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from games.contract.names import NAME_LENGTH
from games.models import League, Round
from games.tournaments import services as service
from games.tournaments.engine import TITLE_LENGTH

from .phone import fits_the_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SETTINGS = {
    "rules": {},
    "table_size": 3,
    "rounds": 2,
    "round_limit": {"hands": 21, "minutes": 90},
    "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
    "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
}


def long_named() -> tuple:
    tournament = service.create_tournament(
        name="Turnir" * (TITLE_LENGTH // 6), game="slovenian-tarok", preset="tarzs", settings=SETTINGS
    )
    names = [(letter * NAME_LENGTH, None) for letter in "ABCDEF"]
    service.register(tournament, names)
    service.start_round(service.draw_round(tournament, 1))
    league = League.objects.create(name="Liga" * 20)
    service.add_to_league(league, tournament)
    return tournament, league


def test_pages_with_the_longest_names_fit_a_phone_of_390_px(browser: Browser, live_server):
    tournament, league = long_named()
    public, director = tournament.public_token, tournament.director_token
    pages = [
        reverse("tournament", args=[public]),
        reverse("tournament_player", args=[public, 1]),
        reverse("public_round", args=[public, 1]),
        reverse("find_table", args=[public]) + "?q=1",
        reverse("director", args=[director]),
        reverse("director_round", args=[director, 1]),
        reverse("league", args=[league.public_token]),
        reverse("league_director", args=[league.director_token]),
    ]
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
        service_workers="block",
    )
    page = context.new_page()
    for url in pages:
        page.goto(url)
        fits_the_screen(page)
    assert Round.objects.get().status == Round.STARTED
    context.close()
