"""A rejected Save does not look like nothing happened: an alert at the top says what to fix and takes the focus,
each field concerned is marked aria-invalid with its message beside it, and a closed section holding an error opens."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.factories import make_table

from .phone import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IN_VIEW = """(el) => { const box = el.getBoundingClientRect(); return box.top >= 0 && box.top < innerHeight; }"""


def rejected(page: Page, field: str, says: str) -> None:
    """After Save: the alert is in view, holds the focus and says it; the field is marked and its message shown."""
    alert = page.locator("[role=alert]").first
    expect(alert).to_be_visible()
    expect(alert).to_contain_text(says)
    assert alert.evaluate(IN_VIEW), "the alert is not in view"
    assert page.evaluate("() => !!document.activeElement.closest('[role=alert]')"), "the alert does not have focus"
    marked = page.locator(f"[name='{field}'][aria-invalid=true]").first
    expect(marked).to_have_count(1)
    holder = page.locator(f"fieldset:has([name='{field}']), .field:has([name='{field}'])").last
    expect(holder.locator(".errorlist")).to_be_visible()
    assert not Hand.objects.exists()


def test_a_first_czech_hand_with_nobody_tapped_as_povinnost(phone: Page):
    table = make_table()
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    tap(phone, "partner", "Cyril")
    phone.locator("input[name=points]").fill("63")
    phone.get_by_role("button", name="Save hand").click()
    rejected(phone, "povinnost", "povinnost")


def test_impossible_point_cards_name_the_declarations_that_clash_and_open_their_section(phone: Page):
    table = make_table()
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    tap(phone, "povinnost", "Anna")
    tap(phone, "partner", "Cyril")
    phone.locator("input[name=points]").fill("63")
    section = phone.locator("details:has([name=trumps_0])")
    section.locator("summary").click()
    for i in range(3):
        phone.locator(f"[name=trumps_{i}]").select_option("uni")
    section.locator("summary").click()  # closed again: the error must open it
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("[role=alert]").first).to_contain_text("cannot all be true")
    assert phone.locator("details:has([name=trumps_0])").evaluate("d => d.open")
    assert not Hand.objects.exists()


def test_a_slovenian_three_with_no_points(phone: Page):
    table = make_table(game="slovenian-tarok", players=("Ana", "Bojan", "Cene", "Dora"))
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    tap(phone, "contract", "three")
    tap(phone, "declarer", "Bojan")
    tap(phone, "partner", "Dora")
    phone.get_by_role("button", name="Save hand").click()
    rejected(phone, "points_whole", "points")
