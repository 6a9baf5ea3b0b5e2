"""Under the Content-Security-Policy, htmx's live preview and one-round-trip Save work: no inline script or style is
blocked, nothing is fetched from another origin. Every page of every game, in all four languages, is watched the same
way by test_every_screen.py."""

import pytest

from tests.factories import make_sample

from .phone import blocked, save, watch_the_policy

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_live_preview_and_save_work_under_the_policy(phone, live_server):
    """Every page of every game, in every language, is opened under the policy by test_every_screen.py (which watches
    it with watch_the_policy); here htmx's live preview and its one-round-trip Save."""
    console, outside = watch_the_policy(phone.context, live_server.url)
    table = make_sample("czech-taroky")
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    phone.locator("label.tap:has(input[name=partner][value='Cyril'])").first.click()
    phone.fill("input[name=points]", "70")
    phone.locator("#preview .explanation").wait_for()
    save(phone)
    assert blocked(phone) == []
    assert console == [] and outside == []
