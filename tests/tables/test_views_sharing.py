"""One table on every phone: links and QR codes, live updates, conflicts, history, export, import, settle-up."""

import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Hand, Table
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db


def test_qr_codes_of_both_links(client):
    table = make_table()
    for link in ("view", "edit"):
        response = client.get(reverse("qr", args=[table.edit_token, link]))
        assert response["Content-Type"] == "image/svg+xml" and response.content.startswith(b"<svg")
    assert client.get(reverse("qr", args=[table.edit_token, "other"])).status_code == 404
    assert client.get(reverse("qr", args=[table.view_token, "view"])).status_code == 404


def test_live_answers_204_until_the_table_changes(client, django_capture_on_commit_callbacks):
    table = make_table(hands=[team_hand()])
    for name, token in (("live", table.edit_token), ("view_live", table.view_token)):
        response = client.get(reverse(name, args=[token]) + f"?v={table.version}")
        assert response.status_code == 204 and response.content == b""
    with django_capture_on_commit_callbacks(execute=True):
        services.record_hand(table, team_hand(points=40))
    response = client.get(reverse("view_live", args=[table.view_token]) + f"?v={table.version}")
    text = response.content.decode()
    assert response.status_code == 200 and not response.has_header("HX-Refresh"), "only what changed, not a reload"
    assert 'hx-swap-oob="afterbegin:#hand-rows"' in text and "Anna + Cyril · 40" in visible_text(text)
    assert "Anna + Cyril · 63" not in visible_text(text), "the row the page already shows is not sent again"
    assert f"?v={table.version + 1}" in text, "the page polls from the new version on"


def test_the_page_polls_for_changes(client):
    table = make_table()
    page = client.get(reverse("view_table", args=[table.view_token])).getvalue().decode()
    assert f'hx-get="{reverse("view_live", args=[table.view_token])}?v={table.version}"' in page
    assert 'hx-trigger="every 3s"' in page


def test_two_phones_recording_at_once_the_later_is_told_and_saves_nothing(client):
    table = make_table()
    first, second = Client(), Client()
    data = {
        "povinnost": "Anna",
        "mode": "team",
        "partner": "Cyril",
        "points": "63",
        "contra": "0",
        "version": str(table.version),
    }
    assert first.post(reverse("record_hand", args=[table.edit_token]), data).status_code == 302
    response = second.post(reverse("record_hand", args=[table.edit_token]), data, follow=True)
    assert "Another phone changed this table meanwhile" in response.content.decode()
    assert Hand.objects.count() == 1


def test_history_keeps_each_phones_name(client):
    table = make_table()
    client.post(reverse("device"), {"device": "Bára's phone", "next": reverse("history", args=[table.edit_token])})
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"povinnost": "Anna", "mode": "team", "partner": "Cyril", "points": "63", "contra": "0"},
    )
    assert Change.objects.get().device == "Bára's phone"
    assert "Bára&#x27;s phone" in client.get(reverse("history", args=[table.edit_token])).content.decode()


def test_device_form_never_redirects_off_site(client):
    response = client.post(reverse("device"), {"device": "x", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_export_then_import_then_export_is_the_same_document(client):
    table = make_table(rules={"rounding": "up"}, hands=[team_hand(), team_hand(povinnost="Bára", partner="Bára")])
    exported = client.get(reverse("export_json", args=[table.edit_token]))
    assert exported["Content-Disposition"].startswith("attachment")
    doc = json.loads(exported.getvalue())
    response = client.post(reverse("import"), {"document": json.dumps(doc)})
    copy = Table.objects.exclude(pk=table.pk).get()
    assert response["Location"] == reverse("table", args=[copy.edit_token])
    assert json.loads(client.get(reverse("export_json", args=[copy.edit_token])).getvalue()) == doc
    assert json.loads(client.get(reverse("view_export_json", args=[copy.view_token])).getvalue()) == doc


def test_import_shows_what_is_wrong_and_saves_nothing(client):
    bad = {"game": "czech-taroky", "players": ["A", "B", "C", "D"], "hands": [{"povinnost": "A", "points": 60}]}
    response = client.post(reverse("import"), {"document": json.dumps(bad)})
    assert "hand 1: partner: is required" in response.context["form"].errors["document"][0]
    response = client.post(reverse("import"), {"document": "{nope"})
    assert "not valid JSON" in response.context["form"].errors["document"][0]
    upload = io.BytesIO(json.dumps({**bad, "hands": []}).encode())
    upload.name = "table.json"
    assert client.post(reverse("import"), {"upload": upload}).status_code == 302
    assert Table.objects.count() == 1 and Table.objects.get().players == ["A", "B", "C", "D"]


def test_csv_has_a_row_per_hand_and_a_column_per_player(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=40)])
    text = client.get(reverse("view_export_csv", args=[table.view_token])).getvalue().decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["hand", "Anna", "Bára", "Cyril", "Dana", "what"]
    assert rows[1][:5] == ["1", "4", "-4", "4", "-4"] and rows[3][:5] == ["total", "-1", "1", "-1", "1"]


