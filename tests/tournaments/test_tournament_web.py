"""Tournaments on the web (issue 23): the director's pages behind the director link, the public pages behind the
public link, a tournament table's limit, and the standings equal to the engine's of the exported document."""

import io
import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engines.table import InvalidTable
from games.lib.numbers import local_number
from games.models import Correction, Entry, Round, RoundTable, Seat, Table, Tournament
from games.registry import GAMES
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service
from games.tournaments.forms import RulesShown

from ..factories import visible_text

pytestmark = pytest.mark.django_db

NINE = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Franc", "Gal", "Hana", "Ivo"]
LANGUAGES = ["cs", "sl", "de", "en"]


def tarzs(*, hands=3, minutes=90, rounds=2) -> dict:
    return {
        "rules": {},
        "table_size": 3,
        "rounds": rounds,
        "round_limit": {"hands": hands, "minutes": minutes},
        "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
        "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
    }


def make_tournament(*, players=NINE, game="slovenian-tarok", preset="tarzs", settings=None) -> Tournament:
    tournament = service.create_tournament(name="DP Šmarjetna", game=game, preset=preset, settings=settings or tarzs())
    if players:
        service.register(tournament, [(name, None) for name in players])
    tournament.refresh_from_db()
    return tournament


def started(tournament: Tournament, number: int = 1) -> Round:
    service.draw_round(tournament, number)
    round_ = Round.objects.get(tournament=tournament, number=number)
    return service.start_round(round_)


def beggar(table: Table, seat: int = 0) -> dict:
    return {"contract": "beggar", "declarer": table.players[seat], "won": True}


def play_round(round_: Round, hands: int = 1) -> None:
    for round_table in round_.tables.select_related("table"):
        for i in range(hands):
            services.record_hand(round_table.table, beggar(round_table.table, i % 3))


def director_url(tournament, name="director", *args):
    return reverse(name, args=[tournament.director_token, *args])


# ---- creating a tournament ----------------------------------------------------------------------------------


