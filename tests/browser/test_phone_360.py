"""At 360 px, in each language, the parts players found broken: the card counter's boxes hold two digits, the score
sheet's −1 000 fits its cell, an option's parentheses stay with its name, statistics labels keep their room, the
"who plays tonight" checkboxes sit inside their chips, the home page's buttons stand apart, and after Delete the
Undo button is beside its message. One page load per page and language."""

import pytest

from games.models import Circle, Hand
from games.registry import GAMES
from games.tables import services

from .phone import fits_the_screen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ["Maximiliána Novotná", "Bartoloměj Škvorecký", "Cyril", "Dana"]
TEAM = {
    "povinnost": NAMES[0],
    "partner": NAMES[2],
    "points": 63,
    "pagat": {"side": "defenders", "announced": True, "made": True},
}

COUNT_BOX = """() => {
  document.querySelector('details.counter').open = true;
  return [...document.querySelectorAll('.counter .stepper input')].map((box) => {
    box.value = '13';
    const style = getComputedStyle(box), ruler = document.createElement('canvas').getContext('2d');
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {name: box.name, room, needs: ruler.measureText('13').width};
  });
}"""
SHEET_CELLS = """() => [...document.querySelectorAll('.sheet-table td .run, .sheet-table tfoot td.run')].map((run) => {
  const cell = run.closest('td'), style = getComputedStyle(cell), range = document.createRange();
  range.selectNodeContents(run);
  const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {text: run.textContent, room, needs: range.getBoundingClientRect().width};
})"""
OPTION_LINKS = """() => [...document.querySelectorAll('.explanation a:not(.rule)')].map((link) => ({
  text: link.textContent}))"""
STAT_ROWS = """() => {
  const lines = (el) => { const range = document.createRange(); range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size; };
  return [...document.querySelectorAll('.stat-card dt')].map((label) => {
    const value = label.nextElementSibling;
    return {label: label.textContent, labelLines: lines(label), value: value.textContent, valueLines: lines(value),
            partner: value.classList.contains('partner')};
  });
}"""
CHIPS = """() => { document.querySelectorAll('details').forEach((d) => d.open = true);
  return [...document.querySelectorAll('.chips li:has(input)')].map((chip) => {
    const outer = chip.getBoundingClientRect(), box = chip.querySelector('input').getBoundingClientRect();
    return {chip: chip.textContent.trim(), inside: box.left >= outer.left && box.right <= outer.right
            && box.top >= outer.top && box.bottom <= outer.bottom, height: outer.height};
  });
}"""
HOME_GAP = """() => { const [first, second] = document.querySelectorAll('.intro .actions .button');
  return second.getBoundingClientRect().top - first.getBoundingClientRect().bottom; }"""


def a_table_with_a_circle():
    circle = Circle.objects.create(name="Čtvrtek", players=NAMES)
    table = services.create_table(game="czech-taroky", players=NAMES, rules={}, circle=circle)
    services.record_hand(
        table, {"adjustment": {NAMES[0]: 1200, NAMES[1]: -1000, NAMES[2]: -100, NAMES[3]: -100}, "reason": "sheet"}
    )
    for _ in range(2):
        services.record_hand(table, TEAM)
    table.refresh_from_db()
    return table, circle


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_screens_players_found_broken_fit_360_px(browser, live_server, language):
    table, circle = a_table_with_a_circle()
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server.url,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"/t/{table.edit_token}/hands/new/")
        for box in page.evaluate(COUNT_BOX):
            assert box["room"] >= box["needs"], box
        page.goto(f"/t/{table.edit_token}/sheet/")
        cells = page.evaluate(SHEET_CELLS)
        assert any(
            cell["text"] == "−1 000".replace(" ", {"cs": "\xa0", "en": ","}.get(language, ".")) for cell in cells
        ), cells
        for cell in cells:
            assert cell["room"] >= cell["needs"], cell
        page.goto(f"/t/{table.edit_token}/hands/2/")
        links = page.evaluate(OPTION_LINKS)
        assert links
        for link in links:
            assert link["text"].startswith("(") and link["text"].endswith("):"), link
        page.goto(f"/c/{circle.token}/")
        for row in page.evaluate(STAT_ROWS):
            assert row["labelLines"] <= 3, row
            assert row["partner"] or row["valueLines"] == 1, row
        chips = page.evaluate(CHIPS)
        assert len(chips) == len(NAMES) and all(chip["inside"] and chip["height"] >= 44 for chip in chips), chips
        page.goto("/")
        assert page.evaluate(HOME_GAP) >= 8
        page.goto(f"/t/{table.edit_token}/hands/3/")
        page.locator("form[action$='/delete/'] button").click()
        page.locator(".messages").wait_for()
        undo = page.locator(".messages .undo button")
        assert undo.is_visible() and undo.bounding_box()["y"] + undo.bounding_box()["height"] <= 740
        undo.click()
        page.locator("h1.table-title").wait_for()
        assert not Hand.objects.get(table=table, seq=3).deleted
    finally:
        context.close()


