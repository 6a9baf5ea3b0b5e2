"""The settle-up says what it settles and shows each payment's sum: in Slovenian Tarok every two players settle
the difference of their totals; in Schnapsen the lost Bummerl are paid, not the game points, and the settings,
the table page and the end of the evening all price a Bummerl."""

import pytest
from django.urls import reverse

from games.models import Table

from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db


def priced(table: Table, price: str, currency: str = "€") -> Table:
    Table.objects.filter(pk=table.pk).update(price_per_point=price, currency=currency)
    table.refresh_from_db()
    return table


def text_of(client, name: str, table: Table, language: str = "en") -> str:
    return visible_text(
        client.get(reverse(name, args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )


def test_slovenian_tarok_says_every_two_players_settle_their_difference_with_the_sum(client):
    # Ana made a beggar (+70): she receives 70 from each of the three others.
    table = priced(
        make_table(
            game="slovenian-tarok",
            players=("Ana", "Bojan", "Cene", "Dora"),
            hands=[{"contract": "beggar", "declarer": "Ana", "won": True}],
        ),
        "0.01",
    )
    text = " ".join(text_of(client, "table", table).split())
    assert "Every two players settle the difference of their totals" in text
    assert "At €0.01 per point, the fewest payments:" in text
    assert "Bojan pays Ana: €0.70 (70 points × €0.01)" in text


def test_schnapsen_pays_the_lost_bummerl_not_the_game_points(client):
    hands = [{"winner": "Anna", "game_points": 3}] * 3
    table = priced(make_table(game="schnapsen", players=("Anna", "Ben"), hands=hands), "2")
    assert table.summary["bummerl"] == {"Anna": 0, "Ben": 2}
    for page in ("table", "end_evening"):
        text = " ".join(text_of(client, page, table).split())
        assert "What is paid is the lost Bummerl, not the game points of the totals" in text, page
        assert "At €2.00 per Bummerl" in text, page
        assert "Ben pays Anna: €4.00 (2 Bummerl × €2.00)" in text, page
        assert "per point" not in text, page
    assert "Price per Bummerl (optional)" in text_of(client, "settings", table)
    assert "Price per point (optional)" in text_of(client, "settings", make_table())


def test_the_sum_is_counted_in_the_players_language(client):
    hands = [{"winner": "Anna", "game_points": 3}] * 3
    table = priced(make_table(game="schnapsen", players=("Anna", "Ben"), hands=hands), "2")
    text = " ".join(text_of(client, "table", table, "de").split())
    assert "(2 Bummerl × 2,00 €)" in text
