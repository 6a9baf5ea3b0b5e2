"""The test-only game (Hearts, tests/hearts), registered for the test session and named nowhere in the app, works on a
phone without signal like the four real games: keeping its table downloads its engine with the registry's, the hand
form's preview and the totals are computed on the phone and equal `manage.py settle`, its mark (moons, described by
its own web module) is drawn beside the total and under the totals by the shared script, and once the signal is
back the server holds the hands and the same totals. Its hands depend on the round: the table's mark ``cards`` (what
this round deals) follows the hands kept on the phone, on the table page and on the hand form the phone keeps."""

import pytest
from playwright.sync_api import expect

from games.tables import services

from ..factories import make_table
from .phone import enter
from .test_offline import context, keep, page_totals, settled, shown  # noqa: F401 (context: the fixture)

pytestmark = [pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=30_000)  # the engine starts in a few seconds, more on a busy machine

PLAYERS = ["North", "East", "South", "West"]
FIRST = [{"points": {"North": 13, "East": 5, "South": 8, "West": 0}}]  # round 1: 13 cards each, 26 points
OFFLINE = [
    {"points": {"North": 2, "East": 0, "South": 9, "West": 13}},  # round 2: 12 cards each, 24 points
    {"moon": "East"},
]  # round 3 (11 cards): East shoots the moon, the others take 22 each


def record(page, hand, payout, cards):
    page.locator(".actions a.button.primary").click()  # "Record a round"
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
    expect(page.locator(".deal [data-mark=cards]")).to_have_text(str(cards))  # this round's, after the kept hands
    if "moon" in hand:
        enter(page, {"moon": hand["moon"]})
    else:
        enter(page, {f"points_{i}": hand["points"][name] for i, name in enumerate(PLAYERS)})
    preview = page.locator("#preview", has_text="Computed on this phone")
    preview.wait_for()
    expect(preview.locator(".score")).to_have_text([shown(score) for score in payout])
    before = page.locator("tr.pending").count()
    page.locator("button[name=save]").click()
    expect(page.locator("tr.pending")).not_to_have_count(before)


def moons(page):
    """Each player's moons as the page shows them: the badge beside the total and the count under the totals."""
    badges = [
        page.locator("#top .totals > li.total").nth(i).locator(".roles .badge.quiet", has_text="Moons")
        for i in range(len(PLAYERS))
    ]
    beside = [badge.inner_text() if badge.count() else "" for badge in badges]
    under = page.locator("[data-mark=moons]").all_inner_texts()
    return beside, under


def test_the_test_game_is_kept_scored_on_the_phone_and_sent(context):  # noqa: F811
    table = make_table(game="hearts", players=PLAYERS, hands=FIRST)
    page = context.new_page()
    keep(page, table)
    assert moons(page) == (["", "", "", ""], ["0", "0", "0", "0"])
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")  # from the phone's cache
    expected = settled(table, OFFLINE)
    expect(page.locator(".deal [data-mark=cards]")).to_have_text("12")  # round 2 deals 12 cards each
    for number, hand in enumerate(OFFLINE):
        record(page, hand, [expected["hands"][len(FIRST) + number]["scores"][p] for p in PLAYERS], 12 - number)
    expect(page.locator(".deal [data-mark=cards]")).to_have_text("10")  # round 4, computed on the phone
    expect(page.locator("tr.what.pending .not-sent")).to_have_count(len(OFFLINE))
    assert page_totals(page, PLAYERS) == expected["totals"]
    expect(page.locator("[data-mark=moons]")).to_have_text(["0", "1", "0", "0"])  # drawn on the phone
    assert moons(page) == (["", "Moons: 1", "", ""], ["0", "1", "0", "0"])
    table.refresh_from_db()
    assert table.hand_count == len(FIRST)  # nothing reached the server

    context.set_offline(False)
    expect(page.locator("tr.pending")).to_have_count(0, timeout=30_000)
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == FIRST + OFFLINE
    assert table.totals == expected["totals"]
    page.reload()
    assert page_totals(page, PLAYERS) == expected["totals"]
    assert moons(page) == (["", "Moons: 1", "", ""], ["0", "1", "0", "0"])  # the server draws them the same
    expect(page.locator(".deal [data-mark=cards]")).to_have_text("10")
