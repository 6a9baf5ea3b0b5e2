"""Every registered game (Hearts, the test-only game, among them) through what a player does with a table: a hand
through the web form, its preview and explanation, the totals, a penalty, the what-if page, the end of the evening
with settle-up in the game's order, export and import, statistics and the chart of a circle. The game's own
samples come from its entry in the registry; nothing here names a game."""

import json
import re

import pytest
from django.urls import reverse

from games.contract.ranking import ranked
from games.engines.table import settle
from games.models import Circle, Table
from games.registry import GAMES
from games.tables import services

from ..factories import make_sample, make_table, visible_text

pytestmark = pytest.mark.django_db


def posted(fields: dict) -> dict:
    """A form's fields as a browser posts them: a box not ticked and an empty number are not sent."""
    return {
        key: "on" if value is True else str(value)
        for key, value in fields.items()
        if value is not None and value is not False
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_through_the_web_form_is_the_hand_its_entry_makes_and_its_preview_explains_it(client, game):
    samples = GAMES[game].samples
    table = make_sample(game)  # the form's fields are for the hand after the sample table
    fields = posted(samples.fields)
    preview = client.post(reverse("preview", args=[table.edit_token]), fields)
    expected = settle({"game": game, "players": list(samples.players), "hands": [*samples.table, samples.hand]})[
        "hands"
    ][-1]
    text = visible_text(preview.content.decode())
    for line in expected["explanation"]:  # the page names an option by its label, settle by its key
        rule, step = re.match(r"^([A-Z]+\d+)(?: \([^)]*\))?: (.*)$", line).groups()
        assert rule in text and step in text, line
    page = client.post(
        reverse("record_hand", args=[table.edit_token]), {**fields, "save": "1", "version": table.version}
    )
    assert page.status_code == 302, visible_text(page.content.decode())
    table.refresh_from_db()
    assert table.hands.order_by("-seq").first().data == samples.hand
    first = settle({"game": game, "players": list(samples.players), "hands": [*samples.table, samples.hand]})
    assert table.totals == first["totals"]


@pytest.mark.parametrize("game", GAMES)
def test_a_penalty_counts_as_the_game_says(client, game):
    table = make_sample(game)
    who = table.players[0]
    response = client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "penalty", "who": who, "amount": "5", "version": table.version},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    engine = GAMES[game].engine
    penalty = engine.penalty(tuple(table.players), who, 5)
    before = settle({"game": game, "players": table.players, "hands": list(GAMES[game].samples.table)})["totals"]
    assert table.totals == {p: before[p] + penalty[p] for p in table.players}


@pytest.mark.parametrize("game", GAMES)
def test_the_what_if_page_scores_the_table_under_each_preset(client, game):
    table = make_sample(game)
    for preset in GAMES[game].engine.PRESETS:
        response = client.get(reverse("what_if", args=[table.edit_token]), {"preset": preset.key})
        assert response.status_code == 200, preset.key


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_the_evening_ranks_by_the_games_order_and_settles_up(client, game):
    samples = GAMES[game].samples
    table = make_table(game=game, players=samples.players, hands=samples.hands)
    Table.objects.filter(pk=table.pk).update(price_per_point="1")
    page = client.get(reverse("end_evening", args=[table.edit_token]))
    final = page.context["final"]
    assert list(final) == ranked(GAMES[game].engine.RANKING, final, table.summary)
    if not table.summary.get("over"):
        assert (
            client.post(reverse("end_evening", args=[table.edit_token]), {"version": table.version}).status_code == 302
        )
        table.refresh_from_db()
        assert table.summary["over"] and table.summary["closed"]
    ended = client.get(reverse("end_evening", args=[table.edit_token]))
    assert ended.context["ended"] and ended.context["settle_up"] is not None
    paid = {}
    for payer, receiver, _amount, _sum in ended.context["settle_up"]["payments"]:
        paid[payer], paid[receiver] = paid.get(payer, 0) - 1, paid.get(receiver, 0) + 1
    best = list(ended.context["final"])[0]
    assert paid.get(best, 0) >= 0, "the player ahead never pays"


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_is_the_same_table(client, game):
    samples = GAMES[game].samples
    table = make_table(game=game, players=samples.players, hands=samples.hands)
    document = client.get(reverse("export_json", args=[table.edit_token])).getvalue().decode()
    response = client.post(reverse("import"), {"document": document})
    assert response.status_code == 302
    imported = Table.objects.exclude(pk=table.pk).get()
    assert imported.totals == table.totals and imported.summary == table.summary
    assert (
        json.loads(client.get(reverse("export_json", args=[imported.edit_token])).getvalue())["hands"]
        == json.loads(document)["hands"]
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_circles_statistics_rank_by_the_games_order_and_chart_it(client, game):
    samples = GAMES[game].samples
    circle = Circle.objects.create(name="Friday", players=list(samples.players))
    for _ in range(2):
        table = make_table(game=game, players=samples.players, hands=samples.hands)
        services.add_to_circle(table, circle)
    page = client.get(reverse("circle", args=[circle.token]))
    assert page.status_code == 200
    (entry,) = [g for g in page.context["games"] if g["game"].slug == game]
    totals = {row.name: row.total for row in entry["stats"]}
    assert [row.name for row in entry["stats"]] == ranked(GAMES[game].engine.RANKING, totals)
    assert entry["chart"] is not None
