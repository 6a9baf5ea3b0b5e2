"""Numbers on the pages are written as the player's language writes them (Django's formats: Czech ``−1 500``,
``0,10 Kč``, ``4,0``; German and Slovenian ``−1.500``; English ``−1,500``), with the true minus sign; the table
document and CSV stay machine-readable."""

import json
import re

import pytest
from django.urls import reverse

from games.models import Circle, HandFacts, Score, Table
from games.tables import services
from games.tables.stats import player_stats

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db

# language → (thousands separator, decimal separator), as Django's locale formats have them
SEPARATORS = {"cs": ("\xa0", ","), "sl": (".", ","), "de": (".", ","), "en": (",", ".")}
CARRIED = {"adjustment": {"Anna": 1500, "Bára": -1500, "Cyril": 0, "Dana": 0}, "reason": "sheet"}


def written(value: int, language: str) -> str:
    grouped = f"{abs(value):,}".replace(",", SEPARATORS[language][0])
    return ("−" if value < 0 else "") + grouped


def page(client, name: str, table: Table, language: str, *args, query: str = "") -> str:
    return client.get(
        reverse(name, args=[table.edit_token, *args]) + query, HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()


def carried_table() -> Table:
    table = make_table(hands=[CARRIED, team_hand(points=63)])
    Table.objects.filter(pk=table.pk).update(price_per_point="0.10", currency="Kč")
    table.refresh_from_db()
    return table


@pytest.mark.parametrize("language", SEPARATORS)
def test_the_totals_the_score_sheet_and_what_if_group_thousands(client, language):
    table = carried_table()
    low = table.totals["Bára"]
    assert low < -1000
    for name, query in (("table", ""), ("sheet", ""), ("what_if", "?rule_step_factor=false")):
        text = visible_text(page(client, name, table, language, query=query))
        assert written(low, language) in text, name
        assert str(low) not in text and f"−{-low}" not in text, name


@pytest.mark.parametrize("language", SEPARATORS)
def test_the_charts_axis_groups_thousands(client, language):
    table = carried_table()
    chart = page(client, "table", table, language).split("<svg", 1)[1].split("</svg>", 1)[0]
    assert written(min(table.totals.values()), language) in chart


@pytest.mark.parametrize("language", SEPARATORS)
def test_the_settle_up_writes_money_with_the_languages_decimal_separator(client, language):
    table = carried_table()
    _thousands, decimal = SEPARATORS[language]
    text = visible_text(page(client, "table", table, language))
    assert f"0{decimal}10 Kč" in text
    other = "." if decimal == "," else ","
    amounts = re.findall(r"(\d+[.,]\d\d) Kč \(", text)  # each payment: "150,40 Kč (1 504 points × 0,10 Kč)"
    assert amounts and all(decimal in a and other not in a for a in amounts)
    assert f"{written(1504, language)}" in text.split("0" + decimal + "10 Kč", 1)[1]


@pytest.mark.parametrize("language", SEPARATORS)
def test_an_explanation_writes_its_tenths_with_the_languages_decimal_separator(client, language):
    table = make_table(hands=[team_hand(points=63)])
    text = visible_text(page(client, "hand", table, language, 1))
    _thousands, decimal = SEPARATORS[language]
    assert re.search(rf"/ 10 = \d+{re.escape(decimal)}\d", text)
    assert not re.search(rf"/ 10 = \d+{re.escape('.' if decimal == ',' else ',')}\d", text)


@pytest.mark.parametrize("language", SEPARATORS)
def test_an_adjustment_in_the_hand_list_groups_thousands(client, language):
    table = carried_table()
    text = visible_text(page(client, "hands", table, language))
    assert "+" + written(1500, language) in text and written(-1500, language) in text


@pytest.mark.parametrize("language", SEPARATORS)
def test_the_statistics_write_an_average_with_the_languages_decimal_separator(client, language):
    client.post(reverse("new_circle"), {"name": "Friday club", "players": "Anna\nBára\nCyril\nDana"})
    circle = Circle.objects.get()
    table = services.create_table(game="czech-taroky", players=["Anna", "Bára", "Cyril", "Dana"], circle=circle)
    for hand in (team_hand(points=63), team_hand(points=70)):
        services.record_hand(table, hand)
    anna = next(
        row for row in player_stats("czech-taroky", Score.objects.all(), HandFacts.objects.all()) if row.name == "Anna"
    )
    assert anna.average.denominator == 2  # (4 + 5) / 2 = 4.5
    tenths = int(anna.average * 10)
    expected = f"{written(tenths // 10, language)}{SEPARATORS[language][1]}{tenths % 10}"
    text = visible_text(
        client.get(reverse("circle", args=[circle.token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert expected in text


def test_the_exports_stay_machine_readable_in_any_language(client):
    table = carried_table()
    csv = client.get(reverse("export_csv", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="cs").getvalue().decode()
    document = json.loads(
        client.get(reverse("export_json", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="cs").getvalue()
    )
    assert "-1500" in csv and "1\xa0500" not in csv
    assert document["hands"][0]["adjustment"]["Bára"] == -1500


# Ben pays Aiko the difference of their totals (2♥: 10 − 0) at 0.70 a point: 7.00, with a currency sign ($) and
# with a currency in letters (Kč), as each language writes it
MONEY = {
    "en": ("$7.00", "7.00 Kč"),
    "cs": ("7,00 $", "7,00 Kč"),
    "sl": ("7,00 $", "7,00 Kč"),
    "de": ("7,00 $", "7,00 Kč"),
}


@pytest.mark.parametrize("language", MONEY)
def test_money_puts_a_currency_sign_where_the_language_writes_it(client, language):
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben"), hands=[{"captured": {"Aiko": ["2H"]}}])
    for currency, expected in zip(("$", "Kč"), MONEY[language]):
        Table.objects.filter(pk=table.pk).update(price_per_point="0.70", currency=currency)
        text = " ".join(visible_text(page(client, "table", table, language)).split())
        assert expected in text, (currency, expected)
