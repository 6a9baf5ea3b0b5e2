"""What players read (issue 45): the value of every tie-break that decided an order, on the public page, the
projector and the CSV (a tie-break named in the reader's words, never "score=170")."""

import csv
import io

import pytest
from django.urls import reverse

from games.registry import GAMES
from games.tournaments import engine
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, play_round, started, tarzs

pytestmark = pytest.mark.django_db


def _level_at_minus_6():
    """Two players at −6 points: one first at a table where all lost more, one third at the other table; better
    table places decide (one first against none), the best round (−6 each) does not."""
    settings = {
        "rules": {},
        "table_size": 3,
        "rounds": 2,
        "round_limit": {"hands": 16},
        "scoring": {"measure": "points", "tie_breaks": ["places", "best-round"]},
        "draw": {"first": "random", "later": "random", "seed": 7},
    }
    tournament = make_tournament(players=NINE[:6], preset="points", settings=settings)
    round_ = started(tournament)
    first, second = round_.tables.order_by("table_no")
    service.type_result(round_, first, [-6, -10, -20])
    service.type_result(round_, second, [10, 0, -6])
    winner = first.seats.get(seat=0).entry
    third = second.seats.get(seat=2).entry
    return tournament, winner, third


def _line(text: str, name: str) -> str:
    return next(line for line in text.split("\n") if name in line and "place" in line)


def test_the_tie_break_that_decided_is_shown_with_its_value_on_the_public_page_and_the_projector(client):
    tournament, winner, third = _level_at_minus_6()
    lines = client.get(reverse("tournament", args=[tournament.public_token])).context["lines"]
    order = [line["no"] for line in lines]
    assert order.index(winner.no) < order.index(third.no), "one first against none"
    shown = {line["no"]: dict(line["tie_breaks"]) for line in lines}
    assert shown[winner.no] == {"places": "1× place 1", "best round": "−6"}
    assert shown[third.no] == {"places": "1× place 3", "best round": "−6"}
    for url in (
        reverse("tournament", args=[tournament.public_token]),
        reverse("projector", args=[tournament.public_token]),
    ):
        text = visible_text(client.get(url).content.decode())
        assert "places 1× place 1 · best round −6" in text and "places 1× place 3 · best round −6" in text


@pytest.mark.parametrize(
    "language, header, places",
    [
        ("en", ["Place", "Start number", "Player", "Points", "Places", "Best round"], "1× place 1"),
        ("sl", ["Mesto", "Štartna številka", "Igralec", "Točke", "Mesta", "Najboljši krog"], "1× 1. mesto"),
        ("de", ["Platz", "Startnummer", "Spieler", "Punkte", "Platzierungen", "Beste Runde"], "1× Platz 1"),
    ],
)
def test_the_csv_names_each_tie_break_in_the_directors_language_and_writes_its_value(client, language, header, places):
    tournament, winner, _third = _level_at_minus_6()
    text = client.get(director_url(tournament, "standings_csv"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == header
    row = next(row for row in rows[1:] if row[1] == str(winner.no))
    assert row[3:] == ["-6", places, "-6"]
    assert "=" not in text


def test_a_withdrawal_taken_back_before_round_1_says_he_plays_from_round_1(client):
    tournament = make_tournament(players=NINE[:6])
    entry = tournament.entries.get(no=2)
    service.withdraw(entry)
    url = director_url(tournament, "withdraw", 2)
    asked = visible_text(client.post(url).content.decode())
    assert "is drawn again from round 1." in asked and "next round" not in asked
    page = visible_text(client.post(url, {"confirmed": "1"}, follow=True).content.decode())
    assert "plays again from round 1." in page
    round_ = service.draw_round(tournament, 1)
    assert round_.tables.filter(seats__entry__no=2).exists(), "he sits in round 1"


def test_a_withdrawal_taken_back_after_round_1_started_says_round_2(client):
    tournament = make_tournament(players=NINE[:6])
    started(tournament)
    service.withdraw(tournament.entries.get(no=2))
    page = visible_text(
        client.post(director_url(tournament, "withdraw", 2), {"confirmed": "1"}, follow=True).content.decode()
    )
    assert "plays again from round 2." in page


@pytest.mark.parametrize("prefix", ["d", "p"])
def test_a_wrong_tournament_link_says_it_leads_to_no_tournament(client, prefix):
    response = client.get(f"/{prefix}/{'x' * 32}/")
    text = " ".join(visible_text(response.content.decode()).split())
    assert response.status_code == 404
    assert "This tournament link leads to no tournament." in text and "no table" not in text
    table = " ".join(visible_text(client.get(f"/t/{'x' * 32}/").content.decode()).split())
    assert "This link leads to no table." in table


def test_a_finished_tournaments_find_your_table_says_it_is_final_and_no_hands_are_recorded(client):
    tournament = make_tournament(players=NINE[:3], settings={**tarzs(rounds=1)})
    round_ = started(tournament)
    play_round(round_, 1)
    url = reverse("find_table", args=[tournament.public_token])
    during = visible_text(client.get(url, {"q": "1"}).content.decode())
    assert "Record the hands from the QR code" in during
    service.close_round(round_)
    after = visible_text(client.get(url, {"q": "1"}).content.decode())
    assert "Record the hands from the QR code" not in after
    assert "Final standings: every round is played and closed." in after


def test_a_refused_result_is_said_at_the_top_of_the_round_page_and_replace_sits_in_its_label(client):
    tournament = make_tournament(players=NINE[:3], settings={**tarzs(rounds=1)})
    round_ = started(tournament)
    play_round(round_, 2)
    response = client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "0 0 0"})
    page = response.content.decode()
    assert response.status_code == 400
    top = visible_text(page.split("<h2")[0])  # before the first section: what a phone shows without scrolling
    assert "The result was not saved." in top and "Table 1 has 2 hands played in Talon" in top
    assert '<label class="check" for="id_replace"><input type="checkbox" name="replace"' in " ".join(page.split())


def test_a_tournament_seats_as_many_at_a_table_as_its_game_is_played_by(client, monkeypatch):
    """The table's size is the game's (its engine's PLAYER_COUNTS, through the registry), not a fixed 2–6: a game
    of seven is offered seven seats by the form and the document, and refused eight."""
    monkeypatch.setattr(GAMES["hearts"].engine, "PLAYER_COUNTS", (4, 7))
    document = {"tournament": "Seven", "game": "hearts", "preset": "points", "table_size": 7, "draw": {"seed": 1}}
    assert engine.load(document).table_size == 7
    with pytest.raises(engine.InvalidTournament, match="hearts is not played by 8 at a table"):
        engine.load({**document, "table_size": 8})
    url = reverse("new_tournament_for", args=["hearts"]) + "?preset=points"
    form = client.get(url).context["form"]
    data = {key: "" if value is None else value for key, value in form.initial.items() if key != "rules"}
    data.update(name="Seven", table_size="7")
    assert client.post(url, data).status_code == 302
    data.update(name="Eight", table_size="8")
    refused = client.post(url, data)
    assert refused.status_code == 200 and refused.context["form"].errors["table_size"]
