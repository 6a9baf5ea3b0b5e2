"""The Czech hand list says whose valat it was and how it ended, and whose I on the end, in every language; an I
on the end that counted for nothing beside a valat is not listed."""

import pytest
from django.urls import reverse

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db

VALAT = {"side": "defenders", "announced": False, "made": True}
PAGAT = {"side": "defenders", "announced": False, "made": True}
# What a player reads, per language: the defenders' unannounced valat; the declarer side's announced valat that
# failed; the defenders' I on the end made; the declarer side's announced I on the end failed.
SAID = {
    "en": (
        "valat by the defenders",
        "announced valat by the declarer side, failed",
        "the defenders' I on the end made",
        "the declarer side's announced I on the end failed",
    ),
    "cs": (
        "valát obrany",
        "hlášený valát hrající strany, neuhraný",
        "pagát ultimo obrany uhraný",
        "hlášený pagát ultimo hrající strany neuhraný",
    ),
    "sl": (
        "valat nasprotnikov",
        "napovedani valat igralcev, padel",
        "pagat ultimo nasprotnikov narejen",
        "napovedani pagat ultimo igralcev padel",
    ),
    "de": (
        "Valat der Gegenspieler",
        "angesagter Valat der Spielerseite, verloren",
        "Pagat ultimo der Gegenspieler gemacht",
        "angesagter Pagat ultimo der Spielerseite verloren",
    ),
}


def hand_list(client, table, language: str) -> str:
    page = client.get(reverse("hands", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language)
    return " ".join(visible_text(page.content.decode()).split())


@pytest.mark.parametrize("language", SAID)
def test_the_hand_list_says_whose_valat_and_whose_i_on_the_end(client, language):
    defenders_valat, failed_valat, defenders_pagat, declarers_pagat_failed = SAID[language]
    table = make_table(
        hands=[
            {"povinnost": "Anna", "partner": "Cyril", "valat": VALAT},
            {"povinnost": "Anna", "partner": "Cyril", "valat": {"side": "declarers", "announced": True, "made": False}},
            team_hand(points=63, pagat=PAGAT),
            team_hand(points=40, pagat={"side": "declarers", "announced": True, "made": False}),
        ]
    )
    text = hand_list(client, table, language)
    assert f"Anna + Cyril · {defenders_valat}" in text
    assert f"Anna + Cyril · {failed_valat}" in text
    assert f"Anna + Cyril · 63 · {defenders_pagat}" in text
    assert f"Anna + Cyril · 40 · {declarers_pagat_failed}" in text


@pytest.mark.parametrize("with_valat", [False, True])
def test_an_i_on_the_end_beside_a_valat_is_listed_only_where_it_counted(client, with_valat):
    table = make_table(
        rules={"pagat_with_valat": with_valat},
        hands=[{"povinnost": "Anna", "partner": "Cyril", "valat": VALAT, "pagat": PAGAT}],
    )
    text = hand_list(client, table, "cs")
    assert ("pagát ultimo" in text) == with_valat
    assert "Anna + Cyril · valát obrany" in text


def test_the_czech_list_and_form_spell_valat_alike(client):
    table = make_table(hands=[{"povinnost": "Anna", "partner": "Cyril", "valat": {**VALAT, "side": "declarers"}}])
    listed = hand_list(client, table, "cs")
    form = " ".join(
        visible_text(
            client.get(reverse("record_hand", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
        ).split()
    )
    assert "Anna + Cyril · valát hrající strany" in listed
    assert "Valát" in form and "valat" not in form.lower().replace("valát", "")


SILENT_FAILED = {
    "en": "the declarer side's I on the end failed",
    "cs": "pagát ultimo hrající strany neuhraný",
    "sl": "pagat ultimo igralcev padel",
    "de": "Pagat ultimo der Spielerseite verloren",
}


@pytest.mark.parametrize("language", SAID)
def test_the_hand_list_tells_an_announced_i_on_the_end_from_a_silent_one(client, language):
    """R8 pays an announced I on the end 4 and a silent one 2: two hands alike but for that paid −9 and −7 and were
    listed in the same words ("the declarer side's I on the end failed")."""
    failed = {"side": "declarers", "made": False}
    table = make_table(
        hands=[
            team_hand(points=40, pagat={**failed, "announced": True}),
            team_hand(points=40, pagat={**failed, "announced": False}),
        ]
    )
    assert [hand.scores[0] for hand in table.hands.order_by("seq")] == [-9, -7]
    text = hand_list(client, table, language)
    assert f"Anna + Cyril · 40 · {SAID[language][3]}" in text
    assert f"Anna + Cyril · 40 · {SILENT_FAILED[language]}" in text
