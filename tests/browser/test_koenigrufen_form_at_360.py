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
