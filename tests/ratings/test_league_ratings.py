"""League ratings (games.tournaments.services, games.ratings.store): every table of a closed round is a rated event, its players placed by
the game's order from the result the standings read (a Talon table's stored totals, a paper table's typed totals
and Bummerl, a correction), in a fixed order; the stored ratings are openskill's own, step by step, and whatever
changes a result gives the ratings a rebuild from scratch gives. The league page shows them; a seeded draw can be
ranked by them; ``manage.py ratings --league`` rebuilds and prints them."""

import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from openskill.models import PlackettLuce

from games.engines.table import InvalidTable
from games.lib.numbers import local_number
from games.models import League, Rating, RatingStep, Round, RoundTable
from games.ratings import shown as ratings_shown
from games.ratings.core import current_ranking
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service

from ..factories import make_league, visible_text
from ..tournaments.test_tournament_web import NINE, make_tournament, started

pytestmark = pytest.mark.django_db

GAME = "slovenian-tarok"


def beggar(table, seat, won=True):
    return {"contract": "beggar", "declarer": table.players[seat], "won": won}


def play(round_, typed=None):
    """Each table of a started round played differently (the declarers and outcomes vary by table); the tables
    numbered in ``typed`` get these totals typed from paper instead. Then the round closes."""
    for round_table in round_.tables.select_related("table").order_by("table_no"):
        if typed and round_table.table_no in typed:
            service.type_result(round_, round_table, typed[round_table.table_no])
            continue
        n = round_table.table_no + round_.number
        for i in range(1 + n % 3):
            services.record_hand(round_table.table, beggar(round_table.table, (n + i) % 3, won=(n + i) % 4 != 1))
    service.close_round(round_)


def tournament_in(league, players=NINE, name="DP"):
    tournament = make_tournament(players=players)
    tournament.name = name
    tournament.save(update_fields=["name"])
    service.add_to_league(league, tournament)
    tournament.refresh_from_db()
    return tournament


def season() -> League:
    """A league of two tournaments: nine players over two rounds (one table typed from paper), and three players
    whose round closes between those two (the order of the closes is not the order of the tournaments)."""
    league = make_league()
    first = tournament_in(league, name="Brno 1")
    second = tournament_in(league, players=["Cene", "Ana", "Ivo"], name="Brno 2")
    play(started(first, 1), typed={2: [30, -10, 0]})
    play(started(second, 1))
    play(started(first, 2))
    return league


def expected_events(league):
    """Each closed round's tables, in the order of the round's close, then tournament, round, table: the seated
    names and their places (a higher total is better; players level share the best place), read straight from
    the rows: a Talon table's stored totals, a typed table's totals, the last correction over either."""
    out = []
    rounds = Round.objects.filter(tournament__league=league, status=Round.CLOSED).order_by(
        "closed_at", "tournament_id", "number"
    )
    for round_ in rounds:
        for round_table in round_.tables.select_related("table").order_by("table_no"):
            names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
            correction = round_table.corrections.order_by("-at", "-id").first()
            if correction is not None:
                totals = correction.totals
            elif round_table.totals is not None:
                totals = round_table.totals
            else:
                totals = [round_table.table.totals[name] for name in round_table.table.players]
            places = [1 + sum(other > total for other in totals) for total in totals]
            out.append((round_table.pk, names, places))
    return out


def stored(league):
    return {row.player: (row.mu, row.sigma, row.events) for row in Rating.objects.filter(league=league)}


def test_league_ratings_after_known_round_tables_are_openskills_own_step_by_step():
    league = season()
    model = PlackettLuce()
    now = {}
    events = expected_events(league)
    assert len(events) == 3 + 3 + 1
    for number, (round_table, names, places) in enumerate(events, start=1):
        after = model.rate([[now.get(name, model.rating())] for name in names], ranks=places)
        now.update({name: team[0] for name, team in zip(names, after)})
        steps = {s.player: s for s in RatingStep.objects.filter(league=league, round_table_id=round_table)}
        assert {name: (s.number, s.place, s.mu, s.sigma) for name, s in steps.items()} == {
            name: (number, place, now[name].mu, now[name].sigma) for name, place in zip(names, places)
        }
    assert {name: (mu, sigma) for name, (mu, sigma, _events) in stored(league).items()} == {
        name: (r.mu, r.sigma) for name, r in now.items()
    }
    assert stored(league)["Ana"][2] == 3  # two rounds of the first tournament and the second's one


