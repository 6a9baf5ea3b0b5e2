"""The paper and the phone agree (issue 45): a table whose result the director typed from its paper sheet says so
on every phone at it and before its hand form is filled in; a hand arriving after a typed result is refused with
its reason (the director's choice: taking the typed result back), never a silent "replaces 1 hand"; taking a typed
result back asks once."""

import json

import pytest
from django.urls import reverse

from games.models import Round, RoundTable
from games.tables import services
from games.tournaments import services as service

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, play_round, started, tarzs

pytestmark = pytest.mark.django_db

HAND = {"contract": "two", "points_whole": "40", "points_third": "0"}
REFUSED = "the tournament's director typed this table's result from its paper sheet, and it counts"


def _typed(hands: int, totals: list[int]):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    play_round(round_, hands)
    round_table = round_.tables.select_related("table").get()
    service.type_result(round_, round_table, totals, replace=bool(hands))
    round_table.table.refresh_from_db()
    return tournament, round_, round_table, round_table.table


def test_a_replaced_tables_phone_says_the_typed_result_counts_and_not_which_hand_comes_next(client):
    tournament, _round, _rt, table = _typed(2, [10, 20, 30])
    names = table.players
    text = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert f"the director typed this table's result from its paper sheet ({names[0]} 10, {names[1]} 20, " in text
    assert "A hand saved here is refused" in text
    assert "Hand 3 of 21" not in text
    form = visible_text(client.get(reverse("record_hand", args=[table.edit_token])).content.decode())
    assert "it counts in the standings instead of the hands here. A hand saved here is refused" in form


def test_a_phone_watching_the_table_learns_of_the_typed_result_at_its_next_look(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    play_round(round_, 1)
    table = round_.tables.get().table
    seen = table.version
    assert client.get(reverse("live", args=[table.edit_token]), {"v": seen}).status_code == 204
    service.type_result(round_, round_.tables.get(), [10, 20, 30], replace=True)
    answer = client.get(reverse("live", args=[table.edit_token]), {"v": seen})
    assert answer.status_code == 200 and "A hand saved here is refused" in visible_text(answer.content.decode())


@pytest.mark.parametrize("hands", [0, 2])
def test_a_hand_after_a_typed_result_is_refused_with_its_reason_and_nothing_changes(client, hands):
    tournament, _round, round_table, table = _typed(hands, [60, 0, 0])
    before = (table.hand_count, dict(table.totals))
    response = client.post(reverse("record_hand", args=[table.edit_token]), {**HAND, "declarer": table.players[0]})
    text = visible_text(response.content.decode())
    assert REFUSED in text and text.count(REFUSED) == 1, "said once"
    sent = client.post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps(
            {
                "data": {"contract": "beggar", "declarer": table.players[0], "won": True},
                "version": table.version,
                "submission": "offline-hand-0001",
            }
        ),
        content_type="application/json",
    )
    assert sent.status_code == 422 and REFUSED in sent.json()["error"]
    table.refresh_from_db()
    assert (table.hand_count, dict(table.totals)) == before
    director = visible_text(client.get(director_url(tournament, "director_round", 1)).content.decode())
    assert ("replaces" in director) == bool(hands), "no silent replacement of a hand nobody chose to replace"
    assert RoundTable.objects.get(pk=round_table.pk).totals == [60, 0, 0]


def test_taking_a_typed_result_back_asks_first_and_then_the_phone_takes_hands_again(client):
    tournament, round_, round_table, table = _typed(2, [10, 20, 30])
    url = reverse("take_back_result", args=[tournament.director_token, 1, 1])
    asked = client.post(url)
    text = visible_text(asked.content.decode())
    assert asked.status_code == 200 and "Take back the typed result of table 1?" in text
    assert "Table 1's 2 hands played in Talon count again" in text and "not the typed 10 / 20 / 30" in text
    assert RoundTable.objects.get(pk=round_table.pk).totals == [10, 20, 30], "nothing changed before the yes"
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert RoundTable.objects.get(pk=round_table.pk).totals is None
    table.refresh_from_db()
    services.record_hand(table, {"contract": "beggar", "declarer": table.players[0], "won": True})
    assert Round.objects.get(pk=round_.pk).tables.get().table.hand_count == 3


def test_a_closed_rounds_hand_form_says_so_before_input_and_its_refusal_once(client):
    tournament = make_tournament(players=NINE[:3], settings=tarzs(hands=21))
    round_ = started(tournament)
    play_round(round_, 1)
    service.close_round(round_)
    table = round_.tables.get().table
    said = "round 1, table 1: the round is closed and its result stands"
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert said in visible_text(page.split('class="hand-form')[0]), "said before the first field"
    response = client.post(reverse("record_hand", args=[table.edit_token]), {**HAND, "declarer": table.players[0]})
    text = visible_text(response.content.decode())
    refused = "this table's tournament round is closed: its result stands"
    assert text.count(refused) == 1
