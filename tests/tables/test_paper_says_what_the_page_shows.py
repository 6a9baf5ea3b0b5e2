"""Every mark the table page shows is on paper too (issue 44): the score sheet and the CSV give each player's radelci
held and crossed off, say what a ± row is (a penalty with its reason, the end of the evening and what it cost: each
player's radelci still held, −100 each), and Schnapsen's end says the Bummerl under way was abandoned."""

import csv
import io

import pytest
from django.urls import reverse

from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db
FOUR = ("Ana", "Bojan", "Cene", "Dora")
BEGGAR = {"contract": "beggar", "declarer": "Cene", "won": True}  # SR3: every player gets a radelc
TWO = {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38}  # won: Bojan crosses one off
PENALTY = {"adjustment": {"Ana": -20, "Bojan": 0, "Cene": 0, "Dora": 0}, "reason": "revoke"}
END_PENALTY = {"radelci_end_penalty": 100}


def evening():
    return make_table(
        game="slovenian-tarok",
        players=FOUR,
        rules=END_PENALTY,
        hands=[BEGGAR, BEGGAR, TWO, PENALTY, {"closing": True}],
    )


def held_and_used(hands) -> tuple[list[int], list[int]]:
    """Each player's radelci held and crossed off before the closing, counted here from the hands (SR3): a declarer
    who holds one and wins crosses one off; a beggar then gives every player one."""
    held, used = dict.fromkeys(FOUR, 0), dict.fromkeys(FOUR, 0)
    for hand in hands:
        declarer = hand.get("declarer")
        if declarer and held[declarer] and (hand.get("won") or hand.get("points", 0) > 35):
            held[declarer] -= 1
            used[declarer] += 1
        if hand.get("contract") == "beggar":
            held = {name: count + 1 for name, count in held.items()}
    return [held[n] for n in FOUR], [used[n] for n in FOUR]


def test_the_sheet_and_the_csv_give_the_radelci_and_say_each_rows_words(client):
    table = evening()
    held, used = held_and_used([BEGGAR, BEGGAR, TWO])
    end_cost = [-100 * n for n in held]
    assert table.summary["marks"]["Ana"]["radelci_used"] == 0
    sheet = client.get(reverse("sheet", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = " ".join(visible_text(sheet).split())
    assert "± Adjustment: Ana −20 (revoke)" in text
    said = " ".join(f"{n}, radelci still held: {h} × −100 = {-100 * h}.".replace("-", "−") for n, h in zip(FOUR, held))
    assert f"± end of the evening · {said}" in text
    assert f"Radelci held{'0' * len(FOUR)}" in text  # the end penalty took them all (one cell a player)
    assert f"Radelci crossed off{''.join(str(n) for n in used)}" in text
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("export_csv", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en")
                .getvalue()
                .decode()
            )
        )
    )
    closing = next(row for row in rows if row[-1].startswith("end of the evening"))
    assert closing[0] == "±" and [int(x) for x in closing[1:5]] == end_cost
    assert all(f"{name}, radelci still held: " in closing[-1] for name in FOUR)
    assert rows[-2] == ["Radelci held", "0", "0", "0", "0", ""]
    assert rows[-1] == ["Radelci crossed off", *map(str, used), ""]


def test_the_radelci_held_before_the_end_are_on_paper(client):
    table = make_table(game="slovenian-tarok", players=FOUR, hands=[BEGGAR, TWO])
    held, used = held_and_used([BEGGAR, TWO])
    assert sum(held) and sum(used)
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.edit_token])).getvalue().decode())))
    assert rows[-2][1:5] == [str(n) for n in held] and rows[-1][1:5] == [str(n) for n in used]
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.count('class="radelc used"') == sum(used) and page.count('class="radelc"') == sum(held)


def test_schnapsens_sheet_says_the_bummerl_under_way_was_abandoned(client):
    table = make_table(
        game="schnapsen",
        players=("Anna", "Ben"),
        hands=[{"winner": "Anna", "game_points": 2}, {"closing": True}],
    )
    sheet = client.get(reverse("sheet", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = " ".join(visible_text(sheet).split())
    assert "± end of the evening · The Bummerl under way (Anna 2 – Ben 0) is abandoned" in text
