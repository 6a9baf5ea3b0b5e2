"""What a phone without signal keeps is in sight (issue 44): a hand the server refused, whatever its reason, is
shown apart with that reason; a choice put off follows the server once it answers; a hand whose Save went unheard is
listed once; what needs signal is said once, where it is; the phone's words follow a language switched while its
engine starts; a game's own markup in the round's line stays."""

import pytest
from playwright.sync_api import expect

from games.models import Round
from games.tables import services
from games.tournaments import services as tournament_service

from ..factories import make_table, team_hand
from .phone import enter_czech, enter_ttj, keep, open_the_hand_form, tap
from .test_offline import (  # noqa: F401
    PENDING_DATA,
    context,
    page_totals,
    record_offline,
    settled,
    sure_totals_are,
    waiting,
)

pytestmark = [pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=30_000)


def tournament_table(hands=3):
    """A Slovenian Tarok tournament's table of three, its round started with a limit of ``hands`` hands."""
    tournament = tournament_service.create_tournament(
        name="DP Šmarjetna",
        game="slovenian-tarok",
        preset="tarzs",
        settings={
            "rules": {},
            "table_size": 3,
            "rounds": 1,
            "round_limit": {"hands": hands, "minutes": 90},
            "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
            "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
        },
    )
    tournament_service.register(tournament, [(name, None) for name in ["Ana", "Bojan", "Cene"]])
    tournament_service.draw_round(tournament, 1)
    round_ = tournament_service.start_round(Round.objects.get(tournament=tournament, number=1))
    return round_, round_.tables.get().table


def test_a_hand_refused_because_the_round_closed_meanwhile_is_shown_with_its_reason(context):  # noqa: F811
    """Recorded without signal; meanwhile another phone records a hand and the director closes the round: once the
    server answers, the phone's hand is shown apart, "not accepted", with the server's reason, out of the totals, and
    so after a reload, until the player deletes it (as a hand past the round's limit is)."""
    round_, table = tournament_table()
    page = context.new_page()
    keep(page, table)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    beggar = {"contract": "beggar", "declarer": "Ana", "won": True}
    record_offline(page, "slovenian-tarok", table, beggar, None)
    services.record_hand(table, {**beggar, "declarer": "Bojan"})  # the second phone, with signal
    tournament_service.close_round(round_)  # the director
    context.set_offline(False)
    refused = page.locator("tr.pending.refused")
    expect(refused).to_contain_text("round is closed")
    expect(refused).to_contain_text("not accepted by the server")
    expect(page.locator("tr.pending:not(.refused)")).to_have_count(0)
    expect(refused.get_by_role("link", name="Edit")).to_have_count(0)  # no hand goes to a closed round
    page.reload()
    expect(refused).to_contain_text("round is closed")
    expect(page.locator("#offline-banner")).to_contain_text("was not accepted: The server refused this hand")
    table.refresh_from_db()
    assert table.hand_count == 1
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Delete from this phone").click()
    expect(page.locator("tr.pending")).to_have_count(0)
    assert waiting(page) == 0


