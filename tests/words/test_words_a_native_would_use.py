"""Each language as a native player reads it: the corrections players asked for, checked on the pages that show
them, and the catalogues free of the words they replaced."""

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from games.models import Circle, Table

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
SLOVENIAN_MONTHS = ("jan", "feb", "mar", "apr", "maj", "jun", "jul", "avg", "sep", "okt", "nov", "dec")


def read(client, url: str, language: str, **data) -> str:
    return " ".join(visible_text(client.get(url, data, HTTP_ACCEPT_LANGUAGE=language).content.decode()).split())


def catalogue(language: str) -> str:
    return (Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po").read_text()


@pytest.mark.parametrize(
    "language, gone",
    [
        (
            "cs",
            [
                "Ťukněte",
                "ťukněte",
                "nechal si první trojici",
                "zavřeno a uhráno",
                "zavřel talon",
                "Nastavte v nastavení",
                '"vrácení"',
                '"vráceno"',
            ],
        ),
        ("sl", ["pustljeno", "igrali so", "nasajen", "nosilni", "Kako je bilo preračunano", "Deli krog"]),
        ("de", ["gezählt wie", "Wessen Regeln", '"Auszahlung"']),
    ],
)
def test_the_catalogue_holds_none_of_the_words_players_corrected(language, gone):
    text = catalogue(language)
    assert [word for word in gone if word in text] == []


def test_czech_prever_talon_buttons_undo_and_the_price_link(client):
    table = make_table(hands=[team_hand()])
    form = read(client, reverse("record_hand", args=[table.edit_token]), "cs")
    assert "první trojice ×1" in form and "druhá trojice ×2" in form and "zpět nahoru ×4" in form
    client.post(reverse("delete_hand", args=[table.edit_token, 1]))
    client.post(reverse("undo", args=[table.edit_token]))
    history = read(client, reverse("history", args=[table.edit_token]), "cs")
    assert "krok zpět" in history and "vzato zpět" in history
    page = client.get(reverse("end_evening", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    settings_link = f'href="{reverse("settings", args=[table.edit_token])}#id_price_per_point"'
    assert "Zadejte v <a" in page and settings_link in page
    assert "cenu za bod a uvidíte, kdo komu kolik platí." in visible_text(page)


@pytest.mark.parametrize("player", ["Hans", "Grete"])
def test_czech_schnapsen_says_who_closed_the_talon_in_words_that_fit_any_player(client, player):
    table = make_table(
        game="schnapsen",
        players=("Hans", "Grete"),
        hands=[{"ending": "closed", "by": player, "other_points": 30, "other_had_trick": True}],
    )
    # a verb, as a sentence after a name needs, in the present tense: the same for Hans and for Grete
    assert f"{player} zavírá talon a uhraje" in read(client, reverse("hand", args=[table.edit_token, 1]), "cs")


def test_slovenian_bonuses_circle_date_and_a_price_change(client):
    players = ("Ana", "Bojan", "Cene", "Dora")
    trula = {"kind": "trula", "side": "declarers", "announced": False, "made": True}
    table = make_table(
        game="slovenian-tarok",
        players=players,
        hands=[
            {"contract": "three", "declarer": "Ana", "partner": "Cene", "points": 41, "bonuses": [trula]},
            {"contract": "solo-without", "declarer": "Bojan", "points": 40},
        ],
    )
    first = read(client, reverse("hand", args=[table.edit_token, 1]), "sl")
    assert "(igralci), narejena" in first and "Kako je bilo izračunano" in first
    assert "Bojan igra solo brez (80) proti vsem." in read(client, reverse("hand", args=[table.edit_token, 2]), "sl")
    circle = Circle.objects.create(name="Četrtek", players=list(players))
    Table.objects.filter(pk=table.pk).update(circle=circle)
    page = read(client, reverse("circle", args=[circle.token]), "sl")
    created = timezone.localtime(table.created_at)
    assert f"{created.day}. {SLOVENIAN_MONTHS[created.month - 1]}. {created.year}" in page
    assert "družb" in page and " krog" not in page.lower().replace("krogec", "")
    saved = client.post(
        reverse("settings", args=[table.edit_token]),
        {"name": "", "price_per_point": "0.10", "currency": "€", "version": table.version},
        HTTP_ACCEPT_LANGUAGE="sl",
        follow=True,
    )
    text = " ".join(visible_text(saved.content.decode()).split())
    assert "Nastavitve shranjene." in text and "na novo" not in text


def test_german_scores_are_a_wertung_and_presets_a_regelwerk(client):
    table = make_table(game="schnapsen", players=("Hans", "Grete"))
    form = read(client, reverse("record_hand", args=[table.edit_token]), "de")
    assert "Wertung" in form and "Auszahlung" not in form
    rules = read(client, reverse("rules", args=["schnapsen"]), "de")
    assert "gewertet wie auf pagat.com" in rules and "Regelwerk" in rules and "Wessen" not in rules


@pytest.mark.parametrize("language", ["cs", "sl"])
def test_koenigrufens_four_bonus_states_read_in_one_form(client, language):
    """The four taps under each bonus are one row of choices: Czech "hlášeno, uhráno" beside "hlášený, ztracen" and
    "tichý, uhrán" mixes the impersonal with a masculine that fits Pagat but not every bonus; one form throughout."""
    table = make_table(game="koenigrufen", players=("Anna", "Bert", "Cilli", "Dieter"))
    page = client.get(reverse("record_hand", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language)
    states = [str(label) for value, label in page.context["form"].fields["bonus_pagat"].choices if value]
    assert len(states) == 4
    assert len({state.split(", ")[1][-1] for state in states}) == 1, states
    assert states[0].split(", ")[0] == states[1].split(", ")[0] and states[2].split(", ")[0] == states[3].split(", ")[0]
