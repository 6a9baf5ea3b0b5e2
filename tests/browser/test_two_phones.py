"""The scorekeeper records; a viewer's phone updates by itself within seconds and offers no way to edit."""

import pytest
from playwright.sync_api import expect

from .phone import enter_czech, new_hand, new_table, save, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_viewer_follows_the_scorekeeper(browser, live_server):
    phone = {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "base_url": live_server.url,
        "service_workers": "block",
    }
    keeper_context, viewer_context = browser.new_context(**phone), browser.new_context(**phone)
    keeper, viewer = keeper_context.new_page(), viewer_context.new_page()
    new_table(keeper, "Czech Taroky", ["Anna", "Bára", "Cyril", "Dana"])
    view_link = keeper.locator("#view-link").input_value()
    assert keeper.locator("#edit-link").input_value() not in view_link

    viewer.goto(view_link)
    expect(viewer.get_by_text("View only")).to_be_visible()
    expect(viewer.locator(".total .score").first).to_have_text("0")

    new_hand(keeper)
    tap(keeper, "povinnost", "Anna")
    enter_czech(keeper, {"partner": "Cyril", "points": 63})
    save(keeper)
    expect(keeper.locator(".messages")).to_contain_text("Hand recorded.")

    # Without touching the viewer's phone, its page shows the new hand within five seconds.
    expect(viewer.locator(".total .score").first).to_have_text("4", timeout=6000)
    expect(viewer.locator("table.hands")).to_contain_text("Anna + Cyril · 63")

    # Nothing on the viewer's pages changes the table: no form but the language list, no edit links.
    for page in (viewer,):
        expect(page.locator("form:not(.language)")).to_have_count(0)
        expect(page.get_by_role("link", name="Record a hand")).to_have_count(0)
    viewer.locator("table.hands tbody th a").first.click()
    expect(viewer.locator(".explanation")).to_contain_text("d = |63 − 53| = 10.")
    expect(viewer.get_by_role("link", name="Edit this hand")).to_have_count(0)
    expect(viewer.locator("form:not(.language)")).to_have_count(0)
    html = viewer.content()
    assert keeper.url.split("/t/")[1].split("/")[0] not in html, "the edit token never reaches the viewer"
    keeper_context.close()
    viewer_context.close()
