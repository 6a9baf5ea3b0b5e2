"""Tournaments attacked as a stranger would (issues 23, 24): what a hostile file, a spreadsheet formula or an
endless input does to the director's pages and the command. Never a 500, never a formula run, never unbounded work."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection, connections, transaction
from django.urls import reverse

from games.models import Entry, Tournament

from .test_tournament_web import director_url, make_tournament

ROOT = Path(__file__).resolve().parents[2]


def upload(content: bytes, name: str = "players.csv") -> io.BytesIO:
    file = io.BytesIO(content)
    file.name = name
    return file


@pytest.mark.django_db
def test_the_standings_csv_never_hands_a_spreadsheet_a_formula(client):
    """A name typed as =HYPERLINK(…), +1, -2x or @SUM(…) reaches the CSV as text (a leading apostrophe), never
    as a formula a spreadsheet would run; the numbers stay numbers."""
    tournament = make_tournament()
    hostile = ['=HYPERLINK("http://evil.example","win")', "+1", "-2x", "@SUM(A1)"]
    response = client.post(director_url(tournament, "register"), {"players": "\n".join(hostile)})
    assert response.status_code == 302, response.context["players_form"].errors
    rows = list(csv.reader(io.StringIO(client.get(director_url(tournament, "standings_csv")).content.decode())))
    names = [row[2] for row in rows[1:]]
    for name in hostile:
        assert "'" + name in names
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    assert rows[1][0] == "1" and rows[1][1] == "1"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content",
    [b"A" * 150_000, b'"a quote never closed\n' + b"x" * 140_000],
    ids=["a-cell-past-csvs-limit", "an-unclosed-quote"],
)
def test_a_csv_file_csv_cannot_read_is_refused_beside_the_list(client, content):
    tournament = make_tournament(players=[])
    response = client.post(director_url(tournament, "register"), {"csv_file": upload(content)})
    assert response.status_code == 400
    assert response.context["players_form"].errors["players"] == ["This file is not a list of players in CSV."]
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_a_tournament_document_nested_deeper_than_python_can_read_is_refused_beside_the_field(client):
    response = client.post(
        reverse("import_tournament"), {"document": upload(b"[" * 100_000 + b"]" * 100_000, "t.json")}
    )
    assert response.status_code == 200 and response.context["form"].errors["document"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text, said",
    [
        ('{"tournament": "Cup", "tournament": "Pokal"}', 'the key "tournament" appears twice in one object'),
        ('{"rounds": ' + "9" * 5000 + "}", "a number has more than 4300 digits"),
    ],
)
def test_a_tournament_document_that_is_no_json_talon_reads_says_why_beside_the_field(client, text, said):
    """As the table import says it: a director's editor opens a file with a key twice without complaint."""
    response = client.post(reverse("import_tournament"), {"document": upload(text.encode(), "t.json")})
    assert response.context["form"].errors["document"] == [f"This is not valid JSON: {said}"]
    assert not Tournament.objects.exists()


