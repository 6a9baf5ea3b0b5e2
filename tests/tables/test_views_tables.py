"""Views: creating a table, the table page, who can see and change what."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Hand, Table

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db

NEW_TABLE = {
    "game": "czech-taroky",
    "name": "Friday",
    "player_1": "Anna",
    "player_2": "Bára",
    "player_3": "Cyril",
    "player_4": "Dana",
    "rule_step_factor": "true",
    "rule_rounding": "half-up",
    "rule_prever_talon_multiplier": "loss",
    "rule_pagat_inside_multipliers": "false",
    "rule_contra_on_valat": "true",
}


def test_it_creates_a_table_and_remembers_it_in_this_browser(client):
    response = client.post(reverse("new_table_for", args=["czech-taroky"]), NEW_TABLE)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[table.edit_token])
    assert table.players == ["Anna", "Bára", "Cyril", "Dana"] and table.rules == {}
    home = client.get(reverse("home"))
    assert home.status_code == 200 and "Friday" in home.content.decode()


def test_it_stores_only_house_rules_that_differ_from_the_defaults(client):
    client.post(
        reverse("new_table_for", args=["czech-taroky"]),
        NEW_TABLE | {"rule_rounding": "up", "rule_contra_on_valat": "false"},
    )
    assert Table.objects.get().rules == {"rounding": "up", "contra_on_valat": False}


def test_the_new_table_page_explains_house_rules_and_their_defaults(client):
    page = client.get(reverse("new_table_for", args=["czech-taroky"])).content.decode()
    assert "Default: yes" in page and "Tournament Rules" in page, "each option with its default and its source"


def test_bad_names_are_shown_next_to_the_field_and_nothing_is_saved(client):
    response = client.post(reverse("new_table_for", args=["czech-taroky"]), NEW_TABLE | {"player_4": "Anna"})
    assert response.status_code == 200
    assert response.context["form"].errors["player_4"]
    assert Table.objects.count() == 0


def test_home_never_shows_other_browsers_tables(client):
    make_table(name="Somebody else's evening")
    page = client.get(reverse("home")).content.decode()
    assert "Somebody else" not in page


def test_the_table_page_shows_totals_rotation_and_hands(client):
    table = make_table(hands=[team_hand(points=63), team_hand(povinnost="Bára", partner="Dana", points=40)])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "Anna + Cyril · 63" in visible_text(page) and "Bára + Dana · 40" in visible_text(page)
    assert '<span class="score pos">9</span>' in page
    assert "povinnost" in page and "deals" in page
    assert reverse("view_table", args=[table.view_token]) in page
    cards = {
        card.split('<bdi class="who" tabindex="0">')[1].split("<")[0]: card
        for card in page.split('<li class="total')[1:]
    }
    assert "is-leader" in cards["Cyril"] and ">povinnost<" in cards["Cyril"], "Cyril is povinnost next"
    assert ">deals<" in cards["Bára"] and ">deals<" not in cards["Cyril"], "the last povinnost deals"


def test_unknown_links_are_not_found(client):
    assert client.get(reverse("table", args=["nope"])).status_code == 404
    assert client.get(reverse("view_table", args=["nope"])).status_code == 404


def test_links_are_unguessable():
    table = make_table()
    assert len(table.edit_token) >= 32 and len(table.view_token) >= 32 and table.edit_token != table.view_token


def test_the_view_link_shows_totals_but_no_way_to_edit(client):
    table = make_table(hands=[team_hand()])
    page = client.get(reverse("view_table", args=[table.view_token])).content.decode()
    assert "View only" in page
    assert table.edit_token not in page
    assert "Record a hand" not in page
    detail = client.get(reverse("view_hand", args=[table.view_token, 1])).content.decode()
    assert "d = |63 − 53| = 10." in detail and table.edit_token not in detail


def test_the_view_token_opens_no_url_that_changes_data(client):
    table = make_table(hands=[team_hand()])
    token = table.view_token
    for name, args in [
        ("record_hand", [token]),
        ("preview", [token]),
        ("edit_hand", [token, 1]),
        ("delete_hand", [token, 1]),
        ("restore_hand", [token, 1]),
        ("undo", [token]),
        ("history", [token]),
        ("table", [token]),
        ("settings", [token]),
        ("qr", [token, "edit"]),
        ("preview_edit", [token, 1]),
        ("live", [token]),
        ("export_json", [token]),
        ("sheet", [token]),
    ]:
        assert client.post(reverse(name, args=args), team_hand()).status_code in (404, 405), name
        assert client.get(reverse(name, args=args)).status_code in (404, 405), name
    assert Hand.objects.get().deleted is False and Hand.objects.get().data == team_hand()


def test_every_form_needs_its_csrf_token():
    client = Client(enforce_csrf_checks=True)
    table = make_table(hands=[team_hand()])
    assert client.post(reverse("new_table_for", args=["czech-taroky"]), NEW_TABLE).status_code == 403
    assert client.post(reverse("record_hand", args=[table.edit_token]), {"povinnost": "Anna"}).status_code == 403
    assert client.post(reverse("delete_hand", args=[table.edit_token, 1])).status_code == 403
    assert client.post(reverse("undo", args=[table.edit_token])).status_code == 403


def test_a_long_table_shows_the_latest_hands_and_all_a_page_at_a_time(client):
    table = make_table(hands=[team_hand(points=p % 107) for p in range(55)])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "Show all 55 hands" in page and page.count('class="what"') == 10
    assert f'{reverse("hand", args=[table.edit_token, 55])}"' in page
    assert f'{reverse("hand", args=[table.edit_token, 45])}"' not in page
    first = client.get(reverse("hands", args=[table.edit_token])).content.decode()
    assert first.count('class="what"') == 50 and f'{reverse("hand", args=[table.edit_token, 6])}"' in first
    second = client.get(reverse("hands", args=[table.edit_token]) + "?page=2").content.decode()
    assert second.count('class="what"') == 5 and f'{reverse("hand", args=[table.edit_token, 5])}"' in second


def test_the_table_page_needs_the_same_few_queries_for_ten_and_a_hundred_hands(client, django_assert_max_num_queries):
    small = make_table(hands=[team_hand()] * 10)
    big = make_table(hands=[team_hand()] * 100)
    for table in (small, big):
        with django_assert_max_num_queries(12):  # one: the rows that are no hands; one: the Saves that made the rows
            assert client.get(reverse("table", args=[table.edit_token])).status_code == 200


def test_healthz():
    from django.test import Client

    assert Client().get("/healthz").content == b"ok"


def test_a_cached_page_carries_each_phones_own_csrf_token():
    table = make_table(hands=[team_hand()])
    url = reverse("table", args=[table.edit_token])
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    for phone in phones:
        phone.get(url)  # sets this phone's CSRF cookie
        page = phone.get(url).content.decode()  # the second view may come from the page cache
        token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
        assert (
            phone.post(reverse("delete_hand", args=[table.edit_token, 1]), {"csrfmiddlewaretoken": token}).status_code
            == 302
        )
        phone.post(reverse("undo", args=[table.edit_token]), {"csrfmiddlewaretoken": token})


def test_a_change_shows_at_once_despite_the_cache(client, django_capture_on_commit_callbacks):
    table = make_table(hands=[team_hand(points=63)])
    url = reverse("table", args=[table.edit_token])
    client.get(url)
    assert "Anna + Cyril · 63" in visible_text(client.get(url).content.decode())
    from games.tables import services

    with django_capture_on_commit_callbacks(execute=True):  # as when the change's transaction commits
        services.edit_hand(services.live_hands(table)[0], team_hand(points=70))
    assert "Anna + Cyril · 70" in visible_text(client.get(url).content.decode())


def test_a_watching_phone_costs_one_query_while_nothing_changes(client, django_assert_num_queries):
    table = make_table(hands=[team_hand()])
    url = reverse("view_live", args=[table.view_token]) + f"?v={table.version}"
    with django_assert_num_queries(1):
        assert client.get(url).status_code == 204


def test_a_wrong_link_gets_a_helpful_page(client, settings):
    settings.DEBUG = False
    response = client.get("/t/not-a-real-token/")
    assert response.status_code == 404 and "Nothing here" in response.content.decode()


def test_the_list_of_hands_filters_by_mode_and_by_who_declared(client):
    table = make_table(
        hands=[
            team_hand(points=63),
            {"povinnost": "Bára", "mode": "prever", "prever": "Dana", "points": 70},
            team_hand(povinnost="Cyril", partner="Dana"),
        ]
    )
    url = reverse("hands", args=[table.edit_token])
    prevers = client.get(url + "?mode=prever").content.decode()
    assert prevers.count('class="what"') == 1 and "Dana prever" in visible_text(prevers)
    danas = client.get(url + "?player=Dana").content.decode()
    assert danas.count('class="what"') == 2 and "Anna + Cyril" not in visible_text(danas)
    everything = client.get(url + "?mode=poker&player=Nobody").content.decode()
    assert everything.count('class="what"') == 3
