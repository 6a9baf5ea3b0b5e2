"""Organised play attacked as a stranger would (issue 30): a tournament document's times, missing keys and long
names; players alike in a league and an import; a round's limit of hands against every way a hand comes back.
Never a 500, nothing saved on a refusal; run on SQLite and on PostgreSQL (.ci/with-postgres)."""

import io
import json
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.engines.table import InvalidTable
from games.models import Correction, Entry, League, Round, RoundTable, Table, Tournament
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service

from ..commands import Done, manage
from ..factories import visible_text
from .test_tournament_web import beggar, started, tarzs

pytestmark = pytest.mark.django_db

SIX = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Franc"]


def a_document(*, at: str = "2026-05-01T18:30:00Z", names=SIX) -> dict:
    """A tarzs tournament of six whose round 1 was typed from paper, with one correction made at ``at``."""
    return {
        "tournament": "Pokal",
        "game": "slovenian-tarok",
        "preset": "tarzs",
        "draw": {"seed": 7},
        "players": [{"no": no, "name": name} for no, name in enumerate(names, start=1)],
        "played": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "seats": [1, 2, 3], "totals": [70, -20, 0]},
                    {"table": 2, "seats": [4, 5, 6], "totals": [10, 40, -30]},
                ],
            }
        ],
        "corrections": [{"round": 1, "table": 2, "totals": [10, 40, 50], "reason": "appeal", "at": at}],
    }


def upload(document, name: str = "t.json") -> io.BytesIO:
    file = io.BytesIO(document if isinstance(document, bytes) else json.dumps(document).encode())
    file.name = name
    return file


def import_page(client, document):
    return client.post(reverse("import_tournament"), {"document": upload(document)})


def saved() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        Entry.objects.count(),
        Round.objects.count(),
        RoundTable.objects.count(),
        Correction.objects.count(),
        League.objects.count(),
        Table.objects.count(),
    )


def command(document: dict, *args: str) -> Done:
    return manage("tournament", *args, "-", stdin=json.dumps(document))


# ---- a correction's time: one reading, a stated default offset, a sane range --------------------------------


@pytest.mark.parametrize(
    "at, kept",
    [
        ("2026-05-01T18:30:00", datetime(2026, 5, 1, 18, 30, tzinfo=UTC)),
        ("2026-05-01", datetime(2026, 5, 1, tzinfo=UTC)),
        ("2026-05-01T20:30:00+02:00", datetime(2026, 5, 1, 18, 30, tzinfo=UTC)),
    ],
    ids=["no-offset", "a-date-alone", "an-offset"],
)
def test_a_correction_time_without_an_offset_is_read_as_utc_by_the_import(client, at, kept):
    response = import_page(client, a_document(at=at))
    assert response.status_code == 302, response.context["form"].errors
    assert Correction.objects.get().at == kept
    exported = service.export(Tournament.objects.get())
    assert engine.correction_time(exported["corrections"][0]["at"]) == kept  # and it goes out as it came in


@pytest.mark.parametrize(
    "at", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01", "1899-12-31T23:59:59Z", "3000-01-01"]
)
def test_a_correction_time_at_the_calendars_edge_is_refused_alike_by_import_engine_and_command(client, at):
    response = import_page(client, a_document(at=at))
    assert response.status_code == 200
    message = response.context["form"].errors["document"][0]
    assert "correction 1, at" in message and "between the years 1900 and 2999" in message
    assert saved() == (0, 0, 0, 0, 0, 0, 0)
    with pytest.raises(engine.InvalidTournament, match="between the years 1900 and 2999"):
        engine.load(a_document(at=at))
    ran = command(a_document(at=at), "standings")
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr.strip().splitlines() == [message]


# ---- a document leaving out what the format gives a default --------------------------------------------------

OPTIONAL = ["game", "rules", "table_size", "rounds", "round_limit", "scoring", "players", "played", "corrections"]


@pytest.mark.parametrize("left_out", OPTIONAL)
def test_a_document_leaving_out_a_field_with_a_default_imports_or_is_refused_beside_the_field(client, left_out):
    document = {
        **a_document(),
        "rules": {"preset": "seed"},
        "table_size": 3,
        "rounds": 4,
        "round_limit": {"hands": 21},
        "scoring": {"measure": "place-points"},
    }
    del document[left_out]
    if left_out == "players":  # nobody registered yet: nothing played either
        del document["played"], document["corrections"]
    if left_out == "played":
        del document["corrections"]
    response = import_page(client, document)
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert response.context["form"].errors["document"]
        assert saved() == (0, 0, 0, 0, 0, 0, 0)
        return
    tournament = Tournament.objects.get()
    assert engine.standings_json(engine.load(service.export(tournament))) == engine.standings_json(
        engine.load(document)
    )


