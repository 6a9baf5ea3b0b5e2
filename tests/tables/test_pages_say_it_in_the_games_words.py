"""Issue 44, words and screens: what players read in German, Czech and Slovenian (and a game's own noun in English),
as the pages show it."""

import re

import pytest
from django.urls import reverse

from games.models import Circle, Hand
from games.registry import GAMES
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
FOUR = ("Anna", "Bert", "Cilli", "Dieter")


def words(page: str) -> str:
    """A page's text as read: its spaces one, without the marks that isolate a name (U+2066 … U+2069)."""
    return " ".join(re.sub("[\u2066-\u2069]", "", visible_text(page)).split())


def read(client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    return words(client.get(url).content.decode())


def hand_page(client, table, number: int, language: str) -> str:
    return read(client, reverse("hand", args=[table.edit_token, number]), language)


# German: Königrufen


def test_de_the_game_says_won_with_only_where_the_tables_rule_decided_it(client):
    """ "Das Spiel ist gewonnen mit: 35 Punkte und 2 Blatt" stood on every hand; it is said where the table's rule
    decided the verdict (35⅓ with "35 and 1 Blatt"), in one phrase and in the dative."""
    table = make_table(
        game="koenigrufen",
        players=FOUR,
        rules={"win_points": "35 1/3"},
        hands=[
            {"contract": "dreier", "declarer": "Anna", "points": 40},
            {"contract": "dreier", "declarer": "Anna", "points": "35 1/3"},
        ],
    )
    forty = hand_page(client, table, 1, "de")
    assert "AT4: Punkte 40: gewonnen (35⅓ nötig)." in forty
    assert "gewonnen mit" not in forty
    close = hand_page(client, table, 2, "de")
    assert "(Das Spiel ist gewonnen mit 35 Punkten und 1 Blatt (35⅓)): Punkte 35⅓: gewonnen" in close
    assert "mit:" not in close


def test_de_an_opponents_kontra_is_answered_by_the_declarers_re(client):
    """ "Bert gave Rekontra" made an opponent answer his own Kontra: the table says "Bert Kontra, Cilli Re"."""
    table = make_table(
        game="koenigrufen",
        players=FOUR,
        hands=[{"contract": "bettler", "declarer": "Cilli", "won": False, "kontra": {"Anna": 1, "Bert": 2}}],
    )
    text = hand_page(client, table, 1, "de")
    assert "Anna Kontra; Bert Kontra, Cilli Re" in text
    assert "AT8: Bert Kontra, Cilli Re: 2 × 4, Bert +8." in text
    assert "Rekontra" not in text
    form = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    row = re.search(r'<select name="kontra_1".*?</select>', form, re.S).group(0)
    assert [label for _value, label in re.findall(r'<option value="(\d)"[^>]*>([^<]*)<', row)] == [
        "keins",
        "Kontra ×2",
        "Kontra, Re ×4",
        "Kontra, Re, Sub ×8",
    ]
    assert "Re ist die Antwort des Spielers auf sein Kontra" in words(form)


@pytest.mark.parametrize(("rules", "out"), [({}, "sitting_out declarer"), ({"own_king_call": True}, "sitting_out")])
def test_de_the_partner_row_leaves_out_the_declarer_where_the_table_forbids_his_own_king(client, rules, out):
    """The partner row offered the declarer where the table forbids calling one's own king: the page leaves him out
    there (talon/form.js hides the tap named by data-out-field), and the server refuses it in a sentence."""
    table = make_table(game="koenigrufen", players=FOUR, rules=rules)
    client.cookies["django_language"] = "de"
    form = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert f'<fieldset class="needs-partner" data-out-field="{out}">' in form
    answer = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "rufer", "declarer": "Anna", "partner": "Anna", "points_whole": "40", "points_third": "0"},
    )
    text = words(answer.content.decode())
    if rules:
        assert answer.status_code == 302
    else:
        assert "Der Spieler darf nach den Regeln dieses Tisches nicht den eigenen König rufen (Renonce)." in text
        assert not Hand.objects.filter(table=table).exists()


# Czech


