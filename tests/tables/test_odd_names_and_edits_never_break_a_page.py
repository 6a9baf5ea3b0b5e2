"""Problems a stranger found by attacking the running app (the new features especially). Each test states what
should happen; each one fails on the code as it was found. Nothing here fixes the application."""

import json

import pytest
from django.urls import reverse

from games.models import Table

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db

CZECH = ("Anna", "items", "Cyril", "Dana")


# ---- a player called "items": Django's template lookup finds the player's total before dict.items ------------


def items_table():
    return make_table(players=CZECH, hands=[team_hand()])


@pytest.mark.parametrize("page", ["end_evening", "sheet"])
def test_a_player_called_items_does_not_break_the_end_and_sheet_pages(client, page):
    table = items_table()
    response = client.get(reverse(page, args=[table.edit_token]))
    assert response.status_code == 200


def test_a_player_called_items_does_not_break_a_hands_page(client):
    table = items_table()
    response = client.get(reverse("hand", args=[table.edit_token, 1]))
    assert response.status_code == 200


def test_a_player_called_items_does_not_break_the_live_preview(client):
    table = make_table(game="schnapsen", players=("items", "Ben"))
    response = client.post(reverse("preview", args=[table.edit_token]), {"winner": "items", "game_points": "1"})
    assert response.status_code == 200


def test_renaming_a_player_to_items_keeps_the_end_page_working(client):
    table = make_table(hands=[team_hand()])
    client.post(reverse("rename_player", args=[table.edit_token]), {"old": "Dana", "new": "items"})
    assert Table.objects.get(pk=table.pk).players[3] == "items"
    assert client.get(reverse("end_evening", args=[table.edit_token])).status_code == 200


def test_a_table_with_a_player_called_items_does_not_break_its_circles_pages(client):
    from games.models import Circle
    from games.tables import services

    circle = Circle.objects.create(name="Thursdays", players=["Anna"])
    services.add_to_circle(items_table(), circle)
    assert client.get(reverse("circle", args=[circle.token])).status_code == 200
    assert client.get(reverse("circle_view", args=[circle.view_token])).status_code == 200


def test_what_if_with_a_query_parameter_called_items_is_not_a_500(client):
    # GET /t/<token>/what-if/?preset=help-text&items=abc: the template's request.GET.items finds "abc"
    table = make_table(hands=[team_hand()])
    response = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "help-text", "items": "abc"})
    assert response.status_code == 200


# ---- import: an unpaired surrogate in a field name is echoed raw into the page ------------------------------------

SURROGATE_DOCS = {
    "hand field": '{"game":"czech-taroky","players":["Anna","Bara","Cyril","Dana"],"hands":[{"\\ud800":1}]}',
    "document field": '{"game":"czech-taroky","\\ud800":1,"players":["Anna","Bara","Cyril","Dana"],"hands":[]}',
    "rule name": '{"game":"czech-taroky","rules":{"\\ud800":1},"players":["Anna","Bara","Cyril","Dana"],"hands":[]}',
}


@pytest.mark.parametrize("where", SURROGATE_DOCS)
def test_import_with_an_unpaired_surrogate_in_a_field_name_is_refused_with_a_message(client, where):
    count = Table.objects.count()
    response = client.post(reverse("import"), {"document": SURROGATE_DOCS[where]})
    assert response.status_code == 200
    assert "is not a" in response.content.decode()
    assert Table.objects.count() == count


# ---- editing an adjustment or a closing --------------------------------------------------------------------------

ADJUSTED = {
    "slovenian-tarok": (
        ("A", "B", "C", "D"),
        [
            {"contract": "klop", "klop": {"A": 20, "B": 20, "C": 20, "D": 10}},
            {"adjustment": {"B": 5}, "reason": "revoke"},
            {"closing": True},
        ],
    ),
    "schnapsen": (
        ("A", "B"),
        [{"winner": "A", "game_points": 3}, {"adjustment": {"A": 5}, "reason": "revoke"}, {"closing": True}],
    ),
}


