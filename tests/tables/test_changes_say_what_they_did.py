"""Changes say what they did: a form counts once, another phone's change keeps the hand you typed, settings save
in one change with their history, undo with nothing to undo says so, the version a form carries is checked."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Hand, Table
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
HAND = {"povinnost": "Anna", "mode": "team", "partner": "Cyril", "points": "63", "contra": "0"}


def form(client, table):
    return client.get(reverse("record_hand", args=[table.edit_token])).context["form"]


def test_back_then_save_again_records_the_hand_once(client):
    table = make_table()
    token = form(client, table).initial["submission"]
    data = HAND | {"version": str(table.version), "submission": token}
    assert client.post(reverse("record_hand", args=[table.edit_token]), data).status_code == 302
    again = client.post(reverse("record_hand", args=[table.edit_token]), data, follow=True)
    assert "already recorded" in again.content.decode()
    assert Hand.objects.count() == 1


def test_an_identical_next_hand_is_as_quick_to_record_as_any_other(client):
    table = make_table()
    for _ in range(2):
        table.refresh_from_db()
        data = HAND | {"version": str(table.version), "submission": form(client, table).initial["submission"]}
        assert client.post(reverse("record_hand", args=[table.edit_token]), data).status_code == 302
    assert Hand.objects.count() == 2


def test_a_hand_typed_while_another_phone_saved_is_kept_against_the_new_state(client):
    table = make_table()
    mine = HAND | {
        "points": "40",
        "version": str(table.version),
        "submission": form(client, table).initial["submission"],
    }
    services.record_hand(table, team_hand(points=70))  # the other phone was quicker
    response = client.post(reverse("record_hand", args=[table.edit_token]), mine)
    page = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in page
    assert (
        "Another phone changed this table meanwhile" in page
        and "Hand 1 recorded: Anna + Cyril · 70" in visible_text(page)
    )
    kept = response.context["form"]
    assert kept.data["points"] == "40" and kept.data["version"] == str(table.version + 1)
    assert response.context["result"].scores["Anna"] == -5, "scored against the new state"
    assert client.post(reverse("record_hand", args=[table.edit_token]), kept.data).status_code == 302
    assert [h.data["points"] for h in Hand.objects.order_by("seq")] == [70, 40]


def test_an_edit_crossing_another_phones_change_is_kept_too(client):
    table = make_table(hands=[team_hand(points=63)])
    data = HAND | {"points": "50", "version": str(table.version)}
    services.record_hand(table, team_hand(points=70))
    response = client.post(reverse("edit_hand", args=[table.edit_token, 1]), data)
    assert response.status_code == 200 and response.context["form"].data["points"] == "50"
    assert Hand.objects.get(seq=1).data["points"] == 63


@pytest.mark.parametrize("version", ["abc", "-1", "1.5", "9" * 20])
def test_a_version_that_is_not_a_whole_number_is_refused_with_a_message(client, version):
    table = make_table(hands=[team_hand()])
    response = client.post(reverse("record_hand", args=[table.edit_token]), HAND | {"version": version})
    assert response.status_code == 200 and "out of date or damaged" in response.content.decode()
    for url in (reverse("delete_hand", args=[table.edit_token, 1]), reverse("undo", args=[table.edit_token])):
        answer = client.post(url, {"version": version}, follow=True)
        assert "out of date or damaged" in answer.content.decode()
    assert Hand.objects.count() == 1 and not Hand.objects.get().deleted


def test_name_and_rules_in_one_submit_are_saved_together_and_kept_in_the_history(client):
    table = make_table(hands=[team_hand(points=66)])
    page = client.get(reverse("settings", args=[table.edit_token])).content.decode()
    assert 'name="submission"' in page
    response = client.post(
        reverse("settings", args=[table.edit_token]),
        {
            "name": "Friday",
            "price_per_point": "0.10",
            "currency": "€",
            "rule_step_factor": "false",
            "rule_rounding": "up",
            "version": str(table.version),
        },
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.name == "Friday" and table.rules == {"step_factor": False, "rounding": "up"}
    kinds = list(table.changes.order_by("id").values_list("kind", flat=True))
    assert kinds[-2:] == [Change.DETAILS, Change.RULES]
    history = visible_text(client.get(reverse("history", args=[table.edit_token])).content.decode())
    assert "Name: — → Friday" in history and "Rounding of the tenth: half up → always up" in history
    services.undo_last(table)
    services.undo_last(table)
    table.refresh_from_db()
    assert table.name == "" and table.rules == {}


def test_undo_with_nothing_to_undo_says_so_and_changes_nothing(client):
    table = make_table()
    response = client.post(reverse("undo", args=[table.edit_token]), {"version": str(table.version)}, follow=True)
    assert "There is nothing to undo." in response.content.decode() and "Undone." not in response.content.decode()
    assert Table.objects.get().version == table.version


def test_the_phone_that_changed_the_table_never_sees_an_older_state(client, monkeypatch):
    """No page is cached, on any server: the page and the live check read the table itself."""
    from django.core.cache import cache

    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("a page read a cache"))
    monkeypatch.setattr(cache, "set", lambda *a, **k: pytest.fail("a page wrote a cache"))
    table = make_table(hands=[team_hand(points=63)])
    url = reverse("table", args=[table.edit_token])
    other_server = Client()  # another app server: nothing shared with this one but the database
    other_server.cookies = client.cookies
    for _ in range(3):
        table.refresh_from_db()
        client.post(reverse("record_hand", args=[table.edit_token]), HAND | {"version": str(table.version)})
        table.refresh_from_db()
        assert table.hand_count == 2 + _  # the save was recorded
        assert f"Hand {table.hand_count}: explanation" in client.get(url).content.decode()  # and is on the page
        assert f'data-version="{table.version}"' in other_server.get(url).content.decode()
