"""Ratings (games.ratings.core, games.ratings.store): a finished table is an event, its players placed by the game's
order; the ratings are openskill's own, event by event, and the same history always gives the same ratings."""

import json
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games.contract.ranking import HIGHER_TOTAL, LOWER_TOTAL
from games.management.commands import ratings as ratings_command
from games.models import Circle, RatedEvent, Rating, RatingStep
from games.ratings import core as ratings
from games.ratings import shown as ratings_shown
from games.ratings import store as ratings_store
from games.registry import ENGINES
from games.tables import services
from tests.factories import make_table, team_hand

pytestmark = pytest.mark.django_db

CLOSE = {"closing": True}
START = datetime(2026, 1, 1, tzinfo=UTC)


def event(players, ranks, hours, key=0, game="czech-taroky"):
    return ratings.Event(game, START + timedelta(hours=hours), (key,), tuple(players), tuple(ranks))


def test_ratings_after_known_events_are_openskills_own_step_by_step():
    events = [
        event("ABCD", (1, 2, 3, 4), 1),
        event("ABC", (3, 1, 2), 2),
        event("BDA", (1, 1, 3), 3),
        event("CD", (2, 1), 4),
    ]
    history = ratings.rate(list(reversed(events)))  # played when they ended, whatever order they come in
    model = PlackettLuce()
    now = {}
    for e in events:
        teams = [[now.get(name, model.rating())] for name in e.players]
        after = model.rate(teams, ranks=list(e.places))
        now.update({name: team[0] for name, team in zip(e.players, after)})
    got = history.ratings["czech-taroky"]
    assert {name: (r.mu, r.sigma) for name, r in got.items()} == {name: (r.mu, r.sigma) for name, r in now.items()}
    assert got["A"].events == 3 and got["D"].events == 3


def test_ties_are_passed_as_equal_ranks():
    order_tied = ratings.places(HIGHER_TOTAL, "ABC", {"A": 10, "B": 10, "C": -20})
    assert order_tied == (1, 1, 3)
    history = ratings.rate([event("ABC", order_tied, 1)])
    a, b = history.ratings["czech-taroky"]["A"], history.ratings["czech-taroky"]["B"]
    assert (a.mu, a.sigma) == (b.mu, b.sigma)


def test_a_lower_game_places_the_lowest_total_first():
    assert ratings.places(
        LOWER_TOTAL, ["North", "East", "South", "West"], {"North": 30, "East": 100, "South": 5, "West": 30}
    ) == (2, 4, 1, 2)
    assert ratings.places(HIGHER_TOTAL, ["North", "East"], {"North": 30, "East": 100}) == (2, 1)


def test_each_game_is_rated_on_its_own():
    history = ratings.rate([event("AB", (1, 2), 1), event("AB", (2, 1), 2, game="schnapsen")])
    assert history.ratings["czech-taroky"]["A"].mu > 25 > history.ratings["schnapsen"]["A"].mu


def test_current_ranking_orders_by_rating_and_puts_the_unrated_last():
    history = ratings.rate([event("ABC", (3, 1, 2), 1)])
    assert ratings.current_ranking("czech-taroky", ["X", "A", "B", "C", "Y"], history.ratings) == [
        "B",
        "C",
        "A",
        "X",
        "Y",
    ]


def circle_with(*tables_hands, game="czech-taroky", players=("Anna", "Bára", "Cyril", "Dana")):
    circle = Circle.objects.create(name="Tuesday", players=list(players))
    tables = []
    for hands in tables_hands:
        table = services.create_table(game=game, players=list(players), circle=circle)
        for data in hands:
            services.record_hand(table, data)
        tables.append(table)
    return circle, tables


def stored(circle, game="czech-taroky"):
    return {r.player: (r.mu, r.sigma, r.events) for r in Rating.objects.filter(circle=circle, game=game)}


def test_a_closed_evening_is_rated_and_an_open_one_is_not():
    circle, (closed, open_) = circle_with([team_hand(points=70), CLOSE], [team_hand(points=20)])
    assert RatedEvent.objects.filter(table=closed).count() == 1
    assert not RatedEvent.objects.filter(table=open_).exists()
    now = stored(circle)
    assert now["Anna"][0] > 25 and now["Anna"][2] == 1  # Anna and Cyril won the only rated evening
    assert RatingStep.objects.filter(circle=circle).count() == 4


def test_editing_an_old_hand_changes_ratings_exactly_as_a_rebuild_from_scratch():
    circle, (first, second) = circle_with(
        [team_hand(points=70), CLOSE], [team_hand(povinnost="Bára", partner="Dana", points=70), CLOSE]
    )
    before = stored(circle)
    hand = first.hands.get(seq=1)
    services.edit_hand(hand, team_hand(points=20))
    after_edit = stored(circle)
    assert after_edit != before
    Rating.objects.all().delete()
    RatingStep.objects.all().delete()
    ratings_store.rebuild_circle(circle.pk)
    assert stored(circle) == after_edit
    services.delete_hand(first.hands.get(seq=1))
    deleted = stored(circle)
    services.restore_hand(first.hands.get(seq=1))
    assert stored(circle) == after_edit != deleted


