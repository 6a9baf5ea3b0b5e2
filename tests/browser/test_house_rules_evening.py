"""A four-player Slovenian evening under the Tarok scorebook's rules: a beggar gives radelci, a lost Mond costs 20,
a revoke is written as a penalty, "what if" under pagat.com's rules shows what would differ, and the end of the
evening charges 100 for every radelc left, then settles up at the table's price."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.engines import table as engine_table
from games.models import Table

from .phone import enter, fits_the_screen, new_hand, new_table, record, save, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PLAYERS = ["Ana", "Bojan", "Cene", "Dora"]
HANDS = [
    {"contract": "beggar", "declarer": "Cene", "won": True},
    {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38, "mond_lost_by": "Ana"},
    {"adjustment": {"Dora": -20}, "reason": "revoke"},
]


def shown(scores: dict) -> dict[str, str]:
    return {p: str(scores[p]) for p in PLAYERS}


def test_a_scorebook_evening_with_a_penalty_a_what_if_and_its_end(phone: Page):
    page = phone
    scorebook = engine_table.setup("slovenian-tarok", {"preset": "scorebook"}, PLAYERS)
    pagat = engine_table.setup("slovenian-tarok", {"preset": "pagat"}, PLAYERS)

    new_table(page, "Slovenian Tarok", PLAYERS, rules={"preset": "scorebook"})
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Price per point (optional)").fill("0.10")
    page.get_by_role("button", name="Save settings").click()
    page.locator("h1.table-title").wait_for()
    assert Table.objects.get().rules == {"preset": "scorebook"}

    record(page, {"contract": "beggar", "declarer": "Cene", "won": True})

    new_hand(page)
    enter(page, {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points_whole": 38})
    mond = page.locator("details:has(input[name=mond_lost_by])")
    if mond.count() and not mond.first.evaluate("d => d.open"):
        mond.first.locator("summary").first.click()
    tap(page, "mond_lost_by", "Ana")
    expect(page.locator("#preview")).to_contain_text("20")
    save(page)

    # A revoke: Dora pays 20, written by hand with its reason.
    page.get_by_role("link", name="Penalty or correction").click()
    tap(page, "who", "Dora")
    page.get_by_label("How much").fill("20")
    page.locator("form:has(button:text('Record the penalty'))").get_by_label("Why (optional)").fill("revoke")
    page.get_by_role("button", name="Record the penalty").click()
    page.locator("h1.table-title").wait_for()
    recorded = engine_table.replay(scorebook, HANDS)
    assert totals(page) == shown(recorded.totals)
    table = Table.objects.get()
    assert [h.data for h in table.hands.order_by("seq")] == HANDS

    # What if the table played pagat.com's rules: the lost Mond costs 21, so Ana's line differs; nothing changes.
    page.get_by_role("link", name="What if?").click()
    tap(page, "preset", "pagat")
    page.get_by_role("button", name="Show what they would pay").click()
    would = engine_table.replay(pagat, HANDS).totals
    assert would["Ana"] != recorded.totals["Ana"]
    rows = page.locator("#totals-heading ~ table.compare tbody tr")
    ana = rows.filter(has=page.locator("th", has_text="Ana"))
    expect(ana).to_have_class("differs")
    expect(ana.locator("td").nth(1)).to_have_text(str(would["Ana"]).replace("-", "\u2212"))
    expect(page.get_by_text("1 hand would pay differently")).to_be_visible()
    fits_the_screen(page)
    page.locator("a", has_text=re.compile("Ana.*Bojan.*Cene.*Dora")).first.click()  # each name isolated
    assert totals(page) == shown(recorded.totals)

    # The end of the evening: each radelc still held costs 100 (Bojan crossed his off by winning), then settle up.
    page.get_by_role("link", name="End the evening").click()
    closed = engine_table.replay(scorebook, HANDS + [{"closing": True}])
    assert closed.results[-1].scores == {"Ana": -100, "Bojan": 0, "Cene": -100, "Dora": -100}
    expect(page.locator("ol.explanation")).to_contain_text("100")
    final = page.locator("ol.totals .total")
    assert dict(
        zip(
            final.locator(".name").all_inner_texts(),
            (s.replace("\u2212", "-") for s in final.locator(".score").all_inner_texts()),
        )
    ) == shown(closed.totals)
    expect(page.locator("ul.payments li").first).to_contain_text("pays")
    fits_the_screen(page)
    page.get_by_role("button", name="End the evening").click()
    page.locator("h1.table-title").wait_for()
    assert totals(page) == shown(closed.totals)
    expect(page.get_by_text("The evening has ended").first).to_be_visible()
    expect(page.get_by_role("link", name="Record a hand")).to_have_count(0)
    fits_the_screen(page)

    # And the next evening starts with the same players and rules in one tap.
    page.get_by_role("button", name="New evening with the same players").first.click()
    page.locator("h1.table-title").wait_for()
    assert totals(page) == {p: "0" for p in PLAYERS}
    assert Table.objects.order_by("-pk").first().rules == {"preset": "scorebook"}