def test_a_director_creates_a_tournament_from_a_preset_and_sees_what_differs(client):
    page = client.get(reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs")
    assert page.status_code == 200
    data = {key: "" if value is None else value for key, value in page.context["form"].initial.items()}
    data.update(name="Liga Brno", rounds=3)
    response = client.post(reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs", data)
    tournament = Tournament.objects.get(name="Liga Brno")
    assert response.status_code == 302 and response["Location"] == director_url(tournament)
    text = visible_text(client.get(director_url(tournament)).content.decode())
    assert "Rounds: 3 instead of 4" in text, "the director sees what differs from the preset"


@pytest.mark.parametrize("language, shown", [("cs", "2 1 0,5"), ("de", "2 1 0,5"), ("en", "2 1 0.5")])
def test_the_place_points_are_offered_as_the_director_types_them_and_kept_when_sent_back(client, language, shown):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    data = {key: "" if value is None else value for key, value in page.context["form"].initial.items()}
    assert data["place_points"] == shown, "the help text's own example form, not 1/2"
    data.update(name="Pokal")
    assert client.post(url, data, HTTP_ACCEPT_LANGUAGE=language).status_code == 302
    assert Tournament.objects.get(name="Pokal").settings["scoring"]["place_points"] == [2, 1, 0.5]
    text = visible_text(
        client.get(director_url(Tournament.objects.get(name="Pokal")), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert "place_points" not in text and ("Nothing: this tournament follows its preset." in text or language != "en")


def test_what_differs_from_the_preset_is_said_in_the_directors_language(client):
    settings = {**tarzs(hands=3), "scoring": {"measure": "points", "place_points": [2, 1, 0.5], "tie_breaks": []}}
    tournament = make_tournament(settings=settings)
    said = {
        "cs": ["Her v kole: 3 místo 21", "Pořadí podle: body místo body za umístění"],
        "de": ["Spiele in einer Runde: 3 statt 21"],
        "en": ["Hands in a round: 3 instead of 21"],
    }
    for language, lines in said.items():
        page = client.get(director_url(tournament), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        differs = visible_text(page.split('id="differs-heading"', 1)[1].split("</section>", 1)[0])
        for line in lines:
            assert line in " ".join(differs.split()), (language, differs)
        assert "round_limit" not in differs and "scoring" not in differs
    assert tournament.settings["draw"]["first"] == "seeded-thirds"


# ---- registering players -------------------------------------------------------------------------------------


def test_a_pasted_list_gets_start_numbers_and_rankings(client):
    tournament = make_tournament(players=[])
    response = client.post(director_url(tournament, "register"), {"players": "Ana; 3\nBojan\n\nCene, 1\n"})
    assert response.status_code == 302
    assert list(tournament.entries.values_list("no", "name", "ranking")) == [
        (1, "Ana", 3),
        (2, "Bojan", None),
        (3, "Cene", 1),
    ]


def test_a_csv_file_with_a_ranking_column_registers_its_players(client):
    tournament = make_tournament(players=["Ana"])
    upload = io.BytesIO("Bojan,2\nČrt,1\n".encode())
    upload.name = "players.csv"
    assert client.post(director_url(tournament, "register"), {"csv_file": upload}).status_code == 302
    assert list(tournament.entries.values_list("no", "name", "ranking")) == [
        (1, "Ana", None),
        (2, "Bojan", 2),
        (3, "Črt", 1),
    ]


@pytest.mark.parametrize("typed", ["Dora\nEva\ndora", "Ana", "Eva\n ana "])
def test_a_duplicate_name_is_refused_beside_the_field_and_nothing_is_saved(client, typed):
    tournament = make_tournament(players=["Ana", "Bojan"])
    version = tournament.version
    response = client.post(director_url(tournament, "register"), {"players": typed})
    assert response.status_code == 400
    assert response.context["players_form"].errors["players"], "the message sits beside the players field"
    assert tournament.entries.count() == 2
    tournament.refresh_from_db()
    assert tournament.version == version


def test_a_start_number_is_once_per_tournament_in_the_database():
    tournament = make_tournament(players=["Ana"])
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=tournament, no=1, name="Other")


def test_a_late_arrival_joins_from_the_next_round_and_a_withdrawn_player_keeps_results(client):
    tournament = make_tournament()
    started(tournament)
    client.post(director_url(tournament, "register"), {"players": "Jure"})
    assert Entry.objects.get(tournament=tournament, name="Jure").joins == 2
    client.post(director_url(tournament, "withdraw", 1), {"confirmed": "1"})
    assert Entry.objects.get(tournament=tournament, no=1).withdrawn_after == 1


def test_the_stored_players_are_written_as_the_engine_writes_its_players(client):
    """One writer of a player: the stored tournament's document and the engine's dump say each the same way, the
    defaults left out (a late arrival's round, a withdrawal, a ranking written only where there is one)."""
    tournament = make_tournament()
    started(tournament)
    client.post(director_url(tournament, "register"), {"players": "Jure"})
    client.post(director_url(tournament, "withdraw", 1), {"confirmed": "1"})
    Entry.objects.filter(tournament=tournament, no=2).update(ranking=1500)
    players = service.document(tournament)["players"]
    assert players == engine.dump(service.load(tournament))["players"]
    assert players[0] == {"no": 1, "name": players[0]["name"], "withdrawn_after": 1}
    assert players[1]["ranking"] == 1500 and "ranking" not in players[2]
    assert players[-1] == {"no": 10, "name": "Jure", "joins": 2}


# ---- draws, rounds, results ----------------------------------------------------------------------------------


def test_a_draw_seats_everyone_once_and_a_redraw_replaces_it_until_the_round_starts(client):
    tournament = make_tournament()
    assert client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"}).status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    seats = list(Seat.objects.filter(round=round_).values_list("entry__no", flat=True))
    assert sorted(seats) == list(range(1, 10)) and round_.tables.count() == 3
    expected = engine.draw(service.load(tournament, before=1, live=False), 1)
    assert [list(seats) for _no, seats in expected.tables] == [
        list(rt.seats.order_by("seat").values_list("entry__no", flat=True)) for rt in round_.tables.order_by("table_no")
    ]
    assert client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"}).status_code == 302
    assert Round.objects.filter(tournament=tournament).count() == 1, "a redraw replaces the drawn round"
    client.post(director_url(tournament, "start_round", 1))
    response = client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"})
    assert response.status_code == 400 and "round 2" in visible_text(response.content.decode())


def test_the_directors_button_says_a_drawn_round_is_drawn_again(client):
    tournament = make_tournament()
    assert "Draw round 1" in visible_text(client.get(director_url(tournament)).content.decode())
    client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"})
    for language, again in [
        ("en", "Draw round 1 again"),
        ("cs", "Vylosovat kolo 1 znovu"),
        ("sl", "Znova izžrebaj krog 1"),
        ("de", "Runde 1 neu auslosen"),
    ]:
        page = client.get(director_url(tournament), HTTP_ACCEPT_LANGUAGE=language)
        assert again in visible_text(page.content.decode()), language


def test_a_draw_for_more_tables_than_the_players_fill_is_refused(client):
    tournament = make_tournament(players=["Ana", "Bojan"])
    response = client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"})
    assert response.status_code == 400
    assert "2 players cannot fill one table of 3" in visible_text(response.content.decode())
    assert not tournament.rounds.exists()


def test_starting_a_round_makes_a_talon_table_per_table_with_the_seated_names_and_the_countdown(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    before = timezone.now()
    assert client.post(director_url(tournament, "start_round", 1)).status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.status == Round.STARTED and round_.ends_at >= before + timedelta(minutes=90)
    for round_table in round_.tables.select_related("table"):
        names = list(round_table.seats.order_by("seat").values_list("entry__name", flat=True))
        assert round_table.table.players == names and round_table.table.game == "slovenian-tarok"


def test_the_round_page_shows_each_tables_state_at_a_glance(client):
    tournament = make_tournament()
    round_ = started(tournament)
    first = round_.tables.get(table_no=1)
    services.record_hand(first.table, beggar(first.table))
    service.type_result(round_, round_.tables.get(table_no=2), [10, 0, -10])
    text = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "playing: 1 hand" in text and "result typed from paper" in text and "not started" in text


def test_a_typed_zero_sum_result_that_does_not_add_up_is_refused_with_the_difference(client):
    settings = {
        **tarzs(),
        "table_size": 4,
        "scoring": {"measure": "balance", "tie_breaks": []},
        "draw": {"first": "random", "later": "random", "seed": 7},
    }
    tournament = make_tournament(
        game="czech-taroky", preset="breclav", settings=settings, players=["Anna", "Bára", "Cyril", "Dana"]
    )
    started(tournament)
    response = client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "10 20 -30 5"})
    assert response.status_code == 400
    errors = response.context["form"].errors["totals"]
    assert errors and "5" in errors[0], "the difference is said beside the totals"
    assert RoundTable.objects.get(round__tournament=tournament).totals is None
    response = client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "10 20 -30 0"})
    assert response.status_code == 302


def test_a_result_for_a_table_of_another_round_is_refused(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    started(tournament, 2)
    other = RoundTable.objects.get(round=round_)
    with pytest.raises(service.Refused):
        service.type_result(Round.objects.get(tournament=tournament, number=2), other, [1, 0, 0])
    response = client.post(director_url(tournament, "round_result", 2), {"table": "5", "totals": "1 0 0"})
    assert response.status_code == 400 and response.context["form"].errors["table"]


def test_a_late_change_to_a_closed_round_needs_a_reason_and_is_kept_with_it(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    url = director_url(tournament, "round_result", 1)
    response = client.post(url, {"table": "1", "totals": "0 30 0"})
    assert response.status_code == 400 and response.context["form"].errors["reason"]
    assert not Correction.objects.exists()
    assert (
        client.post(
            url, {"table": "1", "totals": "0 30 0", "reason": "appeal: hand 1 misread", "confirmed": "1"}
        ).status_code
        == 302
    )
    correction = Correction.objects.get()
    assert correction.reason == "appeal: hand 1 misread" and correction.totals == [0, 30, 0]
    page = client.get(director_url(tournament, "director_round", 1)).content.decode()
    glance = visible_text(page)
    assert "corrected: appeal: hand 1 misread" in glance and "30" in glance
    assert "<bdi>appeal: hand 1 misread</bdi>" in page, "the reason isolated: its own direction cannot turn the line"
    text = visible_text(client.get(reverse("tournament", args=[tournament.public_token])).content.decode())
    assert "(was " in text, "the standings as they were beside the standings as they are"


def test_a_closed_round_no_longer_says_when_its_time_is_up(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    pages = [
        director_url(tournament, "director_round", 1),
        reverse("tournament", args=[tournament.public_token]),
        reverse("projector", args=[tournament.public_token]),
    ]
    for url in pages:
        assert "ime is up at" in visible_text(client.get(url).content.decode()), url
    play_round(round_)
    service.close_round(round_)
    for url in pages:
        assert "ime is up at" not in visible_text(client.get(url).content.decode()), url


def test_a_round_closes_only_when_every_table_has_a_result(client):
    tournament = make_tournament()
    started(tournament)
    response = client.post(director_url(tournament, "close_round", 1), {"confirmed": "1"})
    assert response.status_code == 400 and "1, 2, 3" in visible_text(response.content.decode())


# ---- the tournament table's limit (TN4) -----------------------------------------------------------------------


def test_the_table_page_says_which_hand_of_how_many_and_the_time_left(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    table = round_.tables.get().table
    for _i in range(11):
        services.record_hand(table, beggar(table))
    text = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert "Hand 12 of 21" in text and "90 minutes left" in text


def test_no_new_hand_past_the_round_limit_of_hands(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=2))
    table = started(tournament).tables.get().table
    services.record_hand(table, beggar(table))
    services.record_hand(table, beggar(table))
    with pytest.raises(services.InvalidTable):
        services.record_hand(table, beggar(table))
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "two", "declarer": table.players[0], "points_whole": "40", "points_third": "0"},
    )
    assert "limit of 2 hands is reached" in visible_text(response.content.decode())
    table.refresh_from_db()
    assert table.hand_count == 2


def test_when_the_time_is_up_the_hand_being_played_is_saved_and_no_other_begins():
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    table = round_.tables.get().table
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    services.record_hand(table, beggar(table))  # the hand in progress when the time ran out
    with pytest.raises(services.InvalidTable, match="time is up"):
        services.record_hand(table, beggar(table))
    with pytest.raises(services.InvalidTable, match="time is up"):
        services.insert_hand(table, beggar(table), after_seq=0)  # an offline phone's hand too


def test_a_closed_rounds_table_takes_no_late_change_its_result_stands():
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=2))
    round_ = started(tournament)
    table = round_.tables.get().table
    services.record_hand(table, beggar(table))
    service.close_round(round_)
    table.refresh_from_db()
    before = (table.version, dict(table.totals))
    hand = table.hands.get()
    for late in (
        lambda: services.record_hand(table, beggar(table)),
        lambda: services.delete_hand(hand),
        lambda: services.edit_hand(hand, beggar(table)),
        lambda: services.undo_last(table),
    ):
        with pytest.raises(InvalidTable, match="round is closed"):
            late()
    table.refresh_from_db()
    assert (table.version, dict(table.totals)) == before


