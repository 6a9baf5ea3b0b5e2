"""Issue 48: a league's cost grew with each tournament: adding one took 0.57 s at 1, 13.7 s at 50 (every tournament's
document read again and the whole season rated again), and its public page worked the season out again after every
change (3.9 s at 50). Now each tournament stores what its league reads of it, and the league its standings, in the
transaction of each change; a page reads them; a tournament joining after the others is rated on from the league's
stored ratings. Each test fails on the code before."""

import pytest
from django.urls import reverse

from games.models import League, Rating, RatingStep, Round
from games.ratings.shown import Pool
from games.tables import services as tables
from games.tournaments import services as service

from .test_a_league_is_stored_helpers import played_in_a_league, shown_lines
from .test_tournament_web import NINE, beggar, make_tournament, started

pytestmark = pytest.mark.django_db


def engines_lines(league: League) -> list[tuple]:
    """The season worked out from every tournament's document, as the page did on each request before."""
    return [
        (line.name, line.place, line.points, line.results, line.counted, line.qualified)
        for line in service.league_standings(league)
    ]


def test_the_league_page_reads_the_stored_standings_without_working_a_tournament_out(client, monkeypatch):
    league, (first, second) = played_in_a_league(2)
    expected = engines_lines(league)
    monkeypatch.setattr(service, "load", lambda *args, **kwargs: pytest.fail("a tournament worked out for a page"))
    for name in ("league", "league_director"):
        token = league.public_token if name == "league" else league.director_token
        response = client.get(reverse(name, args=[token]))
        assert response.status_code == 200
        assert shown_lines(response) == expected
    assert {line[0] for line in expected} == set(NINE[:3])


def test_the_stored_standings_follow_every_change_of_a_tournament(client):
    league, (first, second) = played_in_a_league(2)
    entry = second.entries.get(name="Ana")
    service.rename_entry(entry, "Anja")  # a name corrected: a new player of the season
    assert "Anja" in [line.name for line in service.stored_league_standings(League.objects.get(pk=league.pk))]
    round_ = started(second, 2)  # a round under way: each hand at its Talon tables moves the season
    for round_table in round_.tables.select_related("table"):
        before = League.objects.get(pk=league.pk).standings
        tables.record_hand(round_table.table, beggar(round_table.table, 1))
        assert League.objects.get(pk=league.pk).standings != before
    league = League.objects.get(pk=league.pk)
    response = client.get(reverse("league", args=[league.public_token]))
    assert shown_lines(response) == engines_lines(league)
    service.close_round(Round.objects.get(pk=round_.pk))
    league = League.objects.get(pk=league.pk)
    assert shown_lines(client.get(reverse("league", args=[league.public_token]))) == engines_lines(league)


def rows(league: League) -> tuple:
    return (
        sorted(Rating.objects.filter(league=league).values_list("game", "player", "mu", "sigma", "events", "change")),
        sorted(
            RatingStep.objects.filter(league=league).values_list(
                "game", "number", "player", "place", "mu", "sigma", "change", "round_table_id"
            )
        ),
    )


def test_a_tournament_joining_after_the_others_reads_no_other_tournament_and_rates_as_a_rebuild(monkeypatch):
    league, played = played_in_a_league(3)
    last = make_tournament(players=NINE[:3])
    round_ = started(last)
    for round_table in round_.tables.select_related("table"):
        tables.record_hand(round_table.table, beggar(round_table.table, 2))
    service.close_round(round_)
    read = []
    document = service.document
    monkeypatch.setattr(service, "document", lambda t, **kw: read.append(t.pk) or document(t, **kw))
    service.add_to_league(league, last)
    assert set(read) == {last.pk}, "only the tournament that joins is read"
    monkeypatch.undo()
    added = rows(league)
    assert added[1] and {step[1] for step in added[1]} == {1, 2, 3, 4}  # each game's events numbered on
    service.rate_pool(Pool(league=League.objects.get(pk=league.pk)))
    assert rows(league) == added