def test_a_document_without_players_is_a_tournament_with_nobody_registered_yet(client):
    document = {"tournament": "Pokal", "preset": "tarzs", "draw": {"seed": 7}}
    response = import_page(client, document)
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert not tournament.entries.exists() and tournament.game == "slovenian-tarok"


# ---- names fit every column they reach ---------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "cs", "sl", "de"])
def test_a_long_tournament_name_starts_its_rounds_and_its_tables_names_fit(client, language):
    name = "Mednarodni turnir v slovenskem taroku za pokal " + "X" * 53
    assert len(name) == 100
    tournament = service.create_tournament(name=name, game="slovenian-tarok", preset="tarzs", settings=tarzs())
    service.register(tournament, [(player, None) for player in SIX])
    service.draw_round(tournament, 1)
    response = client.post(reverse("start_round", args=[tournament.director_token, 1]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    most = Table._meta.get_field("name").max_length
    names = list(Table.objects.values_list("name", flat=True))
    assert len(names) == 2 and all(len(table) <= most for table in names)
    assert all(table.startswith("Mednarodni turnir") and "…" in table for table in names)
    assert names[0] != names[1]  # the round and table numbers always show


def test_a_short_tournament_name_is_not_cut():
    assert service.table_name("DP Šmarjetna", 2, 14) == "DP Šmarjetna, round 2, table 14"


# ---- players compared as a table compares them ------------------------------------------------------------


@pytest.mark.parametrize(
    "alike",
    ["anna", "ANNA", "Anna\u200b", "\u202eannA", "\u0410nna"],
    ids=["lower", "capitals", "zero-width-space", "override", "cyrillic-a"],
)
def test_an_import_refuses_players_alike_as_a_tables_import_does(client, alike):
    document = a_document(names=["Anna", "Bojan", "Cene", alike, "Eva", "Franc"])
    response = import_page(client, document)
    assert response.status_code == 200
    message = response.context["form"].errors["document"][0]
    assert message.startswith("player 4, name:")
    assert saved() == (0, 0, 0, 0, 0, 0, 0)
    with pytest.raises(engine.InvalidTournament):
        engine.load(document)
    with pytest.raises(services.InvalidTable):  # as the table's own import refuses them
        services.import_table({"game": "slovenian-tarok", "players": ["Anna", "Bojan", alike], "hands": []})


def played_by(names: list[str], title: str) -> Tournament:
    """A tournament of three whose round 1 is played (one hand) and closed."""
    tournament = service.create_tournament(name=title, game="slovenian-tarok", preset="tarzs", settings=tarzs())
    service.register(tournament, [(name, None) for name in names])
    round_ = started(tournament)
    table = round_.tables.get().table
    services.record_hand(table, beggar(table))
    service.close_round(round_)
    return tournament


def test_a_league_counts_a_player_written_with_other_capitals_as_one(client):
    league = League.objects.create(name="Brno 2026")
    service.add_to_league(league, played_by(["Anna", "Bojan", "Cene"], "Brno 1"))
    service.add_to_league(league, played_by(["ANNA", "Bojan", "Cene"], "Brno 2"))
    lines = service.league_standings(league)
    assert sorted(line.name for line in lines) == ["Anna", "Bojan", "Cene"]
    anna = next(line for line in lines if line.name == "Anna")
    assert None not in anna.results, "both tournaments count for one player"
    page = client.get(reverse("league", args=[league.public_token])).content.decode()
    assert "ANNA" not in page
    assert service.league_players(league) == ["Anna", "Bojan", "Cene"]


def test_registering_the_leagues_players_registers_one_written_with_other_capitals_once(client):
    league = League.objects.create(name="Brno 2026")
    service.add_to_league(league, played_by(["Anna", "Bojan", "Cene"], "Brno 1"))
    service.add_to_league(league, played_by(["ANNA", "Bojan", "Cene"], "Brno 2"))
    third = service.create_tournament(name="Brno 3", game="slovenian-tarok", preset="tarzs", settings=tarzs())
    service.register(third, [("Zora", None)])
    service.add_to_league(league, third)
    response = client.post(reverse("league_register", args=[league.director_token, third.public_token]), follow=True)
    assert "Players registered: 3." in response.content.decode()
    assert list(third.entries.order_by("no").values_list("name", flat=True)) == ["Zora", "Anna", "Bojan", "Cene"]


def test_the_engines_league_compares_names_as_a_table_does():
    def one(name: str) -> engine.Tournament:
        return engine.load({**a_document(names=[name, "Bojan", "Cene", "Dora", "Eva", "Franc"]), "corrections": []})

    lines = engine.league([one("Anna"), one("anna"), one("Ａnna")])
    assert [line.name for line in lines].count("Anna") == 1 and len(lines) == 6
    assert None not in next(line for line in lines if line.name == "Anna").results


# ---- a round's limit of hands holds for every way a hand comes back ---------------------------------------


def three_hands_played() -> Table:
    """A tournament table whose round allows 3 hands, with 3 recorded."""
    tournament = service.create_tournament(
        name="Pokal", game="slovenian-tarok", preset="tarzs", settings=tarzs(hands=3)
    )
    service.register(tournament, [(name, None) for name in SIX[:3]])
    table = started(tournament).tables.get().table
    for seat in range(3):
        services.record_hand(table, beggar(table, seat))
    return table


def test_a_hand_restored_past_the_rounds_limit_is_refused(client):
    table = three_hands_played()
    services.delete_hand(table.hands.get(seq=1))
    services.record_hand(table, beggar(table))  # in its place
    response = client.post(
        reverse("restore_hand", args=[table.edit_token, 1]),
        {"version": Table.objects.get(pk=table.pk).version},
        follow=True,
    )
    assert "limit of 3 hands is reached" in response.content.decode()
    table.refresh_from_db()
    assert table.hand_count == 3 and table.hands.get(seq=1).deleted


def test_an_offline_send_past_the_rounds_limit_is_refused(client):
    table = three_hands_played()
    table.refresh_from_db()
    body = {"data": beggar(table), "version": table.version, "submission": "s-1", "after_seq": 1}
    answer = client.post(
        reverse("offline_send", args=[table.edit_token]), json.dumps(body), content_type="application/json"
    )
    assert answer.status_code == 422 and "limit of 3 hands" in answer.json()["error"]
    assert Table.objects.get(pk=table.pk).hand_count == 3


PENALTY = {"adjustment": {"Anna": -30, "Bojan": 15, "Cene": 15}, "reason": "revoke"}


def test_a_penalty_past_the_rounds_limit_is_not_edited_into_a_hand(client):
    """A phone's offline edit of its penalty into a deal would be a fourth hand of three: refused, as on the page."""
    table = three_hands_played()
    penalty = {**PENALTY, "adjustment": dict(zip(table.players, [-30, 15, 15]))}
    services.record_hand(table, penalty, submission="p-1")
    table.refresh_from_db()
    body = {"data": beggar(table), "version": table.version, "submission": "p-1", "then": "edit", "change": "e-1"}
    answer = client.post(
        reverse("offline_send", args=[table.edit_token]), json.dumps(body), content_type="application/json"
    )
    assert answer.status_code == 422 and "is not edited" in answer.json()["error"]
    assert service_hands(Table.objects.get(pk=table.pk)) == 3


def test_a_penalty_is_no_hand_of_the_rounds_limit(client):
    """TN4 counts hands: a penalty neither uses one of the round's hands nor is refused once they are played, on
    the table page, the server's checks and the phone's copy alike."""
    tournament = service.create_tournament(
        name="Pokal", game="slovenian-tarok", preset="tarzs", settings=tarzs(hands=3)
    )
    service.register(tournament, [(name, None) for name in SIX[:3]])
    table = started(tournament).tables.get().table
    penalty = {**PENALTY, "adjustment": dict(zip(table.players, [-30, 15, 15]))}
    services.record_hand(table, beggar(table, 0))
    services.record_hand(table, penalty)
    page = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert "Hand 2 of 3" in page  # one hand and a penalty: the second hand is next
    snapshot = client.get(reverse("offline_snapshot", args=[table.edit_token])).json()
    assert snapshot["round"]["played"] == 1 and snapshot["hand_count"] == 2
    services.record_hand(table, beggar(table, 1))
    services.record_hand(table, beggar(table, 2))  # the third hand: within the limit, the penalty beside it
    page = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert "Every hand of this round is played" in page
    with pytest.raises(InvalidTable, match="limit of 3 hands"):
        services.record_hand(table, beggar(table, 0))
    services.record_hand(table, penalty)  # a penalty once the hands are played: taken
    table.refresh_from_db()
    assert table.hand_count == 5 and service_hands(table) == 3
    late = table.hands.filter(deleted=False).order_by("-seq").first()
    services.delete_hand(late)
    services.restore_hand(Table.objects.get(pk=table.pk).hands.get(seq=late.seq))  # a penalty comes back too
    assert Table.objects.get(pk=table.pk).hand_count == 5


def service_hands(table: Table) -> int:
    """The table's hands of the game, counted here from the stored rows."""
    return sum(
        1 for data in table.hands.filter(deleted=False).values_list("data", flat=True) if "adjustment" not in data
    )


# ---- a tournament's and a league's name: checked as a table's, isolated where it is shown ---------------------

HOSTILE_NAMES = {
    "tab": "Brno\t2026",
    "line-feed": "Brno\n2026",
    "escape": "Brno\x1b[31m",
    "delete": "Brno\x7f",
    "only-an-override": "\u202e",
    "only-a-zero-width-space": "\u200b\u200b",
}


@pytest.mark.parametrize("name", HOSTILE_NAMES.values(), ids=HOSTILE_NAMES.keys())
def test_a_league_name_with_control_or_only_invisible_characters_is_refused(client, name):
    response = client.post(reverse("new_league"), {"name": name, "points_table": "", "best": "", "qualify": ""})
    assert response.status_code == 200 and response.context["form"].errors["name"]
    assert saved() == (0, 0, 0, 0, 0, 0, 0)


def test_a_league_name_longer_than_its_column_is_refused(client):
    response = client.post(reverse("new_league"), {"name": "L" * 81})
    assert response.status_code == 200 and response.context["form"].errors["name"]
    assert not League.objects.exists()


def new_tournament_form(client, **fields) -> dict:
    page = client.get(reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points")
    data = {key: "" if value is None else value for key, value in page.context["form"].initial.items()}
    return {**data, "name": "Pokal", **fields}


@pytest.mark.parametrize("name", HOSTILE_NAMES.values(), ids=HOSTILE_NAMES.keys())
def test_a_tournament_name_with_control_or_only_invisible_characters_is_refused(client, name):
    response = client.post(
        reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points",
        new_tournament_form(client, name=name),
    )
    assert response.status_code == 200 and response.context["form"].errors["name"]
    assert saved() == (0, 0, 0, 0, 0, 0, 0)
    document = {**a_document(), "tournament": name}
    assert import_page(client, document).status_code == 200  # nor by a document
    assert saved() == (0, 0, 0, 0, 0, 0, 0)


def test_a_tournament_and_a_league_name_are_isolated_wherever_they_are_shown(client):
    tournament = played_by(["Anna", "Bojan", "Cene"], "Pokal\u202e")
    league = League.objects.create(name="Liga\u202e")
    service.add_to_league(league, tournament)
    public, director = tournament.public_token, tournament.director_token
    pages = [
        reverse("tournament", args=[public]),
        reverse("projector", args=[public]),
        reverse("tournament_player", args=[public, 1]),
        reverse("find_table", args=[public]),
        reverse("public_round", args=[public, 1]),
        reverse("director", args=[director]),
        reverse("director_round", args=[director, 1]),
        reverse("league", args=[league.public_token]),
    ]
    for url in pages:
        page = client.get(url).content.decode()
        title = page.split("<title>")[1].split("</title>")[0]
        assert "\u2068Pokal\u202e\u2069" in title or "\u2068Liga\u202e\u2069" in title, url
        body = page.split("</title>")[1]
        assert "Pokal\u202e" not in body.replace("<bdi>Pokal\u202e</bdi>", ""), url
        assert "Liga\u202e" not in body.replace("<bdi>Liga\u202e</bdi>", ""), url


# ---- a new tournament's table size ----------------------------------------------------------------------


def test_a_table_size_changed_to_two_follows_with_the_presets_place_points(client):
    data = new_tournament_form(client, table_size=2)
    assert data["place_points"] == "4 3 2 1"
    response = client.post(reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points", data)
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert engine.load(service.settings_document(tournament)).scoring.place_points == (2, 1)


def test_place_points_the_director_typed_for_another_table_size_are_refused_beside_them(client):
    data = new_tournament_form(client, table_size=2, place_points="3 2 1")
    response = client.post(reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points", data)
    assert response.status_code == 200 and response.context["form"].errors["place_points"]
    assert not Tournament.objects.exists()


# ---- bounded work: the players box, a players CSV, an import's cost ---------------------------------------


def test_a_players_box_larger_than_any_list_is_refused_before_a_name_is_read(client, monkeypatch):
    tournament = service.create_tournament(name="Pokal", game="slovenian-tarok", preset="tarzs", settings=tarzs())

    def unread(text):
        raise AssertionError("the list was read")

    monkeypatch.setattr("games.tournaments.forms.parse_players", unread)
    names = "\n".join(f"Player {n}" for n in range(150_000))
    response = client.post(reverse("register", args=[tournament.director_token]), {"players": names})
    assert response.status_code == 400 and response.context["players_form"].errors["players"]
    assert not Entry.objects.exists()


@pytest.mark.parametrize("how", ["typed", "csv"])
def test_a_list_of_more_players_than_the_tournament_takes_is_refused_by_their_number(client, how):
    tournament = service.create_tournament(
        name="Pokal", game="slovenian-tarok", preset="tarzs", settings=tarzs(rounds=10)
    )
    most = engine.most_players(10)
    lines = "\n".join(f"P{n}" for n in range(most + 1))
    data = {"players": lines} if how == "typed" else {"csv_file": upload(lines.encode(), "players.csv")}
    response = client.post(reverse("register", args=[tournament.director_token]), data)
    assert response.status_code == 400
    assert f"takes at most {most} players" in response.context["players_form"].errors["players"][0]
    assert not Entry.objects.exists()
    service.register(tournament, [(f"P{n}", None) for n in range(most)])  # the most it takes are taken
    assert tournament.entries.count() == most


@pytest.fixture
def three_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    settings.TALON_EXPENSIVE_WINDOW = 60


@pytest.mark.parametrize("unit", ["TABLES_PER_PAGE", "CORRECTIONS_PER_PAGE", "BYTES_PER_PAGE"])
def test_an_imports_tables_corrections_and_bytes_count_against_the_allowance(client, three_a_minute, monkeypatch, unit):
    monkeypatch.setattr(service, unit, 1)  # each table, correction or byte one long page: the document is small
    document = a_document()
    document["corrections"] *= 3  # three appeals of one table: 1 + 3 long pages, past the allowance of 3
    assert import_page(client, document).status_code == 302  # more than the allowance goes through once
    refused = import_page(client, document)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert Tournament.objects.count() == 1


def test_an_imports_cost_is_counted_from_the_document_before_it_is_checked():
    document = a_document()
    size = len(json.dumps(document))
    assert service.import_cost(document, size) == 1
    assert (
        service.import_cost({"played": [{"tables": [{}] * 1000}], "corrections": [{}] * 250}, 3 * 1024**2)
        == 1 + 1000 // service.TABLES_PER_PAGE + 250 // service.CORRECTIONS_PER_PAGE + 3
    )
    assert service.import_cost({"played": "no", "corrections": 7}, 0) == 1


# ---- standings worked out once per state never show an older state ---------------------------------------


def test_the_standings_and_the_leagues_follow_a_correction_though_worked_out_once_per_state(client):
    tournament = played_by(["Anna", "Bojan", "Cene"], "Brno 1")
    league = League.objects.create(name="Brno 2026")
    service.add_to_league(league, tournament)
    urls = [reverse("tournament", args=[tournament.public_token]), reverse("league", args=[league.public_token])]
    before = [client.get(url).context["lines"] for url in urls]
    leader = before[0][0]["name"]
    assert [row["line"].name for row in before[1]][0] == leader
    round_table = RoundTable.objects.select_related("table").get()
    other = next(name for name in round_table.table.players if name != leader)
    was = next(row["place"] for row in before[0] if row["name"] == other)
    totals = [70 if name == other else 0 for name in round_table.table.players]
    service.correct(round_table.round, round_table, totals, "an appeal")
    after = [client.get(url).context["lines"] for url in urls]
    assert after[0][0]["name"] == other and after[0][0]["was"] == was != 1
    assert [row["line"].name for row in after[1]][0] == other


@pytest.mark.parametrize(
    "field, most",
    [("rounds", engine.MOST_ROUNDS), ("hands", engine.MOST_ROUND_LIMIT), ("minutes", engine.MOST_ROUND_LIMIT)],
)
def test_the_new_tournament_form_takes_what_a_document_may_carry_and_no_more(client, field, most):
    url = reverse("new_tournament_for", args=["two-ten-jack"]) + "?preset=place-points"
    assert client.post(url, new_tournament_form(client, **{field: most + 1})).context["form"].errors[field]
    response = client.post(url, new_tournament_form(client, **{field: most}))
    assert response.status_code == 302
    assert engine.load(service.settings_document(Tournament.objects.get())).rounds == (most if field == "rounds" else 5)


def test_a_registered_line_of_invisible_characters_says_so():
    tournament = service.create_tournament(
        name="Pokal", game="slovenian-tarok", preset="tarzs", settings=tarzs(hands=3)
    )
    with pytest.raises(service.Refused) as refused:
        service.register(tournament, service.parse_players("Ana\n\u200b\u200b\nBor"))
    assert refused.value.message == "Line 2: write a name with visible letters."
    assert not tournament.entries.exists()
