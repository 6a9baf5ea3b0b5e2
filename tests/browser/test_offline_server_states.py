"""The evening's offline scenarios walked with the server stopped (connection refused), frozen (connections accepted,
nothing answered) and slow, while the browser says "online": one kept table per state (keeping costs time), on which
hands are recorded, edited and deleted on the phone, an undo is tapped, and the kept page shows the right totals and
its unsent hands at once; once the server answers again the server holds exactly what the phone shows."""

import re
import time

import pytest
from playwright.sync_api import expect

from games.models import Round
from games.tables import services
from games.tournaments import services as tournament_service

from ..factories import make_table, team_hand
from .phone import enter_czech, keep, open_the_hand_form
from .test_offline import (  # noqa: F401
    PENDING_DATA,
    context,
    page_totals,
    record_offline,
    settled,
    wait_until_sent,
    waiting,
)

pytestmark = [pytest.mark.long, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=30_000)

PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]
NEEDS_THE_SERVER = ["history", "settings", "what-if", "adjust", "end", "sheet"]  # what the table page links to
SHOWN_WITHIN = 2.5  # seconds: "at once" on a busy two-core machine (it takes about half a second here)
# The table's totals marked: not sure (not yet scored on this phone), or computed on this phone.
TOTALS_MARKED = "() => !!document.querySelector('#top .totals.unsure, #top .totals.computed-here')"
# The first unsent hand a page of this tab listed, and how long after the page's title, in ms (kept in the tab's
# session storage: the page may be gone, its hand sent, by the time the test looks).
LISTED = """
new MutationObserver((changes, observer) => {
  const title = document.querySelector("h1"), row = document.querySelector("tr.what.pending");
  if (title && !window.titleAt) window.titleAt = performance.now();
  if (!row || sessionStorage.getItem("listed")) return;
  sessionStorage.setItem("listed", JSON.stringify({ after: performance.now() - window.titleAt, text: row.textContent }));
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


def record(page, token, hand):
    """A hand recorded through the kept hand form while the server does not answer: kept on the phone."""
    open_the_hand_form(page)
    enter_czech(page, hand)
    page.locator("#preview", has_text="Computed on this phone").wait_for()
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url(f"**/t/{token}/", timeout=30_000)
    page.locator("h1.table-title").wait_for()


def edit(page, token, row_text, points):
    page.locator("tr.what.pending", has_text=row_text).get_by_role("link", name="Edit").click()
    # the hand form filled with the kept hand's fields (the table page's own engine, up already, is not the form's)
    page.locator("form.hand-form[data-editing]").wait_for()
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
    page.fill("input[name=points]", str(points))
    page.locator("#preview", has_text="Computed on this phone").wait_for()
    page.locator("button[name=save]").click()
    page.wait_for_url(f"**/t/{token}/", timeout=30_000)


def delete(page, row_text, left):
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("tr.what.pending", has_text=row_text).get_by_role("button", name="Delete from this phone").click()
    expect(page.locator("tr.what.pending")).to_have_count(left)


def says_needs_signal_in_place(page, token):
    for name in NEEDS_THE_SERVER:
        link = page.locator(f"main a[href='/t/{token}/{name}/']").first
        expect(link).to_have_attribute("data-needs-signal", "", timeout=20_000)
        expect(link.locator("xpath=following-sibling::*[1]")).to_have_text("Needs signal: the server does this.")
    link = page.locator(f"main a[href='/t/{token}/history/']").first
    link.click(force=True)  # not the "write it on paper" page: it stays, and says so
    expect(page.locator(".needs-signal").first).to_be_visible()
    assert page.url.endswith(f"/t/{token}/")
    download = page.locator(f"main a[href='/t/{token}/export.csv']")
    expect(download).to_have_attribute("data-needs-signal", "")


@pytest.mark.parametrize("state", ["stopped", "frozen"])
def test_with_the_server_not_answering_the_evening_goes_on_and_arrives_once(server, state):  # noqa: F811
    relay, context = server
    table = make_table(players=PLAYERS, hands=[team_hand()])
    token = table.edit_token
    page = context.new_page()
    keep(page, table)
    relay.stop() if state == "stopped" else relay.freeze()
    page.goto(f"/t/{token}/", timeout=30_000)  # from the phone's cache
    page.locator("h1.table-title").wait_for()
    says_needs_signal_in_place(page, token)
    undo = page.get_by_role("button", name="Undo the last change")
    expect(undo).to_be_disabled()
    undo.click(force=True)  # tapped while unanswered: never carried out later

    first = team_hand(povinnost="Bára", partner="Dana", points=40)
    second = team_hand(povinnost="Cyril", partner="Anna", points=71)
    gone = team_hand(povinnost="Dana", partner="Bára", points=50)
    for hand in (first, second, gone):
        record(page, token, hand)
    expect(page.locator("tr.pending th")).to_have_text(["4", "3", "2"])
    edit(page, token, "Bára + Dana", 25)
    delete(page, "Dana + Bára", left=2)
    edited = {**first, "points": 25}
    expected = settled(table, [edited, second])

    page.goto(f"/t/{token}/", timeout=30_000)  # the kept page: its unsent hands at once, scored a moment later
    page.locator("h1.table-title").wait_for()
    opened = time.monotonic()
    rows = page.locator("tr.what.pending")
    expect(rows).to_have_count(2)
    expect(page.locator("#offline-banner")).to_contain_text("The server does not answer. Hands not sent yet: 2")
    shown_after = time.monotonic() - opened
    assert shown_after < SHOWN_WITHIN, f"the unsent hands and the banner came {shown_after:.1f} s after the page"
    assert page.evaluate(TOTALS_MARKED)  # meanwhile the kept page's old totals are never shown without a mark
    expect(rows.nth(0)).to_contain_text("Cyril + Anna")  # each as it was described when kept, newest on top
    expect(rows.nth(1)).to_contain_text("Bára + Dana")
    expect(page.locator("#top .totals.computed-here").first).to_be_visible()  # scored once the engine is up
    expect(page.locator("tr.pending th")).to_have_text(["3", "2"])
    assert page_totals(page, PLAYERS) == expected["totals"]
    assert page.evaluate(PENDING_DATA) == [edited, second]
    table.refresh_from_db()
    assert table.hand_count == 1

    relay.start() if state == "stopped" else relay.thaw()  # back: nobody touches the phone
    wait_until_sent(page, seconds=90)
    assert waiting(page) == 0
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited, second]  # each once, in order
    assert table.totals == expected["totals"]
    assert relay.answers_to("POST", f"/t/{token}/undo/") == []  # the undo was never sent


def test_with_a_slow_server_a_lost_answer_and_an_undo_given_up_on_leave_the_right_hands(server):  # noqa: F811
    """The server answers, but the Save, the Undo and the download only after the phone gave up. The Save given up on
    is the same hand from its tap to its arrival: kept on the phone, listed on the table page at once as not sent yet,
    and sent from there at once under the Save's own submission id, so that when the Save itself arrives late it is
    recognised and changes nothing, not even an edit made meanwhile. The Undo and the download given up on say so
    where they were tapped; the Undo is refused when it arrives (past its deadline) and nothing is undone."""
    relay, context = server
    table = make_table(players=PLAYERS, hands=[team_hand()])
    token = table.edit_token
    page = context.new_page()
    keep(page, table)
    context.add_init_script(LISTED)
    relay.slow_only = re.compile(rb"POST /t/[\w-]+/(hands/new|undo)/|GET /t/[\w-]+/export\.csv")  # a token has - and _
    relay.delay = 20.0  # longer than the phone waits (six seconds), and than editing the hand takes

    first = team_hand(povinnost="Bára", partner="Dana", points=40)
    record(page, token, first)  # given up on: kept as "not sent yet", while the Save is still on its way
    wait_until_sent(page, seconds=30)  # and sent at once: the server answers everything but the slow requests
    assert waiting(page) == 0
    listed = page.evaluate("JSON.parse(sessionStorage.getItem('listed'))")  # meanwhile, on the table page:
    assert listed["after"] / 1000 < SHOWN_WITHIN and "not sent yet" in listed["text"]  # listed at once, not sent yet
    assert "Bára + Dana" in listed["text"]  # as it was described when kept
    assert relay.answers_to("POST", f"/t/{token}/hands/new/") == []  # the Save itself has not arrived yet
    table.refresh_from_db()
    hands = services.live_hands(table)
    assert [hand.data for hand in hands] == [team_hand(), first]

    page.goto(f"/t/{token}/hands/{hands[-1].seq}/edit/")  # the server's hand now: edited on its own form
    page.fill("input[name=points]", "25")
    page.locator("button[name=save]").click()
    page.wait_for_url(f"**/t/{token}/", timeout=30_000)
    edited = {**first, "points": 25}
    for _ in range(150):  # the Save arrives: the server knows its submission id and records nothing
        if relay.answers_to("POST", f"/t/{token}/hands/new/"):
            break
        page.wait_for_timeout(200)
    assert [status < 500 for status in relay.answers_to("POST", f"/t/{token}/hands/new/")] == [True]
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited]

    page.goto(f"/t/{token}/")
    download = page.locator(f"main a[href='/t/{token}/export.csv']")
    download.click()  # the server answers the page, not the download: it says so where it was tapped
    expect(download.locator("xpath=following-sibling::*[contains(@class, 'not-downloaded')]")).to_have_text(
        "Not downloaded: the server does not answer.", timeout=20_000
    )
    undo = page.get_by_role("button", name="Undo the last change")
    expect(undo).to_be_enabled()
    undo.click()  # the health check answers at once, the undo itself twenty seconds late
    expect(page.locator("form.undo .not-done")).to_have_text(  # said where it was tapped, once the phone gave up
        "Not done: the server does not answer. Nothing is done later by itself.", timeout=20_000
    )
    for _ in range(150):
        if relay.answers_to("POST", f"/t/{token}/undo/"):
            break
        page.wait_for_timeout(200)
    assert relay.answers_to("POST", f"/t/{token}/undo/") == [409]  # arrived past its deadline: refused
    table.refresh_from_db()
    assert table.hand_count == 2
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited]


def test_a_tournament_tables_round_is_kept_to_on_the_phone(context):  # noqa: F811
    """A tournament table kept and played without signal: its "hand N of M" line counts the hands kept on the
    phone, and a hand past the round's limit is refused on the phone with the server's reason."""
    tournament = tournament_service.create_tournament(
        name="DP Šmarjetna",
        game="slovenian-tarok",
        preset="tarzs",
        settings={
            "rules": {},
            "table_size": 3,
            "rounds": 1,
            "round_limit": {"hands": 2, "minutes": 90},
            "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
            "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
        },
    )
    tournament_service.register(tournament, [(name, None) for name in ["Ana", "Bojan", "Cene"]])
    tournament_service.draw_round(tournament, 1)
    round_ = tournament_service.start_round(Round.objects.get(tournament=tournament, number=1))
    table = round_.tables.get().table
    page = context.new_page()
    keep(page, table)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    line = page.locator(".round-limit strong").first
    expect(line).to_have_text("Hand 1 of 2")
    for number, declarer in enumerate(table.players[:2], start=1):
        record_offline(page, "slovenian-tarok", table, {"contract": "beggar", "declarer": declarer, "won": True}, None)
        expect(page.locator("tr.what.pending")).to_have_count(number)
    expect(line).to_have_text("Every hand of this round is played: the round is over at this table.")

    open_the_hand_form(page)  # a third hand: refused here, as the server refuses it
    page.locator("label.tap:has(input[name='contract'][value='beggar'])").first.click()
    page.locator(f"label.tap:has(input[name='declarer'][value='{table.players[2]}'])").first.click()
    page.locator("label.tap:has(input[name='won'][value='yes'])").first.click()
    page.locator("button[name=save]").click()
    expect(page.locator("#offline-banner")).to_contain_text("this round's limit of 2 hands is reached")
    assert len(page.evaluate(PENDING_DATA)) == 2
