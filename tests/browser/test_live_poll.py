"""A table page's live poll that is on its way when the player leaves the page is cut short without an error in the
console (htmx logs an aborted request as one)."""

import pytest

from ..factories import make_table, team_hand

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
