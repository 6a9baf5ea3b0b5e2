"""A director's evening without surprises (issue 29): a typed result never silently replaces hands played in Talon,
a final tournament takes no players, "find your table" lists every match, draws keep their links, the room's
actions ask once and are undone where the rules allow, and what players read says what decides."""

import csv
import io
import json
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.lib.numbers import local_number, plain_number
from games.models import Correction, League, Round, RoundTable, Seat, Tournament
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, play_round, started, tarzs

pytestmark = pytest.mark.django_db


# ---- a typed result over a table played in Talon ----------------------------------------------------------------


def _played_table(hands: int = 2):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_, hands)
    return tournament, round_, round_.tables.select_related("table").get()


def test_a_typed_result_over_a_played_table_is_refused_saying_what_it_would_replace(client):
    tournament, _round, round_table = _played_table()
    played = service.played_totals(round_table.table)
    response = client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "0 0 0"})
    assert response.status_code == 400
    said = " ".join(response.context["form"].errors["replace"])
    assert "Table 1 has 2 hands played in Talon" in said
    assert " / ".join(str(total).replace("-", "\u2212") for total in played) in said
    assert RoundTable.objects.get(pk=round_table.pk).totals is None, "nothing saved"
    assert [line.measure for line in service.load_standings(tournament)] != [Fraction(0)] * 3 or played == [0, 0, 0]


def test_a_typed_result_replaces_played_hands_only_when_chosen_and_the_hands_stay_in_the_export(client):
    tournament, _round, round_table = _played_table()
    hands = round_table.table.hand_count
    response = client.post(
        director_url(tournament, "round_result", 1), {"table": "1", "totals": "30 0 -10", "replace": "on"}
    )
    assert response.status_code == 302
    seats = list(round_table.seats.order_by("seat").values_list("entry__no", flat=True))
    points = {seats[0]: Fraction(2), seats[1]: Fraction(1), seats[2]: Fraction(1, 2)}  # 2 / 1 / ½ by 30 > 0 > -10
    assert {line.no: line.measure for line in service.load_standings(tournament)} == points
    text = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert f"it replaces {hands} hands played in Talon (kept in the record)" in text
    standings = visible_text(client.get(reverse("tournament", args=[tournament.public_token])).content.decode())
    assert "Round 1, table 1: the result typed from its paper sheet counts" in standings
    exported = json.loads(client.get(director_url(tournament, "tournament_json")).content)
    line = exported["played"][0]["tables"][0]
    assert line["totals"] == [30, 0, -10] and len(line["replaced"]["hands"]) == hands
    assert {s.no: s.measure for s in engine.standings(engine.load(exported))} == points
    upload = io.BytesIO(json.dumps(exported).encode())
    upload.name = "t.json"
    assert client.post(reverse("import_tournament"), {"document": upload}).status_code == 302
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert {line.no: line.measure for line in service.load_standings(copy)} == points
    assert service.export(copy)["played"][0]["tables"][0]["replaced"]["hands"] == line["replaced"]["hands"]


def test_a_replacement_is_taken_back_until_the_round_closes(client):
    tournament, round_, round_table = _played_table()
    before = {line.no: line.measure for line in service.load_standings(tournament)}
    service.type_result(round_, round_table, [30, 0, -10], replace=True)
    url = reverse("take_back_result", args=[tournament.director_token, 1, 1])
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert RoundTable.objects.get(pk=round_table.pk).totals is None
    assert {line.no: line.measure for line in service.load_standings(tournament)} == before
    service.type_result(round_, round_table, [30, 0, -10], replace=True)
    service.close_round(round_)
    response = client.post(url, {"confirmed": "1"})
    assert response.status_code == 400 and "closed" in response.context["error"]
    assert RoundTable.objects.get(pk=round_table.pk).totals == [30, 0, -10]