def test_printable_score_sheet_with_running_totals(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=40)])
    page = client.get(reverse("sheet", args=[table.edit_token])).content.decode()
    assert '<td><span class="delta">−5</span> <span class="run">−1</span></td>' in page and "@media print" not in page
    assert client.get(reverse("view_sheet", args=[table.view_token])).status_code == 200


def test_settle_up_with_a_price_per_point(client):
    table = make_table(hands=[team_hand(povinnost="Anna", partner="Anna", points=60)])  # Anna +9, others −3
    client.post(
        reverse("settings", args=[table.edit_token]),
        {"name": "", "price_per_point": "0.50", "currency": "€", "rule_step_factor": "true"},
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    for payer in ("Bára", "Cyril", "Dana"):
        assert f"{payer} pays Anna: €1.50 (3 points × €0.50)" in visible_text(page)  # English: the sign first


def test_a_bad_price_is_refused_next_to_the_field(client):
    table = make_table()
    response = client.post(reverse("settings", args=[table.edit_token]), {"price_per_point": "ten"})
    assert response.context["form"].errors["price_per_point"]
    table.refresh_from_db()
    assert table.price_per_point == ""


def test_the_chart_of_running_totals_is_svg(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=40), team_hand(points=80)])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page and page.count("<polyline") == 4


def test_a_document_with_too_many_hands_is_refused_at_once_with_a_message(client, settings):
    settings.TALON_MAX_HANDS = 5
    doc = {
        "game": "czech-taroky",
        "players": ["A", "B", "C", "D"],
        "hands": [{"povinnost": "A", "partner": "B", "points": 60}] * 6,
    }
    response = client.post(reverse("import"), {"document": json.dumps(doc)})
    assert response.status_code == 200 and Table.objects.count() == 0
    assert "at most 5 hands, this one has 6" in response.content.decode()


def test_a_document_larger_than_the_limit_is_refused_next_to_the_field(client, settings):
    settings.TALON_MAX_DOCUMENT = 1000
    response = client.post(reverse("import"), {"document": "x" * 2000})
    assert "the most Talon imports at once" in response.content.decode() and Table.objects.count() == 0


def test_pasting_more_than_the_server_reads_gets_the_same_message_not_a_bare_400(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post(reverse("import"), {"document": "x" * 5000})
    text = response.content.decode()
    assert response.status_code == 400 and "the most Talon imports at once" in text and 'id="id_document"' in text


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)"])
def test_csv_never_hands_a_spreadsheet_a_formula(client, name):
    table = make_table(players=("Anna", "Bára", "Cyril", name), hands=[team_hand(partner=name, points=40)])
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.edit_token])).getvalue().decode())))
    cells = [value for row in rows for value in row]
    assert all(
        not value.startswith(("=", "+", "@", "\t", "\r"))
        and not (value.startswith("-") and not value.lstrip("-").isdigit())
        for value in cells
    ), cells
    assert rows[1][1:5] == ["-5", "5", "5", "-5"] and "'" + name in rows[0], "numbers stay numbers"


def test_a_csv_cell_starting_with_a_tab_or_a_return_is_text():
    from games.tables.views.sharing import cell

    assert cell("\tx") == "'\tx" and cell("\rx") == "'\rx" and cell(-5) == -5 and cell("Anna") == "Anna"
