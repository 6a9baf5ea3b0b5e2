"""A browser's session: made when there is something to keep (the tables and circles it opened, its name), not
for every visit; kept a year after the phone last used Talon, not five."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Circle

from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db


def test_visits_without_a_cookie_make_no_session_rows():
    Session.objects.all().delete()
    table = make_table(name="Friday")
    circle = Circle.objects.create(name="Thursdays", players=["Anna"])
    for url in [
        reverse("table", args=[table.edit_token]),
        reverse("view_table", args=[table.view_token]),
        reverse("history", args=[table.edit_token]),
        reverse("circle", args=[circle.token]),
        reverse("circle_view", args=[circle.view_token]),
        reverse("rules", args=["czech-taroky"]),
    ] * 5:
        assert Client().get(url).status_code == 200
    Client().post(reverse("forget_table", args=[table.edit_token]))  # nothing on a list to take off
    assert Session.objects.count() == 0


def test_a_table_opened_by_a_browser_that_keeps_cookies_is_on_its_list():
    Session.objects.all().delete()
    table, circle = make_table(name="Friday"), Circle.objects.create(name="Thursdays", players=["Anna"])
    phone = Client()
    phone.get(reverse("table", args=[table.edit_token]))
    assert Session.objects.count() == 0
    phone.get(reverse("circle_view", args=[circle.view_token]))  # its next request: what it opened joins its list
    text = visible_text(phone.get("/").content.decode())
    assert "Friday" in text and "Thursdays" in text
    assert Session.objects.count() == 1
    assert phone.session["tables"] == [table.pk] and phone.session["circle_views"] == [circle.pk]


def test_a_table_created_here_is_on_the_list_at_once():
    Session.objects.all().delete()
    phone = Client()
    phone.post(reverse("new_table_for", args=["schnapsen"]), {"player_1": "Anna", "player_2": "Ben"})
    assert len(phone.session["tables"]) == 1 and Session.objects.count() == 1


def test_a_forged_list_is_ignored():
    phone = Client()
    phone.cookies["talon_opened"] = '{"tables": [1, 2, 3]}'  # not signed by this server
    phone.get("/")
    assert "tables" not in phone.session


def test_a_session_lasts_a_year_and_is_renewed_while_used():
    assert settings.SESSION_COOKIE_AGE <= 400 * 24 * 60 * 60  # browsers keep no cookie longer anyway
    Session.objects.all().delete()
    table = make_table()
    phone = Client()
    phone.get(reverse("table", args=[table.edit_token]))
    phone.get(reverse("table", args=[table.edit_token]))
    row = Session.objects.get()
    soon = timezone.now() + timedelta(days=20)
    session = phone.session
    session["renewed"] = (timezone.now() - timedelta(days=8)).date().isoformat()
    session.save()
    Session.objects.filter(pk=row.pk).update(expire_date=soon)
    phone.get(reverse("table", args=[table.edit_token]))  # a week later: renewed
    assert Session.objects.get(pk=row.pk).expire_date > timezone.now() + timedelta(days=360)
    Session.objects.filter(pk=row.pk).update(expire_date=soon)
    phone.get(reverse("table", args=[table.edit_token]))  # the same day again: nothing written
    assert Session.objects.get(pk=row.pk).expire_date == soon


def test_the_language_chosen_on_a_page_outlives_the_browsers_session():
    phone = Client()
    response = phone.post(reverse("set_language"), {"language": "cs", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "cs"
    assert int(cookie["max-age"]) >= 60 * 60 * 24 * 365  # kept a year, not until the browser closes
    assert cookie["samesite"] == "Lax"
    assert "Nový stůl" in visible_text(phone.get("/").content.decode())
