"""Phone accessibility on the main pages: every control has a label and is at least 44 px, focus is visible."""

import pytest
from playwright.sync_api import Page

from tests.factories import make_table, team_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONTROLS = """() => [...document.querySelectorAll(
  'button, select, textarea, input:not([type=hidden]), summary, label.tap, a')]
  .filter((el) => (el.closest('label') || el).getClientRects().length > 0)
  .map((el) => {
    const target = el.closest('label.tap') || (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el;
    const box = target.getBoundingClientRect();
    const inText = el.tagName === 'A' && el.parentElement.childNodes.length > 1 && !el.matches('.button, .card-link, .brand')
      && [...el.parentElement.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const named = el.matches('input, select, textarea')
      ? (el.labels && el.labels.length > 0) || el.hasAttribute('aria-label') : true;
    return {what: el.outerHTML.slice(0, 90), height: box.height, inText, named};
  })"""


def pages(live_server):
    table = make_table(hands=[team_hand(), team_hand(points=40)])
    slovenian = make_table(game="slovenian-tarok", players=("Ana", "Bojan", "Cene", "Dora"))
    return [
        "/",
        "/new/czech-taroky/",
        f"/t/{table.edit_token}/",
        f"/t/{table.edit_token}/hands/new/",
        f"/t/{table.edit_token}/hands/1/",
        f"/t/{slovenian.edit_token}/hands/new/",
        "/rules/czech-taroky/",
    ]


def test_controls_are_labelled_and_big_enough(phone: Page, live_server):
    for path in pages(live_server):
        phone.goto(path)
        phone.evaluate("() => document.querySelectorAll('details').forEach((d) => d.open = true)")
        for control in phone.evaluate(CONTROLS):
            assert control["named"], f"{path}: a control without a label: {control['what']}"
            if not control["inText"]:
                assert control["height"] >= 44, f"{path}: {control['height']:.0f} px: {control['what']}"


def test_focus_is_visible(phone: Page, live_server):
    phone.goto("/")
    phone.keyboard.press("Tab")
    outline = phone.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), outline


# Each link in an explanation (the rule a step names, and its option): its box, and whether a tap near each of its
# edges lands on it (not on a neighbouring step's link or text drawn over it).
EXPLANATION_LINKS = """() => [...document.querySelectorAll('.explanation a')].map((a) => {
  a.scrollIntoView({block: 'center'});
  const box = a.getBoundingClientRect(), x = box.left + box.width / 2, y = box.top + box.height / 2;
  const edges = [[x, box.top + 2], [x, box.bottom - 2], [box.left + 2, y], [box.right - 2, y]];
  const missed = edges.filter(([px, py]) => document.elementFromPoint(px, py)?.closest('a') !== a);
  return {what: a.outerHTML.slice(0, 90), width: box.width, height: box.height, missed: missed.length};
})"""


def test_explanation_links_are_big_enough_to_tap(phone: Page, live_server):
    table = make_table(hands=[team_hand(), team_hand(points=40)])
    slovenian = make_table(
        game="slovenian-tarok",
        players=("Ana", "Bojan", "Cene", "Dora"),
        hands=[{"contract": "three", "declarer": "Ana", "partner": "Cene", "points": 40}],
    )
    for path in [
        f"/t/{table.edit_token}/hands/1/",
        f"/t/{table.edit_token}/what-if/?hand=2",
        f"/v/{slovenian.view_token}/hands/1/",
    ]:
        phone.goto(path)
        links = phone.evaluate(EXPLANATION_LINKS)
        assert len(links) > 3, path
        for link in links:
            assert link["width"] >= 44 and link["height"] >= 44, f"{path}: {link}"
            assert not link["missed"], f"{path}: a tap at the edge of {link['what']} lands elsewhere"