def test_a_choice_put_off_follows_the_server_while_it_answers(context):  # noqa: F811
    """ "Decide later", then another phone records a hand: while the server answers, the phone follows it within
    seconds (not "may be out of date" for ever): the totals are the server's hands then mine, sure, the kept hand is
    numbered after the new one, and the hand form suggests whose povinnost it is; so after a reload too."""
    players = ["Anna", "Bára", "Cyril", "Dana"]
    table = make_table(players=players, hands=[team_hand()])
    page = context.new_page()
    keep(page, table)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    mine = {"povinnost": "Bára", "partner": "Dana", "points": 40}
    record_offline(page, "czech-taroky", table, mine, enter_czech)
    theirs = {"povinnost": "Bára", "partner": "Cyril", "points": 60}
    services.record_hand(table, theirs)  # the second phone, with signal
    context.set_offline(False)
    conflict = page.locator("#offline-conflict")
    conflict.wait_for(timeout=30_000)
    conflict.locator("[data-place=later]").click()
    expect(page.locator("tr.pending th")).to_have_text(["3"])
    third = {"povinnost": "Cyril", "partner": "Anna", "points": 70}
    services.record_hand(table, third)  # the second phone again, while this one holds its hand
    table.refresh_from_db()
    expected = settled(table, [mine])
    page.locator(f"#live[data-version='{table.version}']").wait_for(state="attached")
    expect(page.locator("tr.pending th")).to_have_text(["4"], timeout=20_000)
    sure_totals_are(page, players, expected["totals"])
    expect(page.locator("#offline-banner")).to_contain_text("until you choose")
    page.reload()
    expect(page.locator("tr.pending th")).to_have_text(["4"], timeout=20_000)
    sure_totals_are(page, players, expected["totals"])
    expect(page.locator("#offline-banner")).to_contain_text("until you choose")
    after = make_table(players=players, hands=[team_hand(), theirs, third, mine]).summary["next_leader"]
    page.goto(f"/t/{table.edit_token}/hands/new/")
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
    expect(page.locator("input[name=povinnost]:checked")).to_have_value(after)
    table.refresh_from_db()
    assert table.hand_count == 3  # nothing sent until the scorekeeper chooses


def test_a_hand_whose_save_went_unheard_is_listed_once(context):  # noqa: F811
    """Save reaches the server, its answer never reaches the phone, and the queue is not answered yet: the table page
    shows the server's row of the hand and no "not sent yet" copy of it beside it (nothing to delete as a
    duplicate), its totals the server's, sure; once the phone hears back, the server holds the hand once."""
    players = ["Anna", "Bára", "Cyril", "Dana"]
    table = make_table(players=players, hands=[team_hand()])
    token = table.edit_token
    page = context.new_page()
    keep(page, table)
    mine = team_hand(povinnost="Bára", partner="Dana", points=40)

    def lose_the_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        route.fetch()  # the server records the hand ...
        route.abort()  # ... and the answer is lost on the way back

    page.route(f"**/t/{token}/offline/send/", lambda route: route.abort())  # the queue is not answered yet
    page.route(f"**/t/{token}/hands/new/", lose_the_answer)
    open_the_hand_form(page)
    enter_czech(page, mine)
    page.locator("#preview", has_text="Computed on this phone").wait_for()
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url(f"**/t/{token}/")
    page.unroute(f"**/t/{token}/hands/new/")
    page.locator("#offline[data-listening]").wait_for(state="attached")
    assert waiting(page) == 1  # kept: the phone has not heard that the server has it
    table.refresh_from_db()
    rows = page.locator("#hand-rows tr.what")
    for _ in range(3):  # as the page opens, and after the queue's tries
        expect(rows).to_have_count(2)
        expect(rows.first).to_contain_text("Bára + Dana")
        expect(page.locator("tr.pending")).to_have_count(0)
        expect(page.get_by_role("button", name="Delete from this phone")).to_have_count(0)
        sure_totals_are(page, players, table.totals)
        page.wait_for_timeout(2500)
    page.unroute(f"**/t/{token}/offline/send/")
    for _ in range(150):
        if waiting(page) == 0:
            break
        page.wait_for_timeout(200)
    assert waiting(page) == 0
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), mine]


def test_without_signal_a_hands_page_needing_signal_is_said_once_and_the_hands_stay_readable(context):  # noqa: F811
    """Offline, each hand's own page needs the server: said once, under the list of hands, readable; the hands'
    descriptions are not struck through and no row's # column carries a note."""
    table = make_table(hands=[team_hand(), team_hand(povinnost="Bára", partner="Dana", points=40)])
    page = context.new_page()
    keep(page, table)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    history = page.locator(f"main a[href='/t/{table.edit_token}/history/']").first
    expect(history).to_have_attribute("data-needs-signal", "")  # what truly needs signal is still said, in place
    expect(history.locator("xpath=following-sibling::*[1]")).to_have_text("Needs signal: the server does this.")
    described = page.locator("#hand-rows tr.what a")
    expect(described).to_have_count(2)
    expect(described.first).to_have_attribute("data-needs-signal", "")  # its page is not kept: a tap stays here
    for i in range(2):
        assert "line-through" not in described.nth(i).evaluate("(a) => getComputedStyle(a).textDecorationLine")
        assert described.nth(i).evaluate("(a) => getComputedStyle(a).opacity") == "1"
    expect(page.locator("#hand-rows .needs-signal")).to_have_count(0)
    note = page.locator("section:has(#hand-rows) .needs-signal")
    expect(note).to_have_count(1)
    expect(note).to_have_text("Needs signal: a hand's own page (to edit or delete it) comes from the server.")
    box = note.bounding_box()
    assert box["width"] > 250 and box["height"] < 60  # a line or two across the page, not a column of words