def test_a_document_replacing_a_table_needs_typed_totals():
    tournament, round_, round_table = _played_table()
    exported = service.export(tournament)
    line = exported["played"][0]["tables"][0]
    line["replaced"] = line["document"]
    with pytest.raises(engine.InvalidTournament):
        engine.load(exported)
    assert Round.objects.get(pk=round_.pk).status == Round.STARTED


# ---- a final tournament ----------------------------------------------------------------------------------------


def _final(players=NINE[:3], rounds=1, **options) -> Tournament:
    settings = {**tarzs(rounds=rounds), **options}
    tournament = make_tournament(players=players, settings=settings)
    for number in range(1, rounds + 1):
        round_ = started(tournament, number)
        play_round(round_)
        service.close_round(round_)
    return tournament


def test_a_final_tournament_refuses_a_late_registration_and_says_why(client):
    tournament = _final()
    response = client.post(director_url(tournament, "register"), {"players": "Gregor Kovač"})
    assert response.status_code == 400
    assert "This tournament is final" in " ".join(response.context["players_form"].errors["players"])
    assert tournament.entries.count() == 3, "nothing saved"
    text = visible_text(client.get(director_url(tournament)).content.decode())
    assert "takes no more players" in text and "Register" not in text.split("Correct a name")[0].split("Players")[-1]


def test_a_final_tournament_refuses_the_leagues_players_in_one_tap(client):
    league = League.objects.create(name="Liga")
    other = make_tournament(players=["Gregor Kovač"])
    final = _final()
    for tournament in (other, final):
        service.add_to_league(league, tournament)
    response = client.post(reverse("league_register", args=[league.director_token, final.public_token]), follow=True)
    assert "This tournament is final" in visible_text(response.content.decode())
    assert final.entries.count() == 3


def test_a_finished_breclav_without_sitters_offers_no_extra_round(client):
    settings = {
        "rules": {},
        "table_size": 4,
        "rounds": 2,
        "round_limit": {"hands": 3},
        "scoring": {"measure": "balance", "tie_breaks": []},
        "draw": {"first": "schedule", "later": "schedule", "seed": 5},
    }
    tournament = make_tournament(
        game="czech-taroky", preset="breclav", settings=settings, players=[f"Hráč {i}" for i in range(1, 9)]
    )
    for number in (1, 2):
        round_ = started(tournament, number)
        for round_table in round_.tables.select_related("table"):
            players = round_table.table.players
            services.record_hand(round_table.table, {"povinnost": players[0], "partner": players[2], "points": 63})
        service.close_round(round_)
    text = visible_text(client.get(director_url(tournament)).content.decode())
    assert "This tournament is final" in text and "Draw round 3" not in text
    response = client.post(director_url(tournament, "draw"), {"round": "3"})
    assert response.status_code == 400 and "This tournament is final" in response.context["draw_error"]


# ---- find your table --------------------------------------------------------------------------------------------


def test_find_your_table_lists_every_player_a_part_of_a_name_matches(client):
    names = ["Marija Kovačič-Žagar Novak", "Ana Horvat", "Janez Novak", "Bojan Zupan"]
    tournament = make_tournament(players=names, settings={**tarzs(), "table_size": 3})
    service.draw_round(tournament, 1)
    tables = {
        name: table
        for name, table in RoundTable.objects.filter(round__tournament=tournament).values_list(
            "seats__entry__name", "table_no"
        )
    }
    response = client.get(reverse("find_table", args=[tournament.public_token]), {"q": "novak"})
    text = visible_text(response.content.decode())
    for name in ("Marija Kovačič-Žagar Novak", "Janez Novak"):
        assert name in text
        assert name not in tables or f"Round 1: table {tables[name]}" in text
    assert [one["entry"].name for one in response.context["found"]] == ["Marija Kovačič-Žagar Novak", "Janez Novak"]
    exact = visible_text(
        client.get(reverse("find_table", args=[tournament.public_token]), {"q": "janez novak"}).content.decode()
    )
    assert "Janez Novak" in exact and "Marija" not in exact


