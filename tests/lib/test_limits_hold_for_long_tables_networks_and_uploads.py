"""What a stranger attacking the deployed app found after issue 21's fixes. Each test fails on the code as it was
found."""

import json

import pytest
from django.urls import reverse

from games.contract.names import names_problem
from games.lib.names import name_key, tidy_name
from games.models import Table

pytestmark = pytest.mark.django_db

# ---- names that look the same: invisible characters that are not format characters, other scripts' letters ----

LOOK_THE_SAME = [
    "Anna\u034f",  # combining grapheme joiner
    "Anna\ufe0f",  # variation selector
    "Anna\u3164",  # Hangul filler
    "Anna\u2800",  # blank Braille pattern
    "\uff21nna",  # full-width A
    "\U0001d400nna",  # mathematical bold A
    "\u0410nna",  # Cyrillic A
    "Ann\u0430",  # Cyrillic a
    "\u0391nna",  # Greek Alpha
]


@pytest.mark.parametrize("other", LOOK_THE_SAME)
def test_names_that_look_the_same_are_one_name(other):
    assert name_key(other) == name_key("Anna")
    assert names_problem(["Anna", tidy_name(other)]) is not None


@pytest.mark.parametrize("other", ["Анна", "Hana", "Ána", "Ana"])
def test_names_that_look_different_stay_two(other):
    assert names_problem(["Anna", other]) is None


@pytest.mark.parametrize("invisible", ["\u3164", "\u034f", "\u2800", "\ufe0f\u3164"])
def test_a_name_of_invisible_characters_alone_is_refused(client, invisible):
    before = Table.objects.count()
    response = client.post(
        reverse("new_table_for", args=["two-ten-jack"]), {"player_1": invisible, "player_2": "Ben", "player_3": "Chie"}
    )
    assert response.status_code == 200
    assert Table.objects.count() == before


@pytest.mark.parametrize("other", ["Anna\u3164", "\u0410nna", "\uff21nna"])
def test_the_new_table_form_refuses_a_look_alike_of_another_player(client, other):
    before = Table.objects.count()
    response = client.post(
        reverse("new_table_for", args=["two-ten-jack"]), {"player_1": "Anna", "player_2": other, "player_3": "Chie"}
    )
    assert response.status_code == 200
    assert Table.objects.count() == before


# ---- a change near the start of a long table scores every later hand again: it counts as a long page ----------

from games.models import Change  # noqa: E402
from games.tables import services  # noqa: E402

from ..factories import make_table, team_hand  # noqa: E402


@pytest.fixture
def one_long_change_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 1
    settings.TALON_EXPENSIVE_WINDOW = 60
    settings.TALON_LONG_RESCORE = 3


def long_table():
    return make_table(hands=[team_hand(points=60 + i) for i in range(6)])


def post_version(client, url, table, **data):
    table.refresh_from_db()
    return client.post(url, {"version": str(table.version), **data})


def test_deleting_and_restoring_the_first_hand_of_a_long_table_is_limited(client, one_long_change_a_minute):
    table = long_table()
    assert post_version(client, reverse("delete_hand", args=[table.edit_token, 1]), table).status_code == 302
    refused = post_version(client, reverse("restore_hand", args=[table.edit_token, 1]), table)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert table.hands.get(seq=1).deleted  # nothing done


def test_changes_near_the_end_are_never_limited(client, one_long_change_a_minute):
    table = long_table()
    for _ in range(3):
        assert post_version(client, reverse("delete_hand", args=[table.edit_token, 6]), table).status_code == 302
        assert post_version(client, reverse("restore_hand", args=[table.edit_token, 6]), table).status_code == 302
    assert not table.hands.get(seq=6).deleted


def test_editing_the_first_hand_of_a_long_table_is_limited(client, one_long_change_a_minute):
    table = long_table()
    url = reverse("edit_hand", args=[table.edit_token, 1])
    form = {"povinnost": "Anna", "mode": "team", "partner": "Cyril", "called": "XIX", "contra": "0"}
    assert post_version(client, url, table, points="50", **form).status_code == 302
    refused = post_version(client, url, table, points="40", **form)
    assert refused.status_code == 429
    assert table.hands.get(seq=1).data["points"] == 50


def test_undoing_a_change_of_the_first_hand_of_a_long_table_is_limited(client, one_long_change_a_minute):
    table = long_table()
    assert post_version(client, reverse("delete_hand", args=[table.edit_token, 1]), table).status_code == 302
    refused = post_version(client, reverse("undo", args=[table.edit_token]), table)
    assert refused.status_code == 429
    assert table.hands.get(seq=1).deleted


def test_an_offline_hand_put_in_before_many_hands_is_limited_and_stays_on_the_phone(client, one_long_change_a_minute):
    table = long_table()
    url = reverse("offline_send", args=[table.edit_token])

    def send(submission):
        table.refresh_from_db()
        body = {"data": team_hand(points=70), "version": table.version, "submission": submission, "after_seq": 0}
        return client.post(url, json.dumps(body), content_type="application/json")

    assert send("first-one").status_code == 200
    refused = send("second-one")
    assert refused.status_code == 429 and refused.json()["error"] and refused["Retry-After"]
    assert not Change.objects.filter(table=table, submission="second-one").exists()
    assert services.live_hands(Table.objects.get(pk=table.pk))[0].data["points"] == 70


# ---- the limit on long pages: an IPv6 client has a whole /64 to send from -----------------------------------


