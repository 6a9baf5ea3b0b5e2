"""A game of fixed partners (Bauernschnapsen) is rated as a team result, and what the pages show of it is worked
out for the teams as well: the expected place and the chance of winning are the team's (openskill's predict_win
over the two teams), which each partner shares, not four players' as if the partners played alone."""

import re
from fractions import Fraction

import pytest
from django.utils import translation
from openskill.models import PlackettLuce

from games.lib.numbers import local_number
from games.models import Circle, RatingStep
from games.tables import services
from tests.factories import visible_text

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bert", "Cilli", "Dieter"]  # partners opposite: Anna and Cilli, Bert and Dieter
WIN = {"contract": "herrenschnapser", "declarer": "Anna", "won": True}
MODEL = PlackettLuce()


def two_evenings_won_by_anna_and_cilli():
    circle = Circle.objects.create(name="Tuesday", players=FOUR)
    for _ in range(2):
        table = services.create_table(game="bauernschnapsen", players=FOUR, circle=circle)
        services.record_hand(table, WIN)
        services.record_hand(table, {"closing": True})
    return circle


def second_evening_expectation():
    """What the ratings before the second evening expected of each team: after the first, rated as two teams."""
    (anna, cilli), (bert, dieter) = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[1.0, 2.0]
    )
    return MODEL.predict_win([[anna, cilli], [bert, dieter]])


def one_decimal(value, language):
    with translation.override(language):
        return local_number(Fraction(round(value * 10), 10), places=1)


def test_each_partner_is_shown_the_teams_expected_place_of_two(client):
    win, lose = second_evening_expectation()
    assert win > 0.5  # the first evening's winners are expected to win again
    page = " ".join(
        visible_text(client.get(f"/c/{two_evenings_won_by_anna_and_cilli().token}/").content.decode()).split()
    )
    newest = re.findall(r"(Anna|Bert|Cilli|Dieter) (the team's place \d of \d, the team's expected [\d.]+)", page)[:4]
    lines = dict(newest)  # the newest evening's lines come first
    assert (
        lines["Anna"] == lines["Cilli"] == f"the team's place 1 of 2, the team's expected {one_decimal(2 - win, 'en')}"
    )
    assert (
        lines["Bert"] == lines["Dieter"] == f"the team's place 2 of 2, the team's expected {one_decimal(1 + win, 'en')}"
    )
    assert "place 1 of 4" not in page and "place 3 of 4" not in page
    said = re.findall(r"(Anna|Bert|Cilli|Dieter) the team's place \d of \d, the team's expected [\d.]+ (\w+)", page)[:4]
    assert dict(said) == {"Anna": "better", "Cilli": "better", "Bert": "worse", "Dieter": "worse"}
    assert "Partners were rated as one team against the other" in page


def test_the_stored_chance_and_expected_place_are_the_teams():
    win, lose = second_evening_expectation()
    circle = two_evenings_won_by_anna_and_cilli()
    second = {s.player: s for s in RatingStep.objects.filter(circle=circle, number=2)}
    for name in ("Anna", "Cilli"):
        assert second[name].chance == pytest.approx(win, abs=1e-12)
        assert second[name].expected == pytest.approx(1 + lose, abs=1e-12) and second[name].place == 1
    for name in ("Bert", "Dieter"):
        assert second[name].chance == pytest.approx(lose, abs=1e-12)
        assert second[name].expected == pytest.approx(1 + win, abs=1e-12) and second[name].place == 2
    assert second["Anna"].chance + second["Cilli"].chance > 1 or win <= 0.5  # a team's, shared: not four players'


def test_tonights_chances_in_a_team_game_are_each_pairings_teams(client):
    circle = two_evenings_won_by_anna_and_cilli()
    plays = "&".join(f"plays={name}" for name in FOUR)
    page = client.get(f"/c/{circle.token}/?game=bauernschnapsen&{plays}", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    shown = " ".join(visible_text(page.split('class="team-chances"')[1].split("</div>")[0]).split())
    found = re.findall(r"(\w+) \+ (\w+) (\d+) %", shown)
    now = {}
    for step in RatingStep.objects.filter(circle=circle, number=2):
        now[step.player] = MODEL.rating(mu=step.mu, sigma=step.sigma)
    assert len(found) == 6  # three pairings, two teams each
    for first, second, percent in found:
        others = [name for name in FOUR if name not in (first, second)]
        win = MODEL.predict_win([[now[first], now[second]], [now[o] for o in others]])[0]
        assert abs(int(percent) - 100 * win) < 1  # whole percentages that add up to 100 for the two teams
    assert ("Anna", "Cilli") in [(a, b) for a, b, _ in found]
    assert "Partner teilen ihren Platz" in visible_text(page)
