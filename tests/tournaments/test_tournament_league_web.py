"""A league (TN9) on the web: a season of tournaments with one player list and its standings, best N, qualified."""

import pytest
from django.urls import reverse

from games.models import League
from games.tournaments import engine
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, make_tournament, play_round, started

pytestmark = pytest.mark.django_db


def played(name: str, players=NINE[:3]):
    tournament = make_tournament(players=players)
    tournament.name = name
    tournament.save(update_fields=["name"])
    round_ = started(tournament)
    play_round(round_, hands=2)
    service.close_round(round_)
    return tournament


def league_made_on_its_page(client, **fields) -> League:
    data = {"name": "Brno 2026", "points_table": "", "best": "", "qualify": "", **fields}
    response = client.post(reverse("new_league"), data)
    league = League.objects.get(name=data["name"])
    assert response.status_code == 302 and response["Location"] == reverse(
        "league_director", args=[league.director_token]
    )
    return league


def test_the_season_standings_are_the_engines_league_of_its_tournaments(client):
    league = league_made_on_its_page(client, points_table="10 6 3", best="1", qualify="2")
    first, second = played("Brno 1"), played("Brno 2")
    for tournament in (first, second):
        link = "https://talon.example" + reverse("director", args=[tournament.director_token])
        assert client.post(reverse("league_add", args=[league.director_token]), {"link": link}).status_code == 302
    expected = engine.league(
        [engine.load(service.export(first)), engine.load(service.export(second))],
        points_table=[10, 6, 3],
        best_n=1,
        qualify=2,
    )
    response = client.get(reverse("league", args=[league.public_token]))
    shown = [
        (row["line"].name, row["line"].place, row["line"].points, row["line"].qualified)
        for row in response.context["lines"]
    ]
    assert shown == [(line.name, line.place, line.points, line.qualified) for line in expected]
    assert "qualified" in visible_text(response.content.decode())


def test_the_leagues_players_are_registered_in_a_new_tournament_in_one_tap(client):
    league = league_made_on_its_page(client)
    first = played("Brno 1")
    service.add_to_league(league, first)
    second = make_tournament(players=["Zora"])
    service.add_to_league(league, second)
    client.post(reverse("league_register", args=[league.director_token, second.public_token]))
    assert list(second.entries.values_list("name", flat=True)) == ["Zora", *NINE[:3]]


def test_a_link_that_is_not_a_tournaments_director_link_is_refused_beside_the_field(client):
    league = league_made_on_its_page(client)
    tournament = make_tournament(players=[])
    response = client.post(
        reverse("league_add", args=[league.director_token]),
        {"link": reverse("tournament", args=[tournament.public_token])},
    )
    assert response.status_code == 400 and response.context["form"].errors["link"]
    assert not league.tournaments.exists()


def test_the_public_link_never_opens_the_league_directors_page(client):
    league = league_made_on_its_page(client)
    assert client.get(reverse("league_director", args=[league.public_token])).status_code == 404
    assert client.get(reverse("league", args=[league.director_token])).status_code == 404


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_league_pages_answer_in_every_language(client, language):
    league = league_made_on_its_page(client)
    service.add_to_league(league, played("Brno 1"))
    for url in (
        reverse("new_league"),
        reverse("league_director", args=[league.director_token]),
        reverse("league", args=[league.public_token]),
    ):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200 and response["Content-Language"] == language


@pytest.mark.parametrize(
    "language, league_director",
    [("cs", "ředitele ligy"), ("sl", "vodje lige"), ("de", "Ligaleitung"), ("en", "league director")],
)
def test_the_league_directors_page_calls_its_reader_the_leagues_director_not_a_tournaments(
    client, language, league_director
):
    league = league_made_on_its_page(client)
    page = client.get(reverse("league_director", args=[league.director_token]), HTTP_ACCEPT_LANGUAGE=language)
    notice = visible_text(page.content.decode().split('<p class="notice">', 1)[1].split("</p>", 1)[0])
    assert league_director in notice
    assert not any(word in notice for word in ("ředitele turnaje", "vodje turnirja", "Turnierleitung"))


@pytest.mark.parametrize(
    "language, said",
    [
        ("cs", ["Počítá se nejlepší turnaj.", "Do finále postupuje první místo.", "Pořadí sezóny"]),
        ("de", ["Es zählt das beste Turnier.", "Der erste Platz qualifiziert sich fürs Finale.", "Saisonrangliste"]),
    ],
)
def test_one_best_tournament_and_one_qualifying_place_are_said_without_the_number_one(client, language, said):
    league = league_made_on_its_page(client, best="1", qualify="1")
    page = visible_text(
        client.get(reverse("league", args=[league.public_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    for words in said:
        assert words in " ".join(page.split()), (language, words)


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("25 20 16", [25, 20, 16]),
        ("25,20,16", [25, 20, 16]),
        ("25,20", [25, 20]),
        ("25, 20, 16", [25, 20, 16]),
        ("2 1 0,5", [2, 1, 0.5]),
    ],
)
def test_a_points_table_is_read_as_the_help_or_the_command_line_writes_it(client, typed, kept):
    """Spaces, as the help says, or commas alone, as `tournament league --points` takes it (25,20 is two places,
    not 25.2); a comma inside a number beside spaces is a decimal one."""
    assert league_made_on_its_page(client, points_table=typed).settings["points_table"] == kept


@pytest.mark.parametrize("typed", ["25,,20", ",25", "25,20,", ","])
def test_a_points_table_with_a_place_left_empty_is_refused_beside_it(client, typed):
    response = client.post(reverse("new_league"), {"name": "Brno 2026", "points_table": typed})
    assert response.status_code == 200 and response.context["form"].errors["points_table"]
    assert not League.objects.exists()