def test_a_tournament_joining_before_the_others_rebuilds_the_league(monkeypatch):
    league, played = played_in_a_league(2)
    earlier = make_tournament(players=NINE[:3])
    round_ = started(earlier)
    for round_table in round_.tables.select_related("table"):
        tables.record_hand(round_table.table, beggar(round_table.table, 0))
    service.close_round(round_)
    Round.objects.filter(pk=round_.pk).update(closed_at=Round.objects.order_by("closed_at").first().closed_at)
    service.add_to_league(league, earlier)
    added = rows(league)
    service.rate_pool(Pool(league=League.objects.get(pk=league.pk)))
    assert rows(league) == added


def test_a_change_of_the_seasons_last_tournament_rates_only_it_again_as_a_rebuild_would(monkeypatch):
    """A name corrected and a result corrected in the tournament being played: only it is read, and the league's
    ratings are those a rebuild gives (a rebuild read every tournament: 6.8 s at 50)."""
    league, (first, second, last) = played_in_a_league(3)
    read = []
    document = service.document
    monkeypatch.setattr(service, "document", lambda t, **kw: read.append(t.pk) or document(t, **kw))
    service.rename_entry(last.entries.get(name="Bojan"), "Bojana")
    round_ = last.rounds.get(number=1)
    service.correct(round_, round_.tables.get(), totals=[30, 0, -30], marks=None, reason="appeal")
    assert set(read) == {last.pk}
    monkeypatch.undo()
    changed = rows(league)
    assert "Bojana" in {rating[1] for rating in changed[0]}
    service.rate_pool(Pool(league=League.objects.get(pk=league.pk)))
    assert rows(league) == changed


def test_a_change_of_an_earlier_tournament_rebuilds_the_league():
    league, (first, second, last) = played_in_a_league(3)
    service.rename_entry(first.entries.get(name="Cene"), "Cenek")
    changed = rows(league)
    assert "Cenek" in {rating[1] for rating in changed[0]}
    service.rate_pool(Pool(league=League.objects.get(pk=league.pk)))
    assert rows(league) == changed


# ---- the allowance counts a league's requests by its size, before any work -------------------------------------


@pytest.fixture
def three_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    settings.TALON_EXPENSIVE_WINDOW = 60


def test_adding_a_tournament_counts_by_the_leagues_size_before_anything_is_read(client, three_a_minute, monkeypatch):
    from games.tournaments.views import leagues as views

    league, played = played_in_a_league(2)
    monkeypatch.setattr(views, "LEAGUE_PER_PAGE", 1)  # 1 + 2 tournaments: 3 long pages
    joining = make_tournament(players=NINE[:3])
    link = reverse("director", args=[joining.director_token])
    assert client.post(reverse("league_add", args=[league.director_token]), {"link": link}).status_code == 302
    another = make_tournament(players=NINE[:3])
    monkeypatch.setattr(service, "add_to_league", lambda *args: pytest.fail("added beyond the allowance"))
    link = reverse("director", args=[another.director_token])
    response = client.post(reverse("league_add", args=[league.director_token]), {"link": link})
    assert response.status_code == 429 and response["Retry-After"]
    assert not League.objects.get(pk=league.pk).tournaments.filter(pk=another.pk).exists()


def test_a_large_leagues_page_counts_as_long_pages(client, three_a_minute, monkeypatch):
    from games.tournaments.views import leagues as views

    league, played = played_in_a_league(2)
    monkeypatch.setattr(views, "LEAGUE_CELLS_PER_PAGE", 3)  # 3 players × 2 tournaments: 2 long pages
    url = reverse("league", args=[league.public_token])
    assert [client.get(url).status_code for _ in range(3)] == [200, 429, 429]


def test_a_seasons_league_page_is_never_limited(client, three_a_minute):
    league, played = played_in_a_league(2)
    url = reverse("league", args=[league.public_token])
    assert {client.get(url).status_code for _ in range(6)} == {200}
