"""A Slovenian hand's one line names the radelc that doubled its payout ("… · radelc ×2"; in klop, whose scores it
doubled), wherever a player reads the line: the table page's list of hands, the hand's own page, the score sheet and
the CSV, in every language; and a hand that no radelc doubled says none (a new player could not tell why Bojan and
Dora wrote +50 for a two worth 25)."""

import csv
import io
import re

import pytest
from django.urls import reverse

from ..engines.test_hand_lines_name_what_paid import RADELCI_EVENING
from ..factories import make_table, visible_text

pytestmark = pytest.mark.django_db
FOUR = ("Ana", "Bojan", "Cene", "Dora")
SAID = {  # what each language writes after the hands the radelci doubled (the second and the fourth)
    "en": ("radelc ×2", "radelc ×2: Ana, Cene, Dora"),
    "de": ("Radelc ×2", "Radelc ×2: Ana, Cene, Dora"),
    "cs": ("radelc ×2", "radelc ×2: Ana, Cene, Dora"),
    "sl": ("radelc ×2", "radelc ×2: Ana, Cene, Dora"),
}


def lines_of(page: str) -> list[str]:
    """The list of hands' lines (each hand's row under its scores) as a player reads them, the newest first."""
    body = page[page.index("<tbody") : page.rindex("</tbody>")]
    return [" ".join(visible_text(row).split()) for row in re.findall(r'<tr class="what">.*?</tr>', body, re.S)]


@pytest.mark.parametrize("language", SAID)
def test_the_table_page_names_the_radelc_that_doubled_a_hand_and_no_other(client, language):
    table = make_table(game="slovenian-tarok", players=FOUR, hands=RADELCI_EVENING)
    page = client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    klop, second_two, two, beggar = lines_of(page)
    assert two.endswith(" · 38 · " + SAID[language][0])
    assert klop.endswith(" · " + SAID[language][1])
    assert "adelc" not in beggar and "adelc" not in second_two
    assert "<bdi>Ana</bdi>, <bdi>Cene</bdi>, <bdi>Dora</bdi></a>" in page  # each name isolated, as everywhere


def test_the_hands_page_the_score_sheet_and_the_csv_name_it_too(client):
    table = make_table(game="slovenian-tarok", players=FOUR, hands=RADELCI_EVENING)
    hand = client.get(reverse("hand", args=[table.edit_token, 2]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bojan: Zweier mit Dora · 38 · Radelc ×2" in " ".join(visible_text(hand).split())
    sheet = " ".join(visible_text(client.get(reverse("sheet", args=[table.edit_token])).content.decode()).split())
    assert "Bojan: two with Dora · 38 · radelc ×2" in sheet
    assert "radelc ×2: Ana, Cene, Dora" in sheet and sheet.count("radelc ×2") == 2
    answer = client.get(reverse("export_csv", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en")
    rows = list(csv.reader(io.StringIO(answer.getvalue().decode())))
    assert [row[-1] for row in rows[1:5]] == [
        "Cene: beggar · made",
        "Bojan: two with Dora · 38 · radelc ×2",
        "Bojan: two with Dora · 38",
        "klop · Ana 20, Bojan 15⅓, Cene 20⅔, Dora 14 · radelc ×2: Ana, Cene, Dora",
    ]
