"""A change is refused in one place (games.tables.common.outcome: the pages' forms and the phone's sent hands alike),
and a Save answers with the table as its one recorded change left it: no second read of the table, no other view's
function, the hand parsed once."""

import ast
from pathlib import Path

import pytest
from django.urls import reverse

from games.models import Table
from games.tables.views import tables

from ..factories import make_table
from .test_views_hands import HTMX, form_data

pytestmark = pytest.mark.django_db
GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
REFUSALS = {"AlreadyDone", "Conflict", "NothingToUndo"}


def caught(path: Path) -> set[str]:
    """The services' refusals an ``except`` in ``path`` names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names |= {n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", "") for n in ast.walk(node.type)}
    return names & REFUSALS


def test_only_the_one_helper_knows_how_a_change_is_refused():
    views = [path for path in GAMES_DIR.rglob("*.py") if "views" in path.parts or path.stem in ("views", "common")]
    found = {path.relative_to(GAMES_DIR).as_posix(): caught(path) for path in sorted(views)}
    assert {path: names for path, names in found.items() if names} == {"tables/common.py": REFUSALS}


def test_a_htmx_save_answers_with_the_table_its_change_left_without_reading_it_again(client, monkeypatch):
    table = make_table()
    monkeypatch.setattr(Table, "refresh_from_db", lambda *args, **kwargs: pytest.fail("the table was read again"))
    monkeypatch.setattr(tables, "table_response", lambda *args, **kwargs: pytest.fail("another view answered"))
    response = client.post(
        reverse("record_hand", args=[table.edit_token]), form_data(version=str(table.version)), **HTMX
    )
    assert response.status_code == 200 and response["HX-Push-Url"] == reverse("table", args=[table.edit_token])
    assert [t.name for t in response.templates][0] == "games/table.html"
    assert response.context["table"].version == table.version + 1
    assert response.context["table"].totals == {"Anna": 4, "Bára": -4, "Cyril": 4, "Dana": -4}
    assert response.context["hand_count"] == 1


def test_a_plain_save_still_redirects_to_the_table(client):
    table = make_table()
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(version=str(table.version)))
    assert response.status_code == 302 and response.url == reverse("table", args=[table.edit_token])


def test_a_save_already_made_answers_with_the_table_as_stored(client):
    table = make_table()
    data = form_data(version=str(table.version), submission="a" * 32)
    client.post(reverse("record_hand", args=[table.edit_token]), data, **HTMX)
    again = client.post(reverse("record_hand", args=[table.edit_token]), data, **HTMX)
    assert again.status_code == 200 and again.context["hand_count"] == 1
    assert again.context["table"].totals == {"Anna": 4, "Bára": -4, "Cyril": 4, "Dana": -4}
