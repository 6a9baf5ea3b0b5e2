"""A request cut short on purpose logs no error in the console (htmx logs an aborted request as one): a table page's
live poll on its way when the player leaves the page, a preview a newer one replaces, a preview on its way when the
player saves; and a poll is not sent while the phone has no network at all."""

import pytest
from playwright.sync_api import expect

from games.tables import services

from ..factories import make_table, team_hand
from .phone import tap

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_leaving_the_page_during_a_live_poll_logs_no_error(phone):
    table = make_table(hands=[team_hand()])
    errors = []
    phone.on("console", lambda message: message.type == "error" and errors.append(message.text))
    held = []
    phone.route("**/live/**", lambda route: held.append(route))  # the poll's answer never comes
    phone.goto(f"/t/{table.edit_token}/")
    phone.wait_for_function("() => true")
    for _ in range(100):  # the poll is on its way
        if held:
            break
        phone.wait_for_timeout(100)
    assert held
    phone.locator(".actions a.button.primary").click()
    phone.wait_for_url(f"**/t/{table.edit_token}/hands/new/")
    phone.locator("form.hand-form").wait_for()
    assert not [error for error in errors if "sendAbort" in error or "afterRequest" in error]


def test_previews_replaced_or_cut_short_by_a_save_log_no_error(phone):
    table = make_table(hands=[team_hand()])
    errors, held = [], []
    phone.on("console", lambda message: message.type == "error" and errors.append(message.text))
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    phone.route("**/preview/**", lambda route: held.append(route))  # no preview's answer comes
    tap(phone, "partner", "Dana")  # a preview on its way
    phone.fill("input[name=points]", "58")  # a newer one replaces it
    for _ in range(100):
        if len(held) >= 2:
            break
        phone.wait_for_timeout(100)
    assert len(held) >= 2
    phone.locator("button[name=save]").click()  # the page is left with the newer one on its way
    phone.wait_for_url(f"**/t/{table.edit_token}/")
    phone.locator("#top .totals").wait_for()
    assert not [error for error in errors if error.startswith("htmx:")]


def test_without_network_the_live_poll_is_not_sent_and_logs_no_error(phone):
    table = make_table(hands=[team_hand()])
    errors, asked = [], []
    phone.on("console", lambda message: message.type == "error" and errors.append(message.text))
    phone.context.on("request", lambda request: "/live/" in request.url and asked.append(request.url))
    phone.goto(f"/t/{table.edit_token}/")
    for _ in range(100):  # the poll runs
        if asked:
            break
        phone.wait_for_timeout(100)
    assert asked
    phone.context.set_offline(True)
    asked.clear()
    phone.wait_for_timeout(7_000)  # two polls' time
    assert asked == [] and errors == []
    phone.context.set_offline(False)
    services.record_hand(table, team_hand(povinnost="Bára"))  # another phone's hand: shown at the next poll
    table.refresh_from_db()
    expect(phone.locator("#top .totals .total .score")).to_have_text(
        [f"\u2212{-score}" if score < 0 else str(score) for score in map(table.totals.get, table.players)],
        timeout=10_000,
    )
