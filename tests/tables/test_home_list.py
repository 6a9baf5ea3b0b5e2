"""This phone's list of tables on the home page: each table's totals and when it was last played, and a way to take a
table off the list without deleting it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Hand

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db


def opened(client: Client, *tables) -> None:
    for table in tables:
        client.get(reverse("table", args=[table.edit_token]))


def test_the_list_shows_each_tables_totals_and_its_last_hand(client):
    played = make_table(name="Friday", hands=[team_hand(points=63)])
    Hand.objects.filter(table=played).update(created_at=timezone.now() - timedelta(hours=3))
    fresh = make_table(name="Saturday")
    opened(client, played, fresh)
    text = visible_text(client.get("/").content.decode())
    assert "last hand 3\xa0hours ago" in text
    friday = text[text.index("Friday") :]
    totals = ", ".join(
        f"{name} {'−' if total < 0 else ''}{abs(total)}"
        for name, total in ((p, played.totals[p]) for p in played.players)
    )
    assert totals in friday
    assert "no hands yet" in text[text.index("Saturday") :]


def test_the_last_hand_time_is_in_the_players_language(client):
    table = make_table(hands=[team_hand()])
    Hand.objects.filter(table=table).update(created_at=timezone.now() - timedelta(hours=3))
    opened(client, table)
    text = visible_text(client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode())
    assert "před 3\xa0hodinami" in text


def test_remove_from_this_phone_takes_the_table_off_the_list_only(client):
    keep, drop = make_table(name="Keep"), make_table(name="Drop")
    opened(client, keep, drop)
    response = client.post(reverse("forget_table", args=[drop.edit_token]), follow=True)
    assert "is no longer listed on this phone" in visible_text(response.content.decode())
    text = visible_text(client.get("/").content.decode())
    assert "Keep" in text and "Drop" not in text
    assert drop.pk not in client.session["tables"] and keep.pk in client.session["tables"]
    assert client.get(reverse("table", args=[drop.edit_token])).status_code == 200  # its link still works
    assert drop.pk in client.session["tables"]  # and puts it back on the list


def test_removing_needs_a_post_with_its_csrf_token():
    table = make_table()
    client = Client(enforce_csrf_checks=True)
    opened(client, table)
    assert client.get(reverse("forget_table", args=[table.edit_token])).status_code == 405
    assert client.post(reverse("forget_table", args=[table.edit_token])).status_code == 403
    assert table.pk in client.session["tables"]


def test_a_view_link_cannot_remove_anything(client):
    """The view link in place of the edit link, in every route that removes something: refused, nothing changed."""
    table = make_table(hands=[team_hand()])
    opened(client, table)
    view = table.view_token
    for url in (
        reverse("forget_table", args=[view]),
        reverse("delete_hand", args=[view, 1]),
        reverse("undo", args=[view]),
    ):
        assert client.post(url).status_code == 404, url
    table.refresh_from_db()
    assert table.pk in client.session["tables"]
    assert (table.version, table.hand_count) == (1, 1)
    assert not Hand.objects.filter(table=table, deleted=True).exists()
