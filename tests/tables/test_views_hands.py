"""Views: recording, previewing, editing, deleting, undoing hands; the rules page's calculator."""

import pytest
from django.urls import reverse

from games.models import Hand
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def form_data(**fields):
    data = {
        "povinnost": "Anna",
        "mode": "team",
        "partner": "Cyril",
        "called": "XIX",
        "talon": "1",
        "points": "63",
        "contra": "0",
        "valat_made": "on",
        "pagat_made": "on",
    }
    data.update({k: v for k, v in fields.items() if v is not None})
    return {k: v for k, v in data.items() if v != ""}


def test_the_form_preselects_povinnost_from_the_rotation(client):
    table = make_table(hands=[team_hand(povinnost="Anna")])
    response = client.get(reverse("record_hand", args=[table.edit_token]))
    assert response.context["form"].initial["povinnost"] == "Bára"


def test_it_records_a_team_hand(client):
    table = make_table()
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(version=str(table.version)))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Anna": 4, "Bára": -4, "Cyril": 4, "Dana": -4}
    assert Hand.objects.get().data == {"povinnost": "Anna", "partner": "Cyril", "points": 63}


def test_it_records_prever_contra_valat_pagat_and_point_cards(client):
    table = make_table()
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        form_data(
            mode="prever",
            prever="Bára",
            talon="3",
            points="45",
            contra="1",
            pagat_side="defenders",
            pagat_announced="on",
            trumps_0="uni",
            trul_1="on",
            honours_2="honery",
        ),
    )
    assert Hand.objects.get().data == {
        "povinnost": "Anna",
        "mode": "prever",
        "prever": "Bára",
        "talon": 3,
        "points": 45,
        "contra": 1,
        "pagat": {"side": "defenders", "announced": True, "made": True},
        "declarations": [
            {"player": "Anna", "kind": "uni"},
            {"player": "Bára", "kind": "trul"},
            {"player": "Cyril", "kind": "honery"},
        ],
    }
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        form_data(points="", valat_side="declarers", valat_announced="on"),
    )
    assert Hand.objects.get(seq=2).data["valat"] == {"side": "declarers", "announced": True, "made": True}
    assert "points" not in Hand.objects.get(seq=2).data


def test_the_card_counter_fills_in_the_points(client):
    table = make_table()
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        form_data(points="", count_kings="3", count_queens="2", count_skyz="1", count_ones="20"),
    )
    assert Hand.objects.get().data["points"] == 15 + 8 + 5 + 20


def test_bad_points_are_shown_next_to_the_field_and_nothing_is_saved(client):
    table = make_table()
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(points="120"))
    assert response.status_code == 200
    assert response.context["form"].errors["points"]
    assert Hand.objects.count() == 0


def test_an_engine_error_lands_next_to_its_field(client):
    table = make_table()
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(trul_0="on", trul_1="on"))
    assert response.context["form"].errors["declarations"]
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(partner=""))
    assert "Tap who held the called tarok" in response.context["form"].errors["partner"][0]
    assert Hand.objects.count() == 0


def test_htmx_preview_returns_only_the_payout(client):
    table = make_table()
    response = client.post(reverse("preview", args=[table.edit_token]), form_data(points="40"), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert "46 / 10 = 4.6, rounded half up: 5." in page
    assert Hand.objects.count() == 0


def test_preview_without_javascript_renders_the_whole_page(client):
    table = make_table()
    response = client.post(reverse("record_hand", args=[table.edit_token]), form_data(points="40", preview="1"))
    page = response.content.decode()
    assert "<html" in page and "46 / 10 = 4.6" in page
    assert Hand.objects.count() == 0


def test_htmx_preview_lists_errors(client):
    table = make_table()
    page = client.post(reverse("preview", args=[table.edit_token]), form_data(points="200"), **HTMX).content.decode()
    assert "Not yet a valid hand" in page and "<html" not in page


def test_edit_is_prefilled_and_replays(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=70)])
    url = reverse("edit_hand", args=[table.edit_token, 1])
    form = client.get(url).context["form"]
    assert form.initial["points"] == 63 and form.initial["partner"] == "Cyril"
    client.post(url, form_data(points="40", version=str(table.version)))
    table.refresh_from_db()
    assert [h.scores for h in services.live_hands(table)] == [[-5, 5, -5, 5], [5, -5, 5, -5]]