@pytest.mark.parametrize("game", ADJUSTED)
@pytest.mark.parametrize("seq", [2, 3])
def test_the_edit_link_of_an_adjustment_or_a_closing_is_not_a_500(client, game, seq):
    # the hand's page offers "Edit this hand" for every hand, adjustments and the closing included
    players, hands = ADJUSTED[game]
    table = make_table(game=game, players=players, hands=hands)
    assert client.get(reverse("hand", args=[table.edit_token, seq])).status_code == 200
    response = client.get(reverse("edit_hand", args=[table.edit_token, seq]))
    assert response.status_code in (200, 302)


def test_saving_the_edit_form_of_a_two_ten_jack_adjustment_unchanged_keeps_the_adjustment(client):
    table = make_table(
        game="two-ten-jack",
        players=("A", "B"),
        hands=[{"captured": {"A": ["2H"]}}, {"adjustment": {"B": 5}, "reason": "revoke"}],
    )
    page = client.get(reverse("edit_hand", args=[table.edit_token, 2]))
    assert page.status_code in (200, 302)  # an adjustment is deleted and written again, not edited
    # what that page's form sends when Save is tapped without touching anything
    data = {
        "version": str(table.version),
        "submission": "unchanged-edit",
        "captured": "",
        "removed": "",
        "removed_0": "",
        "save": "1",
    }
    data |= {f"card_{card}": "" for card in ("AH", "KH", "QH", "JH", "10H", "2H", "AS", "KS", "QS", "JS", "10S", "2S")}
    client.post(reverse("edit_hand", args=[table.edit_token, 2]), data)
    hand = table.hands.get(seq=2)
    assert hand.data == {"adjustment": {"B": 5}, "reason": "revoke"}  # not an empty round in its place


# ---- the end of the evening -------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["abc", "-1", "1.0"])
def test_ending_the_evening_with_a_damaged_version_is_refused(client, version):
    # every other form refuses a version that is not a whole number ("out of date or damaged"); here it is
    # taken as "no version given" and the evening is closed
    table = make_table(hands=[team_hand()])
    client.post(reverse("end_evening", args=[table.edit_token]), {"version": version, "submission": "s1"})
    table.refresh_from_db()
    assert not table.summary.get("closed")
    assert table.hands.count() == 1


# ---- carry-over -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, players", [("czech-taroky", ("Anna", "Bára", "Cyril", "Dana")), ("slovenian-tarok", ("A", "B", "C", "D"))]
)
def test_a_carry_over_with_no_totals_records_nothing(client, game, players):
    table = make_table(game=game, players=players)
    client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "carry", "version": str(table.version), "submission": "empty-carry"},
    )
    assert table.hands.count() == 0
    assert Table.objects.get(pk=table.pk).version == table.version


def test_export_of_an_untouched_table_is_unchanged_by_the_tests_above(client):
    # a sanity check of the helpers: a table document round-trips
    table = make_table(hands=[team_hand()])
    doc = json.loads(client.get(reverse("export_json", args=[table.edit_token])).getvalue())
    assert doc["hands"] == [team_hand()]


# ---- fixed after the stranger's lower-severity findings ---------------------------------------------------------


def test_the_same_new_evening_tap_twice_starts_one_evening(client):
    table = make_table(hands=[team_hand()])
    first = client.post(reverse("new_evening", args=[table.edit_token]), {"submission": "again-1"})
    second = client.post(reverse("new_evening", args=[table.edit_token]), {"submission": "again-1"})
    assert first["Location"] == second["Location"]
    assert Table.objects.count() == 2


def test_using_the_rules_the_table_already_plays_changes_nothing(client):
    table = make_table(rules={"preset": "help-text"}, hands=[team_hand()])
    client.post(reverse("what_if", args=[table.edit_token]), {"preset": "help-text", "version": table.version})
    assert Table.objects.get(pk=table.pk).version == table.version


def test_a_circles_slovenian_preset_is_kept_for_three_players_too(client):
    from games.models import Circle

    circle = Circle.objects.create(name="C", players=["A", "B", "C"])
    client.post(reverse("circle_rules", args=[circle.token, "slovenian-tarok"]), {"preset": "pagat"})
    circle.refresh_from_db()
    assert circle.rules["slovenian-tarok"]["preset"] == "pagat"
