"""Schnapsen and Two Ten Jack in the app: quick and guided entry, the Bummerl sheet, rounds and the winner."""

import csv
import io
import re

import pytest
from django.urls import reverse

from games.models import Hand, Table
from games.tables import services

from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
SCHNAPSEN_RULES = {
    "rule_deck": "20",
    "rule_schneider_bummerl": "true",
    "rule_last_trick_points": "by-points",
    "rule_target": "7",
}


def test_new_schnapsen_table_with_house_rules(client):
    client.post(
        reverse("new_table_for", args=["schnapsen"]),
        {"player_1": "Anna", "player_2": "Ben", **SCHNAPSEN_RULES, "rule_deck": "24", "rule_target": "5"},
    )
    assert Table.objects.get().rules == {"deck": 24, "target": 5}


def test_quick_entry_is_two_taps_from_the_table_page(client):
    table = make_table(game="schnapsen", players=("Anna", "Ben"))
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert 'name="game_points" value="3"' in page and 'name="winner"' in page
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"winner": "Ben", "game_points": "3", "version": str(table.version)},
    )
    assert response.status_code == 302
    assert Hand.objects.get().data == {"winner": "Ben", "game_points": 3}


def test_quick_entry_without_a_winner_says_so_next_to_it(client):
    table = make_table(game="schnapsen", players=("Anna", "Ben"))
    response = client.post(reverse("record_hand", args=[table.edit_token]), {"game_points": "2"})
    assert response.context["form"].errors["winner"]
    assert Hand.objects.count() == 0


def test_guided_entry_computes_and_explains(client):
    table = make_table(game="schnapsen", players=("Anna", "Ben"))
    page = client.post(
        reverse("preview", args=[table.edit_token]),
        {"ending": "closed", "by": "Anna", "other_points": "30", "other_had_trick": "yes"},
        **HTMX,
    ).content.decode()
    assert "Ben had 30 (under 33) and a trick when the talon was closed: 2." in visible_text(page)
    client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"ending": "closed-failed", "by": "Anna", "other_had_trick": "no"},
    )
    assert Hand.objects.get().scores == [0, 3]


def test_the_bummerl_sheet_strikes_down_from_seven(client):
    table = make_table(
        game="schnapsen",
        players=("Anna", "Ben"),
        hands=[
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 1},
            {"winner": "Ben", "game_points": 2},
        ],
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "2 Bummerl" in page
    assert '<li class="struck">7</li>' in page and '<li class="">5</li>' in page


