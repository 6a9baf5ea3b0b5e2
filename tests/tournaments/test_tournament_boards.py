"""A hall of phones watching one tournament costs one rendering of the board per state (issue 23: "a standings
change costs the projector and each phone only what changed"): the first phone to ask for a new state renders the
live board, every other phone asking for that state gets the same bytes without a rendering, and a hand recorded
is a new state, rendered anew (nothing older is ever shown)."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.tournaments.views import public as views

from .test_tournament_scale import play, playing

pytestmark = pytest.mark.django_db


@pytest.fixture
def renders(monkeypatch):
    counted = []
    real = views.standings_context

    def counting(tournament):
        counted.append(tournament.pk)
        return real(tournament)

    monkeypatch.setattr(views, "standings_context", counting)
    return counted


@pytest.mark.parametrize("live", ["standings_live", "projector_live"])
def test_many_phones_asking_for_one_state_cost_one_rendering(client, renders, live):
    tournament, round_ = playing()
    play(round_, 1)
    url = reverse(live, args=[tournament.public_token])
    bodies = {client.get(url).content for _ in range(5)}
    assert len(bodies) == 1 and len(renders) == 1
    assert b"Ana" in next(iter(bodies))
    # Another language is another board, in that language.
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200 and german.content not in bodies
    play(round_, 1)  # a hand recorded: a new state, rendered anew, showing the new totals
    after = client.get(url).content
    assert after not in bodies
    assert len(renders) >= 2


def test_a_board_from_the_cache_is_the_board_a_rendering_gives(client):
    tournament, round_ = playing()
    play(round_, 2)
    url = reverse("standings_live", args=[tournament.public_token])
    cached = client.get(url).content.decode()
    with translation.override("en"):
        fresh = views.render_to_string("games/tournament/standings.html#board", views.standings_context(tournament))
    assert cached == fresh
