"""Issue 48: two 4.35 MB tournament imports (20,000 hands at 500 Talon tables) each held a worker past gunicorn's
timeout, and a 20,000-hand table's import took 14 to 18 s; the allowance counted them at ~28 long pages against 20,
after reading them, and took them. An import now brings at most TALON_MAX_IMPORT_HANDS hands from at most
TALON_MAX_DOCUMENT bytes (refused beside its field), and counts against the allowance by the size it announces
before a byte of it is read; a request beyond what is left of the allowance is refused, never taken."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from games.lib import limits
from games.models import Table, Tournament

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    settings.TALON_EXPENSIVE_WINDOW = 60


def schnapsen(hands: int, *, indent=None) -> str:
    return json.dumps(
        {"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna", "game_points": 1}] * hands},
        indent=indent,
    )


def use_two_long_pages(client) -> None:
    table = make_table(hands=[team_hand()])
    for _ in range(2):
        assert client.get(reverse("sheet", args=[table.edit_token])).status_code == 200


# ---- the limits themselves ------------------------------------------------------------------------------------


def test_the_import_limits_are_what_the_readme_says(settings):
    assert settings.TALON_MAX_IMPORT_HANDS == 5000
    assert settings.TALON_MAX_DOCUMENT == 2 * 1024 * 1024


@pytest.mark.parametrize("where", ["document", "upload"])
def test_a_table_document_of_more_hands_than_an_import_brings_is_refused_beside_its_field(client, where):
    """5,001 hands under the default limits: refused before one is scored, next to the field it came in."""
    text = schnapsen(5001)
    sent = {"document": text} if where == "document" else {"upload": SimpleUploadedFile("t.json", text.encode())}
    response = client.post(reverse("import"), sent)
    assert response.status_code == 200
    assert response.context["form"].errors[where][0] == (
        "hands: an import brings at most 5000 hands, this document has 5001 (a Talon of your own may allow more)"
    )
    assert not Table.objects.exists()


def test_the_refusal_is_in_the_players_language(client):
    with translation.override("de"):
        response = client.post(reverse("import"), {"document": schnapsen(5001)}, HTTP_ACCEPT_LANGUAGE="de")
    error = response.context["form"].errors["document"][0]
    assert "5000" in error and "5001" in error and "import brings" not in error


def test_a_table_document_at_the_import_limit_is_imported(client, settings):
    settings.TALON_MAX_IMPORT_HANDS = 30
    assert client.post(reverse("import"), {"document": schnapsen(30)}).status_code == 302
    assert Table.objects.get().hand_count == 30


def test_a_document_larger_than_an_import_reads_is_refused_beside_the_upload_field(client):
    big = SimpleUploadedFile("t.json", b" " * (2 * 1024 * 1024 + 1))
    response = client.post(reverse("import"), {"upload": big})
    assert response.status_code == 200
    assert "larger than 2 MB" in response.context["form"].errors["upload"][0]


def test_a_table_exported_at_the_import_limit_fits_the_documents_size(settings):
    """What the limits promise together: a table of TALON_MAX_IMPORT_HANDS hands, written as the export writes it
    (indented), is no larger than an import reads."""
    assert len(schnapsen(settings.TALON_MAX_IMPORT_HANDS, indent=2).encode()) < settings.TALON_MAX_DOCUMENT


def tournament_with_hands(hands: int) -> bytes:
    names = ["Ana", "Bojan", "Cene", "Darja"]
    table = {"game": "schnapsen", "players": names[:2], "hands": [{"winner": "Ana", "game_points": 1}] * 0}
    played = []
    for number in range(1, hands // 1000 + 2):
        count = min(1000, hands - (number - 1) * 1000)
        doc = {**table, "hands": [{"winner": "Ana", "game_points": 1}] * count}
        played.append({"round": number, "tables": [{"table": 1, "seats": [1, 2], "document": doc}]})
    return json.dumps(
        {
            "tournament": "Cup",
            "game": "schnapsen",
            "preset": "points",
            "table_size": 2,
            "rounds": len(played),
            "draw": {"seed": 1},
            "players": [{"no": i + 1, "name": name} for i, name in enumerate(names[:2])],
            "played": played,
        }
    ).encode()


def test_a_tournament_whose_tables_bring_more_hands_than_an_import_is_refused(client):
    """The stranger's document brought 20,000 hands: the tables of one import bring at most as many as a table's
    import does (5,000), refused before one is scored."""
    document = SimpleUploadedFile("t.json", tournament_with_hands(5001))
    response = client.post(reverse("import_tournament"), {"document": document})
    assert response.status_code == 200
    assert response.context["form"].errors["document"] == [
        "Hands at the tables of this document: 5001; an import brings at most 5000."
    ]
    assert not Tournament.objects.exists()


# ---- the allowance counts an import before it is read ---------------------------------------------------------


def test_an_import_is_counted_by_its_size_before_it_is_read(client, three_a_minute, monkeypatch):
    """A client with one long page left sends a document of three pages' bytes: 429 before the JSON is parsed."""
    use_two_long_pages(client)
    read = []
    monkeypatch.setattr("games.tables.forms.load_json", lambda text: read.append(text))
    text = schnapsen(1) + " " * (2 * limits.SENT_PER_PAGE)
    response = client.post(reverse("import"), {"document": text})
    assert response.status_code == 429 and response["Retry-After"]
    assert read == [] and not Table.objects.filter(game="schnapsen").exists()