def test_two_ten_jack_rates_each_game_of_the_evening():
    players = ("Aiko", "Ben")
    circle, (table,) = circle_with(
        [
            {"captured": {"Aiko": ["2H"]}},
            {"captured": {"Aiko": ["10H"]}},  # game 1: Aiko
            {"captured": {"Ben": ["2H"]}},
            {"captured": {"Aiko": ["JS"]}},
        ],  # game 2: Ben
        game="two-ten-jack",
        players=players,
    )
    events = list(RatedEvent.objects.filter(table=table).values_list("part", "places"))
    assert events == [(1, [1, 2]), (2, [2, 1])]
    assert stored(circle, "two-ten-jack")["Aiko"][2] == 2


def test_hearts_lowest_total_is_first():
    players = ("North", "East", "South", "West")
    circle, (table,) = circle_with(
        [{"points": {"North": 13, "East": 5, "South": 8, "West": 0}}, CLOSE], game="hearts", players=players
    )
    assert list(RatedEvent.objects.get(table=table).places) == [4, 2, 3, 1]
    now = stored(circle, "hearts")
    assert now["West"][0] > now["East"][0] > now["South"][0] > now["North"][0]


def test_the_ratings_command_prints_every_circles_ratings_as_json():
    circle, _tables = circle_with([team_hand(points=70), CLOSE])
    Rating.objects.all().delete()
    out = StringIO()
    call_command("ratings", stdout=out)
    found = json.loads(out.getvalue())
    row = found["circles"][0]
    assert row["token"] == circle.token
    anna = next(p for p in row["games"]["czech-taroky"] if p["player"] == "Anna")
    mine = stored(circle)["Anna"]
    assert (anna["mu"], anna["sigma"], anna["events"]) == mine
    assert anna["ordinal"] == pytest.approx(mine[0] - 3 * mine[1])


def test_the_ratings_command_refuses_an_unknown_circle_in_one_line():
    err = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("ratings", "--circle", "nope", stderr=err)
    assert exit_.value.code == 2
    assert err.getvalue().count("\n") == 1 and "nope" in err.getvalue()


