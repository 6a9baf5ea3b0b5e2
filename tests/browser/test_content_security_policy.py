"""Under the Content-Security-Policy every page works as before: no inline script or style is blocked, nothing
is fetched from another origin, and htmx's live preview and one-round-trip Save still work."""

import pytest

from games.registry import GAMES
from tests.factories import make_sample

from .phone import save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WATCH = """document.addEventListener("securitypolicyviolation", (event) => {
  (window.__violations = window.__violations || []).push(event.violatedDirective + " " + event.blockedURI); });"""


def test_no_page_breaks_the_policy(phone, live_server):
    phone.add_init_script(WATCH)
    console = []
    phone.on(
        "console", lambda message: console.append(message.text) if "Content Security Policy" in message.text else None
    )
    outside = []
    phone.on(
        "request",
        lambda request: (
            outside.append(request.url) if not request.url.startswith((live_server.url, "data:", "blob:")) else None
        ),
    )
    for game in GAMES:
        table = make_sample(game)
        for url in (
            f"/t/{table.edit_token}/",
            f"/t/{table.edit_token}/hands/new/",
            f"/t/{table.edit_token}/hands/1/",
            f"/t/{table.edit_token}/settings/",
            f"/t/{table.edit_token}/history/",
            f"/t/{table.edit_token}/sheet/",
            f"/v/{table.view_token}/",
            f"/rules/{game}/",
            f"/new/{game}/",
        ):
            phone.goto(url)
            assert phone.evaluate("window.__violations || []") == [], url
    table = make_sample("czech-taroky")
    phone.goto(f"/t/{table.edit_token}/hands/new/")
    phone.locator("label.tap:has(input[name=partner][value='Cyril'])").first.click()
    phone.fill("input[name=points]", "70")
    phone.locator("#preview .explanation").wait_for()
    save(phone)
    assert phone.evaluate("window.__violations || []") == []
    assert console == [] and outside == []
