"""A four-player Slovenian evening: a beggar gives radelci, a doubled game, a klop, then the beggar is edited."""

import pytest
from playwright.sync_api import Page, expect

from .phone import enter, fits_the_screen, new_hand, new_table, save, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def radelci(page: Page, name: str) -> tuple[int, int]:
    card = page.locator(".total", has=page.locator(".name", has_text=name))
    return card.locator(".radelc:not(.used)").count(), card.locator(".radelc.used").count()


def test_a_slovenian_evening(phone: Page):
    page = phone
    new_table(page, "Slovenian Tarok", ["Ana", "Bojan", "Cene", "Dora"])

    # 1. Cene plays beggar and makes it: +70, and everyone gets a radelc.
    new_hand(page)
    enter(page, {"contract": "beggar", "declarer": "Cene", "won": True})
    expect(page.locator("#preview")).to_contain_text("every player gets a radelc")
    save(page, "Save hand")
    assert totals(page)["Cene"] == "70"
    assert radelci(page, "Ana") == (1, 0)

    # 2. Bojan plays two with Dora, 38 points: doubled by his radelc, which he crosses off.
    new_hand(page)
    enter(page, {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points_whole": 38})
    expect(page.locator("#preview")).to_contain_text("Bojan holds a radelc: × 2 = +50.")
    save(page, "Save hand")
    assert totals(page) == {"Ana": "0", "Bojan": "50", "Cene": "70", "Dora": "50"}
    assert radelci(page, "Bojan") == (0, 1)

    # 3. Klop: Ana takes no trick: +70, doubled by her radelc. The live check adds the points to 70.
    new_hand(page)
    enter(page, {"contract": "klop", "klop_0": 0, "klop_1": 20, "klop_2": 25})
    expect(page.locator("[data-parts-sum]")).to_have_class("bad")
    page.locator("input[name=klop_3]").fill("25")
    expect(page.locator("[data-parts-sum]")).to_have_text("70")
    expect(page.locator("[data-parts-sum]")).not_to_have_class("bad")
    save(page, "Save hand")
    assert totals(page) == {"Ana": "140", "Bojan": "50", "Cene": "70", "Dora": "50"}
    assert radelci(page, "Ana") == (1, 1) and radelci(page, "Cene") == (2, 0)

    # Edit the beggar into a three (40 points): no radelci from it, so hand 2 is no longer doubled.
    page.locator("table.hands tbody th a", has_text="1").last.click()
    page.get_by_role("link", name="Edit this hand").click()
    enter(page, {"contract": "three", "points_whole": 40})
    save(page, "Save changes")
    assert totals(page) == {"Ana": "70", "Bojan": "25", "Cene": "15", "Dora": "25"}
    assert radelci(page, "Bojan") == (1, 0) and radelci(page, "Ana") == (1, 0)
    fits_the_screen(page)
