"""The catalogues read as a native player writes: no sentence whose grammar depends on a player's gender or case
(Czech "hlásil(a)", "s hráčem Božena", Slovenian "plača igralcu Špela"), one word for one thing (Slovenian
"premije"), one form of address (German "du"), and the right gender of a game's own word ("das Bummerl")."""

import re

import pytest
from django.urls import reverse

from games.models import Table

from ..factories import make_table, team_hand, visible_text
from .test_translations import catalogue

PAGAT = {"side": "declarers", "announced": False, "made": True}


def texts(language: str) -> list[tuple[str, str]]:
    return [
        (entry.msgid, text)
        for entry in catalogue(language)
        if not entry.obsolete
        for text in ([entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values())
    ]


@pytest.mark.parametrize(
    "language, wrong",
    [
        ("cs", r"\w\((a|la|o)\)|sám/sama|s hráčem \{|hráči <strong>|platí hráči"),
        ("sl", r"\w\((a|la|o)\)|igralcu (<strong>|\{|%\()|z igralcem (<strong>|\{|%\()|[Bb]onus"),
        (
            "de",
            r"\b[A-Za-zäöü]+en Sie\b|\b(die|der|das|ob|wie|was|wenn|bis) Sie\b|[a-zäöüß,] Ihr\w*\b|\bden Bummerl\b"
            r"|\}, (der|die) (?!einzige|anderen)",  # "mit {partner}, der …": Cilli is not "der"
        ),
    ],
)
def test_no_message_depends_on_a_players_gender_case_or_a_second_form_of_address(language, wrong):
    found = [(msgid, text) for msgid, text in texts(language) if re.search(wrong, text)]
    assert not found, found[:5]


def test_german_says_du_where_it_tells_the_player_what_to_do():
    german = dict(texts("de"))
    assert german["Tap who pays."] == "Tippe, wer zahlt."
    assert german["{player} gets the Bummerl"] == "{player} bekommt das Bummerl"


@pytest.mark.django_db
def test_a_womans_name_reads_right_in_czech_and_slovenian(client):
    players = ("Anna", "Bára", "Božena Dvořáková", "Dana")
    czech = make_table(players=players, hands=[team_hand(partner="Božena Dvořáková", pagat=PAGAT)])
    text = " ".join(
        visible_text(
            client.get(reverse("hand", args=[czech.edit_token, 1]), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
        ).split()
    )
    assert "Anna (povinnost) a Božena Dvořáková (XIX v ruce)" in text and "s hráčem" not in text
    assert "Pagát ultimo (hrající strana), nehlášený (2), uhraný:" in text  # the I's own gender, not "uhráno"
    slovenian = make_table(
        game="slovenian-tarok",
        players=("Špela Žagar", "Bojan", "Cene"),
        hands=[{"contract": "beggar", "declarer": "Bojan", "won": True}],
    )
    Table.objects.filter(pk=slovenian.pk).update(price_per_point="0.10", currency="€")
    page = " ".join(
        visible_text(
            client.get(reverse("table", args=[slovenian.edit_token]), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
        ).split()
    )
    assert "Plača Špela Žagar, prejme Bojan: 7,00 € (70 točk × 0,10 €)" in page
    hand = " ".join(
        visible_text(
            client.get(reverse("hand", args=[slovenian.edit_token, 1]), HTTP_ACCEPT_LANGUAGE="sl").content.decode()
        ).split()
    )
    assert "Igra je narejena." in hand and "Igra narejeno" not in hand


@pytest.mark.django_db
def test_koenigrufen_explanations_read_the_same_for_anna_as_for_dieter(client):
    """A Königrufen hand's lines never give a player a gender: Anna as the Trischaker who pays double was "he" (en)
    and "er" (de); Dieter as the Jungfrau "nevzala" (cs) and "ni pobrala" (sl); Anna calling her own king "his" (en).
    A made valat's verdict agrees with nothing in cs and sl ("hra se počítá jako vyhráno" / "igra šteje kot
    dobljeno" joined a feminine game to a neuter word)."""
    players = ("Anna", "Bert", "Cilli", "Dieter")
    valat = {"kind": "valat", "side": "declarers", "announced": True, "made": True}
    table = make_table(
        game="koenigrufen",
        players=players,
        rules={"own_king_call": True},
        hands=[
            {
                "contract": "trischaken",
                "declarer": "Anna",
                "trischaken": {"Anna": 30, "Bert": 20, "Cilli": 20, "Dieter": 0},
            },
            {"contract": "rufer", "declarer": "Anna", "partner": "Anna", "points": 40},
            {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "bonuses": [valat]},
        ],
    )

    def hand(number: int, language: str) -> str:
        page = client.get(reverse("hand", args=[table.edit_token, number]), HTTP_ACCEPT_LANGUAGE=language)
        return " ".join(visible_text(page.content.decode()).split())

    assert "The Trischaker Anna has the most points and pays double: 6." in hand(1, "en")
    assert "Der Trischaker Anna hat die meisten Punkte und zahlt doppelt: 6." in hand(1, "de")
    assert "Jungfrau Dieter bez štychu dostane 6." in hand(1, "cs")
    assert "Jungfrau Dieter brez vzetka dobi 6." in hand(1, "sl")
    assert "Anna plays Rufer (1) and holds the called king: alone against three." in hand(2, "en")
    assert "Valat uhrán (hrající), tedy vyhráno." in hand(3, "cs")
    assert "Valat so naredili igralci, torej dobljeno." in hand(3, "sl")
    english = hand(1, "en") + hand(2, "en") + hand(3, "en")
    assert not re.search(r"\b(he|his|she|her)\b", english), english