def test_players_level_at_a_table_share_a_place_and_move_alike():
    league = make_league()
    tournament = tournament_in(league, players=NINE[:3])
    round_ = started(tournament)
    table = round_.tables.get().table
    services.record_hand(table, beggar(table, 0))  # the declarer first, the other two level
    service.close_round(round_)
    steps = {s.player: s for s in RatingStep.objects.filter(league=league)}
    first, *level = table.players
    assert steps[first].place == 1 and [steps[name].place for name in level] == [2, 2]
    assert steps[level[0]].mu == steps[level[1]].mu < steps[first].mu


def test_a_table_typed_from_paper_counts_with_its_typed_totals():
    league = make_league()
    tournament = tournament_in(league, players=NINE[:3])
    round_ = started(tournament)
    round_table = round_.tables.get()
    service.type_result(round_, round_table, [-20, 50, 10])
    service.close_round(round_)
    names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
    steps = {s.player: s.place for s in RatingStep.objects.filter(league=league)}
    assert [steps[name] for name in names] == [3, 1, 2]


def test_a_schnapsen_table_typed_from_paper_is_placed_by_its_typed_bummerl():
    settings = {
        "rules": {},
        "table_size": 2,
        "rounds": 1,
        "round_limit": {"hands": 30},
        "scoring": {"measure": "place-points", "place_points": [1, 0], "tie_breaks": []},
        "draw": {"first": "random", "later": "random", "seed": 3},
    }
    tournament = make_tournament(game="schnapsen", preset="place-points", settings=settings, players=["Anna", "Ben"])
    round_ = started(tournament)
    round_table = round_.tables.get()
    service.type_result(round_, round_table, [30, 12], {"bummerl": [1, 0]})  # more game points, but a Bummerl lost
    service.close_round(round_)
    names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
    steps = {s.player: s.place for s in RatingStep.objects.filter(tournament=tournament, game="schnapsen")}
    assert [steps[name] for name in names] == [2, 1]  # a tournament in no league is rated on its own


def rebuilt_from_scratch(league):
    Rating.objects.filter(league=league).delete()
    RatingStep.objects.filter(league=league).delete()
    service.rate_pool(ratings_shown.Pool(league=league))
    return stored(league)


def test_a_correction_changes_the_ratings_exactly_as_a_rebuild_from_scratch():
    league = season()
    before = stored(league)
    round_ = Round.objects.get(tournament__name="Brno 1", number=1)
    round_table = round_.tables.get(table_no=1)
    service.correct(round_, round_table, [-40, 0, 40], "Appeal: a hand was scored for the wrong player")
    after = stored(league)
    assert after != before
    assert after == rebuilt_from_scratch(league)
    assert [place for _pk, _names, place in expected_events(league) if _pk == round_table.pk] == [[3, 2, 1]]


@pytest.mark.parametrize("change", ["edit", "delete"])
def test_a_closed_rounds_table_refuses_a_late_change_and_the_ratings_stay(change):
    league = season()
    round_table = RoundTable.objects.get(round__tournament__name="Brno 1", round__number=2, table_no=1)
    table = round_table.table
    hand = table.hands.filter(deleted=False).order_by("seq").first()
    before = stored(league)
    with pytest.raises(InvalidTable):  # its result changes only as the director's correction (TN8)
        if change == "edit":
            services.edit_hand(hand, beggar(table, 2, won=True))
        else:
            services.delete_hand(hand)
    assert stored(league) == before == rebuilt_from_scratch(league)


