"""Players across tables: a circle, names picked from it, one history, per-player statistics and a chart."""

from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Hand, HandFacts, Score, Table
from games.tables import services
from games.tables.stats import player_stats

from ..factories import team_hand

pytestmark = pytest.mark.django_db
NEW = {"player_1": "Anna", "player_2": "Bára", "player_3": "Cyril", "player_4": "Eva", "rule_step_factor": "true"}


def circle_made_on_its_page(client, names=("Anna", "Bára", "Cyril", "Dana")):
    client.post(reverse("new_circle"), {"name": "Friday club", "players": "\n".join(names)})
    return Circle.objects.get()


def test_a_circle_offers_its_names_and_welcomes_newcomers(client):
    circle = circle_made_on_its_page(client)
    page = client.get(reverse("new_table_for", args=["czech-taroky"]) + f"?circle={circle.token}").content.decode()
    assert 'data-name="Dana"' in page and 'list="circle-players"' in page
    client.post(reverse("new_table_for", args=["czech-taroky"]), {**NEW, "circle": circle.token})
    table = Table.objects.get()
    circle.refresh_from_db()
    assert table.circle == circle and circle.players == ["Anna", "Bára", "Cyril", "Dana", "Eva"]


def test_the_circle_page_is_one_history_with_statistics_and_a_chart(client):
    circle = circle_made_on_its_page(client)
    for points in (63, 40):
        table = services.create_table(game="czech-taroky", players=["Anna", "Bára", "Cyril", "Dana"], circle=circle)
        services.record_hand(table, team_hand(points=points))
    other = services.create_table(game="czech-taroky", players=["Anna", "Bára", "Cyril", "Dana"], name="Not ours")
    page = client.get(reverse("circle", args=[circle.token])).content.decode()
    assert page.count('class="card-link"') == 2 and "Not ours" not in page
    assert "<polyline" in page and "Best partner" in page
    assert other.circle is None


def test_circles_are_listed_only_in_the_browser_that_made_or_opened_them(client):
    circle = circle_made_on_its_page(client)
    assert "Friday club" in client.get(reverse("home")).content.decode()
    from django.test import Client

    stranger = Client()
    assert "Friday club" not in stranger.get(reverse("home")).content.decode()
    assert stranger.get(reverse("circle", args=["nope"])).status_code == 404
    stranger.get(reverse("circle", args=[circle.token]))
    assert "Friday club" in stranger.get(reverse("home")).content.decode()


def circle_stats(game, players, hands):
    """Statistics of one table of a circle, recorded through the services, read by the grouped queries."""
    circle = Circle.objects.create(name="Club", players=list(players))
    table = services.create_table(game=game, players=list(players), circle=circle)
    for data in hands:
        services.record_hand(table, data)
    scores = Score.objects.filter(table__circle=circle, hand__deleted=False)
    facts = HandFacts.objects.filter(table__circle=circle, hand__deleted=False)
    return {row.name: row for row in player_stats(game, scores, facts)}


def test_czech_statistics():
    stats = circle_stats(
        "czech-taroky",
        ["A", "B", "C", "D"],
        [  # scores 4/−4/4/−4, 10/−10/−10/10, −5/−5/−5/15, 5/−5/−5/5
            {"povinnost": "A", "partner": "C", "points": 63},
            {"povinnost": "B", "partner": "C", "points": 40, "contra": 1},
            {"povinnost": "C", "mode": "prever", "prever": "D", "points": 59},
            {"povinnost": "D", "partner": "A", "points": 70},
        ],
    )
    a, c = stats["A"], stats["C"]
    assert (a.hands, a.total, a.leading, a.declaring) == (4, 14, 1, 2)
    assert dict(a.by_mode) == {"team": [1, 1]}  # declared the first hand; the partner in the last
    assert "team" not in c.by_mode and c.declaring == 2  # Cyril was the partner, never the declarer
    assert a.contra == [1, 1] and c.contra == [0, 1]
    assert a.average == Fraction(14, 4)
    assert c.best_partner == (("A",), 4) and c.worst_partner == (("B",), -10)
    assert stats["D"].by_mode["prever"] == [1, 1]


def test_koenigrufen_statistics_at_five_leave_out_the_hands_a_player_sat_out():
    """AT2: at a table of five the dealer sits the hand out and scores 0: he did not play it. His hands played, his
    average per hand and his record in hands with Kontra count only the hands he played. (Bert's Bettler has no
    Kontra on the game: Cilli's Kontra is her own, AT8, so it counts for nobody, Emil who sat it out included.)"""
    stats = circle_stats(
        "koenigrufen",
        ["Anna", "Bert", "Cilli", "Dieter", "Emil"],
        [  # scores 0/1/−1/1/−1, 2/−8/4/2/0 (Emil out), then Anna out: 0/−1/1/1/−1
            {"contract": "rufer", "declarer": "Bert", "partner": "Dieter", "points": 40, "sitting_out": "Anna"},
            {"contract": "bettler", "declarer": "Bert", "won": False, "kontra": {"Cilli": 1}, "sitting_out": "Emil"},
            {"contract": "rufer", "declarer": "Cilli", "partner": "Dieter", "points": 40, "sitting_out": "Anna"},
        ],
    )
    anna, emil, dieter = stats["Anna"], stats["Emil"], stats["Dieter"]
    assert (anna.hands, anna.total, emil.hands, emil.total, dieter.hands) == (1, 2, 2, -2, 3)
    assert anna.average == 2 and emil.average == -1
    assert emil.contra == [0, 0] and stats["Cilli"].contra == [0, 0] and stats["Bert"].contra == [0, 0]


