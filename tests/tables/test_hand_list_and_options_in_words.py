"""The hand list writes contra and the I on the end in words (a valat with contra is not "×2" where contra does not
double a valat), and an explanation names the option that decided a step with its value at the table."""

import re

import pytest
from django.urls import reverse

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
VALAT = {"side": "declarers", "announced": True, "made": True}
PAGAT = {"side": "declarers", "announced": False, "made": True}


def test_the_hand_list_names_contra_instead_of_a_multiplier_it_did_not_apply(client):
    table = make_table(
        rules={"contra_on_valat": False}, hands=[{"povinnost": "Anna", "partner": "Cyril", "valat": VALAT, "contra": 1}]
    )
    text = " ".join(visible_text(client.get(reverse("hands", args=[table.edit_token])).content.decode()).split())
    assert "Anna + Cyril · announced valat by the declarer side, made · contra" in text and "×2" not in text


def test_the_hand_list_writes_the_i_on_the_end_in_words(client):
    table = make_table(hands=[team_hand(points=63, pagat=PAGAT), team_hand(points=40, pagat={**PAGAT, "made": False})])
    text = " ".join(visible_text(client.get(reverse("hands", args=[table.edit_token])).content.decode()).split())
    assert "Anna + Cyril · 63 · the declarer side's I on the end made" in text
    assert "Anna + Cyril · 40 · the declarer side's I on the end failed" in text
    assert not re.search(r"· I(?! on the end)", text)


@pytest.mark.parametrize("inside, said", [(False, "no"), (True, "yes")])
def test_an_explanation_names_the_option_with_its_value(client, inside, said):
    table = make_table(rules={"pagat_inside_multipliers": inside}, hands=[team_hand(points=63, pagat=PAGAT)])
    text = " ".join(visible_text(client.get(reverse("hand", args=[table.edit_token, 1])).content.decode()).split())
    assert f"R8 (I on the end inside the multipliers: {said}):" in text


def test_a_whole_number_option_is_named_with_its_number(client):
    table = make_table(rules={"pagat_announced": 8}, hands=[team_hand(points=63, pagat={**PAGAT, "announced": True})])
    text = " ".join(visible_text(client.get(reverse("hand", args=[table.edit_token, 1])).content.decode()).split())
    assert "R8 (I on the end, announced, is worth: 8):" in text


def test_a_point_table_option_is_named_by_how_many_cards_score(client):
    points = {
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
    }
    table = make_table(
        game="two-ten-jack",
        players=("Aiko", "Ben"),
        rules={"card_points": points},
        hands=[{"captured": {"Aiko": ["QS", "2H"]}}],
    )
    text = " ".join(visible_text(client.get(reverse("hand", args=[table.edit_token, 1])).content.decode()).split())
    assert "TR2 (Point table: 12 scoring cards): Aiko:" in text and "{" not in text