# ---- links: neither opens the other ---------------------------------------------------------------------------


def test_a_table_link_or_the_public_link_never_opens_the_directors_pages(client):
    tournament = make_tournament()
    table = started(tournament).tables.first().table
    for token in (table.edit_token, table.view_token, tournament.public_token):
        for name, args in (
            ("director", []),
            ("director_round", [1]),
            ("print_round", [1]),
            ("tournament_json", []),
            ("standings_csv", []),
        ):
            assert client.get(reverse(name, args=[token, *args])).status_code == 404
        assert client.post(reverse("draw", args=[token]), {"round": "2"}).status_code == 404
        assert client.post(reverse("start_round", args=[token, 1])).status_code == 404
    assert client.get(reverse("tournament", args=[tournament.director_token])).status_code == 404


# ---- the public pages ----------------------------------------------------------------------------------------


def _played_tournament() -> Tournament:
    tournament = make_tournament()
    round_ = started(tournament)
    play_round(round_, hands=2)
    service.type_result(round_, round_.tables.get(table_no=3), [30, 0, -10], replace=True)
    return tournament


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_answers_in_every_language(client, language):
    tournament = _played_tournament()
    entry = tournament.entries.get(no=1)
    pages = [
        reverse("new_tournament"),
        reverse("new_tournament_for", args=["slovenian-tarok"]),
        reverse("import_tournament"),
        director_url(tournament),
        director_url(tournament, "director_round", 1),
        director_url(tournament, "print_round", 1),
        reverse("tournament", args=[tournament.public_token]),
        reverse("tournament_player", args=[tournament.public_token, 1]),
        reverse("find_table", args=[tournament.public_token]) + "?q=1",
        reverse("public_round", args=[tournament.public_token, 1]),
        reverse("projector", args=[tournament.public_token]),
    ]
    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        assert response["Content-Language"] == language
        assert tournament.name in response.content.decode() or "tournaments/" in url
    assert entry.name in visible_text(client.get(pages[7], HTTP_ACCEPT_LANGUAGE=language).content.decode())
    said = {
        "cs": ("Pořadí", "Najděte svůj stůl"),
        "sl": ("Lestvica", "Poišči svojo mizo"),
        "de": ("Rangliste", "Finde deinen Tisch"),
        "en": ("Standings", "Find your table"),
    }[language]
    standings = visible_text(client.get(pages[6], HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert all(words in standings for words in said), "the standings page in the player's language"


def test_the_standings_page_equals_the_engines_standings_of_the_exported_document(client):
    tournament = _played_tournament()
    exported = json.loads(client.get(director_url(tournament, "tournament_json")).content)
    assert any("document" in table for table in exported["played"][0]["tables"]), "Talon tables as documents"
    expected = engine.standings(engine.load(exported))
    shown = client.get(reverse("tournament", args=[tournament.public_token])).context["lines"]
    assert [(line["place"], line["no"], line["measure"]) for line in shown] == [
        (line.place, line.no, local_number(line.measure)) for line in expected
    ]
    assert any(line.measure.denominator != 1 for line in expected), "shared place points, shown exactly"


def test_a_players_row_opens_their_rounds_with_table_opponents_place_and_score(client):
    tournament = _played_tournament()
    seat = Seat.objects.get(entry__tournament=tournament, entry__no=1)
    response = client.get(reverse("tournament_player", args=[tournament.public_token, 1]))
    row = response.context["rows"][0]
    assert row["table"] == seat.round_table.table_no and len(row["opponents"]) == 2
    assert row["line"] is not None


def test_a_players_page_names_the_start_number_apart_from_the_place(client):
    """ "1. Anna" over "Place 3" read as first place: the heading is the name, the start number says what it is."""
    tournament = _played_tournament()
    line = next(line for line in engine.standings(engine.load(service.document(tournament))) if line.place != 1)
    entry = tournament.entries.get(no=line.no)
    html = client.get(reverse("tournament_player", args=[tournament.public_token, entry.no])).content.decode()
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    assert visible_text(heading).strip() == entry.name
    said = visible_text(re.search(r'<p class="player-line">(.*?)</p>', html, re.S).group(1))
    standings = client.get(reverse("tournament", args=[tournament.public_token])).context
    shown = next(row for row in standings["lines"] if row["no"] == entry.no)["measure"]  # as the standings write it
    assert " ".join(said.split()) == f"Start number {entry.no} · Place {line.place} · Place points: {shown}"
    assert shown == local_number(line.measure) and standings["measure_label"] == "Place points"


def test_a_player_finds_their_table_by_start_number_or_name(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    seat = Seat.objects.get(entry__tournament=tournament, entry__name="Eva")
    for query in ("5", "eva"):
        text = visible_text(
            client.get(reverse("find_table", args=[tournament.public_token]), {"q": query}).content.decode()
        )
        assert f"table {seat.round_table.table_no}" in text
    response = client.get(reverse("find_table", args=[tournament.public_token]), {"q": "Nobody"})
    assert "No player has this start number or name." in visible_text(response.content.decode())


def test_a_player_finds_their_table_typing_their_name_without_its_accents_or_capitals(client):
    names = ["Žiga Kovačič-Hrovatin von Oberösterreich", "Đurđica Ćosić-Bošković", "Jürgen Müller aus Großhain"]
    tournament = make_tournament(players=names)
    service.draw_round(tournament, 1)
    for query, name in [
        ("ziga kovacic", names[0]),
        ("ŽIGA", names[0]),
        ("durdica", names[1]),
        ("cosic", names[1]),
        ("grosshain", names[2]),
        ("müller", names[2]),
    ]:
        text = visible_text(
            client.get(reverse("find_table", args=[tournament.public_token]), {"q": query}).content.decode()
        )
        assert "table 1" in text and name in text, query


def test_the_printed_sheets_carry_a_qr_code_of_each_tables_edit_link(client):
    tournament = make_tournament()
    round_ = started(tournament)
    page = client.get(director_url(tournament, "print_round", 1)).content.decode()
    for round_table in round_.tables.select_related("table"):
        assert reverse("table", args=[round_table.table.edit_token]) in page
    assert page.count("<svg") == 3
    public = client.get(reverse("public_round", args=[tournament.public_token, 1])).content.decode()
    assert "<svg" not in public and round_.tables.first().table.edit_token not in public


def test_the_projector_turns_its_pages_by_itself_when_the_standings_are_longer_than_the_screen(client):
    from django.contrib.staticfiles import finders

    tournament = make_tournament()
    page = client.get(reverse("projector", args=[tournament.public_token])).content.decode()
    assert '<script src="/static/js/projector.js" defer></script>' in page
    script = open(finders.find("js/projector.js"), encoding="utf-8").read()
    assert "scrollBy" in script and "scrollTo(0, 0)" in script, "a page down, then back to the top"


def test_the_projector_costs_nothing_while_the_tournament_has_not_changed(client, django_assert_max_num_queries):
    tournament = _played_tournament()
    tournament.refresh_from_db()
    url = reverse("projector_live", args=[tournament.public_token])
    shown = client.get(reverse("projector", args=[tournament.public_token])).context["shown"]
    tables = sum(
        Table.objects.filter(tournament_tables__round__tournament=tournament).values_list("version", flat=True)
    )
    assert shown == f"{tournament.version}.{tables}-90", "the versions and the minute of the countdown"
    assert client.get(url, {"v": shown}).status_code == 204
    with django_assert_max_num_queries(3):
        assert client.get(url, {"v": shown}).status_code == 204
    service.type_result(
        Round.objects.get(tournament=tournament),
        RoundTable.objects.get(round__tournament=tournament, table_no=3),
        [0, 0, 0],
    )
    tournament.refresh_from_db()
    tables += 1  # the typed table's phones learn that its typed result counts
    response = client.get(url, {"v": shown})
    assert response.status_code == 200 and f"v={tournament.version}.{tables}-90" in response.content.decode()
    first = RoundTable.objects.get(round__tournament=tournament, table_no=1).table
    services.record_hand(first, beggar(first))  # a hand at a table changes the live standings
    changed = client.get(url, {"v": f"{tournament.version}.{tables}-90"})
    assert changed.status_code == 200 and f"v={tournament.version}.{tables + 1}-90" in changed.content.decode()
    Round.objects.filter(tournament=tournament).update(ends_at=timezone.now() + timedelta(seconds=30))
    response = client.get(url, {"v": f"{tournament.version}.{tables + 1}-90"})
    assert response.status_code == 200 and "1 minute left" in visible_text(response.content.decode())


def test_the_standings_csv_lists_every_player(client):
    tournament = _played_tournament()
    rows = client.get(director_url(tournament, "standings_csv")).content.decode().splitlines()
    assert len(rows) == 10


def test_the_standings_csv_header_names_the_player_and_the_tournaments_measure_in_the_directors_language(client):
    tournament = _played_tournament()
    header = {
        language: client.get(director_url(tournament, "standings_csv"), HTTP_ACCEPT_LANGUAGE=language)
        .content.decode()
        .splitlines()[0]
        for language in LANGUAGES
    }
    assert header["cs"] == "Místo,Startovní číslo,Hráč,Body za umístění,Součet bodů u stolů"  # each tie-break
    assert header["en"] == "Place,Start number,Player,Place points,Table scores"


# ---- import ----------------------------------------------------------------------------------------------------


def test_an_exported_document_imports_as_a_tournament_with_the_same_standings(client):
    tournament = _played_tournament()
    exported = client.get(director_url(tournament, "tournament_json")).content
    upload = io.BytesIO(exported)
    upload.name = "t.json"
    response = client.post(reverse("import_tournament"), {"document": upload})
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert response.status_code == 302
    assert [(s.no, s.place, s.measure) for s in service.load_standings(copy)] == [
        (s.no, s.place, s.measure) for s in service.load_standings(tournament)
    ]


def test_a_bad_document_is_refused_beside_the_field_and_nothing_is_saved(client):
    upload = io.BytesIO(b'{"tournament": "x", "game": "slovenian-tarok", "nonsense": 1}')
    upload.name = "t.json"
    response = client.post(reverse("import_tournament"), {"document": upload})
    assert response.status_code == 200 and response.context["form"].errors["document"]
    assert not Tournament.objects.exists()


def test_a_csv_files_header_row_is_not_a_player(client):
    tournament = make_tournament(players=[])
    upload = io.BytesIO(b"name;ranking\nAna;2\nBojan;\n")
    upload.name = "players.csv"
    assert client.post(director_url(tournament, "register"), {"csv_file": upload}).status_code == 302
    assert list(tournament.entries.values_list("name", "ranking")) == [("Ana", 2), ("Bojan", None)]


def test_a_tournament_without_any_round_limit_is_refused_beside_the_limit(client):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs"
    data = {key: "" if value is None else value for key, value in client.get(url).context["form"].initial.items()}
    data.update(name="No limit", hands="", minutes="")
    response = client.post(url, data)
    assert response.status_code == 200 and response.context["form"].errors["hands"]
    assert not Tournament.objects.exists()


def test_the_next_round_is_drawn_only_once_the_round_before_is_closed(client):
    tournament = make_tournament()
    started(tournament)
    response = client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "2"})
    assert response.status_code == 400 and "Close round 1" in visible_text(response.content.decode())
    assert tournament.rounds.count() == 1


def test_a_schnapsen_tables_places_come_from_its_stored_bummerl():
    settings = {
        "rules": {},
        "table_size": 2,
        "rounds": 2,
        "round_limit": {"hands": 30},
        "scoring": {"measure": "place-points", "place_points": [1, 0], "tie_breaks": []},
        "draw": {"first": "random", "later": "random", "seed": 3},
    }
    tournament = make_tournament(game="schnapsen", preset="place-points", settings=settings, players=["Anna", "Ben"])
    table = started(tournament).tables.get().table
    loser = table.players[1]
    for _i in range(4):
        services.record_hand(table, {"winner": table.players[0], "game_points": 2})
    lines = {line.name: line for line in service.load_standings(tournament)}
    assert lines[table.players[0]].place == 1 and lines[loser].place == 2
    exported = service.export(tournament)
    assert [(s.no, s.place) for s in engine.standings(engine.load(exported))] == [
        (s.no, s.place) for s in service.load_standings(tournament)
    ]


def test_a_change_of_players_voids_a_draw_not_started_yet(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    response = client.post(director_url(tournament, "withdraw", 4), {"confirmed": "1"}, follow=True)
    assert "Round 1 was drawn before this change: draw it again." in visible_text(response.content.decode())
    assert not tournament.rounds.exists()
    client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "1"})
    assert not Seat.objects.filter(entry__no=4).exists(), "a withdrawn player is drawn no more"
    client.post(director_url(tournament, "withdraw", 4), {"confirmed": "1"})  # taken back before the round starts
    assert Entry.objects.get(tournament=tournament, no=4).withdrawn_after is None
    assert not tournament.rounds.exists()