def test_cs_a_hands_result_is_no_wage_and_two_players_get_po(client):
    table = make_table(hands=[team_hand(povinnost="Anna", partner="Cyril", points=63)])
    text = hand_page(client, table, 1, "cs")
    assert re.search(r"2 proti 2: Anna a Cyril po \+\d+; Bára a Dana po −\d+\.", text), text
    assert "&" not in text and "každý" not in text
    form = read(client, reverse("record_hand", args=[table.edit_token]), "cs")
    assert "Výsledek hry" in form and "Výplata" not in form


def test_cs_the_deleted_hands_are_listed_with_their_numbers(client):
    table = make_table(hands=[team_hand(points=63), team_hand(points=40), team_hand(points=70)])
    services.delete_hand(table.hands.get(seq=2))
    services.delete_hand(table.hands.get(seq=1))
    text = read(client, reverse("history", args=[table.edit_token]), "cs")
    deleted = text.split("Smazané hry")[1].split("Změny")[0]
    assert re.search(r"Hra 1: Anna \+ Cyril · 63 .*Hra 2: Anna \+ Cyril · 40", deleted), deleted


# Slovenian


def test_sl_schnapsen_is_snops(client):
    text = read(client, reverse("new_table"), "sl")
    assert "Šnops" in text and "Schnapsen" not in text.replace("schnapsen", "")


def test_sl_a_view_link_says_you_cannot_change_them_with_it(client):
    table = make_table()
    circle = Circle.objects.create(name="Četrtek", players=["Anna", "Bára"])
    for url in (reverse("view_table", args=[table.view_token]), reverse("circle_view", args=[circle.view_token])):
        text = read(client, url, "sl")
        assert "z njo pa jih ne morete spreminjati." in text, url
        assert "ne more spreminjati" not in text


def test_sl_the_difference_says_no_rounding_that_changes_nothing(client):
    four = ("Ana", "Bojan", "Cene", "Dora")
    table = make_table(
        game="slovenian-tarok",
        players=four,
        hands=[{"contract": "three", "declarer": "Ana", "partner": "Bojan", "points": 44}],
    )
    text = hand_page(client, table, 1, "sl")
    assert "Razlika: |44 − 35| = 9, na najbližjih 5: 10." in text
    assert "9 → 9" not in text


# A game's own words, from its web side


def test_schnapsen_asks_for_a_price_per_bummerl_at_the_end_of_the_evening(client):
    table = make_table(game="schnapsen", players=("Anna", "Bert"), hands=GAMES["schnapsen"].samples.table)
    text = read(client, reverse("end_evening", args=[table.edit_token]), "en")
    assert "Enter a price per Bummerl in Settings to see who pays whom how much." in text
    assert "per point" not in text
    assert "einen Preis pro Bummerl" in read(client, reverse("end_evening", args=[table.edit_token]), "de")


@pytest.mark.parametrize(
    ("language", "heading", "none_yet", "played"),
    [
        ("en", "Rounds", "No rounds yet.", "Rounds played"),
        ("cs", "Kola", "Zatím žádná kola.", "Odehraná kola"),
        ("sl", "Krogi", "Še ni krogov.", "Odigrani krogi"),
        ("de", "Runden", "Noch keine Runden.", "Gespielte Runden"),
    ],
)
def test_two_ten_jack_says_rounds_where_it_lists_and_counts_them(client, language, heading, none_yet, played):
    samples = GAMES["two-ten-jack"].samples
    circle = Circle.objects.create(name="Thursdays", players=list(samples.players))
    empty = services.create_table(game="two-ten-jack", players=list(samples.players), rules={}, circle=circle)
    client.cookies["django_language"] = language
    page = client.get(reverse("table", args=[empty.edit_token])).content.decode()
    assert re.search(rf'<h2 id="hands-heading">{heading}</h2>', page)
    assert none_yet in words(page)
    for data in samples.table:
        services.record_hand(empty, data)
    stats = read(client, reverse("circle", args=[circle.token]), language)
    assert played in stats
    hands = read(client, reverse("hands", args=[empty.edit_token]), language)
    assert hands.startswith(f"{heading} ·") or f" {heading} " in hands