def test_a_long_bummerl_is_drawn_with_a_count_in_place_of_most_strokes(client):
    table = make_table(
        game="schnapsen", players=("Anna", "Ben"), rules={"target": 1000}, hands=[{"adjustment": {"Anna": 1}}] * 30
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert '<li class="struck">1000</li>' in page and '<li class="struck">971</li>' in page
    assert (
        '<li class="">970</li>' in page and "⋯ ×28" in page and not re.search(r"<li[^>]*>972</li>", page)
    )  # not "972" anywhere: a token may hold it


def test_two_ten_jack_round_form_shows_the_scoring_cards(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    form = client.get(reverse("record_hand", args=[table.edit_token])).context["form"]
    assert form.scoring[:3] == ["AH", "KH", "QH"] and len(form.scoring) == 12
    assert form.removed_count == 2


def test_a_whole_two_ten_jack_game_ends_with_the_winner(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    rounds = [
        {
            "card_2H": "Aiko",
            "card_KH": "Aiko",
            "card_QS": "Aiko",
            "card_10S": "Aiko",
            "card_10H": "Ben",
            "card_JH": "Ben",
            "card_AH": "Ben",
            "card_2S": "Ben",
            "card_QH": "Chie",
            "card_AS": "Chie",
            "card_KS": "Chie",
            "card_JS": "Chie",
        },
        {
            **{f"card_{c}": "Ben" for c in ("2H", "10H", "JH", "AH", "KH", "QH", "QS")},
            **{f"card_{c}": "Chie" for c in ("AS", "KS", "JS", "10S", "2S")},
        },
        {
            **{f"card_{c}": "Aiko" for c in ("2S", "10S", "JS", "AS", "KS", "QS")},
            "card_AH": "Ben",
            "card_KH": "Ben",
            **{f"card_{c}": "Chie" for c in ("2H", "10H", "JH", "QH")},
        },
    ]
    for data in rounds:
        assert client.post(reverse("record_hand", args=[table.edit_token]), data).status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Aiko": 45, "Ben": -25, "Chie": -20}  # worked examples T1–T3
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "The game is over. Winner: Aiko" in visible_text(page) and "Record a round" not in page


def test_removed_cards_must_fit_the_player_count(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    response = client.post(reverse("record_hand", args=[table.edit_token]), {"removed_0": "3C"})
    assert "exactly 2 cards are removed" in response.context["form"].errors["removed"][0]


def test_a_removed_card_cannot_be_captured(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    response = client.post(
        reverse("record_hand", args=[table.edit_token]), {"removed_0": "2H", "removed_1": "3C", "card_2H": "Aiko"}
    )
    assert response.context["form"].errors["captured"]


def test_settings_change_the_point_table_and_rescore(client):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben"), hands=[{"captured": {"Aiko": ["QS", "2H"]}}])
    assert table.totals["Aiko"] == 5
    fields = {
        f"points_{card}": str(value)
        for card, value in {
            "2H": 10,
            "10H": 10,
            "JH": 10,
            "AH": 5,
            "KH": 5,
            "QH": 5,
            "2S": -10,
            "10S": -10,
            "JS": -10,
            "AS": -5,
            "KS": -5,
            "QS": -20,
        }.items()
    }
    response = client.post(
        reverse("settings", args=[table.edit_token]), {**fields, "rule_reversal": "true", "name": "Tuesday"}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rules["card_points"]["QS"] == -20 and table.totals["Aiko"] == -10 and table.name == "Tuesday"
    services.undo_last(table)
    table.refresh_from_db()
    assert table.rules == {} and table.totals["Aiko"] == 5


def test_rules_pages_for_schnapsen_and_two_ten_jack(client):
    page = client.get(reverse("rules", args=["two-ten-jack"])).content.decode()
    assert "playing-card" in page and "10♥" in page
    result = client.post(
        reverse("rules", args=["two-ten-jack"]), {"card_2H": "A", "card_KH": "A"}, **HTMX
    ).content.decode()
    assert "A: K♥ +5 2♥ +10 = +15." in visible_text(result)
    result = client.post(
        reverse("rules", args=["schnapsen"]), {"winner": "A", "game_points": "2"}, **HTMX
    ).content.decode()
    assert "A wins the hand (quick entry); game points: 2." in visible_text(result)


def test_the_hand_that_ends_a_bummerl_says_who_got_it(client):
    table = make_table(
        game="schnapsen",
        players=("Anna", "Ben"),
        hands=[
            {"winner": "Anna", "game_points": 3},
            {"winner": "Anna", "game_points": 3},
            {"winner": "Ben", "game_points": 1},
            {"winner": "Anna", "game_points": 1},
        ],
    )
    text = " ".join(visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode()).split())
    assert text.count("Ben gets the Bummerl") == 1
    rows = client.get(reverse("table", args=[table.edit_token])).context["rows"]
    assert [row["number"] for row in rows if row["note"]] == [4]
    schneider = make_table(
        game="schnapsen",
        players=("Anna", "Ben"),
        hands=[
            {"winner": "Ben", "game_points": 3},
            {"winner": "Ben", "game_points": 3},
            {"winner": "Ben", "game_points": 1},
        ],
    )
    text = " ".join(visible_text(client.get(reverse("table", args=[schneider.edit_token])).content.decode()).split())
    assert "Anna gets 2 Bummerl" in text


def test_the_score_sheet_and_the_csv_say_which_hand_ended_a_bummerl_and_who_lost_how_many(client):
    """A printed sheet of game points alone (15 : 3) hides what is paid: the Bummerl. Counted here from the
    hands: Anna reaches 7 at hand 3 (Ben 0: a Schneider-Bummerl, two), then Ben reaches 7 at hand 6 (Anna 2)."""
    hands = [{"winner": "Anna", "game_points": 3}] * 2 + [{"winner": "Anna", "game_points": 1}]
    hands += (
        [{"winner": "Anna", "game_points": 2}]
        + [{"winner": "Ben", "game_points": 3}] * 2
        + [{"winner": "Ben", "game_points": 1}]
    )
    table = make_table(game="schnapsen", players=("Anna", "Ben"), rules={"schneider_bummerl": True}, hands=hands)
    lost = {"Anna": 1, "Ben": 2}
    page = client.get(reverse("sheet", args=[table.edit_token])).content.decode()
    sheet = " ".join(visible_text(page).split())
    assert sheet.count("Ben gets 2 Bummerl") == 1 and sheet.count("Anna gets the Bummerl") == 1
    footer = page[page.index("<tfoot>") : page.index("</tfoot>")].split("</tr>")
    # a line across the sheet's grid: the # and the players (the hand's words, which a phone hides, have their own cell)
    assert re.search(
        r'<th colspan="3" scope="colgroup">Lost Bummerl</th><td class="what"></td>', footer[1]
    )  # a heading
    assert re.findall(r'<td class="run">([^<]*)</td>', footer[2]) == [str(lost["Anna"]), str(lost["Ben"])]
    notes = re.findall(r'<tr class="milestone-row"><td colspan="3"><strong class="milestone">(.*?)</strong>', page)
    assert [" ".join(visible_text(note).split()) for note in notes] == ["Ben gets 2 Bummerl", "Anna gets the Bummerl"]
    rows = list(csv.reader(io.StringIO(b"".join(client.get(reverse("export_csv", args=[table.edit_token]))).decode())))
    assert rows[3][-1].endswith(" · Ben gets 2 Bummerl") and rows[7][-1].endswith(" · Anna gets the Bummerl")
    assert rows[-1] == ["lost Bummerl", str(lost["Anna"]), str(lost["Ben"]), ""]
    assert rows[-2][0] == "total"
