"""A penalty, a correction and the end of the evening are rows of the list but no hands: the table page's "show
all N hands", the list's numbers, the history's and the chart's axis count the hands of the game only."""

import csv
import io
import re

import pytest
from django.urls import reverse

from games.models import Hand
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
PENALTY = {"adjustment": {"Anna": 5, "Bára": -15, "Cyril": 5, "Dana": 5}, "reason": "revoke"}


def evening():
    """Eleven hands with a penalty after the fourth, then the end of the evening: thirteen rows."""
    hands = (
        [team_hand(points=40 + i) for i in range(4)]
        + [PENALTY]
        + [team_hand(points=50 + i) for i in range(7)]
        + [{"closing": True}]
    )
    return make_table(hands=hands)


def is_hand(data) -> bool:
    return "adjustment" not in data and "closing" not in data


def counted(table) -> dict[int, int]:
    """Each live hand's number among the hands, by its place (seq), counted here from the stored data."""
    numbers, n = {}, 0
    for hand in Hand.objects.filter(table=table, deleted=False).order_by("seq"):
        if is_hand(hand.data):
            n += 1
            numbers[hand.seq] = n
    return numbers


def test_the_table_page_offers_all_its_hands_by_their_number(client):
    table = evening()
    hands = len(counted(table))
    assert table.hand_count == hands + 2
    page = visible_text(
        client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f"Show all {hands} hands" in page and f"Show all {table.hand_count} hands" not in page


def test_the_list_numbers_the_hands_and_leaves_the_penalty_and_the_end_unnumbered(client):
    table = evening()
    numbers = counted(table)
    page = client.get(reverse("hands", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = re.findall(r'<th scope="row"><a href="/t/[^/]+/hands/(\d+)/" aria-label="([^"]+)">([^<]+)</a></th>', page)
    assert len(rows) == table.hand_count
    for seq, aria, label in rows:
        if int(seq) in numbers:
            assert label == str(numbers[int(seq)]) and aria == f"Hand {numbers[int(seq)]}: explanation"
        else:
            assert label == "±" and aria == "Penalty, correction or end: explanation"


def test_the_history_numbers_hands_only(client):
    table = evening()
    numbers = counted(table)
    history = visible_text(
        client.get(reverse("history", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    recorded = [int(n) for n in re.findall(r"Hand (\d+) recorded", history)]
    assert sorted(recorded) == sorted(numbers.values())
    assert "Recorded: end of the evening" in history and history.count("Recorded: ") == 2  # and the penalty


def test_a_hand_edited_or_deleted_after_a_penalty_keeps_its_number_among_the_hands(client):
    table = evening()
    numbers = counted(table)
    last_hand = Hand.objects.filter(table=table, seq=max(numbers)).get()
    services.edit_hand(last_hand, team_hand(points=61))
    services.delete_hand(Hand.objects.get(table=table, seq=max(numbers) - 1))
    history = visible_text(
        client.get(reverse("history", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f"Hand {len(counted(table))} changed" in history  # named as its page names it now (one fewer before it)
    assert f"Hand {numbers[max(numbers) - 1]} deleted" in history
    detail = visible_text(
        client.get(reverse("hand", args=[table.edit_token, max(numbers)]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f"Hand {len(counted(table))}" in detail  # one hand fewer before it now


def test_the_charts_axis_ends_at_the_number_of_hands(client):
    table = evening()
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    axis = re.search(r'text-anchor="end" fill="#4f5f57">hand (\d+)</text>', page)
    assert axis and int(axis.group(1)) == len(counted(table))


def test_the_list_of_all_hands_says_how_many_hands_it_holds(client):
    table = evening()
    page = visible_text(
        client.get(reverse("hands", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f"{len(counted(table))} hands" in page and f"{table.hand_count} hands" not in page


def test_the_end_of_the_evenings_own_page_has_no_hand_number(client):
    table = evening()
    closing = Hand.objects.filter(table=table, deleted=False).order_by("-seq").first()
    page = visible_text(
        client.get(reverse("hand", args=[table.edit_token, closing.seq]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert "end of the evening" in page and f"Hand {table.hand_count}" not in page


def labels(table) -> list[str]:
    """Each live row's name as the table page writes it, counted here: its number among the hands, or ±."""
    numbers = counted(table)
    rows = Hand.objects.filter(table=table, deleted=False).order_by("seq")
    return [str(numbers[hand.seq]) if hand.seq in numbers else "±" for hand in rows]


def test_the_score_sheet_and_the_csv_name_each_row_as_the_list_does(client):
    table = evening()
    expected = labels(table)
    assert "±" in expected and expected[5] == "5"  # the hand after the penalty is the fifth hand, the sixth row
    sheet = client.get(reverse("sheet", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.findall(r'<tr><th scope="row">([^<]+)</th>', sheet) == [*expected, "Σ"]  # and the totals' row
    text = client.get(reverse("export_csv", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").getvalue().decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert [row[0] for row in rows[1:-1]] == expected and rows[-1][0] == "total"


def test_what_if_names_each_hand_by_its_number_among_the_hands(client):
    table = evening()
    numbers = counted(table)
    url = reverse("what_if", args=[table.edit_token])
    flipped = {"preset": "", "rule_step_factor": "false"}  # every team hand pays differently, the penalty the same
    page = visible_text(client.get(url, flipped, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    listed = [int(n) for n in re.findall(r"Hand (\d+) ", page)]
    assert listed == sorted(numbers.values()), "the hands by their numbers, the penalty and the end not among them"
    after_the_penalty = sorted(numbers)[4]
    focus = visible_text(
        client.get(url, {**flipped, "hand": after_the_penalty}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f"Hand {numbers[after_the_penalty]} under these rules" in focus
    penalty = next(seq for seq in range(1, table.hand_count + 1) if seq not in numbers)
    focus = visible_text(client.get(url, {**flipped, "hand": penalty}, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Under these rules" in focus and f"Hand {penalty} under" not in focus
