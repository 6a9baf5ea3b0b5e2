"""Statistics count the hands of the game: a penalty, a correction and the end of the evening are no hands (their
points are in the total, not in the average payout of a hand), and "won as declarer" counts only the hands a
player declared, not those where they were the partner."""

import re
from fractions import Fraction

import pytest
from django.urls import reverse

from games.models import Circle, Hand
from games.tables import services

from ..factories import visible_text

pytestmark = pytest.mark.django_db
SLOVENIAN = ["Ana", "Bojan", "Cene", "Darja"]


def circle_table(*, game, players, hands, rules=None):
    circle = Circle.objects.create(name="Club", players=list(players))
    table = services.create_table(game=game, players=list(players), circle=circle, rules=rules or {})
    for data in hands:
        services.record_hand(table, data)
    table.refresh_from_db()
    return circle, table


def hands_of(table):
    """The stored hands that are hands of the game, told apart by the table document's own words: an adjustment
    or a closing is no hand."""
    return [
        hand
        for hand in Hand.objects.filter(table=table, deleted=False).order_by("seq")
        if "adjustment" not in hand.data and "closing" not in hand.data
    ]


def one_decimal(value: Fraction) -> str:
    """English, one decimal, half up: 10.7, −2.5."""
    tenths = abs(value) * 10
    whole = int(tenths + Fraction(1, 2))
    return ("\u2212" if value < 0 and whole else "") + f"{whole // 10}.{whole % 10}"


def cards(client, circle) -> dict[str, str]:
    """Each player's statistics card as read on the circle's page (English), by name."""
    page = client.get(reverse("circle", args=[circle.token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    found = {}
    for article in re.findall(r'<article class="stat-card">(.*?)</article>', page, flags=re.S):
        text = " ".join(visible_text(article.replace("<", " <")).split())
        found[text.split(" ")[0]] = text
    return found


def test_penalties_and_the_end_of_the_evening_are_no_hands_played(client):
    circle, table = circle_table(
        game="slovenian-tarok",
        players=SLOVENIAN[:3],
        rules={"radelci_end_penalty": 50},
        hands=[
            {"contract": "beggar", "declarer": "Ana", "won": True},
            {"contract": "two", "declarer": "Bojan", "points": 41},
            {"adjustment": {"Bojan": -20}, "reason": "revoke"},
            {"contract": "one", "declarer": "Cene", "points": 30},
            {"closing": True},
        ],
    )
    assert table.hand_count == 5  # five rows, three of them hands
    hands = hands_of(table)
    shown = cards(client, circle)
    for i, name in enumerate(table.players):
        own = sum(hand.scores[i] for hand in hands)
        assert f"Hands played {len(hands)} " in shown[name]
        assert f"Average payout {one_decimal(Fraction(own, len(hands)))} " in shown[name]
    assert table.totals["Bojan"] < sum(hand.scores[1] for hand in hands)  # the penalty is in the total only


def test_a_czech_penalty_and_closing_leave_the_average_of_the_hands(client):
    players = ["Anna", "Bára", "Cyril", "Dana"]
    circle, table = circle_table(
        game="czech-taroky",
        players=players,
        hands=[
            {"povinnost": "Anna", "partner": "Cyril", "points": 63},
            {"povinnost": "Bára", "partner": "Dana", "points": 30},
            {"adjustment": {"Anna": 5, "Bára": -15, "Cyril": 5, "Dana": 5}, "reason": "revoke"},
            {"closing": True},
        ],
    )
    hands = hands_of(table)
    shown = cards(client, circle)
    for i, name in enumerate(players):
        own = sum(hand.scores[i] for hand in hands)
        assert f"Hands played {len(hands)} " in shown[name]
        assert f"Average payout {one_decimal(Fraction(own, len(hands)))} " in shown[name]


def declared(table, name):
    """(won, played) of each contract ``name`` declared, read from the stored hands' data."""
    record: dict[str, list[int]] = {}
    for hand in hands_of(table):
        data = hand.data
        if data.get("declarer") == name:
            won = data["points"] >= 36 if "points" in data else data["won"]
            row = record.setdefault(data["contract"], [0, 0])
            row[0] += won
            row[1] += 1
    return record


def test_won_as_declarer_counts_only_the_declarers_hands(client):
    circle, table = circle_table(
        game="slovenian-tarok",
        players=SLOVENIAN,
        hands=[
            {"contract": "one", "declarer": "Cene", "partner": "Bojan", "points": 40},
            {"contract": "two", "declarer": "Bojan", "partner": "Ana", "points": 50},
            {"contract": "three", "declarer": "Bojan", "partner": "Cene", "points": 20},
            {"contract": "beggar", "declarer": "Darja", "won": False},
        ],
    )
    shown = cards(client, circle)
    names = {"one": "one", "two": "two", "three": "three", "beggar": "beggar"}
    for name in SLOVENIAN:
        record = declared(table, name)
        rows = re.findall(r"Won as declarer, (\w+) (\d+) / (\d+)", shown[name])
        assert {mode: [int(w), int(p)] for mode, w, p in rows} == {names[c]: r for c, r in record.items()}
        as_declarer = int(re.search(r"As declarer (\d+)", shown[name]).group(1))
        assert as_declarer == sum(played for _won, played in record.values())  # the rows add up to it
        on_side = sum(1 for hand in hands_of(table) if name in (hand.data.get("declarer"), hand.data.get("partner")))
        assert f"On the declarer side {on_side} " in shown[name]