def test_edit_with_a_stale_version_is_refused(client):
    table = make_table(hands=[team_hand(points=63)])
    response = client.post(
        reverse("edit_hand", args=[table.edit_token, 1]), form_data(points="40", version="0"), follow=True
    )
    assert "Another phone changed this table" in response.content.decode()
    assert Hand.objects.get().data["points"] == 63


def test_delete_undo_and_restore(client):
    table = make_table(hands=[team_hand(points=63)])
    client.post(reverse("delete_hand", args=[table.edit_token, 1]))
    assert Hand.objects.get().deleted
    client.post(reverse("undo", args=[table.edit_token]))
    assert not Hand.objects.get().deleted
    client.post(reverse("delete_hand", args=[table.edit_token, 1]))
    history = client.get(reverse("history", args=[table.edit_token])).content.decode()
    assert "Deleted hands" in history
    client.post(reverse("restore_hand", args=[table.edit_token, 1]))
    table.refresh_from_db()
    assert table.totals["Anna"] == 4


def test_hand_detail_shows_the_explanation(client):
    table = make_table(hands=[team_hand(points=40, partner="Bára")])
    page = client.get(reverse("hand", args=[table.edit_token, 1])).content.decode()
    text = visible_text(page)
    assert "d = |40 − 53| = 13." in text and "A & B" not in text and "Anna and Bára −5 each" in text


def test_rules_page_and_calculator(client):
    url = reverse("rules", args=["czech-taroky"])
    page = client.get(url).content.decode()
    assert "How a hand goes" in page and "rosa-honery" in page and "Step factor ×2 / ×3" in page
    assert "step_factor" not in visible_text(page), "an option's label, never its key"
    response = client.post(url, form_data(povinnost="A", partner="C", points="63"), **HTMX)
    assert "<html" not in response.content.decode() and "(d + 10) × 2 = 20 × 2 = 40." in response.content.decode()
    full = client.post(url, form_data(povinnost="A", partner="B", points="40")).content.decode()
    assert "<html" in full and "4.6" in full


def test_no_rules_page_for_unknown_games(client):
    assert client.get(reverse("rules", args=["poker"])).status_code == 404


def test_a_hand_deleted_or_restored_while_someone_reads_it_never_fails(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=40), team_hand(points=70)])
    urls = [
        reverse("hand", args=[table.edit_token, 2]),
        reverse("edit_hand", args=[table.edit_token, 2]),
        reverse("view_hand", args=[table.view_token, 2]),
    ]
    for change in (services.delete_hand, services.restore_hand, services.delete_hand):
        change(Hand.objects.get(table=table, seq=2))
        for url in urls:
            response = client.get(url)
            assert response.status_code in (200, 302), (url, response.status_code)
        detail = visible_text(client.get(urls[0]).content.decode())
        assert ("Deleted hand" in detail) == Hand.objects.get(table=table, seq=2).deleted
    assert client.get(reverse("hand", args=[table.edit_token, 99])).status_code == 404


def test_a_rejected_save_says_what_to_fix_in_the_players_words(client):
    from django.test import Client as Phone

    table = make_table()
    response = client.post(
        reverse("record_hand", args=[table.edit_token]), {"mode": "team", "contra": "0", "version": str(table.version)}
    )
    page = response.content.decode()
    assert 'role="alert"' in page and "The hand was not saved" in page
    assert "Tap who is povinnost" in page and "must be one of the players" not in page
    assert 'aria-invalid="true"' in page
    schnapsen = make_table(game="schnapsen", players=("Anna", "Ben"))
    quick = Phone().post(reverse("record_hand", args=[schnapsen.edit_token]), {"game_points": "2"})
    assert "Tap who won." in quick.content.decode()


def test_a_choice_never_breaks_at_its_hyphen(client):
    table = make_table(players=("Jan-Nepomuk", "Bára", "<b>Cy-ril</b>", "Dana"))
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert "<span>Jan\u2011Nepomuk</span>" in page and "<span>Jan-Nepomuk</span>" not in page
    assert "<span>&lt;b&gt;Cy\u2011ril&lt;/b&gt;</span>" in page  # still escaped
    german = client.get(reverse("new_table_for", args=["czech-taroky"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<span>Westfest\u2011Turnierregeln</span>" in german
