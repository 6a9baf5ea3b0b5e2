"""Every registered game through every page a result reaches: new table, table page (edit and view links), the hand
form, the hand's page, settings, history, score sheet, CSV, the exported document and settle of it, the rules page
with its calculator for every player count."""

import json
import re

import pytest
from django.urls import reverse

from games.engines.table import settle
from games.registry import GAMES

from ..factories import make_sample, visible_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_table_opens(client, game):
    table = make_sample(game)
    edit, view = table.edit_token, table.view_token
    for url in (
        reverse("new_table_for", args=[game]),
        reverse("table", args=[edit]),
        reverse("view_table", args=[view]),
        reverse("record_hand", args=[edit]),
        reverse("hand", args=[edit, 1]),
        reverse("view_hand", args=[view, 1]),
        reverse("edit_hand", args=[edit, 1]),
        reverse("settings", args=[edit]),
        reverse("history", args=[edit]),
        reverse("sheet", args=[edit]),
        reverse("view_sheet", args=[view]),
        reverse("export_csv", args=[edit]),
    ):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("game", GAMES)
def test_the_export_settles_to_the_totals_the_table_shows(client, game):
    table = make_sample(game)
    document = json.loads(client.get(reverse("export_json", args=[table.edit_token])).getvalue())
    assert document["game"] == game
    out = settle(document)
    assert out["totals"] == table.totals
    page = visible_text(client.get(reverse("hand", args=[table.edit_token, 1])).content.decode())
    for line in out["hands"][0]["explanation"]:  # the page names an option by its label, settle by its key
        rule, step = re.match(r"^([A-Z]+\d+)(?: \([^)]*\))?: (.*)$", line).groups()
        assert rule in page and step in page, line


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_has_a_calculator_for_every_player_count(client, game):
    for count in GAMES[game].engine.PLAYER_COUNTS:
        response = client.get(reverse("rules", args=[game]) + f"?players={count}")
        assert response.status_code == 200
        assert response.context["players"] == ["A", "B", "C", "D", "E", "F"][:count]