LANGUAGE_WORDS = {"cs": "Hodnocení", "sl": "Ocene", "de": "Wertungszahlen", "en": "Ratings"}


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_league_page_shows_each_rating_in_the_players_language(client, language):
    league = season()
    for url in (
        reverse("league", args=[league.public_token]),
        reverse("league_director", args=[league.director_token]),
    ):
        page = visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
        assert LANGUAGE_WORDS[language] in page
        with translation.override(language):
            for rating in Rating.objects.filter(league=league):
                assert local_number(Fraction(round(rating.mu * 10), 10), places=1) in page
            assert page.count(translation.gettext("few results yet")) == 9  # three results at most: all marked
        if language != "en":
            assert "better than expected" not in page and "few results yet" not in page


def test_the_league_page_draws_the_ratings_over_time(client):
    league = season()
    page = client.get(reverse("league", args=[league.public_token])).content.decode()
    ratings = page.split('id="ratings-slovenian-tarok"')[1]
    assert "<svg" in ratings and 'class="chart"' in ratings


def test_a_seeded_draw_ranked_by_ratings_puts_one_player_of_each_third_at_each_table(client):
    league = season()
    later = ["Ivo", "Hana", "Gal", "Franc", "Eva", "Dora", "Cene", "Bojan", "Ana"]
    tournament = tournament_in(league, players=later, name="Brno 3")
    response = client.post(reverse("draw", args=[tournament.director_token]), {"round": 1, "by_ratings": "1"})
    assert response.status_code == 302
    ratings = ratings_shown.ratings_now(ratings_shown.Pool(league=league))
    best_first = current_ranking(GAME, later, ratings)
    assert best_first != later
    entries = {entry.name: entry for entry in tournament.entries.all()}
    assert [entries[name].ranking for name in best_first] == list(range(1, 10))
    thirds = {name: i // 3 for i, name in enumerate(best_first)}
    round_ = tournament.rounds.get(number=1)
    for round_table in round_.tables.all():
        seated = round_table.seats.values_list("entry__name", flat=True)
        assert sorted(thirds[name] for name in seated) == [0, 1, 2]
    # the document carries plain rankings: the command's draw is the same
    drawn = engine.draw(engine.load(service.document(tournament, before=1, live=False)), 1)
    assert [list(seats) for _no, seats in drawn.tables] == [
        list(rt.seats.order_by("seat").values_list("entry__no", flat=True)) for rt in round_.tables.order_by("table_no")
    ]


def test_a_draw_by_ratings_outside_a_league_is_refused_and_nothing_is_saved(client):
    tournament = make_tournament()
    response = client.post(reverse("draw", args=[tournament.director_token]), {"round": 1, "by_ratings": "1"})
    assert response.status_code == 400
    assert "Only the first round of a seeded draw in a league is ranked by ratings." in visible_text(
        response.content.decode()
    )
    assert not tournament.rounds.exists()
    assert not tournament.entries.exclude(ranking=None).exists()


def test_the_command_rebuilds_a_leagues_ratings_and_prints_them_as_json():
    league = season()
    expected = stored(league)
    Rating.objects.filter(league=league).update(mu=0)
    out = StringIO()
    call_command("ratings", "--league", league.public_token, stdout=out)
    found = json.loads(out.getvalue())
    assert list(found) == ["leagues"] and found["leagues"][0]["name"] == "Brno 2026"
    rows = found["leagues"][0]["games"][GAME]
    assert {row["player"]: (row["mu"], row["sigma"], row["events"]) for row in rows} == expected
    assert [row["mu"] for row in rows] == sorted((row["mu"] for row in rows), reverse=True)
    assert stored(league) == expected


def test_the_command_takes_a_token_that_starts_with_a_hyphen():
    """One token in 64 starts with "-": ``--league -0FC…`` is that token, not an option."""
    league = season()
    league.public_token = "-" + league.public_token[1:]
    league.save(update_fields=["public_token"])
    out = StringIO()
    call_command("ratings", "--league", league.public_token, stdout=out)
    assert [row["token"] for row in json.loads(out.getvalue())["leagues"]] == [league.director_token]


def test_the_command_says_in_one_line_when_the_league_is_unknown():
    err = StringIO()
    with pytest.raises(SystemExit) as raised:
        call_command("ratings", "--league", "nope", stderr=err)
    assert raised.value.code == 2 and err.getvalue().count("\n") <= 1 and "nope" in err.getvalue()
