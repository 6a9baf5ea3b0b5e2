"""Renaming a player (a typo in a name): everywhere at the table, in one change, undoable; bad names refused."""

import pytest
from django.urls import reverse

from games.models import Change, HandFacts, Score
from games.registry import GAMES
from games.tables import services

from ..factories import make_sample, make_table, team_hand, visible_text
from .test_stored_state import check_against_a_fresh_replay

pytestmark = pytest.mark.django_db

SLOVENIAN = ("Ana", "Bojan", "Cene", "Dora")


def test_it_renames_in_the_seating_every_hand_the_totals_the_state_and_the_rows():
    table = make_table(
        hands=[
            team_hand(povinnost="Anna", partner="Cyril", points=63),
            team_hand(povinnost="Bára", partner="Anna", points=40),
        ]
    )
    services.delete_hand(table.hands.get(seq=2))
    services.rename_player(table, "Anna", "Aneta")
    table.refresh_from_db()
    assert table.players == ["Aneta", "Bára", "Cyril", "Dana"]
    assert set(table.totals) == {"Aneta", "Bára", "Cyril", "Dana"}
    assert table.hands.get(seq=1).data["povinnost"] == "Aneta"
    assert table.hands.get(seq=2).data["partner"] == "Aneta"  # a deleted hand too: a restore finds the name
    assert not Score.objects.filter(table=table, player="Anna").exists()
    assert HandFacts.objects.filter(table=table, leader="Aneta").count() == 1
    check_against_a_fresh_replay(table)
    services.restore_hand(table.hands.get(seq=2))
    check_against_a_fresh_replay(table)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_renames_and_keeps_its_scores(game):
    table = make_sample(game)
    old = table.players[0]
    totals = [table.totals[p] for p in table.players]
    services.rename_player(table, old, "Zed")
    table.refresh_from_db()
    assert [table.totals[p] for p in table.players] == totals
    assert "Zed" in table.players and old not in table.players
    check_against_a_fresh_replay(table)


def test_radelci_follow_the_new_name():
    table = make_table(
        game="slovenian-tarok", players=SLOVENIAN, hands=[{"contract": "beggar", "declarer": "Ana", "won": True}]
    )
    services.rename_player(table, "Ana", "Anja")
    table.refresh_from_db()
    assert "Ana" not in str(table.summary) and "Ana" not in str(table.state)
    check_against_a_fresh_replay(table)


def test_it_is_one_change_in_the_history_and_undo_reverses_it():
    table = make_table(hands=[team_hand()])
    services.rename_player(table, "Anna", "Aneta")
    change = table.changes.order_by("-id").first()
    assert (change.kind, change.before, change.after) == (Change.RENAMED, {"player": "Anna"}, {"player": "Aneta"})
    services.undo_last(table)
    table.refresh_from_db()
    assert table.players[0] == "Anna"
    assert table.hands.get(seq=1).data["povinnost"] == "Anna"
    check_against_a_fresh_replay(table)


def test_a_stale_version_renames_nothing():
    table = make_table(hands=[team_hand()])
    with pytest.raises(services.Conflict):
        services.rename_player(table, "Anna", "Aneta", version=table.version - 1)
    table.refresh_from_db()
    assert table.players[0] == "Anna"


def test_the_settings_page_renames_and_the_history_says_so(client):
    table = make_table(hands=[team_hand()])
    response = client.get(reverse("settings", args=[table.edit_token]))
    assert "Rename a player" in visible_text(response.content.decode())
    response = client.post(
        reverse("rename_player", args=[table.edit_token]), {"old": "Anna", "new": "Aneta", "version": table.version}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.players[0] == "Aneta"
    history = visible_text(client.get(reverse("history", args=[table.edit_token])).content.decode())
    assert "Renamed Anna to Aneta" in history
    assert "Hand 1 recorded: " in history and "{" not in history  # the old hand read in the current names


@pytest.mark.parametrize(
    ("new", "message"),
    [
        ("Bára", "Another player at this table has this name"),
        ("Anna", "already this player"),
        ("", "This field is required"),
        ("x" * 41, "must be 1 to 40 characters long, this one has 41"),
        ("Anna\u0007", "The name"),
    ],
)
def test_a_bad_new_name_is_refused_beside_the_field_and_nothing_changes(client, new, message):
    table = make_table(hands=[team_hand()])
    response = client.post(reverse("rename_player", args=[table.edit_token]), {"old": "Anna", "new": new})
    assert response.status_code == 200
    page = response.content.decode()
    error = page[page.index('id="id_new_error"') :]
    assert message in error[: error.index("</ul>")]
    table.refresh_from_db()
    assert table.players == ["Anna", "Bára", "Cyril", "Dana"]
    assert not table.changes.filter(kind=Change.RENAMED).exists()


def test_only_the_edit_link_renames(client):
    table = make_table()
    assert client.post(f"/v/{table.view_token}/rename/", {"old": "Anna", "new": "Aneta"}).status_code == 404
    assert client.get(reverse("rename_player", args=[table.edit_token])).status_code == 405