def test_a_number_beyond_a_tournament_field_is_cut_short_in_the_commands_line(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"tournament": "Cup", "game": "koenigrufen", "preset": "points", "rounds": 10**400}))
    done = subprocess.run(
        [sys.executable, "manage.py", "tournament", "standings", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "rounds" in done.stderr and "…" in done.stderr and len(done.stderr) < 200, done.stderr


@pytest.mark.django_db
def test_importing_a_tournament_counts_its_tables_hands_against_the_long_pages_allowance(
    client, settings, within_one_window
):
    """A tournament document may carry many tables' documents of thousands of hands each: one client gets no
    more imports of them than of as many hands in tables (one long page per 1,000 hands)."""
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    table = {
        "game": "slovenian-tarok",
        "players": ["Ana", "Bojan", "Cene"],
        "hands": [{"contract": "beggar", "declarer": "Ana", "won": True}] * 1500,
    }
    document = {
        "tournament": "x",
        "game": "slovenian-tarok",
        "preset": "tarzs",
        "played": [{"round": 1, "tables": [{"table": n, "seats": [1, 2, 3], "document": table} for n in (1, 2)]}],
    }
    first = client.post(reverse("import_tournament"), {"document": upload(json.dumps(document).encode(), "t.json")})
    assert first.status_code == 200  # refused by the engine (no players), yet it counted: 1 + 3,000 hands
    again = client.post(reverse("import_tournament"), {"document": upload(json.dumps(document).encode(), "t.json")})
    assert again.status_code == 429 and again["Retry-After"]
    assert not Tournament.objects.exists()


def test_the_command_reads_no_further_than_the_largest_document():
    """A file that never ends (/dev/zero) is refused with one line and exit 2, not read until memory runs out."""
    done = subprocess.run(
        [sys.executable, "manage.py", "tournament", "standings", "/dev/zero"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "larger than" in done.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["tournament_json", "print_round"])
def test_the_whole_tournaments_export_and_printed_sheets_are_long_pages(client, settings, page, within_one_window):
    """The export carries every table's hands (up to TALON_MAX_HANDS each) and the sheets a QR code per table:
    each counts against the client's allowance of long pages, as a table's export does."""
    from .test_tournament_web import started

    settings.TALON_EXPENSIVE_PER_WINDOW = 2
    tournament = make_tournament()
    started(tournament)
    url = director_url(tournament, page, *([1] if page == "print_round" else []))
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]


@pytest.mark.django_db
def test_a_league_holds_a_bounded_number_of_tournaments(client, monkeypatch):
    """Every league page reads each of its tournaments whole: a league takes no more than MOST_IN_A_LEAGUE."""
    from games.models import League
    from games.tournaments import services as service

    monkeypatch.setattr(service, "MOST_IN_A_LEAGUE", 2)
    league = League.objects.create(name="Brno", settings={})
    add = reverse("league_add", args=[league.director_token])
    tournaments = [make_tournament(players=[]) for _ in range(3)]
    for tournament in tournaments[:2]:
        assert client.post(add, {"link": tournament.director_token}).status_code == 302
    assert client.post(add, {"link": tournaments[0].director_token}).status_code == 302  # already in: no change
    response = client.post(add, {"link": tournaments[2].director_token})
    assert response.status_code == 400
    assert response.context["form"].errors["link"] == ["A league holds at most 2 tournaments."]
    assert league.tournaments.count() == 2


@pytest.mark.django_db
def test_a_paper_result_typed_as_another_tab_closes_the_round_is_refused_not_saved_without_a_reason():
    """The director's tab read the round as being played; another tab closed it before the result was saved: the
    result would change a closed round without a reason (TN8). It is refused, as after the close."""
    from games.models import Correction, Round
    from games.tables import services
    from games.tournaments import services as service

    from .test_tournament_web import beggar, started

    tournament = make_tournament(players=["Ana", "Bojan", "Cene"])
    seen = started(tournament)  # what the typing tab holds
    round_table = seen.tables.get()
    services.record_hand(round_table.table, beggar(round_table.table))
    service.close_round(Round.objects.get(pk=seen.pk))
    assert seen.status == Round.STARTED
    with pytest.raises(service.Refused, match="closed"):
        service.type_result(seen, round_table, [10, -5, -5])
    round_table.refresh_from_db()
    assert round_table.totals is None and not Correction.objects.exists()


def _championship(hands: int):
    """150 players at 50 tables: round 1 closed, round 2 under way, ``hands`` hands at every Talon table."""
    from games.models import Round
    from games.tables import services
    from games.tournaments import services as service

    from .test_tournament_web import beggar, started, tarzs

    tournament = make_tournament(players=[f"Player {i}" for i in range(150)], settings=tarzs(hands=50, rounds=4))
    for number in (1, 2):
        round_ = started(tournament, number)
        for round_table in round_.tables.select_related("table"):
            for i in range(hands):
                services.record_hand(round_table.table, beggar(round_table.table, i % 3))
        if number == 1:
            service.close_round(Round.objects.get(pk=round_.pk))
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_every_page_of_a_championship_costs_the_same_queries_however_many_hands_were_played(client):
    """150 players after two rounds: each public and director page asks the database as often after one hand a
    table as after three (the tables' stored totals, never a hand), and a few times at most."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for hands in (1, 3):  # a page that read hands would ask more after three (benchmarks/ time 2,100 hands)
        tournament = _championship(hands)
        public, director = tournament.public_token, tournament.director_token
        pages = [
            reverse(name, args=[public, *more])
            for name, more in (
                ("tournament", []),
                ("projector", []),
                ("standings_live", []),
                ("projector_live", []),
                ("tournament_player", [1]),
                ("find_table", []),
                ("public_round", [2]),
            )
        ] + [
            reverse(name, args=[director, *more])
            for name, more in (
                ("director", []),
                ("director_round", [2]),
                ("director_round_live", [2]),
                ("standings_csv", []),
            )
        ]
        found = {}
        for url in pages[-4:] * 2:  # the director's pages put the tournament on this browser's list once (a
            client.get(url)  # session write): a page is counted as it costs every later time
        for url in pages:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url, {"q": "Player 7"} if "find" in url else {}).status_code == 200, url
            found[url.split("/", 3)[-1]] = len(queries.captured_queries)
        counts.append(found)
        tournament.delete()
    assert counts[0] == counts[1]
    assert max(counts[0].values()) <= 20, counts[0]


@pytest.mark.django_db
@pytest.mark.parametrize("held", ["document", "replaced"])
def test_a_tournament_document_whose_tables_hold_more_hands_than_a_table_may_is_refused(client, settings, held):
    """Ten megabytes hold some 170,000 hands in tables' documents, minutes of scoring in one request: the tables
    of one import bring at most TALON_MAX_HANDS hands together, as one table's import does; the hands a typed
    result replaced (``replaced``, a Talon table again on import) count as a played table's do."""
    settings.TALON_MAX_HANDS = 40
    names = ["Ana", "Bojan", "Cene"]
    table = {
        "game": "slovenian-tarok",
        "rules": {"preset": "seed"},
        "players": names,
        "hands": [{"contract": "beggar", "declarer": names[i % 3], "won": True} for i in range(15)],
    }
    document = {
        "tournament": "x",
        "game": "slovenian-tarok",
        "preset": "tarzs",
        "draw": {"seed": 1},
        "players": [{"no": i + 1, "name": name} for i, name in enumerate(names)],
        "played": [{"round": n, "tables": [{"table": 1, "seats": [1, 2, 3], held: table}]} for n in (1, 2, 3)],
    }
    if held == "replaced":  # a result typed from paper in place of the hands played
        for played in document["played"]:
            played["tables"][0]["totals"] = [0, 0, 0]
    response = client.post(reverse("import_tournament"), {"document": upload(json.dumps(document).encode(), "t.json")})
    assert response.status_code == 200
    assert response.context["form"].errors["document"] == [
        "Hands at the tables of this document: 45; an import brings at most 40."
    ]
    assert not Tournament.objects.exists()
    document["played"].pop()
    assert (
        client.post(
            reverse("import_tournament"), {"document": upload(json.dumps(document).encode(), "t.json")}
        ).status_code
        == 302
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's; run under .ci/with-postgres")
def test_a_withdrawal_while_another_tab_starts_the_round_never_deletes_the_started_round():
    """One tab starts round 1 (its transaction not yet committed) as another withdraws a player: the withdrawal
    waits for the start and then finds the round started (the player withdraws after it), never the draw it read
    before, which it would delete with the round's tables once the start committed."""
    import threading
    import time

    from games.models import Round
    from games.tournaments import services as service

    tournament = make_tournament(players=["Ana", "Bojan", "Cene", "Dora", "Eva", "Franc"])
    service.draw_round(tournament, 1)
    round_ = Round.objects.get(tournament=tournament, number=1)
    entry = tournament.entries.get(no=6)
    started, errors = threading.Event(), []

    def start():
        try:
            with transaction.atomic():
                service.start_round(round_)
                started.set()
                time.sleep(1.5)  # the withdrawal arrives now
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            started.set()
            connections.close_all()

    def withdraw():
        try:
            started.wait(30)
            service.withdraw(Entry.objects.get(pk=entry.pk))
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start), threading.Thread(target=withdraw)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.status == Round.STARTED and round_.tables.count() == 2
    assert Entry.objects.get(pk=entry.pk).withdrawn_after == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's; run under .ci/with-postgres")
def test_a_tournament_added_to_two_leagues_at_once_joins_one_and_the_other_is_told():
    import threading
    import time

    from games.models import League
    from games.tournaments import services as service

    tournament = make_tournament(players=[])
    seen = Tournament.objects.get(pk=tournament.pk)  # what the second director's page read: in no league yet
    first, second = (League.objects.create(name=name, settings={}) for name in ("Brno", "Břeclav"))
    added, errors, refused = threading.Event(), [], []

    def add_first():
        try:
            with transaction.atomic():
                service.add_to_league(first, tournament)
                added.set()
                time.sleep(1.5)  # the second league's director sends the same link now
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            added.set()
            connections.close_all()

    def add_second():
        try:
            added.wait(30)
            service.add_to_league(second, seen)
        except service.Refused as error:
            refused.append(error.message)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=add_first), threading.Thread(target=add_second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert refused == ["This tournament belongs to another league."]
    assert Tournament.objects.get(pk=tournament.pk).league_id == first.pk