def test_slovenian_statistics_count_contracts_and_skip_klop():
    stats = circle_stats(
        "slovenian-tarok",
        ["A", "B", "C"],
        [
            {"contract": "beggar", "declarer": "A", "won": False},
            {"contract": "two", "declarer": "B", "points": "40 2/3"},
            {"contract": "klop", "klop": {"A": 30, "B": 20, "C": 20}},
        ],
    )
    assert stats["A"].by_mode["beggar"] == [0, 1] and stats["B"].by_mode["two"] == [1, 1]
    assert stats["C"].leading == 0 and stats["C"].hands == 3
    assert stats["A"].total == -100 and stats["B"].total == 6


def test_deleted_hands_leave_the_statistics():
    stats = circle_stats("czech-taroky", ["A", "B", "C", "D"], [{"povinnost": "A", "partner": "C", "points": 63}])
    assert stats["A"].hands == 1
    services.delete_hand(Hand.objects.get())
    scores = Score.objects.filter(hand__deleted=False)
    assert player_stats("czech-taroky", scores, HandFacts.objects.filter(hand__deleted=False)) == []


def test_a_circles_view_link_reaches_only_its_tables_view_links(client):
    circle = circle_made_on_its_page(client)
    table = services.create_table(
        game="czech-taroky", players=["Anna", "Bára", "Cyril", "Dana"], circle=circle, name="Tuesday"
    )
    services.record_hand(table, team_hand())
    edit_page = client.get(reverse("circle", args=[circle.token])).content.decode()
    assert reverse("circle_view", args=[circle.view_token]) in edit_page
    viewer = Client()
    page = viewer.get(reverse("circle_view", args=[circle.view_token])).content.decode()
    assert "Tuesday" in page and reverse("view_table", args=[table.view_token]) in page
    assert table.edit_token not in page and circle.token not in page, "no edit link reachable from the view link"
    assert "csrfmiddlewaretoken" not in page.split("<footer")[0], "no form to change anything"
    assert (
        viewer.post(reverse("circle_view", args=[circle.view_token]), {"name": "X", "players": "A"}).status_code == 405
    )
    home = viewer.get(reverse("home")).content.decode()
    assert reverse("circle_view", args=[circle.view_token]) in home and circle.token not in home


def test_a_circles_players_are_saved_with_its_ratings_or_not_at_all(client, monkeypatch):
    """Saving the circle's players writes its ratings again (they name players as the circle writes them): when that
    fails, the circle keeps its old name and players, nothing half saved."""
    circle = circle_made_on_its_page(client)

    def failing(*args, **kwargs):
        raise RuntimeError("the ratings could not be written")

    monkeypatch.setattr("games.ratings.store.rebuild_circle", failing)
    with pytest.raises(RuntimeError):
        client.post(reverse("circle", args=[circle.token]), {"name": "Renamed", "players": "Anna\nBára"})
    circle.refresh_from_db()
    assert circle.name == "Friday club" and circle.players == ["Anna", "Bára", "Cyril", "Dana"]


def test_bauernschnapsen_statistics_count_a_teams_hands_for_both_partners():
    """BS6: Cilli's Gang is her team's: Anna and Cilli both played it on the declaring side and scored 9, and it is
    Cilli's Gang (not Anna's, who sits first in the team); Bert's lost Schnapser, gspritzt, is a hand with Kontra
    that Anna and Cilli won as defenders. Each partner is the other's partner in the statistics."""
    stats = circle_stats(
        "bauernschnapsen",
        ["Anna", "Bert", "Cilli", "Dieter"],
        [
            {"contract": "gang", "declarer": "Cilli", "won": True},
            {"contract": "schnapser", "declarer": "Bert", "won": False, "kontra": 1},
        ],
    )
    anna, cilli, bert = stats["Anna"], stats["Cilli"], stats["Bert"]
    assert (anna.total, cilli.total, bert.total) == (21, 21, 0)
    assert anna.declaring == cilli.declaring == 1 and bert.declaring == stats["Dieter"].declaring == 1
    assert dict(cilli.by_mode) == {"gang": [1, 1]} and "gang" not in anna.by_mode
    assert (cilli.leading, anna.leading) == (1, 0)
    assert anna.contra == [1, 1] and bert.contra == [0, 1]
    assert cilli.best_partner == (("Anna",), 9) and anna.best_partner == (("Cilli",), 9)