def test_a_player_who_missed_a_round_cannot_be_brought_back(client):
    tournament = make_tournament(players=NINE[:3] + ["Dora"])
    client.post(director_url(tournament, "withdraw", 4), {"confirmed": "1"})
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    response = client.post(director_url(tournament, "withdraw", 4), {"confirmed": "1"}, follow=True)
    assert "cannot come back" in visible_text(response.content.decode())
    assert Entry.objects.get(tournament=tournament, no=4).withdrawn_after == 0


def test_a_name_at_a_tournament_table_is_not_renamed_there(client):
    tournament = make_tournament(players=NINE[:3])
    table = started(tournament).tables.get().table
    with pytest.raises(services.InvalidTable, match="keeps the names the tournament registered"):
        services.rename_player(table, table.players[0], "Other")
    table.refresh_from_db()
    assert table.players == list(
        Seat.objects.filter(round_table__table=table).order_by("seat").values_list("entry__name", flat=True)
    )


def test_a_correction_reason_the_document_would_refuse_is_refused_and_nothing_is_saved(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    response = client.post(
        director_url(tournament, "round_result", 1), {"table": "1", "totals": "0 30 0", "reason": "appeal\x07"}
    )
    assert response.status_code == 400 and response.context["form"].errors["reason"]
    assert not Correction.objects.exists()
    assert client.get(reverse("tournament", args=[tournament.public_token])).status_code == 200


def test_a_phone_on_the_public_standings_follows_them_at_the_cost_of_what_changed(client):
    tournament = _played_tournament()
    page = client.get(reverse("tournament", args=[tournament.public_token]))
    url = reverse("standings_live", args=[tournament.public_token])
    assert client.get(url, {"v": page.context["shown"]}).status_code == 204
    round_ = Round.objects.get(tournament=tournament)
    service.type_result(round_, round_.tables.get(table_no=3), [0, 0, 0])
    response = client.get(url, {"v": page.context["shown"]})
    assert response.status_code == 200 and 'id="board"' in response.content.decode()


def test_a_tournament_tables_house_rules_are_the_tournaments():
    tournament = make_tournament(players=NINE[:3])
    table = started(tournament).tables.get().table
    with pytest.raises(services.InvalidTable, match="tournament's house rules"):
        services.change_rules(table, {"preset": "seed"})


def test_numbers_past_what_a_database_holds_are_no_page_and_no_error(client):
    tournament = make_tournament()
    huge = 2**40
    assert client.get(reverse("tournament_player", args=[tournament.public_token, huge])).status_code == 404
    assert client.get(director_url(tournament, "director_round", huge)).status_code == 404
    assert client.post(director_url(tournament, "withdraw", huge)).status_code == 404
    assert client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": str(huge)}).status_code == 400
    assert client.get(reverse("find_table", args=[tournament.public_token]), {"q": str(huge)}).status_code == 200


def test_the_director_corrects_a_name_everywhere_in_the_tournament(client):
    tournament = make_tournament(players=NINE[:3])
    table = started(tournament).tables.get().table
    services.record_hand(table, beggar(table))
    response = client.post(director_url(tournament, "rename_entry"), {"no": "2", "name": "Bojana"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert "Bojana" in table.players and "Bojan" not in table.players
    assert tournament.entries.get(no=2).name == "Bojana"
    assert client.get(reverse("tournament", args=[tournament.public_token])).status_code == 200
    response = client.post(director_url(tournament, "rename_entry"), {"no": "2", "name": "ana"})
    assert response.status_code == 400 and response.context["rename_form"].errors["name"]
    assert tournament.entries.get(no=2).name == "Bojana"


def test_the_round_at_a_glance_follows_its_tables_by_itself(client):
    tournament = make_tournament()
    round_ = started(tournament)
    page = client.get(director_url(tournament, "director_round", 1))
    url = director_url(tournament, "director_round_live", 1)
    assert client.get(url, {"v": page.context["shown"]}).status_code == 204
    first = round_.tables.get(table_no=1).table
    services.record_hand(first, beggar(first))
    response = client.get(url, {"v": page.context["shown"]})
    assert response.status_code == 200 and "playing: 1 hand" in visible_text(response.content.decode())
    assert client.get(reverse("director_round_live", args=[tournament.public_token, 1])).status_code == 404


@pytest.mark.parametrize("typed", ["Ana; ²", "Ana; 0", "Ana; 99999999999999", "Ana; 2000000"])
def test_a_ranking_that_is_no_ranking_is_refused_beside_the_list_or_kept_in_the_name(client, typed):
    tournament = make_tournament(players=[])
    response = client.post(director_url(tournament, "register"), {"players": typed})
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert response.context["players_form"].errors["players"] and not tournament.entries.exists()
    else:  # not a number at all: part of the name, as typed
        assert list(tournament.entries.values_list("name", "ranking")) == [(typed, None)]


def test_a_tournament_as_its_preset_says_differs_in_nothing_not_even_half_written_as_0_5(client):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs"
    data = {key: "" if value is None else value for key, value in client.get(url).context["form"].initial.items()}
    data.update(name="As the preset", place_points="2 1 0.5")
    client.post(url, data)
    tournament = Tournament.objects.get(name="As the preset")
    text = visible_text(client.get(director_url(tournament)).content.decode())
    assert "Nothing: this tournament follows its preset." in text


def test_a_game_is_offered_only_the_presets_it_can_be_played_with(client):
    response = client.get(reverse("new_tournament"), HTTP_ACCEPT_LANGUAGE="cs")
    choices = {game.slug: dict(presets) for game, presets in response.context["choices"]}
    assert "tarzs" in choices["slovenian-tarok"] and "tarzs" not in choices["czech-taroky"]
    assert "breclav" in choices["czech-taroky"] and "points" in choices["schnapsen"]
    assert "points" in choices["bauernschnapsen"] and "points" in choices["dreierschnapsen"]
    assert "preisschnapsen" in choices["bauernschnapsen"] and "preisschnapsen" not in choices["dreierschnapsen"]
    text = visible_text(response.content.decode())  # each in the director's words, not its id
    assert "Mistrovství Slovinska (TARZS)" in text and "Český turnaj (Břeclav)" in text and "place-points" not in text
    page = client.get(reverse("new_tournament_for", args=["czech-taroky"]) + "?preset=tarzs")
    assert page.context["preset"] == "Czech tournament (Břeclav)", "the game's first preset, named"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_tournament_starts_from_each_offered_preset_as_it_stands(client, game):
    offered = {
        g.slug: [key for key, _label in presets]
        for g, presets in client.get(reverse("new_tournament")).context["choices"]
    }
    assert offered[game]
    for preset in offered[game]:
        url = reverse("new_tournament_for", args=[game]) + f"?preset={preset}"
        form = client.get(url).context["form"]
        data = {key: "" if value is None else value for key, value in form.initial.items() if key != "rules"}
        rules = form.rules_form  # the table rules as offered (a Königrufen cup's sheet)
        data.update({rules.add_prefix(name): rules[name].value() or "" for name in rules.fields})
        data["name"] = f"{game} {preset}"
        response = client.post(url, data)
        assert response.status_code == 302, (preset, response.context and response.context["form"].errors)
        t = service.load(Tournament.objects.get(name=data["name"]))
        as_offered = RulesShown(game, form.initial["rules"], t.table_size)
        assert RulesShown(game, t.rules, t.table_size) == as_offered, (preset, t.rules)  # tables play them


def test_a_phone_sending_hands_kept_without_signal_obeys_the_round_limit(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=1))
    table = started(tournament).tables.get().table
    services.record_hand(table, beggar(table))
    table.refresh_from_db()
    response = client.post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": beggar(table), "version": table.version, "submission": "offline-hand-0001"}),
        content_type="application/json",
    )
    assert response.status_code == 422 and "limit of 1 hands is reached" in response.json()["error"]
    table.refresh_from_db()
    assert table.hand_count == 1


def test_the_round_page_and_table_list_name_who_sits_out(client):
    tournament = make_tournament(players=NINE[:4])
    service.draw_round(tournament, 1)
    out = Entry.objects.get(tournament=tournament, seats__isnull=True)
    for url in (
        director_url(tournament, "director_round", 1),
        reverse("public_round", args=[tournament.public_token, 1]),
    ):
        text = visible_text(client.get(url).content.decode())
        assert f"Sitting out this round: {out.no}. {out.name}" in text


def test_a_whole_breclav_tournament_through_the_directors_pages(client):
    """Start numbers on a schedule, tables of four, money balances, the extra round for those who sat out (TN2)."""
    url = reverse("new_tournament_for", args=["czech-taroky"]) + "?preset=breclav"
    data = {key: "" if value is None else value for key, value in client.get(url).context["form"].initial.items()}
    data.update(name="Břeclav", rounds=4, hands=3)
    assert client.post(url, data).status_code == 302
    tournament = Tournament.objects.get(name="Břeclav")
    client.post(director_url(tournament, "register"), {"players": "\n".join(NINE)})
    published = client.get(director_url(tournament)).context["schedule"]
    for round_shown in published:  # who sits at each table, in start numbers: the seats are drawn with the round
        assert all([no for no, _name in seats] == sorted(no for no, _name in seats) for seats in round_shown["tables"])
    for number in (1, 2, 3, 4, 5):  # 5: the extra round of the four who sat out once each
        assert (
            client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": str(number)}).status_code == 302
        ), number
        assert client.post(director_url(tournament, "start_round", number)).status_code == 302
        round_ = Round.objects.get(tournament=tournament, number=number)
        drawn = [
            sorted(
                Seat.objects.filter(round=round_, round_table__table_no=table_no).values_list("entry__no", flat=True)
            )
            for table_no in sorted(round_.tables.values_list("table_no", flat=True))
        ]
        assert drawn == [[no for no, _name in seats] for seats in published[number - 1]["tables"]], "as published"
        for round_table in round_.tables.select_related("table"):
            players = round_table.table.players
            services.record_hand(round_table.table, {"povinnost": players[0], "partner": players[2], "points": 63})
        assert client.post(director_url(tournament, "close_round", number), {"confirmed": "1"}).status_code == 302
    played = [Seat.objects.filter(entry=entry).count() for entry in tournament.entries.all()]
    assert played == [4] * 9, "everyone plays the same number of rounds"
    assert client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "6"}).status_code == 400
    assert "This tournament is final: every round has been played and closed." in visible_text(
        client.get(director_url(tournament)).content.decode()
    )
    # its players stand as they finished: no withdrawal offered, none taken, by the page or by the service
    page = client.get(director_url(tournament)).content.decode()
    assert "Withdraw" not in visible_text(page) and director_url(tournament, "withdraw", 1) not in page
    answer = client.post(director_url(tournament, "withdraw", 1), {"confirmed": "1"}, follow=True)
    assert "This tournament is final" in visible_text(answer.content.decode())
    with pytest.raises(service.Refused):
        service.withdraw(tournament.entries.get(no=2))
    assert not tournament.entries.exclude(withdrawn_after=None).exists()
    exported = json.loads(client.get(director_url(tournament, "tournament_json")).content)
    shown = client.get(reverse("tournament", args=[tournament.public_token])).context["lines"]
    assert [(line["no"], line["place"]) for line in shown] == [
        (line.no, line.place) for line in engine.standings(engine.load(exported))
    ]