def test_the_ratings_command_takes_a_circle_token_that_starts_with_a_hyphen(capsys):
    """One token in 64 starts with "-": typed after ``--circle`` it is that token, not an option, on the command line
    as from call_command."""
    circle, _tables = circle_with([team_hand(points=70), CLOSE])
    circle.token = "-" + circle.token[1:]
    circle.save(update_fields=["token"])
    out = StringIO()
    call_command("ratings", "--circle", circle.token, stdout=out)
    assert [row["token"] for row in json.loads(out.getvalue())["circles"]] == [circle.token]
    with pytest.raises(SystemExit) as exit_:
        ratings_command.Command().run_from_argv(["manage.py", "ratings", "--circle", "-nope"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == "circle: no circle has the token '-nope'\n"


def test_a_finished_table_joining_a_circle_counts_in_its_ratings():
    circle = Circle.objects.create(name="Tuesday", players=["Anna"])
    table = make_table(hands=[team_hand(points=70), CLOSE])
    assert not Rating.objects.exists()
    services.add_to_circle(table, circle)
    assert stored(circle)["Anna"][2] == 1


def test_a_hand_put_in_that_moves_the_end_of_an_earlier_two_ten_jack_game_rates_it_again():
    players = ("Aiko", "Ben", "Chie")  # three rounds a game
    circle, (table,) = circle_with(
        [
            {"captured": {"Aiko": ["2H"]}},
            {"adjustment": {"Ben": 30}},
            {"captured": {"Ben": ["10H"]}},
            {"captured": {"Chie": ["JH"]}},  # game 1 ends
            {"captured": {"Aiko": ["QH"]}},
        ],
        game="two-ten-jack",
        players=players,
    )
    assert list(RatedEvent.objects.filter(table=table).values_list("part", "places")) == [(1, [2, 1, 2])]
    services.insert_hand(table, {"captured": {"Chie": ["AH"]}}, after_seq=1)  # a round: game 1 ends at Ben's 10H
    services.delete_hand(table.hands.get(seq=3))  # the penalty (a penalty is deleted, not edited into a round)
    assert list(RatedEvent.objects.filter(table=table).values_list("part", "places")) == [(1, [1, 1, 3])]
    assert stored(circle, "two-ten-jack")["Chie"][0] < 25 < stored(circle, "two-ten-jack")["Aiko"][0]


def test_a_circles_ranking_for_a_seeded_draw_follows_its_ratings():
    circle, _tables = circle_with([team_hand(points=70), CLOSE])  # Anna and Cyril won
    assert ratings_shown.circle_ranking(circle, "czech-taroky", ["Eva", "Bára", "Cyril", "Anna", "Dana"]) == [
        "Cyril",
        "Anna",
        "Bára",
        "Dana",
        "Eva",
    ]


def test_schnapsen_places_by_fewer_bummerl_lost_then_game_points():
    status = {"marks": {"Anna": {"bummerl": 2}, "Ben": {"bummerl": 0}, "Cid": {"bummerl": 2}}}
    assert ratings.places(
        ENGINES["schnapsen"].RANKING, ["Anna", "Ben", "Cid"], {"Anna": 5, "Ben": 0, "Cid": 3}, status
    ) == (2, 1, 3)


def steps_of(circle):
    return list(
        RatingStep.objects.filter(circle=circle)
        .order_by("number", "player")
        .values_list("number", "player", "place", "expected", "chance", "mu", "sigma", "change", "event_id")
    )


def test_an_evening_ended_after_all_others_is_rated_on_exactly_as_a_rebuild_would(monkeypatch):
    calls = []
    monkeypatch.setattr(
        ratings_store,
        "rebuild_circle",
        lambda *args, rebuild=ratings_store.rebuild_circle: calls.append(args) or rebuild(*args),
    )
    circle, _tables = circle_with(
        [team_hand(points=70), CLOSE],
        [team_hand(povinnost="Bára", partner="Dana"), CLOSE],
        [team_hand(points=20), CLOSE],
    )
    assert calls == []  # each evening went on from the ratings before it
    went_on, steps = stored(circle), steps_of(circle)
    assert [number for number, *_rest in steps] == [1] * 4 + [2] * 4 + [3] * 4
    ratings_store.rebuild_circle(circle.pk)
    assert stored(circle) == went_on and steps_of(circle) == steps


def test_a_table_ending_before_the_last_rated_one_is_rated_in_its_place(monkeypatch):
    circle, (first, second) = circle_with([team_hand(points=70)], [team_hand(points=20), CLOSE])
    monkeypatch.setattr("django.utils.timezone.now", lambda: START)  # its closing is dated before the other's
    services.record_hand(first, CLOSE)
    monkeypatch.undo()
    numbered = dict(RatingStep.objects.filter(circle=circle, player="Anna").values_list("event__table", "number"))
    assert numbered == {first.pk: 1, second.pk: 2}
    went_on, steps = stored(circle), steps_of(circle)
    ratings_store.rebuild_circle(circle.pk)
    assert stored(circle) == went_on and steps_of(circle) == steps


def test_each_rating_keeps_its_change_at_the_players_last_result():
    circle, _tables = circle_with([team_hand(points=70), CLOSE], [team_hand(povinnost="Bára", partner="Dana"), CLOSE])
    for rating in Rating.objects.filter(circle=circle):
        last = RatingStep.objects.filter(circle=circle, player=rating.player).order_by("-number").first()
        assert rating.change == last.change != 0
    ratings_store.rebuild_circle(circle.pk)
    assert all(
        r.change == RatingStep.objects.filter(circle=circle, player=r.player).order_by("-number")[0].change
        for r in Rating.objects.filter(circle=circle)
    )


def test_bauernschnapsen_rates_a_team_result_partners_opposite():
    """BS6: four players are two teams; a closed evening is one team's win over the other, rated as teams (each
    partner's rating moves by the team's result, as openskill rates two teams of two), not as four players of whom
    two tie. Dreierschnapsen's three players are rated each alone."""
    four = ("Anna", "Bert", "Cilli", "Dieter")
    win = {"contract": "herrenschnapser", "declarer": "Anna", "won": True}
    circle, _tables = circle_with([win, CLOSE], game="bauernschnapsen", players=four)
    now = stored(circle, "bauernschnapsen")
    model = PlackettLuce()
    teams = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    (anna, cilli), (bert, dieter) = model.rate(teams, ranks=[1.0, 2.0])
    assert now["Anna"][:2] == (anna.mu, anna.sigma) and now["Cilli"][:2] == (cilli.mu, cilli.sigma)
    assert now["Bert"][:2] == (bert.mu, bert.sigma) and now["Dieter"][:2] == (dieter.mu, dieter.sigma)
    alone = model.rate([[model.rating()] for _ in four], ranks=[1.0, 3.0, 1.0, 3.0])
    assert now["Anna"][0] != alone[0][0].mu  # not four players, two of them tied
    three = ("Anna", "Bert", "Cilli")
    circle3, _tables = circle_with([win, CLOSE], game="dreierschnapsen", players=three)
    solo = model.rate([[model.rating()] for _ in three], ranks=[1.0, 2.0, 2.0])
    assert stored(circle3, "dreierschnapsen")["Anna"][:2] == (solo[0][0].mu, solo[0][0].sigma)
