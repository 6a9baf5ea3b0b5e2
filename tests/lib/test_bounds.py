"""What a group and an attacker found (issue 21): a few bytes made a page of any size, a score passed the
database's integer column, and the long pages had no bound. These prove the bounds and the limit on expensive
pages behave; benchmarks/big_table.py measures them on a table of 20,000 hands."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import Client
from django.urls import reverse

from games.contract.hands import MOST_CARD_POINTS, MOST_POINTS
from games.engines.table import InvalidTable
from games.lib import limits
from games.models import Hand, Score, Table
from games.registry import GAMES
from games.slovenian_tarok.engine import MOST_RADELCI
from games.tables import services
from games.tables.forms import CarryOverForm, PenaltyForm, RulesForm
from games.tables.views import sharing, tables, what_if

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
SL = ["Ana", "Bojan", "Cene", "Dora"]
HUGE = {"adjustment": {}, "radelci": {"Ana": 1_000_000}}


def sl_table(hands=(), rules=None) -> Table:
    return make_table(game="slovenian-tarok", players=SL, rules=rules, hands=hands)


def send(client, table, data, **extra):
    return client.post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": data, "version": table.version, "submission": "s1", **extra}),
        content_type="application/json",
    )


# ---- 1. every number a document or a send carries has the forms' bounds --------------------------------


def test_the_forms_bounds_are_the_engines():
    extras = GAMES["slovenian-tarok"].web.adjustment_fields
    carry = CarryOverForm(players=SL, extras=extras)
    assert (carry.fields["total_0"].min_value, carry.fields["total_0"].max_value) == (-MOST_POINTS, MOST_POINTS)
    assert carry.fields["radelci_0"].max_value == MOST_RADELCI
    penalty = PenaltyForm(players=SL, engine=GAMES["slovenian-tarok"].engine, extras=extras)
    assert -MOST_RADELCI <= penalty.fields["radelci"].min_value < penalty.fields["radelci"].max_value <= MOST_RADELCI
    assert penalty.fields["amount"].max_value * 3 <= MOST_POINTS
    points = RulesForm(engine=GAMES["two-ten-jack"].engine).fields["points_AH"]
    assert (points.min_value, points.max_value) == (-MOST_CARD_POINTS, MOST_CARD_POINTS)


def test_settle_refuses_the_eighty_bytes_with_status_2_and_one_line():
    doc = {"game": "slovenian-tarok", "players": SL, "hands": [HUGE]}
    done = subprocess.run(
        [sys.executable, "manage.py", "settle", "-"],
        input=json.dumps(doc),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"hand 1: radelci.Ana: must be between {-MOST_RADELCI} and {MOST_RADELCI}, got 1000000\n"


def test_an_import_with_them_is_refused_next_to_the_document_and_nothing_is_saved(client):
    doc = {"game": "slovenian-tarok", "players": SL, "hands": [HUGE]}
    response = client.post(reverse("import"), {"document": json.dumps(doc)})
    assert response.status_code == 200
    assert "radelci.Ana" in response.content.decode()
    assert not Table.objects.exists()


def test_a_phone_sending_them_is_refused_and_nothing_is_saved(client):
    table = sl_table()
    response = send(client, table, HUGE)
    error = response.json()["error"]
    assert response.status_code == 422 and "must be between" in error
    # where and why, naming the hand's field as settle and an import do (the phone has no form field to put it by)
    assert (
        error
        == f"The server refused this hand: hand 1: radelci.Ana: must be between {-MOST_RADELCI} and {MOST_RADELCI}, got 1000000"
    )
    assert not Hand.objects.exists()


def test_a_phone_cannot_put_a_hand_at_a_runaway_place(client):
    """A place beyond any the database could hold is refused; one beyond the last hand is the end of the table."""
    table = make_table(hands=[team_hand()])
    assert send(client, table, team_hand(), after_seq=10**30).status_code == 400
    assert send(client, table, team_hand(), after_seq=2).status_code == 200
    assert list(Hand.objects.values_list("seq", flat=True).order_by("seq")) == [1, 2]


def test_a_carry_over_beyond_the_bound_is_refused_next_to_its_field(client):
    table = sl_table()
    response = client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "carry", "total_0": "5", "radelci_0": str(MOST_RADELCI + 1), "version": table.version},
    )
    assert response.status_code == 200 and not Hand.objects.exists()


# ---- the page-size ceiling -------------------------------------------------------------------------------

CEILING = 256 * 1024  # bytes: the table page, the sheet, the CSV and the history of the table below


def test_a_table_with_the_largest_values_every_input_allows_keeps_its_pages_small(client):
    """Names of 40 characters, the largest carry-over and radelci, reasons of 200 characters, penalties, the
    largest end penalty; 60 changes (the history's and the pages' length are bounded apart from this)."""
    players = [c * 40 for c in "ЖШЩЮ"]
    reason = "W" * 200
    hands = [
        {
            "adjustment": {p: MOST_POINTS if i % 2 else -MOST_POINTS for i, p in enumerate(players)},
            "radelci": {p: MOST_RADELCI for p in players},
            "reason": reason,
        }
    ]
    hands += [
        {"adjustment": {players[i % 4]: -MOST_POINTS}, "radelci": {players[i % 4]: MOST_RADELCI}, "reason": reason}
        for i in range(4)
    ]
    hands += [{"contract": "klop", "klop": {players[0]: 70, players[1]: 0, players[2]: 0, players[3]: 0}}] * 54
    table = make_table(game="slovenian-tarok", players=players, rules={"radelci_end_penalty": 1000}, hands=hands)
    pages = {
        "table": client.get(reverse("table", args=[table.edit_token])).content,
        "sheet": client.get(reverse("sheet", args=[table.edit_token])).content,
        "csv": client.get(reverse("export_csv", args=[table.edit_token])).getvalue(),
        "history": client.get(reverse("history", args=[table.edit_token])).content,
    }
    sizes = {name: len(body) for name, body in pages.items()}
    assert all(size < CEILING for size in sizes.values()), sizes
    assert sum(table.summary["radelci"].values()) >= 8 * MOST_RADELCI  # the largest radelci are in it


# ---- 2. no reachable score passes the score column -----------------------------------------------------


def test_radelci_times_the_end_penalty_beyond_two_to_the_31_is_stored_and_shown(client):
    """30,000 hands of the largest radelci carry-over leave 3,000,000 radelci: their end costs −3,000,000,000
    each, beyond a 32-bit column. (The stored state stands for those hands: it is what they leave.)"""
    table = sl_table(
        hands=[{"adjustment": {}, "radelci": {p: MOST_RADELCI for p in SL}}], rules={"radelci_end_penalty": 1000}
    )
    table.state = {**table.state, "radelci": [3_000_000] * 4}
    table.save(update_fields=["state"])
    services.record_hand(table, {"closing": True})
    closing = Hand.objects.get(number=2)
    assert closing.scores == [-3_000_000_000] * 4
    assert sorted(Score.objects.filter(hand=closing).values_list("score", flat=True)) == [-3_000_000_000] * 4
    assert client.get(reverse("table", args=[table.edit_token])).status_code == 200


def test_the_score_column_holds_every_score_the_bounds_allow(settings):
    """The largest score one hand can reach: radelci × the end penalty, every hand of a full table having
    given the most radelci; or the largest adjustment."""
    penalty = next(o for o in GAMES["slovenian-tarok"].engine.OPTIONS if o.key == "radelci_end_penalty").high
    largest = max(settings.TALON_MAX_HANDS * MOST_RADELCI * penalty, MOST_POINTS * 5)
    field = Score._meta.get_field("score")
    low, high = connection.ops.integer_field_range(field.get_internal_type())
    assert low <= -largest and largest <= high


# ---- 3. the cap on hands, the pages in bounded work, the limit on expensive pages -------------------------


def test_a_full_table_takes_no_more_hands_with_a_clear_message(client, settings):
    settings.TALON_MAX_HANDS = 3
    table = make_table(hands=[team_hand(), team_hand()])
    services.record_hand(table, team_hand())  # the third fits
    table.refresh_from_db()
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {
            "povinnost": "Anna",
            "mode": "team",
            "partner": "Cyril",
            "called": "XIX",
            "points": "60",
            "contra": "0",
            "version": table.version,
        },
    )
    assert response.status_code == 200 and "this table is full: it holds at most 3 hands" in response.content.decode()
    assert send(client, table, team_hand()).status_code == 422
    assert send(client, table, team_hand(), after_seq=0).status_code == 422
    services.delete_hand(Hand.objects.get(seq=3))  # a deleted hand still holds its place: it can be restored
    with pytest.raises(InvalidTable):
        services.record_hand(table, team_hand())
    assert Hand.objects.count() == 3


def test_an_import_holds_no_more_than_a_table_may(settings):
    settings.TALON_MAX_HANDS = 2
    with pytest.raises(InvalidTable):
        services.import_table(
            {"game": "czech-taroky", "players": ["Anna", "Bára", "Cyril", "Dana"], "hands": [team_hand()] * 3}
        )


def test_the_score_sheet_is_paged_with_the_running_totals_each_hand_stored(client, monkeypatch):
    monkeypatch.setattr(sharing, "SHEET_PAGE", 2)
    table = make_table(hands=[team_hand(points=p) for p in (30, 40, 50, 63, 80)])
    stored = {h.number: h.totals for h in Hand.objects.all()}
    for page, numbers in ((1, [1, 2]), (2, [3, 4]), (3, [5]), (99, [5]), ("x", [1, 2])):
        response = client.get(reverse("sheet", args=[table.edit_token]), {"page": page})
        lines = response.context["lines"]
        assert [line["number"] for line in lines] == numbers
        assert all(line["running"] == stored[line["number"]] for line in lines)
    assert response.context["pages"] == 3


@pytest.mark.parametrize("rules, hands", [({}, []), ({"rounding": "up"}, [team_hand(), team_hand(points=20)])])
@pytest.mark.parametrize("chunk", [1, 2, 500])
def test_the_json_export_is_streamed_as_the_same_document(client, monkeypatch, rules, hands, chunk):
    monkeypatch.setattr(sharing, "CHUNK", chunk)
    hands = hands * 3
    table = make_table(rules=rules, hands=hands)
    response = client.get(reverse("export_json", args=[table.edit_token]))
    assert isinstance(response, StreamingHttpResponse)
    assert response.getvalue().decode() == json.dumps(services.export_table(table), ensure_ascii=False, indent=2)


def test_the_csv_is_streamed_in_chunks_with_the_totals_of_its_rows(client, monkeypatch):
    monkeypatch.setattr(sharing, "CHUNK", 2)
    table = make_table(hands=[team_hand(points=p) for p in (30, 40, 50, 63, 80)])
    response = client.get(reverse("export_csv", args=[table.edit_token]))
    assert isinstance(response, StreamingHttpResponse)
    chunks = list(response.streaming_content)
    assert len(chunks) > 2
    rows = list(csv.reader(io.StringIO(b"".join(chunks).decode())))
    assert len(rows) == 7 and rows[-1][1:5] == [str(table.totals[p]) for p in table.players]


def test_what_if_is_scored_once_per_version_and_rules(client, monkeypatch):
    table = make_table(hands=[team_hand(), team_hand(points=20)])
    calls = []
    scored = what_if._scored
    monkeypatch.setattr(what_if, "_scored", lambda *args: calls.append(1) or scored(*args))
    url = reverse("what_if", args=[table.edit_token])
    flipped = {"preset": "", "rule_step_factor": "false"}
    first = client.get(url, flipped).context["totals"]
    assert client.get(url, flipped).context["totals"] == first and len(calls) == 1
    client.get(url, {"preset": "", "rule_rounding": "up"})
    assert len(calls) == 2
    services.record_hand(table, team_hand(points=90))  # a new version: scored again, with the new hand
    again = client.get(url, flipped).context["totals"]
    assert len(calls) == 3 and again != first


def test_what_if_shows_one_hands_explanation_from_the_hands_up_to_it(client):
    table = make_table(hands=[team_hand(), team_hand(points=20), team_hand(points=90)])
    response = client.get(
        reverse("what_if", args=[table.edit_token]), {"preset": "", "rule_step_factor": "false", "hand": "2"}
    )
    assert response.context["focus"]["number"] == 2 and response.context["focus"]["lines"]


@pytest.fixture
def three_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    settings.TALON_EXPENSIVE_WINDOW = 60


def test_one_client_asking_too_often_gets_429_with_when_to_try_again(client, three_a_minute, monkeypatch):
    table = make_table(hands=[team_hand()])
    monkeypatch.setattr(limits.time, "time", lambda: 6000.0 + 15)
    urls = [
        reverse("sheet", args=[table.edit_token]),
        reverse("export_csv", args=[table.edit_token]),
        reverse("what_if", args=[table.edit_token]) + "?preset=&rule_step_factor=false",
    ]
    assert [client.get(url).status_code for url in urls] == [200, 200, 200]
    refused = client.get(reverse("export_json", args=[table.view_token]).replace("/t/", "/v/"))
    assert refused.status_code == 429 and refused["Retry-After"] == "45"
    assert "Try again in 45 seconds." in refused.content.decode()
    assert Client(REMOTE_ADDR="10.1.2.3").get(urls[0]).status_code == 200  # another phone is not held up
    assert client.get(reverse("table", args=[table.edit_token])).status_code == 200  # nor the ordinary pages
    assert client.get(reverse("what_if", args=[table.edit_token])).status_code == 200  # nor the empty what-if
    monkeypatch.setattr(limits.time, "time", lambda: 6060.0 + 1)  # the next minute
    assert client.get(urls[0]).status_code == 200


def test_the_429_page_is_in_the_players_language(client, three_a_minute):
    table = make_table(hands=[team_hand()])
    url = reverse("sheet", args=[table.edit_token])
    for _ in range(3):
        client.get(url)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 429 and "Zkuste to znovu za" in response.content.decode()


def test_adopting_rules_counts_too_and_changes_nothing_when_refused(client, three_a_minute):
    table = make_table(hands=[team_hand()])
    url = reverse("what_if", args=[table.edit_token])
    for _ in range(3):
        client.get(url, {"preset": "", "rule_step_factor": "false"})
    response = client.post(url, {"preset": "", "rule_step_factor": "false", "version": table.version})
    assert response.status_code == 429
    table.refresh_from_db()
    assert table.rules == {}


def test_behind_a_proxy_the_client_is_the_address_the_proxy_saw(client, three_a_minute, settings):
    settings.TALON_BEHIND_PROXY = True
    table = make_table(hands=[team_hand()])
    url = reverse("sheet", args=[table.edit_token])
    # The client writes what it likes before the proxy's entry: a new forged address each time is still one client.
    for forged in ("1.1.1.1", "2.2.2.2", "3.3.3.3"):
        assert client.get(url, HTTP_X_FORWARDED_FOR=f"{forged}, 10.0.0.7").status_code == 200
    assert client.get(url, HTTP_X_FORWARDED_FOR="4.4.4.4, 10.0.0.7").status_code == 429
    assert client.get(url, HTTP_X_FORWARDED_FOR="10.0.0.8").status_code == 200


def test_the_limits_cache_cannot_be_made_to_grow(rf):
    cache = caches["limits"]
    most = cache._max_entries
    for n in range(most + 500):
        limits.wait_for(rf.get("/", REMOTE_ADDR=f"10.{n // 65536}.{n // 256 % 256}.{n % 256}"))
    assert len(cache._cache) <= most


def test_adopting_other_rules_rewrites_each_hands_score_rows_in_place():
    table = make_table(hands=[team_hand(points=p, contra=1) for p in (30, 63, 90)])
    sides = set(Score.objects.values_list("hand_id", "player", "declaring"))
    services.change_rules(table, {"step_factor": False})
    hands = list(Hand.objects.order_by("seq"))
    assert any(h.scores != [0, 0, 0, 0] for h in hands)
    for hand in hands:
        assert dict(Score.objects.filter(hand=hand).values_list("player", "score")) == dict(
            zip(table.players, hand.scores)
        )
    assert set(Score.objects.values_list("hand_id", "player", "declaring")) == sides


def test_the_history_offers_the_latest_deleted_hands_and_counts_the_rest(client, monkeypatch):
    monkeypatch.setattr(tables, "DELETED_SHOWN", 2)
    table = make_table(hands=[team_hand(points=p) for p in (30, 40, 50, 63)])
    for seq in (2, 1, 4):
        services.delete_hand(Hand.objects.get(seq=seq))
    response = client.get(reverse("history", args=[table.edit_token]))
    assert [hand.seq for hand, _what in response.context["deleted"]] == [1, 4]
    assert response.context["more_deleted"] == 1 and "and 1 more" in response.content.decode()


SHEET_CEILING = 1024 * 1024  # bytes: a full page of the score sheet at the largest values


def test_a_full_page_of_the_sheet_at_the_largest_values_stays_under_its_ceiling(client):
    players = [c * 40 for c in "ЖШЩЮ"]
    hand = {
        "adjustment": {p: MOST_POINTS if i % 2 else -MOST_POINTS for i, p in enumerate(players)},
        "radelci": {p: MOST_RADELCI for p in players},
        "reason": "W" * 200,
    }
    table = services.import_table(
        {"game": "slovenian-tarok", "players": players, "hands": [hand] * (sharing.SHEET_PAGE + 1)}
    )
    first = client.get(reverse("sheet", args=[table.edit_token]))
    assert len(first.context["lines"]) == sharing.SHEET_PAGE
    assert len(first.content) < SHEET_CEILING, len(first.content)
    last = client.get(reverse("sheet", args=[table.edit_token]), {"page": 2})
    assert [line["number"] for line in last.context["lines"]] == [sharing.SHEET_PAGE + 1]


def test_new_rules_from_the_settings_and_renaming_a_player_count_as_long_pages(client, three_a_minute):
    table = make_table(hands=[team_hand()])
    settings_url = reverse("settings", args=[table.edit_token])
    for _ in range(4):  # the name alone scores nothing again: not counted
        assert client.post(settings_url, {"name": "x", "preset": "", "version": ""}).status_code == 302
    for value in ("false", "true"):
        assert client.post(settings_url, {"preset": "", "rule_step_factor": value}).status_code == 302
    rename = reverse("rename_player", args=[table.edit_token])
    assert client.post(rename, {"old": "Anna", "new": "Anička"}).status_code in (200, 302)
    assert client.post(settings_url, {"preset": "", "rule_step_factor": "false"}).status_code == 429
    assert client.post(rename, {"old": "Anička", "new": "Anna"}).status_code == 429
    table.refresh_from_db()
    assert table.rules == {} and "Anička" in table.players


@pytest.mark.parametrize("hand", ["²", "1" * 40, "-1", "99"])
def test_what_if_asked_for_a_hand_it_does_not_have_shows_no_hand(client, hand):
    table = make_table(hands=[team_hand()])
    response = client.get(
        reverse("what_if", args=[table.edit_token]), {"preset": "", "rule_step_factor": "false", "hand": hand}
    )
    assert response.status_code == 200 and response.context["focus"] is None
