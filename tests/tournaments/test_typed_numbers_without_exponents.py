"""A director's typed numbers (place points of a new tournament, a league's points table): a number with an
exponent is refused beside its field at once, never computed first (Fraction("1e9999999") takes seconds of a
core), and a number too large to store is refused, not a 500."""

import time

import pytest
from django.urls import reverse

from games.models import League, Tournament

pytestmark = pytest.mark.django_db


def new_tournament(client, place_points: str):
    return client.post(
        reverse("new_tournament_for", args=["koenigrufen"]) + "?preset=points",
        {
            "name": "Cup",
            "preset": "points",
            "table_size": "4",
            "rounds": "3",
            "draw_first": "random",
            "draw_later": "random",
            "seed": "1",
            "measure": "place-points",
            "place_points": place_points,
        },
    )


@pytest.mark.parametrize("typed", ["1e9999999 3 2 1", "4 3 2 1e-9999999"])
def test_place_points_with_an_exponent_are_refused_beside_them_at_once(client, typed):
    started = time.monotonic()
    response = new_tournament(client, typed)
    assert time.monotonic() - started < 3
    assert response.status_code == 200
    assert response.context["form"].errors["place_points"]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("typed", ["1e9999999", "1e5000", "9" * 200, "25 20 " + "1" * 30])
def test_a_leagues_points_table_beyond_any_tournament_is_refused_beside_it(client, typed):
    started = time.monotonic()
    response = client.post(reverse("new_league"), {"name": "Liga", "points_table": typed})
    assert time.monotonic() - started < 3
    assert response.status_code == 200
    assert response.context["form"].errors["points_table"]
    assert not League.objects.exists()


def test_a_leagues_points_table_as_typed_is_kept(client):
    response = client.post(reverse("new_league"), {"name": "Liga", "points_table": "25 20 16 0,5"})
    assert response.status_code == 302
    assert League.objects.get().settings["points_table"] == [25, 20, 16, 0.5]
