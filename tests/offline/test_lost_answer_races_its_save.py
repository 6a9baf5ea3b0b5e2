"""A phone's Save reached a slow server (the table's lock held while it is stored), its answer was lost, and the
player changed the kept hand: the edit or the delete, sent while that Save is still being stored, waits for it and
then acts on the hand it stored; a Save that comes after its delete records nothing. On SQLite (its test database is
a file: writers queue for its lock) and on PostgreSQL (row locks) alike."""

import json
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.engines.table import replay, setup
from games.models import Table
from games.tables import services

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db(transaction=True)

LOST = team_hand(povinnost="Bára", partner="Dana", points=50)


def send(table: Table, data: dict, **extra) -> dict:
    answer = Client().post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": data, "version": table.version, "submission": "s1", **extra}),
        content_type="application/json",
    )
    return {"status": answer.status_code, **answer.json()}


def race(monkeypatch, table: Table, then: dict) -> list[dict]:
    """The Save of LOST holds the table while it is stored (a slow step, until released); ``then`` is sent meanwhile.
    Returns the two answers, the Save's first."""
    storing, release = threading.Event(), threading.Event()
    room_for = services._room_for

    def slow(*args) -> None:  # the Save's step under the lock (the edit and the delete take no such step)
        storing.set()
        release.wait(timeout=30)
        room_for(*args)

    monkeypatch.setattr(services, "_room_for", slow)
    answers: list[dict] = [{}, {}]

    def run(slot: int, data: dict, extra: dict) -> None:
        try:
            answers[slot] = send(table, data, **extra)
        finally:
            connections.close_all()

    saver = threading.Thread(target=run, args=(0, LOST, {}))
    saver.start()
    assert storing.wait(timeout=30), "the Save is being stored"
    changer = threading.Thread(target=run, args=(1, then["data"], then["extra"]))
    changer.start()
    changer.join(timeout=1.5)
    waited = changer.is_alive()
    release.set()
    saver.join(timeout=30)
    changer.join(timeout=30)
    assert waited, "the edit or delete waits for the Save being stored"
    return answers


def test_an_edit_sent_while_its_save_is_stored_edits_the_hand_it_stored(monkeypatch):
    table = make_table(hands=[team_hand()])
    edited = {**LOST, "points": 20}
    saved, changed = race(monkeypatch, table, {"data": edited, "extra": {"then": "edit", "change": "e1"}})
    assert saved["status"] == 200 and saved["number"] == 2
    assert changed["status"] == 200 and changed["sent"] is True and "already" not in changed
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited]  # 20, not the Save's 50
    assert table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand(), edited]).totals
    assert changed["snapshot"]["totals"] == table.totals


def test_a_delete_sent_while_its_save_is_stored_deletes_the_hand_it_stored(monkeypatch):
    table = make_table(hands=[team_hand()])
    saved, deleted = race(monkeypatch, table, {"data": LOST, "extra": {"then": "delete", "change": "d1"}})
    assert saved["status"] == 200 and deleted["status"] == 200 and deleted["sent"] is True
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand()]  # the Save's hand does not count
    assert table.hand_count == 1
    assert table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand()]).totals
    assert deleted["snapshot"]["totals"] == table.totals


def test_a_save_that_comes_after_its_hand_was_deleted_on_the_phone_records_nothing():
    """The Save was still on its way (queued behind other requests) when the phone's delete of it came: the delete
    found nothing to delete, and the Save, when it comes, is taken as sent already, not recorded."""
    table = make_table(hands=[team_hand()])
    version = table.version
    deleted = send(table, LOST, then="delete", change="d1")
    assert deleted["status"] == 200 and deleted["deleted"] is True
    late = send(table, LOST)
    assert late["status"] == 200 and late["already"] is True
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand()] and table.version == version
    assert late["snapshot"]["totals"] == table.totals