def test_the_round_page_costs_the_same_few_queries_for_three_tables_and_for_thirty(
    client, django_assert_max_num_queries
):
    small, big = make_tournament(), make_tournament(players=[f"Player {i}" for i in range(90)])
    big.name = "Big"
    for tournament in (small, big):
        started(tournament)
        with django_assert_max_num_queries(20):
            assert client.get(director_url(tournament, "director_round", 1)).status_code == 200
        with django_assert_max_num_queries(20):
            assert client.get(reverse("tournament", args=[tournament.public_token])).status_code == 200


def test_a_draw_that_must_repeat_a_pair_says_so(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    response = client.post(director_url(tournament, "draw"), {"confirmed": "1", "round": "2"}, follow=True)
    assert "3 pairs of players meet again" in visible_text(response.content.decode())


def test_a_tournament_table_links_to_the_tournaments_standings(client):
    tournament = make_tournament(players=NINE[:3])
    table = started(tournament).tables.get().table
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert reverse("tournament", args=[tournament.public_token]) in page
    assert tournament.director_token not in page, "a table never shows the director's link"


def test_a_document_with_a_start_number_twice_is_refused_and_nothing_is_saved(client):
    tournament = _played_tournament()
    exported = json.loads(client.get(director_url(tournament, "tournament_json")).content)
    exported["players"][1]["no"] = exported["players"][0]["no"]
    upload = io.BytesIO(json.dumps(exported).encode())
    upload.name = "t.json"
    response = client.post(reverse("import_tournament"), {"document": upload})
    assert (
        response.status_code == 200
        and "start number 1 is given twice" in response.context["form"].errors["document"][0]
    )
    assert Tournament.objects.count() == 1 and Table.objects.count() == 3


def test_a_player_follows_their_table_from_the_public_page_by_its_view_link_only(client):
    tournament = make_tournament()
    round_ = started(tournament)
    seat = Seat.objects.select_related("round_table__table").get(entry__tournament=tournament, entry__name="Eva")
    table = seat.round_table.table
    page = client.get(reverse("find_table", args=[tournament.public_token]), {"q": "Eva"}).content.decode()
    assert reverse("view_table", args=[table.view_token]) in page and table.edit_token not in page
    listing = client.get(reverse("public_round", args=[tournament.public_token, 1])).content.decode()
    assert all(
        rt.table.view_token in listing and rt.table.edit_token not in listing
        for rt in round_.tables.select_related("table")
    )


def test_a_round_drawn_before_a_correction_says_its_draw_stands(client):
    tournament = make_tournament(players=NINE[:3])
    first = started(tournament)
    play_round(first)
    service.close_round(first)
    second = started(tournament, 2)
    first.refresh_from_db()
    service.correct(first, first.tables.get(), [0, 30, 0], "appeal")
    seats = list(Seat.objects.filter(round=second).values_list("entry__no", "seat"))
    page = client.get(director_url(tournament, "director_round", 2)).content.decode()
    assert "drawn before round 1, table 1 was corrected (appeal)" in visible_text(page)
    assert "corrected (<bdi>appeal</bdi>)" in page, "the reason isolated inside the sentence"
    assert list(Seat.objects.filter(round=second).values_list("entry__no", "seat")) == seats


def test_the_standings_read_the_tables_stored_totals_never_their_hands(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = _played_tournament()
    for url in (
        reverse("tournament", args=[tournament.public_token]),
        reverse("projector", args=[tournament.public_token]),
        director_url(tournament, "standings_csv"),
    ):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        assert not [q["sql"] for q in captured.captured_queries if '"games_hand"' in q["sql"]], url


def test_a_new_tournament_offers_the_house_rules_in_the_players_language_and_a_seed_of_its_own(client):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    labels = dict(page.context["form"].rules_form.fields["preset"].choices)
    assert labels["seed"] != "Three players (Tapp Tarock)", "the preset's label in German"
    seeds = {client.get(url).context["form"].initial["seed"] for _i in range(5)}
    assert len(seeds) > 1, "each new tournament draws from its own seed"


@pytest.mark.parametrize("measure", ["place-points", "balance", "points"])
def test_the_standings_say_place_points_are_shared_only_where_places_score(client, measure):
    scoring = {"measure": measure, "tie_breaks": []} | (
        {"place_points": [2, 1, 0.5]} if measure == "place-points" else {}
    )
    tournament = make_tournament(settings={**tarzs(), "scoring": scoring})
    text = visible_text(client.get(reverse("tournament", args=[tournament.public_token])).content.decode())
    assert ("share the place points" in text) == (measure == "place-points")
    assert "share the place and are listed by start number" in text
