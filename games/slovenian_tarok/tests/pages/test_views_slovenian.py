"""Slovenian Tarok in the app: tables for 3 or 4, contracts by player count, bonuses, klop, radelci."""

import pytest
from django.urls import reverse

from games.models import Hand, Table
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
FOUR = ("Ana", "Bojan", "Cene", "Dora")
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_new_table_for_three_players(client):
    response = client.post(
        reverse("new_table_for", args=["slovenian-tarok"]),
        {
            "player_1": "Ana",
            "player_2": "Bojan",
            "player_3": "Cene",
            "player_4": "",
            "rule_difference_rounding": "",
            "rule_radelci": "true",
            "rule_mond_penalty": "21",
            "rule_klop_full_threshold": "more-than-35-2/3",
        },
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.players == ["Ana", "Bojan", "Cene"] and table.rules == {"radelci": True}


def test_new_table_needs_at_least_three_players(client):
    response = client.post(
        reverse("new_table_for", args=["slovenian-tarok"]),
        {
            "player_1": "Ana",
            "player_2": "Bojan",
            "rule_difference_rounding": "",
            "rule_radelci": "",
            "rule_mond_penalty": "21",
            "rule_klop_full_threshold": "more-than-35-2/3",
        },
    )
    assert response.status_code == 200 and Table.objects.count() == 0


def test_the_form_offers_only_contracts_for_the_player_count(client):
    three = make_table(game="slovenian-tarok", players=FOUR[:3])
    choices = [
        c
        for c, _ in client.get(reverse("record_hand", args=[three.edit_token]))
        .context["form"]
        .fields["contract"]
        .choices
    ]
    assert choices == ["three", "two", "one", "beggar", "solo-without", "klop"]
    four = make_table(game="slovenian-tarok", players=FOUR)
    page = client.get(reverse("record_hand", args=[four.edit_token])).content.decode()
    assert "colour valat" in page and "king ultimo" in page


def test_it_records_a_game_with_thirds_bonuses_kontra_and_mond(client):
    table = make_table(game="slovenian-tarok", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {
            "contract": "three",
            "declarer": "Dora",
            "partner": "Bojan",
            "points_whole": "44",
            "points_third": "0",
            "kontra": "1",
            "bonus_kings": "announced-made",
            "bonus_kings_side": "declarers",
            "bonus_king-ultimo": "made",
            "bonus_king-ultimo_side": "declarers",
            "bonus_trula": "made",
            "bonus_trula_side": "defenders",
            "mond_lost_by": "Dora",
        },
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Ana": 0, "Bojan": 60, "Cene": 0, "Dora": 39}  # worked example S4


def test_points_with_thirds_and_the_counter(client):
    table = make_table(game="slovenian-tarok", players=FOUR[:3])
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "two", "declarer": "Ana", "points_whole": "40", "points_third": "2"},
    )
    assert Hand.objects.get().data["points"] == "40 2/3"
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "two", "declarer": "Ana", "count_kings": "4", "count_trula": "2", "count_others": "1"},
    )
    assert Hand.objects.get(seq=2).data["points"] == "26 1/3"  # 4 × 4⅓ + 2 × 4⅓ + ⅓


def test_klop_must_add_up_to_70(client):
    table = make_table(game="slovenian-tarok", players=FOUR[:3])
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "klop", "klop_0": "30", "klop_1": "30", "klop_2": "5"},
    )
    assert "add up to 70" in response.context["form"].errors["klop"][0]
    assert Hand.objects.count() == 0
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "klop", "klop_0": "31", "klop_0_third": "1", "klop_1": "24", "klop_2": "14", "klop_2_third": "2"},
    )
    table.refresh_from_db()
    assert table.totals == {"Ana": -31, "Bojan": -24, "Cene": -15}  # worked example S3


def test_radelci_show_as_circles(client):
    table = make_table(
        game="slovenian-tarok",
        players=FOUR,
        hands=[
            {"contract": "beggar", "declarer": "Cene", "won": True},
            {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38},
        ],
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert page.count('class="radelc used"') == 1 and page.count('class="radelc"') == 3
    assert "Bojan: two with Dora · 38" in visible_text(page)


def test_many_radelci_are_drawn_as_one_circle_and_a_count(client):
    table = make_table(
        game="slovenian-tarok",
        players=FOUR,
        hands=[{"adjustment": {}, "radelci": {"Ana": 40, "Bojan": 5}}, {"adjustment": {}, "radelci": {"Ana": -3}}],
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert page.count('class="radelc used"') == 1 and page.count('class="radelc"') == 1 + 5  # Ana's, Bojan's five
    assert "×3" in page and "×37" in page and 'aria-label="37 radelci"' in page


def test_edit_prefills_bonuses_and_thirds(client):
    table = make_table(
        game="slovenian-tarok",
        players=FOUR,
        hands=[
            {
                "contract": "one",
                "declarer": "Ana",
                "points": "33 1/3",
                "bonuses": [
                    {"kind": "pagat-ultimo", "side": "declarers", "announced": True, "made": False, "kontra": 1}
                ],
            }
        ],
    )
    initial = client.get(reverse("edit_hand", args=[table.edit_token, 1])).context["form"].initial
    assert initial["points_whole"] == 33 and initial["points_third"] == "1"
    assert initial["bonus_pagat-ultimo"] == "announced-failed" and initial["bonus_pagat-ultimo_kontra"] == "1"


def test_slovenian_rules_page_and_calculator(client):
    url = reverse("rules", args=["slovenian-tarok"])
    assert "Radelci" in client.get(url).content.decode()
    page = client.post(url, {"contract": "two", "declarer": "A", "points_whole": "38"}, **HTMX).content.decode()
    assert "20 + 5 = 25." in page
    three = client.post(
        url + "?players=3", {"contract": "two", "declarer": "A", "points_whole": "40", "points_third": "2"}, **HTMX
    ).content.decode()
    assert "20 + 6 = 26." in three


def test_an_edited_klops_history_says_which_card_points_changed(client):
    table = make_table(
        game="slovenian-tarok",
        players=FOUR[:3],
        hands=[{"contract": "klop", "klop": {"Ana": "31 1/3", "Bojan": "24", "Cene": "14 2/3"}}],
    )
    client.post(
        reverse("edit_hand", args=[table.edit_token, 1]),
        {"contract": "klop", "klop_0": "20", "klop_1": "35", "klop_2": "15"},
    )
    history = " ".join(
        visible_text(
            client.get(reverse("history", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
        ).split()
    )
    assert "klop · Ana 31⅓, Bojan 24, Cene 14⅔ → klop · Ana 20, Bojan 35, Cene 15" in history
    listed = " ".join(visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode()).split())
    assert "klop · Ana 20, Bojan 35, Cene 15" in listed


def test_the_seating_help_says_which_way_the_deal_passes_as_the_table_page_shows_it(client):
    help_text = " ".join(
        visible_text(client.get(reverse("new_table_for", args=["slovenian-tarok"])).content.decode()).split()
    )
    assert "clockwise with three (to the name before)" in help_text
    assert "counter-clockwise with four players (to the next name)" in help_text
    for players, second_dealer in ((FOUR[:3], FOUR[2]), (FOUR, FOUR[1])):  # three: the name before Ana; four: after
        table = make_table(
            game="slovenian-tarok", players=players, hands=[{"contract": "beggar", "declarer": players[0], "won": True}]
        )
        assert table.summary["next_dealer"] == second_dealer