ROUND_MARKUP = """() => [...document.querySelectorAll(".round-state *")].map((node) => node.tagName.toLowerCase())"""


def test_a_games_markup_in_the_rounds_line_stays_without_signal(context):  # noqa: F811
    """Two Ten Jack's last round of a game recorded without signal: the round's line says the game is over as the
    server's page does, in its markup (bold, each winner isolated), and it is the server's once sent."""
    players = ["Aiko", "Ben", "Chie"]
    rounds = [
        {"captured": {"Aiko": ["2H"], "Ben": [], "Chie": []}},
        {"captured": {"Aiko": [], "Ben": ["10H"], "Chie": []}},
    ]
    table = make_table(game="two-ten-jack", players=players, hands=rounds)
    page = context.new_page()
    keep(page, table)
    assert page.evaluate(ROUND_MARKUP) == ["span"]
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    last = {"captured": {"Aiko": ["JH"], "Ben": [], "Chie": []}}
    expected = settled(table, [last])
    record_offline(page, "two-ten-jack", table, last, enter_ttj)
    assert page_totals(page, players) == expected["totals"]
    line = page.locator(".round-state")
    expect(line).to_have_text("The game is over. Winner: Aiko")
    offline = page.evaluate(ROUND_MARKUP)
    assert offline == ["strong", "bdi"]
    context.set_offline(False)
    expect(page.locator("tr.pending")).to_have_count(0, timeout=30_000)
    page.goto(f"/t/{table.edit_token}/")
    expect(line).to_have_text("The game is over. Winner: Aiko")
    assert page.evaluate(ROUND_MARKUP) == offline  # as the server writes it


# The first page's engine answers only once the test lets it (window.releaseEngine()): a phone slow to start Python.
# The page after it starts as usual.
HOLD_THE_FIRST_ENGINE = """(() => {
  if (sessionStorage.getItem("held")) return;
  sessionStorage.setItem("held", "1");
  let release;
  const held = new Promise((done) => { release = done; });
  window.releaseEngine = release;
  window.Worker = class extends window.Worker {
    constructor(...args) { super(...args); window.workerMade = true; }
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => held.then(() => listener(event)), options);
    }
  };
})();"""


def test_a_language_switched_while_the_engine_starts_keeps_the_table_in_the_new_language(context):  # noqa: F811
    """Keeping a table in Czech, the player switches to German while the engine starts: the German page goes on
    keeping it (what was downloaded is not asked for again) and says so; then without signal the hand form is
    German, its engine starts and Save keeps the hand."""
    table = make_table(hands=[team_hand()])
    page = context.new_page()
    page.goto(f"/t/{table.edit_token}/")
    page.select_option("#language", "cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.evaluate("navigator.serviceWorker.ready")
    page.add_init_script(HOLD_THE_FIRST_ENGINE)
    page.reload()
    page.locator("details.keep summary").click()
    page.locator("[data-keep]").click()
    page.wait_for_function("() => window.workerMade === true", timeout=60_000)  # the engine is starting
    page.select_option("#language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("[data-keep-status]")).to_contain_text("Dieses Handy hält diesen Tisch", timeout=90_000)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/hands/new/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)
    tap(page, "partner", "Dana")
    page.fill("input[name=points]", "40")
    page.locator("#preview .computed-here").wait_for()
    page.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("tr.what.pending")).to_contain_text("noch nicht gesendet")
    assert len(page.evaluate(PENDING_DATA)) == 1
