"""Königrufen's rows of a name and its choice on a 360 px phone: each opponent's Kontra in a negative contract
("Kontra ×2", not "Ko") and each player's Blatt in Trischaken ("+2 Blatt", not "+2") show their words beside the
longest name."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from ..factories import make_table
from .phone import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Maximilian-Alexander Großschedl", "Bert", "Cilli", "Dieter")

# How much wider than its longest choice a closed select must be: the words, its padding and its arrow.
SHOWS_ITS_WORDS = """(css) => [...document.querySelectorAll(css)].map((select) => {
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(select).font;
  probe.style.position = 'absolute';
  document.body.append(probe);
  const longest = Math.max(...[...select.options].map((o) => { probe.textContent = o.text; return probe.offsetWidth; }));
  probe.remove();
  return [select.name, select.clientWidth, longest];
})"""


@pytest.mark.parametrize(
    ("contract", "opens", "choices"),
    [("bettler", "Wer hat kontriert?", 'select[name^="kontra_"]'), ("trischaken", None, 'select[name$="_third"]')],
)
def test_each_players_choice_shows_its_words_at_360_px(browser: Browser, live_server, contract, opens, choices):
    table = make_table(game="koenigrufen", players=PLAYERS)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="de-AT"
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("record_hand", args=[table.edit_token]))
    tap(page, "contract", contract)
    if opens:
        page.get_by_text(opens).click()
    page.locator(choices).first.select_option("2")
    sizes = page.evaluate(SHOWS_ITS_WORDS, choices)
    assert len(sizes) == 4
    for name, width, longest in sizes:
        assert width >= longest + 24, f"{name} is {width} px for words of {longest} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_the_dealer_sitting_out_has_no_row_for_points_or_kontra(browser: Browser, live_server):
    """At five (AT2) the dealer sits the hand out: Trischaken asks the four who play for their points and a
    Bettler the three opponents for their Kontra. The sitter's row is not there to fill in (what was typed in it
    would count in "Together" but not in the hand); tapping another dealer moves the gap."""
    table = make_table(game="koenigrufen", players=("Anna", "Bert", "Cilli", "Dieter", "Emil"))
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="de-AT"
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("record_hand", args=[table.edit_token]))
    tap(page, "contract", "trischaken")
    rows = page.locator("fieldset.each-points-only .points-row")
    assert rows.evaluate_all(
        "rows => rows.filter(r => r.offsetParent).map(r => r.querySelector('label').innerText.trim())"
    ) == [
        "Bert",
        "Cilli",
        "Dieter",
        "Emil",
    ], "Anna deals first and sits out"
    page.locator("input[name=trischaken_1]").fill("30")
    tap(page, "sitting_out", "Bert")
    assert not page.locator("input[name=trischaken_1]").is_visible()
    assert page.locator("input[name=trischaken_1]").input_value() == ""
    assert page.locator("[data-parts-sum]").inner_text() == "0"
    assert page.locator("input[name=trischaken_0]").is_visible()
    tap(page, "contract", "bettler")
    page.get_by_text("Wer hat kontriert?").click()
    assert not page.locator("select[name=kontra_1]").is_visible() and page.locator("select[name=kontra_0]").is_visible()
    tap(page, "declarer", "Cilli")
    tap(page, "sitting_out", "Cilli")  # the dealer cannot play: not offered, and no longer the declarer
    declarers = page.locator("label.tap:has(input[name=declarer])")
    assert declarers.evaluate_all("taps => taps.filter(t => t.offsetParent).map(t => t.innerText.trim())") == [
        "Anna",
        "Bert",
        "Dieter",
        "Emil",
    ]
    assert page.locator("input[name=declarer]:checked").count() == 0
    context.close()


# Each contract tap: the top of its value's line, and of the word before it.
VALUE_LINES = """() => [...document.querySelectorAll('label.tap:has(input[name=contract]) span')].map((span) => {
  const text = span.firstChild, at = text.textContent.search(/\\S+$/), word = text.textContent.slice(0, at).trimEnd();
  const top = (from, to) => { const r = document.createRange(); r.setStart(text, from); r.setEnd(text, to);
    return Math.round(r.getClientRects()[0].top); };
  return {label: text.textContent, value: top(at, text.textContent.length), word: top(word.length - 1, word.length)};
})"""


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["de", "cs", "sl", "en"])
def test_each_contract_keeps_its_value_on_the_line_of_its_name(browser: Browser, live_server, language, width):
    """Issue 44: "Farbendreier" above "3", "Trischaken" above "1": a contract's value was pushed alone onto a line
    of its own. It stays beside the word before it."""
    table = make_table(game="koenigrufen", players=("Anna", "Bert", "Cilli", "Dieter", "Emil"))
    context = browser.new_context(
        viewport={"width": width, "height": 740},
        is_mobile=True,
        has_touch=True,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("record_hand", args=[table.edit_token]))
    taps = page.evaluate(VALUE_LINES)
    assert len(taps) >= 10
    for tap_ in taps:
        assert tap_["value"] == tap_["word"], tap_
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


@pytest.mark.parametrize(("rules", "offered"), [({}, False), ({"own_king_call": True}, True)])
def test_the_partner_row_offers_the_declarer_only_where_he_may_call_his_own_king(
    browser: Browser, live_server, rules, offered
):
    """Issue 44: the partner row offered the declarer where the table's rules forbid calling one's own king (the
    server refused it after Save). There the declarer's tap is gone from the partner row, and back for another
    declarer."""
    table = make_table(game="koenigrufen", players=("Anna", "Bert", "Cilli", "Dieter"), rules=rules)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="de-AT"
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("record_hand", args=[table.edit_token]))
    tap(page, "contract", "rufer")
    tap(page, "declarer", "Bert")
    partners = page.locator("label.tap:has(input[name=partner])")
    shown = "taps => taps.filter(t => t.offsetParent).map(t => t.innerText.trim())"
    everyone = ["Anna", "Bert", "Cilli", "Dieter", "im Talon"]
    assert partners.evaluate_all(shown) == (everyone if offered else [p for p in everyone if p != "Bert"])
    tap(page, "declarer", "Cilli")
    assert partners.evaluate_all(shown) == (everyone if offered else [p for p in everyone if p != "Cilli"])
    context.close()
