"""A change a phone gave up waiting for (the server was frozen) is not carried out when its request arrives later:
the phone names the server's own time by which it must be done, and past it nothing is done."""

import time

import pytest
from django.urls import reverse

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db


def undo(client, table, deadline):
    return client.post(reverse("undo", args=[table.edit_token]), HTTP_X_TALON_DEADLINE=deadline)


def test_an_undo_that_arrives_after_its_deadline_is_not_carried_out(client):
    table = make_table(hands=[team_hand(), team_hand(points=40)])
    response = undo(client, table, str(int(time.time()) - 1))
    assert response.status_code == 409
    table.refresh_from_db()
    assert table.hand_count == 2


def test_an_undo_within_its_deadline_is_carried_out(client):
    table = make_table(hands=[team_hand(), team_hand(points=40)])
    response = undo(client, table, str(int(time.time()) + 7))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.hand_count == 1


def test_a_deadline_that_is_not_a_time_is_refused(client):
    table = make_table(hands=[team_hand()])
    assert undo(client, table, "soon").status_code == 409
    table.refresh_from_db()
    assert table.hand_count == 1


def test_the_health_check_names_the_servers_clock_for_a_deadline(client):
    before = int(time.time())
    assert before <= int(client.get("/healthz")["X-Talon-Time"]) <= int(time.time())
