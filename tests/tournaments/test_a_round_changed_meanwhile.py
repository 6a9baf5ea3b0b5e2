"""A round's state read on one page and changed on another before the form is sent (two directors, or one with two
tabs): the service decides on the round as it is now, under its lock, not as the page saw it."""

import pytest
from django.urls import reverse

from games.models import Correction, Round, RoundTable
from games.tournaments import services as service

from .test_tournament_web import make_tournament, play_round, started

pytestmark = pytest.mark.django_db


def closed_round():
    tournament = make_tournament()
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    return tournament, Round.objects.get(pk=round_.pk)


def test_a_correction_is_refused_when_the_round_was_opened_again_meanwhile():
    """The correction page was made while round 1 was closed; another director opened it again before the
    correction was sent: a result is typed while a round is played, not corrected."""
    _tournament, seen = closed_round()
    service.reopen_round(Round.objects.get(pk=seen.pk))
    table = RoundTable.objects.get(round=seen, table_no=1)
    with pytest.raises(service.Refused):
        service.correct(seen, table, [10, -5, -5], "appeal")
    assert not Correction.objects.exists()


def test_the_confirmed_correction_of_a_round_opened_again_meanwhile_saves_nothing(client):
    tournament, seen = closed_round()
    url = reverse("round_result", args=[tournament.director_token, 1])
    asked = client.post(url, {"table": 1, "totals": "10 -5 -5", "reason": "appeal"})
    assert asked.status_code == 200 and "confirmed" in asked.content.decode()
    service.reopen_round(Round.objects.get(pk=seen.pk))
    response = client.post(url, {"table": 1, "totals": "10 -5 -5", "reason": "appeal", "confirmed": "1"})
    assert response.status_code in (302, 400)
    assert not Correction.objects.exists()
    assert RoundTable.objects.get(round=seen, table_no=1).totals is None


def test_a_correction_of_a_round_still_closed_is_saved():
    _tournament, seen = closed_round()
    table = RoundTable.objects.get(round=seen, table_no=1)
    service.correct(seen, table, [10, -5, -5], "appeal")
    assert Correction.objects.get().totals == [10, -5, -5]