HEADER_NAMES = """() => [...document.querySelectorAll('table.hands thead th')].slice(1).map((th) => {
  const who = th.querySelector('.who'), box = who.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(who);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return {name: who.textContent, whole: who.scrollWidth <= who.clientWidth, lines: tops.size, left: box.left,
          right: box.right, rule: parseFloat(getComputedStyle(th).borderLeftWidth)};
})"""
FIVE = ["Anna", "Božena Nováková", "Christoph Großschedl", "Dieter", "Emil Oberndorfer"]


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_hands_header_shows_a_short_name_whole_and_apart_from_the_next(browser, live_server, language, width):
    """Issue 44: at 360 px with five players "Dieter" read "Die…" while others fitted, and "Anna" stood so close to
    "Bože…" that they read as one name. A name of six letters is whole, a longer one takes two lines, broken between
    its words, and a rule stands between two names; four-digit totals still fit."""
    table = services.create_table(game="koenigrufen", players=FIVE, rules={})
    services.record_hand(
        table, {"adjustment": {"Anna": 1200, FIVE[1]: -1000, FIVE[2]: -100, "Dieter": -50, FIVE[4]: -50}, "reason": "x"}
    )
    context = browser.new_context(
        viewport={"width": width, "height": 740},
        base_url=live_server.url,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        page.goto(f"/t/{table.edit_token}/")
        names = page.evaluate(HEADER_NAMES)
        assert [n["name"] for n in names] == FIVE
        for name in names:
            assert name["lines"] <= 2, name
            if " " not in name["name"] and len(name["name"]) <= 6:
                assert name["whole"], name
        for before, after in zip(names, names[1:]):
            assert after["rule"] >= 1 and after["left"] >= before["right"], (before, after)
        fits_the_screen(page)
    finally:
        context.close()


MARK_ROWS = """() => {
  const grid = document.querySelector('.sheet-table thead tr').getBoundingClientRect();
  return [...document.querySelectorAll('.sheet-table tr')].map((row) => {
    const cells = [...row.children].filter((cell) => cell.getClientRects().length);
    return {text: row.textContent.trim(), right: Math.max(...cells.map((c) => c.getBoundingClientRect().right)),
            grid: grid.right};
  });
}"""


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_schnapsen_sheets_bummerl_rows_end_where_its_grid_ends(browser, live_server, language):
    """Issue 44: the score sheet's rows across it ("Bummerl lost") spanned the column of the hand's words, which a
    phone hides, so they ran past the grid of numbers."""
    samples = GAMES["schnapsen"].samples
    table = services.create_table(game="schnapsen", players=list(samples.players), rules={})
    for hand in samples.table:
        services.record_hand(table, hand)
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server.url,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        page.goto(f"/t/{table.edit_token}/sheet/")
        rows = page.evaluate(MARK_ROWS)
        assert len(rows) >= 5
        for row in rows:
            assert abs(row["right"] - row["grid"]) <= 1, row
        fits_the_screen(page)
    finally:
        context.close()


SHEET_NAMES = HEADER_NAMES.replace("table.hands thead th", ".sheet-table thead th:not(.what)")
SHEET_FOUR = ["Anna", "Bartholomäus-Friedrich", "Čeněk", "Božena"]


@pytest.mark.parametrize("language", ["cs", "de"])
def test_the_score_sheets_header_shows_a_short_name_whole(browser, live_server, language):
    """At 360 px the score sheet cut "Božena" to "Bož…" beside "Čeněk" whole (and "Bartholomäus-Friedrich" to
    "Bart…"): its names are set as the hands' header sets them, a short name whole, a long one on two lines broken
    at its hyphen, and the −1 000 of the totals still fits."""
    table = services.create_table(game="czech-taroky", players=SHEET_FOUR, rules={})
    services.record_hand(
        table, {"adjustment": {"Anna": 1500, SHEET_FOUR[1]: -1000, "Čeněk": -250, "Božena": -250}, "reason": "x"}
    )
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server.url,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        page.goto(f"/t/{table.edit_token}/sheet/")
        names = page.evaluate(SHEET_NAMES)
        assert [n["name"] for n in names] == SHEET_FOUR
        for name in names:
            assert name["lines"] <= 2, name
            if len(name["name"]) <= 6:
                assert name["whole"], name
        assert all(cell["needs"] <= cell["room"] + 0.5 for cell in page.evaluate(SHEET_CELLS))
        fits_the_screen(page)
    finally:
        context.close()