def test_a_tournament_import_is_counted_by_its_size_before_it_is_read(client, three_a_minute, monkeypatch):
    use_two_long_pages(client)
    read = []
    monkeypatch.setattr("games.tournaments.views.creating.load_json", lambda text: read.append(text))
    document = SimpleUploadedFile("t.json", tournament_with_hands(1) + b" " * (2 * limits.SENT_PER_PAGE))
    response = client.post(reverse("import_tournament"), {"document": document})
    assert response.status_code == 429
    assert read == [] and not Tournament.objects.exists()


def test_an_import_beyond_what_is_left_of_the_allowance_is_refused_not_taken(client, three_a_minute, monkeypatch):
    """Two long pages asked for, an import of 1 + 2 pages (by its hands) was taken: the client went to 5 of 3."""
    monkeypatch.setattr(limits, "HANDS_PER_PAGE", 2)
    use_two_long_pages(client)
    response = client.post(reverse("import"), {"document": schnapsen(4)})
    assert response.status_code == 429
    assert not Table.objects.filter(game="schnapsen").exists()


def test_a_small_import_within_the_allowance_goes_through(client, three_a_minute):
    use_two_long_pages(client)
    assert client.post(reverse("import"), {"document": schnapsen(1)}).status_code == 302


def test_a_document_larger_than_an_import_reads_counts_as_one_and_says_why(client, three_a_minute):
    """Refused as it arrives, unread: it costs one long page, and the corrected document may follow at once."""
    use_two_long_pages(client)
    big = SimpleUploadedFile("t.json", b" " * (2 * 1024 * 1024 + limits.SENT_PER_PAGE + 1))
    response = client.post(reverse("import"), {"upload": big})
    assert response.status_code == 200 and "larger than 2 MB" in response.context["form"].errors["upload"][0]


def test_a_tournaments_talon_tables_are_scored_before_its_transaction(client, monkeypatch):
    """Scoring 5,000 hands takes seconds: inside the import's transaction it held SQLite's one writer (a second
    import waited, then outlived gunicorn's timeout: a 500). Every hand is scored first, then written."""
    from django.db import connection

    from games.engines import table as engine_table

    outside = len(connection.atomic_blocks)  # the test's own transaction
    depths = []
    play_next = engine_table.play_next
    monkeypatch.setattr(
        engine_table, "play_next", lambda *args: depths.append(len(connection.atomic_blocks)) or play_next(*args)
    )
    document = SimpleUploadedFile("t.json", tournament_with_hands(3))
    assert client.post(reverse("import_tournament"), {"document": document}).status_code == 302
    assert depths and set(depths) == {outside}
