"""Sentences a native player reads on the hand pages: no count noun that disagrees with its number ("1 Spielpunkte"),
and no rules that "pay" for a hand."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.settle_up import parse_price
from games.models import Circle

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db


def hand_page(table, seq: int, language: str) -> str:
    page = Client().get(reverse("hand", args=[table.edit_token, seq]), HTTP_ACCEPT_LANGUAGE=language)
    return visible_text(page.content.decode())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Anna gewinnt das Spiel (Schnelleingabe); Spielpunkte: 1."),
        ("cs", "Anna vyhrává hru (rychlý zápis); herní body: 1."),
        ("sl", "Anna dobi igro (hitri vnos); igralne točke: 1."),
        ("en", "Anna wins the hand (quick entry); game points: 1."),
    ],
)
def test_a_quick_schnapsen_hand_of_one_game_point_reads_right_in_every_language(language, said):
    table = make_table(game="schnapsen", players=("Anna", "Ben"), hands=[{"winner": "Anna", "game_points": 1}])
    text = hand_page(table, 1, language)
    assert said in text
    assert "1 Spielpunkte" not in text and "1 herní body" not in text and "1 game points" not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("cs", "Kolik by tato hra platila podle jiných pravidel?"),
        ("sl", "Koliko bi ta igra plačala po drugih pravilih?"),
        ("de", "Was wäre dieses Spiel nach anderen Regeln wert?"),
    ],
)
def test_the_what_if_link_of_a_hand_asks_what_the_hand_would_pay(language, said):
    table = make_table(hands=[team_hand()])
    assert said in hand_page(table, 1, language)


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("de", "Warum (optional)", "freiwillig"),  # "freiwillig" is "voluntary", not "optional"
        ("sl", "Kdo dobi kazen", "kaznovan"),  # a participle that agrees with a man only
        ("sl", "kot je zapisan na papirju", "kot ga ima papir"),
        ("cs", "jak je zapsaný na papíře", "jak ho má papír"),
    ],
)
def test_the_penalty_page_reads_as_a_native_player_would_write_it(language, said, not_said):
    table = make_table(game="slovenian-tarok", players=("Ana", "Bojan", "Cene", "Dora"))
    text = visible_text(
        Client().get(reverse("adjust", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert said in text
    assert not_said not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("cs", "např. 0,10 nebo 0,05"),
        ("sl", "npr. 0,10 ali 0,05"),
        ("de", "z. B. 0,10 oder 0,05"),
    ],
)
def test_the_price_example_is_written_with_the_languages_decimal_comma_and_a_comma_is_accepted(language, said):
    table = make_table(game="schnapsen", players=("Anna", "Ben"))
    client = Client()
    url = reverse("settings", args=[table.edit_token])
    assert said in visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert parse_price("0,10") == parse_price("0.10")  # what the example shows is what the form takes


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("cs", "Hra skončila. Vítězí Ben", "Vítěz"),  # "vítěz" is a man; "vítězí" says it of anyone
        ("sl", "Igre je konec. Zmaga: Ben", "zmagovalec"),
        ("de", "Das Spiel ist aus. Sieg: Ben", "Gewinner"),
    ],
)
def test_a_two_ten_jack_winner_is_named_with_no_word_that_has_a_gender(language, said, not_said):
    hand = {"captured": {"Anna": ["2H"], "Ben": ["10H", "JH"]}}
    table = make_table(game="two-ten-jack", players=("Anna", "Ben", "Chie"), hands=[hand, hand, hand])
    text = visible_text(
        Client().get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert said in text
    assert not re.search(rf"\b{not_said}\b", text, re.IGNORECASE)


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("cs", "Ana a Bojan: každý si píše +100", "každý píšou"),
        ("sl", "Ana in Bojan si zapišeta vsak po +100", "si vsak zapišeta"),
        ("de", "Ana hat einen Radelc", "ein Radelc"),  # der Radelc, as everywhere else
    ],
)
def test_a_slovenian_team_hand_with_a_radelc_reads_right(language, said, not_said):
    beggar = {"contract": "beggar", "declarer": "Cene", "won": True}
    team = {"contract": "two", "declarer": "Ana", "partner": "Bojan", "points": 40, "kontra": 1}
    table = make_table(game="slovenian-tarok", players=("Ana", "Bojan", "Cene", "Dora"), hands=[beggar, team])
    text = hand_page(table, 2, language)
    assert said in text
    assert not re.search(rf"\b{not_said}\b", text)


def test_german_says_du_when_a_new_name_is_already_taken():
    table = make_table(hands=[team_hand()])
    response = Client().post(
        reverse("rename_player", args=[table.edit_token]), {"old": "Anna", "new": "Bára"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    text = visible_text(response.content.decode())
    assert "unterscheide die beiden" in text
    assert "unterscheidet" not in text  # "ihr", not the "du" the rest of Talon says


def test_slovenian_no_signal_words_say_vi_like_every_other_slovenian_page():
    client = Client()
    offline = visible_text(client.get(reverse("offline"), HTTP_ACCEPT_LANGUAGE="sl").content.decode())
    assert "Poskusite znova" in offline and "Poskusi znova" not in offline
    table = make_table(hands=[team_hand()])
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
    said = re.search(r'<script id="offline-words" type="application/json">(.*?)</script>', page, re.S).group(1)
    words = json.dumps(json.loads(said), ensure_ascii=False)  # what the phone's offline part says, kept with the page
    assert "Izberite, kam sodijo" in words and "Izberi," not in words


def test_czech_calls_a_circle_skupina_on_its_page_as_everywhere_else():
    client = Client()
    client.post(
        reverse("new_circle"), {"name": "Pátek", "players": "Anna\nBára\nCyril\nDana"}, HTTP_ACCEPT_LANGUAGE="cs"
    )
    text = visible_text(
        client.get(reverse("circle", args=[Circle.objects.get().token]), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    )
    assert "Sdílet skupinu" in text
    assert "kroužek" not in text and "kroužku" not in text


def test_german_end_of_a_czech_taroky_evening_says_nothing_more_is_scored_in_natural_order():
    table = make_table(hands=[team_hand()])
    text = visible_text(
        Client().get(reverse("end_evening", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert "Hier endet der Abend; danach wird nichts mehr gewertet." in text


@pytest.mark.parametrize(("long", "stacked"), [(True, True), (False, False)])
def test_two_ten_jack_cards_sit_above_their_taps_only_when_a_name_is_too_long_for_the_row(long, stacked):
    first = "Bartholomäus Zwischenzahl-Oberhuber" if long else "Bartholomäus"
    table = make_table(game="two-ten-jack", players=(first, "Ben", "Chie"))
    page = Client().get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert 'class="card-row"' in page or 'class="card-row stacked"' in page
    assert ('class="card-row stacked"' in page) is stacked


def test_the_slovenian_player_count_hint_starts_its_sentence_with_a_capital():
    text = visible_text(
        Client().get(reverse("new_table_for", args=["slovenian-tarok"]), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
    )
    assert "Od 3 do 4 igralcev: odvečna imena pustite prazna." in text