@pytest.fixture
def three_a_minute(settings, within_one_window):
    settings.TALON_EXPENSIVE_PER_WINDOW = 3
    settings.TALON_EXPENSIVE_WINDOW = 60


def test_an_ipv6_client_cannot_escape_the_limit_by_changing_its_address_within_its_network(client, three_a_minute):
    table = make_table(hands=[team_hand()])
    url = reverse("sheet", args=[table.edit_token])
    statuses = [client.get(url, REMOTE_ADDR=f"2001:db8:1:2::{n:x}").status_code for n in range(1, 6)]
    assert statuses == [200, 200, 200, 429, 429]
    assert client.get(url, REMOTE_ADDR="2001:db8:1:3::1").status_code == 200  # another network


def test_behind_a_proxy_an_ipv6_client_is_its_network_too(client, three_a_minute, settings):
    settings.TALON_BEHIND_PROXY = True
    table = make_table(hands=[team_hand()])
    url = reverse("sheet", args=[table.edit_token])
    statuses = [client.get(url, HTTP_X_FORWARDED_FOR=f"9.9.9.9, 2001:db8::{n}").status_code for n in range(1, 6)]
    assert statuses.count(429) == 2


# ---- an upload larger than Talon imports is skipped as it arrives, not written whole to the disk ------------


def test_an_upload_too_large_to_import_never_reaches_the_disk_and_says_why(client, settings, monkeypatch):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.files.uploadhandler import TemporaryFileUploadHandler

    settings.TALON_MAX_DOCUMENT = 100_000
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # every upload would go to a temporary file
    written = []
    keep = TemporaryFileUploadHandler.receive_data_chunk
    monkeypatch.setattr(
        TemporaryFileUploadHandler,
        "receive_data_chunk",
        lambda self, data, start: written.append(len(data)) or keep(self, data, start),
    )
    before = Table.objects.count()
    response = client.post(reverse("import"), {"upload": SimpleUploadedFile("big.json", b" " * 3_000_000)})
    assert response.status_code == 200
    assert sum(written) <= 100_000
    assert "larger than" in response.content.decode()
    assert Table.objects.count() == before


def test_an_upload_within_the_limit_is_still_imported(client, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0
    document = json.dumps(
        {"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna", "game_points": 2}]}
    )
    response = client.post(reverse("import"), {"upload": SimpleUploadedFile("t.json", document.encode())})
    assert response.status_code == 302
    assert Table.objects.latest("pk").hand_count == 1


# ---- a visit with a made-up session cookie stores no session row either ---------------------------------------


def test_a_visit_with_a_made_up_session_cookie_stores_no_session(client):
    from django.contrib.sessions.models import Session

    table = make_table(hands=[team_hand()])
    for n in range(3):
        client.cookies.clear()  # a new visitor each time, with only a made-up session cookie
        client.cookies["sessionid"] = f"madeupmadeup{n}"
        assert client.get(reverse("table", args=[table.edit_token])).status_code == 200
    assert Session.objects.count() == 0


def test_a_browser_with_a_stored_session_keeps_the_table_on_its_list(client):
    table = make_table(hands=[team_hand()])
    other = make_table(hands=[team_hand()])
    client.get(reverse("table", args=[table.edit_token]))
    client.get(reverse("home"))  # the opened cookie joins the list: now a stored session
    client.get(reverse("table", args=[other.edit_token]))
    assert client.session["tables"] == [other.pk, table.pk]


# ---- an import scores every hand it brings: it counts against the allowance by its size ---------------------


def schnapsen_document(hands):
    return json.dumps(
        {"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna", "game_points": 1}] * hands}
    )


def test_imports_count_against_the_allowance_of_long_pages(client, three_a_minute):
    before = Table.objects.count()
    statuses = [client.post(reverse("import"), {"document": schnapsen_document(1)}).status_code for _ in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert Table.objects.count() == before + 3


def test_a_large_import_counts_as_many_long_pages_and_still_goes_through_once(client, three_a_minute, monkeypatch):
    from games.lib import limits

    monkeypatch.setattr(limits, "HANDS_PER_PAGE", 2)
    big = client.post(reverse("import"), {"document": schnapsen_document(9)})  # 1 + 9 // 2 = 5 long pages
    assert big.status_code == 302
    refused = client.post(reverse("import"), {"document": schnapsen_document(1)})
    assert refused.status_code == 429 and refused["Retry-After"]


# ---- a circle's statistics read every hand of its tables: a circle fuller than the longest table is long pages --


def circle_of(*tables):
    from games.models import Circle

    circle = Circle.objects.create(name="Club", players=["Anna", "Bára", "Cyril", "Dana"])
    for table in tables:
        services.add_to_circle(table, circle)
    return circle


def test_a_circle_holding_more_hands_than_a_table_may_counts_as_long_pages(client, three_a_minute, settings):
    circle = circle_of(*(make_table(hands=[team_hand()] * 2) for _ in range(4)))  # 8 hands
    settings.TALON_MAX_HANDS = 2  # 8 hands: 4 long pages, more than the allowance of 3
    assert client.get(reverse("circle_view", args=[circle.view_token])).status_code == 200
    refused = client.get(reverse("circle", args=[circle.token]))
    assert refused.status_code == 429 and refused["Retry-After"]


def test_a_circle_of_a_season_is_never_limited(client, three_a_minute, settings):
    circle = circle_of(*(make_table(hands=[team_hand()] * 2) for _ in range(2)))
    settings.TALON_MAX_HANDS = 4
    assert {client.get(reverse("circle", args=[circle.token])).status_code for _ in range(6)} == {200}