# ---- stable draws -----------------------------------------------------------------------------------------------


def _links(tournament: Tournament, number: int = 1) -> dict[int, str]:
    return dict(
        RoundTable.objects.filter(round__tournament=tournament, round__number=number).values_list(
            "table_no", "planned_token"
        )
    )


def test_drawing_again_with_the_same_players_keeps_every_tables_printed_link(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    printed = _links(tournament)
    assert client.post(director_url(tournament, "draw"), {"round": "1", "confirmed": "1"}).status_code == 302
    assert _links(tournament) == printed
    service.start_round(Round.objects.get(tournament=tournament, number=1))
    for table_no, token in printed.items():
        assert client.get(reverse("table", args=[token])).status_code == 200, table_no


def test_a_sheet_whose_table_changed_says_where_its_players_sit_now(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    printed = _links(tournament)
    old_seats = {
        rt.table_no: list(rt.seats.order_by("seat").values_list("entry__no", "entry__name"))
        for rt in RoundTable.objects.filter(round__tournament=tournament)
    }
    leaving = tournament.entries.get(no=1)
    service.withdraw(leaving)  # voids the draw: the sheets are printed already
    waiting = visible_text(client.get(reverse("table", args=[printed[1]])).content.decode())
    assert "the round was drawn again" in waiting and "the round is being drawn again" in waiting
    service.draw_round(tournament, 1)
    now = dict(Seat.objects.filter(round__tournament=tournament).values_list("entry__no", "round_table__table_no"))
    kept = {no: token for no, token in _links(tournament).items() if token in printed.values()}
    for table_no, token in printed.items():
        response = client.get(reverse("table", args=[token]))
        assert response.status_code == 200, "never 'not found'"
        if token in kept.values():
            continue
        text = visible_text(response.content.decode())
        for no, name in old_seats[table_no]:
            said = f"now at table {now[no]}" if no in now else "not at a table in this round"
            assert f"{no}. {name}:" in text and said in " ".join(text.split()), (no, text)


# ---- asked once, undone where the rules allow -------------------------------------------------------------------


def _said(response) -> str:
    """A page's text without the marks that isolate a name's direction."""
    return visible_text(response.content.decode()).replace("\u2068", "").replace("\u2069", "")


def test_closing_a_round_asks_once_naming_the_tables_still_playing(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_, 1)  # 1 hand of the round's 3
    url = director_url(tournament, "close_round", 1)
    asked = client.post(url)
    text = visible_text(asked.content.decode())
    assert asked.status_code == 200 and "Close round 1?" in text and "Tables still playing: 1." in text
    assert Round.objects.get(pk=round_.pk).status == Round.STARTED, "nothing done before the answer"
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == Round.CLOSED


def test_a_rounds_close_is_taken_back_until_the_next_round_starts(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(rounds=3))
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    service.draw_round(tournament, 2)
    page = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "Open the round again" in page
    response = client.post(director_url(tournament, "reopen_round", 1), follow=True)
    text = visible_text(response.content.decode())
    assert "Round 1 is open again" in text and "Round 2 was drawn before this change: draw it again." in text
    assert Round.objects.get(pk=round_.pk).status == Round.STARTED
    assert not Round.objects.filter(tournament=tournament, number=2).exists(), "drawn from results no more final"
    service.close_round(round_)
    started(tournament, 2)
    assert "Open the round again" not in visible_text(
        client.get(director_url(tournament, "director_round", 1)).content.decode()
    )
    response = client.post(director_url(tournament, "reopen_round", 1))
    assert response.status_code == 400 and "Round 2 has started" in response.context["error"]
    assert Round.objects.get(pk=round_.pk).status == Round.CLOSED


def test_withdrawing_asks_once_and_says_a_drawn_round_is_voided(client):
    tournament = make_tournament()
    service.draw_round(tournament, 1)
    url = director_url(tournament, "withdraw", 2)
    text = _said(client.post(url))
    assert "Withdraw Bojan?" in text and "Round 1 is drawn: its draw is voided" in text
    assert tournament.entries.get(no=2).withdrawn_after is None
    assert Round.objects.filter(tournament=tournament).exists()
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert tournament.entries.get(no=2).withdrawn_after == 0
    assert "Bring Bojan back?" in _said(client.post(url))
    client.post(url, {"confirmed": "1"})
    assert tournament.entries.get(no=2).withdrawn_after is None, "the withdrawal taken back"


def test_drawing_again_asks_once_and_a_first_draw_does_not(client):
    tournament = make_tournament()
    assert client.post(director_url(tournament, "draw"), {"round": "1"}).status_code == 302
    printed = _links(tournament)
    asked = client.post(director_url(tournament, "draw"), {"round": "1"})
    assert asked.status_code == 200 and "Draw round 1 again?" in visible_text(asked.content.decode())
    assert client.post(director_url(tournament, "draw"), {"round": "1", "confirmed": "1"}).status_code == 302
    assert _links(tournament) == printed


def test_a_correction_asks_once_after_its_checks_and_saves_nothing_before(client):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    url = director_url(tournament, "round_result", 1)
    asked = client.post(url, {"table": "1", "totals": "0 30 0", "reason": "appeal"})
    assert "Correct round 1, table 1 to 0 30 0?" in visible_text(asked.content.decode())
    assert not Correction.objects.exists()
    assert client.post(url, {"table": "1", "totals": "0 30 0", "reason": "appeal", "confirmed": "1"}).status_code == 302
    assert Correction.objects.get().totals == [0, 30, 0]


# ---- what state a tournament is in -------------------------------------------------------------------------------


def test_a_closed_rounds_table_offers_no_record_or_undo_and_says_why(client):
    tournament, round_, round_table = _played_table()
    table_url = reverse("table", args=[round_table.table.edit_token])
    open_page = visible_text(client.get(table_url).content.decode())
    assert "Undo" in open_page
    service.close_round(round_)
    text = " ".join(visible_text(client.get(table_url).content.decode()).split())
    assert "round 1, table 1: the round is closed and its result stands" in text
    assert "Record a hand" not in text and "Undo" not in text and "View only" not in text


def test_the_directors_closed_round_says_finished_not_playing(client):
    tournament, round_, _round_table = _played_table(hands=2)
    assert "playing: 2 hands" in visible_text(
        client.get(director_url(tournament, "director_round", 1)).content.decode()
    )
    service.close_round(round_)
    text = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert "playing" not in text and "finished" in text


# ---- what players read ---------------------------------------------------------------------------------------


def test_the_standings_name_the_tie_break_show_its_value_on_a_phone_and_mark_a_withdrawn_player(client):
    tournament, round_, round_table = _played_table(hands=1)
    service.type_result(round_, round_table, [30, 0, -10], replace=True)
    service.close_round(round_)
    service.withdraw(tournament.entries.get(no=2))
    page = client.get(reverse("tournament", args=[tournament.public_token]), HTTP_ACCEPT_LANGUAGE="sl").content
    text = " ".join(visible_text(page.decode()).split())
    scores = dict(zip(round_table.seats.order_by("seat").values_list("entry__no", flat=True), [30, 0, -10]))
    assert "Pri izenačenju odloča: vsota točk za mizami." in text, "the tie rule names the tie-break, unambiguous"
    for score in scores.values():
        shown = f"vsota točk za mizami {str(score).replace('-', '−')}"
        assert f'<small class="tie-line muted">{shown}</small>' in page.decode()
    assert "odstop po 1. krogu" in text


# ---- the home page ----------------------------------------------------------------------------------------------


def test_the_home_page_lists_the_tournaments_and_leagues_this_browser_directs(client):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=tarzs"
    data = {key: "" if value is None else value for key, value in client.get(url).context["form"].initial.items()}
    data.update(name="Pokal Šmarjetna")
    client.post(url, data, follow=True)
    client.post(reverse("new_league"), {"name": "Liga Brno"}, follow=True)
    home = visible_text(client.get(reverse("home")).content.decode())
    assert "Pokal Šmarjetna" in home and "Liga Brno" in home
    tournament = Tournament.objects.get(name="Pokal Šmarjetna")
    assert f'href="{director_url(tournament)}"' in client.get(reverse("home")).content.decode()
    stranger = visible_text(Client().get(reverse("home")).content.decode())
    assert "Pokal Šmarjetna" not in stranger and "Liga Brno" not in stranger
    public = Client()
    public.get(reverse("tournament", args=[tournament.public_token]))
    assert "Pokal Šmarjetna" not in visible_text(public.get(reverse("home")).content.decode())


def test_a_breclav_shows_its_whole_schedule_before_round_1_and_round_1_follows_it(client):
    settings = {
        "rules": {},
        "table_size": 4,
        "rounds": 3,
        "round_limit": {"hands": 3},
        "scoring": {"measure": "balance", "tie_breaks": []},
        "draw": {"first": "schedule", "later": "schedule", "seed": 11},
    }
    names = [f"Hráč {i}" for i in range(1, 9)]
    tournament = make_tournament(game="czech-taroky", preset="breclav", settings=settings, players=names)
    lots = engine.schedule_lots(service.load(tournament, live=False))
    page = client.get(director_url(tournament))
    shown = page.context["schedule"]
    assert [item["round"] for item in shown] == [1, 2, 3]
    first = [[no for no, _name in seats] for seats in shown[0]["tables"]]
    # places 1–4 and 5–8 of the drawn start numbers, each table by start number (its seats are drawn with the round)
    assert first == [sorted(lots[:4]), sorted(lots[4:])]
    assert first != [[1, 2, 3, 4], [5, 6, 7, 8]], "not the typing order"
    text = visible_text(page.content.decode())
    assert ", ".join(f"{no}. Hráč {no}" for no in sorted(lots[:4])) in text
    service.draw_round(tournament, 1)
    drawn = sorted(
        sorted(seats)
        for seats in service.seat_numbers(RoundTable.objects.filter(round__tournament=tournament)).values()
    )
    assert drawn == sorted(sorted(seats) for seats in first)


def test_a_sitters_page_says_they_sit_out_the_round(client):
    tournament = make_tournament(players=NINE[:4])
    service.draw_round(tournament, 1)
    out = tournament.entries.get(seats__isnull=True)
    text = visible_text(
        client.get(reverse("tournament_player", args=[tournament.public_token, out.no])).content.decode()
    )
    assert "Sits out round 1." in text and "No round played yet." not in text
    seated = tournament.entries.exclude(pk=out.pk).first()
    assert "Sits out" not in visible_text(
        client.get(reverse("tournament_player", args=[tournament.public_token, seated.no])).content.decode()
    )


@pytest.mark.parametrize("language, shown", [("cs", "4,42"), ("sl", "4,42"), ("de", "4,42"), ("en", "4.42")])
def test_place_points_a_fraction_would_make_unreadable_are_locale_decimals(language, shown):
    with translation.override(language):
        assert local_number(Fraction(53, 12)) == shown  # 4 5/12
        half = "1.5" if language == "en" else "1,5"  # a half is a decimal, as every page writes it
        assert local_number(Fraction(3, 2)) == half and local_number(Fraction(-7, 3)) == "\u22122⅓"


def test_the_standings_csv_writes_numbers_a_spreadsheet_reads(client):
    assert [plain_number(value) for value in (Fraction(14, 3), Fraction(9, 2), Fraction(4), Fraction(-7, 3))] == [
        "4.67",
        "4.50",
        "4",
        "-2.33",
    ]
    tournament, round_, round_table = _played_table(hands=1)
    service.type_result(round_, round_table, [30, 30, -10], replace=True)  # a tie: (2 + 1) / 2 = 1½ each
    rows = list(csv.reader(io.StringIO(client.get(director_url(tournament, "standings_csv")).content.decode())))
    measures = sorted(row[3] for row in rows[1:])
    assert measures == ["0.50", "1.50", "1.50"]
    assert all(float(value) for value in measures)


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_paper_totals_with_a_decimal_comma_are_refused_saying_so_not_as_a_wrong_count(client, language):
    tournament = make_tournament(players=NINE[:3])
    started(tournament)
    response = client.post(
        director_url(tournament, "round_result", 1),
        {"table": "1", "totals": "30,5 30 -12"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    said = " ".join(response.context["form"].errors["totals"])
    assert "30,5" in said and "3" not in said.replace("30,5", ""), said
    assert RoundTable.objects.get(round__tournament=tournament).totals is None
    assert (
        client.post(director_url(tournament, "round_result", 1), {"table": "1", "totals": "30, 0, -12"}).status_code
        == 302
    ), "a comma and a space still separate"


def test_two_names_alike_in_one_pasted_list_are_said_to_be_one_name(client):
    tournament = make_tournament(players=[])
    response = client.post(director_url(tournament, "register"), {"players": "Ana Horvat\nana  horvat"})
    said = " ".join(response.context["players_form"].errors["players"])
    assert "Lines 1 and 2" in said and "registered already" not in said
    assert tournament.entries.count() == 0


def test_tie_breaks_and_draws_are_chosen_from_lists_in_the_directors_language(client):
    url = reverse("new_tournament_for", args=["slovenian-tarok"]) + "?preset=points"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="sl")
    form = page.context["form"]
    assert form.initial["tie_break_1"] == "places" and form.initial["tie_break_2"] == "best-round"
    assert dict(form.fields["tie_break_1"].choices)["wins"] == "zmage za mizo"
    data = {key: "" if value is None else value for key, value in form.initial.items()}
    data.update(name="Pokal", tie_break_1="wins", tie_break_2="score", tie_break_3="")
    assert client.post(url, data, HTTP_ACCEPT_LANGUAGE="sl").status_code == 302
    assert Tournament.objects.get(name="Pokal").settings["scoring"]["tie_breaks"] == ["wins", "score"]
    data.update(name="Pokal 2", tie_break_1="wins", tie_break_2="wins")
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="sl")
    assert response.status_code == 200 and response.context["form"].errors["tie_break_2"]
    assert not Tournament.objects.filter(name="Pokal 2").exists()


def test_a_tournament_tables_settings_page_offers_no_house_rules_form_and_keeps_its_name(client):
    """Its name is the tournament's (round and table: issue 48), as its house rules are; its price is its own."""
    tournament, _round, round_table = _played_table(hands=1)
    table = round_table.table
    before, name = table.rules, table.name
    url = reverse("settings", args=[table.edit_token])
    page = client.get(url)
    text = " ".join(visible_text(page.content.decode()).split())
    assert "This table plays the house rules of the tournament DP Šmarjetna" in text
    assert 'name="preset"' not in page.content.decode() and 'name="rule_radelci"' not in page.content.decode()
    response = client.post(
        url, {"name": "Miza ena", "price_per_point": "0.10", "currency": "", "version": str(table.version)}
    )
    assert response.status_code == 302, "saved, not refused"
    table.refresh_from_db()
    assert table.name == name and table.price_per_point == "0.10" and table.rules == before


def test_a_final_tournaments_standings_say_they_are_final_and_a_closed_round_before_the_last_does_not(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(rounds=2))
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    url = reverse("tournament", args=[tournament.public_token])
    assert "Final standings" not in visible_text(client.get(url).content.decode())
    round_ = started(tournament, 2)
    play_round(round_)
    assert "Final standings" not in visible_text(client.get(url).content.decode()), "the last round is played"
    service.close_round(round_)
    for page in (url, reverse("projector", args=[tournament.public_token])):
        assert "Final standings: every round is played and closed." in visible_text(client.get(page).content.decode())
