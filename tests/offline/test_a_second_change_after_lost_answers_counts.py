"""A hand whose Save went unheard, edited on the phone, the edit sent and its answer lost too, then edited (or deleted)
again: the phone sent the second change under the id of the first (static/js/offline/hand.js kept ``hand.change``),
the server found that id done and answered "sent", and the second change was lost (the hand kept the first edit's 20
where the player wrote 30; a deleted hand stayed and counted). Now each change the phone makes gets its own id and
names the ids of its earlier ones (``earlier``): the server applies it, never takes the phone's own earlier edit for
another phone's, and a replay of any of them still counts once."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.table import replay, setup
from games.models import Table
from games.tables import services

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SAVED = team_hand(povinnost="Bára", partner="Dana", points=50)


def send(table: Table, data: dict, **extra) -> tuple[int, dict]:
    version = Table.objects.get(pk=table.pk).version
    answer = Client().post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": data, "version": version, "submission": "s1", **extra}),
        content_type="application/json",
    )
    return answer.status_code, answer.json()


def hands(table: Table) -> list[dict]:
    return [hand.data for hand in services.live_hands(Table.objects.get(pk=table.pk))]


def test_a_second_edit_after_two_lost_answers_is_the_one_kept():
    table = make_table(hands=[team_hand()])
    assert send(table, SAVED)[0] == 200  # its answer lost
    first, second = {**SAVED, "points": 20}, {**SAVED, "points": 30}
    assert send(table, first, then="edit", change="e1")[0] == 200  # its answer lost too
    status, answer = send(table, second, then="edit", change="e2", earlier=["e1"])
    assert status == 200 and answer["sent"] is True
    assert hands(table) == [team_hand(), second]
    for replayed in ((first, {"change": "e1"}), (second, {"change": "e2", "earlier": ["e1"]})):
        assert send(table, replayed[0], then="edit", **replayed[1])[0] == 200  # late copies change nothing
    table.refresh_from_db()
    assert hands(table) == [team_hand(), second]
    assert table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand(), second]).totals


def test_a_delete_after_an_edit_whose_answer_was_lost_deletes_the_hand():
    table = make_table(hands=[team_hand()])
    assert send(table, SAVED)[0] == 200
    assert send(table, {**SAVED, "points": 20}, then="edit", change="e1")[0] == 200
    status, answer = send(table, SAVED, then="delete", change="d1", earlier=["e1"])
    assert status == 200 and answer["sent"] is True
    table.refresh_from_db()
    assert (
        hands(table) == [team_hand()]
        and table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand()]).totals
    )


def test_another_phones_correction_is_still_never_overwritten_unseen():
    table = make_table(hands=[team_hand()])
    assert send(table, SAVED)[0] == 200
    assert send(table, {**SAVED, "points": 20}, then="edit", change="e1")[0] == 200
    hand = services.live_hands(table)[-1]
    services.edit_hand(hand, {**SAVED, "points": 60})  # the other phone
    status, answer = send(table, {**SAVED, "points": 30}, then="edit", change="e2", earlier=["e1"])
    assert status == 422 and "Another phone changed this hand" in answer["error"]
    assert hands(table)[-1]["points"] == 60


@pytest.mark.parametrize("earlier", ["e1", [5], ["bad id!"], ["e"] * 101, [{"a": 1}]])
def test_earlier_ids_that_are_no_list_of_ids_are_refused(earlier):
    table = make_table(hands=[team_hand()])
    assert send(table, SAVED)[0] == 200
    status, _answer = send(table, {**SAVED, "points": 20}, then="edit", change="e1", earlier=earlier)
    assert status == 400 and hands(table)[-1]["points"] == 50


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_phone_gives_each_change_its_own_id_naming_the_ones_before(tmp_path):
    """What static/js/offline/store.js's changeOf gives hand.js (an edit) and main.js (a delete) for a hand whose
    Save went unheard: a new id each time, the earlier ones named (it kept the first change's id for every later one)."""
    module = tmp_path / "store.mjs"
    module.write_text((ROOT / "static/js/offline/store.js").read_text())
    script = (
        f"import({json.dumps(str(module))}).then((store) => {{ const first = store.changeOf({{}});"
        " const second = store.changeOf({ ...first }); const third = store.changeOf({ ...second });"
        " console.log(JSON.stringify([first, second, third])); });"
    )
    first, second, third = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True).stdout)
    assert len({first["change"], second["change"], third["change"]}) == 3
    assert all(len(change["change"]) == 32 for change in (first, second, third))
    assert (first["earlier"], second["earlier"], third["earlier"]) == (
        [],
        [first["change"]],
        [first["change"], second["change"]],
    )
