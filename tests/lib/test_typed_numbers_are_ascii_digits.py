"""A number typed, pasted or written in a document is ASCII digits with at most a leading sign, read by one reader
(games.lib.number_text.read_whole and read_number): Python's ``int()`` and ``Fraction()`` also take other scripts'
digits (``١٢``, ``１２``) and underscores (``1_0``), which no player means as a score. Each is refused as any other
bad number is, beside its field, and nothing is saved; the commands exit 2 with one line."""

import ast
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.lib.number_text import read_number, read_whole
from games.models import Hand, League, RoundTable, Table, Tournament
from games.registry import GAMES

from ..commands import manage
from ..factories import make_table
from ..tournaments.test_tournament_web import NINE, director_url, make_tournament, started

pytestmark = pytest.mark.django_db

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
NOT_ASCII = ["١٢", "１２", "1_0", "٤٠"]  # Arabic-Indic, full-width, an underscore, Arabic-Indic forty


@pytest.mark.parametrize(("text", "value"), [("12", 12), ("-3", -3), ("\u22123", -3), ("+4", 4), (" 7 ", 7), (5, 5)])
def test_the_whole_number_reader_takes_ascii_digits_and_a_sign(text, value):
    assert read_whole(text) == value


@pytest.mark.parametrize("text", [*NOT_ASCII, "1 0", "1e3", "12.0", "", "-", "²", "9" * 16, True, None])
def test_the_whole_number_reader_refuses_anything_else(text):
    with pytest.raises(ValueError):
        read_whole(text)


@pytest.mark.parametrize("text", [*NOT_ASCII, "0.٥", "1/٣", "1e3"])
def test_the_number_reader_refuses_what_fraction_alone_would_take(text):
    with pytest.raises(ValueError):
        read_number(text)


def test_no_form_of_games_reads_a_number_with_djangos_integer_field():
    """Django's IntegerField reads with ``int()``: every whole-number field is games.lib.forms.WholeNumberField."""
    found = [
        f"{path.relative_to(GAMES_DIR)}:{node.lineno}"
        for path in GAMES_DIR.rglob("*.py")
        if "migrations" not in path.parts and path != GAMES_DIR / "lib" / "forms.py"  # the field itself
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute) and node.attr == "IntegerField" and getattr(node.value, "id", "") == "forms"
    ]
    assert not found


# ---- a tournament director's numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["١٢ -١٢ 0", "1_0 -10 0", "１２ -12 0"])
def test_typed_totals_in_other_digits_are_refused_as_any_bad_number(client, typed):
    tournament = make_tournament(players=NINE[:3])
    started(tournament)
    url = director_url(tournament, "round_result", 1)
    response = client.post(url, {"table": "1", "totals": typed})
    assert response.status_code == 400
    assert (
        response.context["form"].errors["totals"]
        == client.post(url, {"table": "1", "totals": "x -12 0"}).context["form"].errors["totals"]
    )
    assert RoundTable.objects.get(round__tournament=tournament).totals is None


def test_a_typed_table_number_in_other_digits_is_refused(client):
    tournament = make_tournament(players=NINE[:3])
    started(tournament)
    response = client.post(director_url(tournament, "round_result", 1), {"table": "١", "totals": "12 -12 0"})
    assert response.status_code == 400
    assert response.context["form"].errors["table"]
    assert RoundTable.objects.get(round__tournament=tournament).totals is None


@pytest.mark.parametrize("typed", ["٣ 2 1", "3 2 1_0"])
def test_place_points_in_other_digits_are_refused(client, typed):
    response = client.post(
        reverse("new_tournament_for", args=["koenigrufen"]) + "?preset=points",
        {
            "name": "Cup",
            "preset": "points",
            "table_size": "4",
            "rounds": "٣",
            "draw_first": "random",
            "draw_later": "random",
            "seed": "1",
            "measure": "place-points",
            "place_points": typed,
        },
    )
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"place_points", "rounds"}
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("field", "typed"), [("points_table", "25 ٢٠ 16"), ("best", "1_0"), ("qualify", "٤")])
def test_a_leagues_numbers_in_other_digits_are_refused(client, field, typed):
    response = client.post(reverse("new_league"), {"name": "Liga", field: typed})
    assert response.status_code == 200
    assert list(response.context["form"].errors) == [field]
    assert not League.objects.exists()


def test_a_tournament_documents_place_points_in_other_digits_are_refused(client):
    document = {
        "tournament": "Cup",
        "preset": "tarzs",
        "draw": {"seed": 1},
        "scoring": {"measure": "place-points", "place_points": ["٢", 1, 0]},
    }
    response = client.post(
        reverse("import_tournament"),
        {"document": _upload(json.dumps(document))},
    )
    assert response.status_code == 200
    assert "place_points" in " ".join(response.context["form"].errors["document"])
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    "args", [("--points", "25,٢٠,16"), ("--points", "25 20 1_6"), ("--best", "١"), ("--qualify", "1_0")]
)
def test_the_tournament_command_refuses_other_digits_with_one_line(tmp_path, args):
    path = tmp_path / "cup.json"
    path.write_text(json.dumps({"tournament": "Cup", "preset": "tarzs", "draw": {"seed": 1}}))
    done = manage("tournament", "league", str(path), *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and args[0] in done.stderr


def test_the_tournament_commands_round_in_other_digits_is_refused_with_one_line(tmp_path):
    path = tmp_path / "cup.json"
    path.write_text(json.dumps({"tournament": "Cup", "preset": "tarzs", "draw": {"seed": 1}}))
    done = manage("tournament", "draw", str(path), "--round", "١")
    assert (done.returncode, done.stdout) == (2, "")
    assert len(done.stderr.strip().splitlines()) == 1 and "--round" in done.stderr


# ---- a table's numbers -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", NOT_ASCII)
def test_a_hands_card_points_in_other_digits_are_refused_beside_them(client, typed):
    table = make_table()
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"povinnost": "Anna", "mode": "team", "partner": "Cyril", "called": "XIX", "points": typed},
    )
    assert response.context["form"].errors["points"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("typed", NOT_ASCII)
def test_a_penalty_in_other_digits_is_refused_beside_it(client, typed):
    table = make_table()
    response = client.post(
        reverse("adjust", args=[table.edit_token]), {"form": "penalty", "who": "Anna", "amount": typed}
    )
    assert response.context["penalty"].errors["amount"]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(("game", "points"), [("slovenian-tarok", "٤٠ 2/3"), ("koenigrufen", "٣٥ 2/3")])
def test_an_imported_hands_card_points_in_other_digits_are_refused(client, game, points):
    samples = GAMES[game].samples
    document = {"game": game, "players": list(samples.players), "hands": [{**samples.hand, "points": points}]}
    response = client.post(reverse("import"), {"document": json.dumps(document, ensure_ascii=False)})
    assert response.status_code == 200
    assert "points" in " ".join(response.context["form"].errors["document"])
    assert not Table.objects.exists()


@pytest.mark.parametrize("price", ["٠,١٠", "0.1_0", "１"])
def test_a_price_per_point_in_other_digits_is_refused_beside_it(client, price):
    table = make_table()
    response = client.post(
        reverse("settings", args=[table.edit_token]), {"preset": "", "price_per_point": price, "currency": "Kč"}
    )
    assert response.context["form"].errors["price_per_point"]
    table.refresh_from_db()
    assert table.price_per_point == ""


def _upload(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("cup.json", text.encode(), content_type="application/json")
