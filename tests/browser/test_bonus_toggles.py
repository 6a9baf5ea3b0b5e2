"""Slovenian bonuses are toggles: each tap moves a bonus to its next state, and the payout follows."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_bonus_toggle_cycles_through_its_states(phone: Page):
    phone.goto("/rules/slovenian-tarok/")
    phone.locator("label.tap:has(input[name=contract][value=two])").click()
    phone.locator("label.tap:has(input[name=declarer][value=A])").click()
    phone.locator("input[name=points_whole]").fill("40")
    phone.get_by_text("Bonuses: trula, kings, pagat ultimo, valat …").click()
    toggle = phone.locator("[data-cycle=bonus_trula]")
    expect(toggle).to_have_text("—")
    toggle.click()
    expect(toggle).to_have_text("made, unannounced")
    expect(phone.locator("#preview")).to_contain_text("trula unannounced by the declarers, made: +10")
    toggle.click()
    expect(toggle).to_have_text("announced, made")
    expect(phone.locator("#preview")).to_contain_text("trula announced by the declarers, made: +20")
    toggle.click()
    expect(toggle).to_have_text("announced, failed")
    expect(phone.locator("#preview")).to_contain_text("trula announced by the declarers, failed: −20")
    phone.locator("select[name=bonus_trula_kontra]").select_option("1")
    expect(phone.locator("#preview")).to_contain_text("trula announced × 2 by the declarers, failed: −40")
    toggle.click()
    expect(toggle).to_have_text("—")
    pagat = phone.locator("[data-cycle=bonus_pagat-ultimo]")
    for _ in range(4):
        pagat.click()
    expect(pagat).to_have_text("lost in the last trick")
    expect(phone.locator("#preview")).to_contain_text("pagat ultimo unannounced by the declarers, failed: −25")
