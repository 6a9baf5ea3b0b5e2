"""A Czech Taroky evening on a phone: create a table, record three hands, edit the first, check the page."""

import re

import pytest
from playwright.sync_api import Page, expect

from .phone import enter, fits_the_screen, new_hand, new_table, save, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_evening_of_czech_taroky(phone: Page):
    page = phone
    page.goto("/")
    page.get_by_role("link", name="New table").click()
    new_table(page, "Czech Taroky", ["Anna", "Bára", "Cyril", "Dana"], evening="Friday")
    expect(page.locator("h1")).to_contain_text("Friday")
    expect(page.get_by_text("First hand: povinnost is whoever was dealt the II.")).to_be_visible()

    # 1. A team game: Anna was dealt the II and plays with Cyril; 63 points. The preview shows the payout live.
    new_hand(page)
    enter(page, {"povinnost": "Anna", "partner": "Cyril", "points": 63})
    expect(page.locator("#preview")).to_contain_text("(d + 10) × 2 = 20 × 2 = 40.")
    expect(page.locator("[data-other]")).to_have_text("43")
    save(page, "Save hand")
    expect(page.locator(".messages")).to_contain_text("Hand recorded.")
    expect(page).to_have_url(re.compile(r"/t/[\w-]+/$"))  # the table's address: a reload opens the table, not a form
    assert totals(page) == {"Anna": "4", "Bára": "-4", "Cyril": "4", "Dana": "-4"}

    # 2. Prever by Dana, who went down to the second three (×2), with the points counted on the card counter.
    new_hand(page)
    expect(page.locator("input[name=povinnost][value='Bára']")).to_be_checked()
    tap(page, "mode", "prever")
    expect(page.locator("input[name=partner][value=Anna]")).to_be_hidden()
    enter(page, {"prever": "Dana", "talon": 2})
    page.get_by_text("Count the cards instead").click()
    page.get_by_label("Kings").fill("2")
    page.get_by_label("Queens").fill("3")
    page.get_by_label("One-point cards").fill("22")
    page.locator(".count:has(#id_count_ones) [data-step='1']").click()  # 23: 10 + 12 + 23 = 45
    expect(page.locator("input[name=points]")).to_have_value("45")
    expect(page.locator("#preview")).to_contain_text("× talon 2")
    save(page, "Save hand")
    assert totals(page) == {"Anna": "14", "Bára": "6", "Cyril": "14", "Dana": "-34"}

    # 3. Cyril and Anna, 58 points, contra, and Bára declares trul.
    new_hand(page)
    expect(page.locator("input[name=povinnost][value=Cyril]")).to_be_checked()
    enter(page, {"partner": "Anna", "points": 58, "contra": 1})
    page.get_by_text("Point cards (uni, bida, honery, trul …)").click()
    page.get_by_text("Bára declares trul").locator("..").click()
    expect(page.locator("#preview")).to_contain_text("Bára declared trul")
    save(page, "Save hand")
    assert totals(page) == {"Anna": "18", "Bára": "6", "Cyril": "18", "Dana": "-42"}

    # Edit the first hand: 40 points instead of 63; every later hand is recomputed.
    page.locator("table.hands tbody th a", has_text="1").last.click()
    expect(page.locator(".explanation")).to_contain_text("d = |63 − 53| = 10.")
    page.get_by_role("link", name="Edit this hand").click()
    expect(page.locator("input[name=points]")).to_have_value("63")
    page.locator("input[name=points]").fill("40")
    save(page, "Save changes")
    expect(page.locator(".messages")).to_contain_text("every later hand was recomputed")
    assert totals(page) == {"Anna": "9", "Bára": "15", "Cyril": "9", "Dana": "-33"}

    # Rotation: Cyril was povinnost last, so Dana is povinnost and Cyril deals.
    expect(page.locator(".total.is-leader .name")).to_have_text("Dana")
    expect(page.locator(".total:has(.badge.quiet) .name")).to_have_text("Cyril")
    fits_the_screen(page)
