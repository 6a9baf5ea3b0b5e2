"""What the browser tests do with a phone, written once: start a table, record a hand (open the form, tap the
choices, type the points, save), keep a table without signal, tap a choice, read the totals."""

import re
from urllib.parse import urlsplit

from playwright.sync_api import Page


def tap(page: Page, name: str, value: str) -> None:
    """Tap the big choice button for the radio input ``name`` = ``value``."""
    page.locator(f"label.tap:has(input[name='{name}'][value='{value}'])").first.click()


def totals(page: Page) -> dict[str, str]:
    """The running totals as the page shows them: player → score (the page writes a minus sign, −, which this
    gives as "-" for short expectations; test_screens checks the sign itself)."""
    names = page.locator(".totals .total .name").all_inner_texts()
    scores = page.locator(".totals .total .score").all_inner_texts()
    assert not any("-" in score for score in scores), "one minus sign (−) everywhere"
    return dict(zip((name.strip() for name in names), (score.replace("\u2212", "-") for score in scores)))


def fits_the_screen(page: Page) -> None:
    """Nothing on the page is wider than the phone: no sideways scrolling, nothing cut off at the edge."""
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.viewport_size["width"]:
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX == "visible").slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + "/" + e.scrollWidth + ' ' + (e.textContent || '').trim().slice(0, 40))"""
        )
        raise AssertionError(f"{page.url} is {width} px wide: {wide}")
    assert width <= page.viewport_size["width"], f"{page.url} is {width} px wide"


def keep(page: Page, table=None) -> None:
    """Keep ``table`` (or the table page the phone shows) working without signal on this phone, as a player does: the
    button under "Without signal"; a new phone's first keeping downloads the whole runtime (minutes on a busy
    machine)."""
    if table is not None:
        page.goto(f"/t/{table.edit_token}/")
    page.evaluate("navigator.serviceWorker.ready")
    page.locator("details.keep summary").click()
    page.get_by_role("button", name="Keep this table working without signal").click()
    status = page.locator("[data-keep-status]", has_text=re.compile("keeps this table|did not finish"))
    status.wait_for(timeout=120_000)
    assert "keeps this table" in status.inner_text(), status.inner_text()  # what the phone says, when it failed


def new_table(
    page: Page,
    game: str,
    players,
    *,
    rules: dict | None = None,
    evening: str = "",
    player: str = "Player",
    start: str = "Start the table",
) -> None:
    """Start a table as a player does from the list of games (/new/, opened first unless the phone shows it): the
    game's link, each name typed in its box (labelled "Player 1" … in the phone's language: ``player``), the house
    rules' choices tapped (``rules``, as ``enter`` fills a form), the evening's name if any, then Start (``start``);
    the table's page is waited for."""
    if urlsplit(page.url).path != "/new/":
        page.goto("/new/")
    title = page.locator("strong", has_text=re.compile(f"^{re.escape(game)}$"))  # not "Bauernschnapsen" for Schnapsen
    page.locator("a.card-link", has=title).click()
    for i, name in enumerate(players, start=1):
        page.get_by_label(f"{player} {i}").fill(name)
    enter(page, rules or {})
    if evening:
        page.locator("input[name=name]").fill(evening)
    page.get_by_role("button", name=start).click()
    page.locator("h1.table-title").wait_for()


def new_hand(page: Page, link: str = "Record a hand") -> None:
    """Tap "Record a hand" on the table's page (``link``: "Record a round", or in the phone's language) and wait for
    the hand form."""
    page.get_by_role("link", name=link).click()
    page.wait_for_url(re.compile(r"/hands/new/(\?.*)?$"), wait_until="commit")
    page.locator("form.hand-form").wait_for()


def enter(page: Page, fields: dict) -> None:
    """Fill the hand form as a player does, in the order given, only what the player touches (what the form has
    already chosen, such as Czech povinnost, is left as it is): a choice tapped (``True``/``False``: yes/no), a list's
    entry chosen, a number typed."""
    for name, value in fields.items():
        if isinstance(value, bool):
            value = "yes" if value else "no"
        field = page.locator(f"[name='{name}']").first
        kind = field.evaluate("(field) => field.type")
        if kind == "radio":
            tap(page, name, str(value))
        elif kind.startswith("select"):
            field.select_option(str(value))
        else:
            field.fill(str(value))


def record(page: Page, fields: dict, *, link: str = "Record a hand", save_as: str = "Save hand") -> None:
    """One hand as a player records it: the form opened from the table's page, ``fields`` entered, Save."""
    new_hand(page, link)
    enter(page, fields)
    save(page, save_as)


def enter_czech(page: Page, hand: dict) -> None:
    """A Czech hand (the document's own fields) as a player enters it: povinnost as the form chose it."""
    enter(page, {"partner": hand["partner"], "points": hand["points"]})


def enter_ttj(page: Page, hand: dict) -> None:
    """A Two Ten Jack round: each captured card tapped to whoever took it."""
    enter(page, {f"card_{card}": player for player, cards in hand["captured"].items() for card in cards})


def open_the_hand_form(page: Page) -> None:
    """Tap "Record a hand" (a round in Two Ten Jack) on a kept table's page and wait for the form's engine on the
    phone. The form's address is waited for first: the table page it leaves may have had its own engine up (it scored
    the kept hands), and its mark would otherwise be taken for the form's while the form is still loading."""
    page.locator(".actions a.button.primary").click()
    page.wait_for_url(re.compile(r"/hands/new/(\?.*)?$"), wait_until="commit", timeout=60_000)
    page.wait_for_selector("html[data-engine=phone]", timeout=60_000)  # the engine starts slowly on a busy machine


def save(page: Page, name: str = "Save hand") -> None:
    """Tap Save and wait for the table page it answers with (htmx swaps it in: one round trip, no navigation)."""
    page.get_by_role("button", name=name).click()
    page.locator("h1.table-title").wait_for()


# What a player would see as broken: a word split across two lines (in a choice or a button, at a hyphen too), a
# word wider than its button, label or cell, a table or fieldset past its container
# (unless it is visibly shortened with an ellipsis), a button's words at its very edge, an image that did not load,
# an id used twice.
LOOKS_WRONG = r"""async () => {
  const problems = [];
  await Promise.all([...document.images].map((img) => { img.loading = "eager"; return img.decode().catch(() => null); }));
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !visible(parent) || parent.closest('script, style, textarea, svg, .visually-hidden, .who')) continue;
    // a hyphen may end a line in running text, never inside a choice or a button ("Westfest-" / "Turnierregeln")
    const words = parent.closest('.tap, button, .button, .chip, .badge') ? /[^\s\u2013\u2014\/\u00b7,;:()]+/g
      : /[^\s\-\u2010\u2013\u2014\/\u00b7,;:()]+/g;
    const whole = document.createRange();  // a text on one line breaks no word: only those on several are read
    whole.selectNodeContents(node);
    if (new Set([...whole.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size < 2) continue;
    for (let m = words.exec(node.textContent); m; m = words.exec(node.textContent)) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`"${m[0]}" breaks inside itself in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
  }
  for (const el of document.querySelectorAll('button, label, td, th, .tap span, a.button, .total, .name, legend, summary')) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis') continue;
    if (el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible' && el.clientWidth > 0)
      problems.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${el.textContent.trim().slice(0, 30)}" is ${el.scrollWidth} px in a ${el.clientWidth} px box`);
  }
  for (const el of document.querySelectorAll('main table, main fieldset')) {  // past the card or the page's margin
    const box = el.parentElement.getBoundingClientRect(), style = getComputedStyle(el.parentElement);
    const past = el.getBoundingClientRect().right - (box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth));
    if (visible(el) && past > 1) problems.push(`<${el.tagName.toLowerCase()} class="${el.className}"> runs ${Math.round(past)} px past its container`);
  }
  for (const el of document.querySelectorAll('button, a.button, .chip')) {  // words that touch a button's edge
    if (!visible(el) || !el.textContent.trim()) continue;
    const words = document.createRange();
    words.selectNodeContents(el);
    const box = el.getBoundingClientRect(), text = words.getBoundingClientRect();
    if (text.width > 0 && (text.left - box.left < 8 || box.right - text.right < 8))
      problems.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${el.textContent.trim().slice(0, 30)}" has its words at its edge`);
  }
  for (const img of document.images) {
    if (!img.complete || img.naturalWidth === 0) problems.push(`the image ${img.getAttribute('src')} did not load`);
  }
  const ids = new Set();  // a label's for and a screen reader's name find the one element they name
  for (const el of document.querySelectorAll('[id]')) {
    if (ids.has(el.id)) problems.push(`the id "${el.id}" is used twice`);
    ids.add(el.id);
  }
  return problems;
}"""


def looks_right(page: Page) -> None:
    """Fits the screen, no word broken or cut, every image loaded (the page's width and what looks wrong are read in one
    round trip: the every-screen test asks thousands of times)."""
    width, problems = page.evaluate(f"async () => [document.documentElement.scrollWidth, await ({LOOKS_WRONG})()]")
    if width > page.viewport_size["width"]:
        fits_the_screen(page)  # says what is too wide
        raise AssertionError(f"{page.url} was {width} px wide")
    assert not problems, f"{page.url}: " + "; ".join(problems[:8])


# The Content-Security-Policy, watched: each violation a page sees (its directive and what it blocked).
WATCH = """document.addEventListener("securitypolicyviolation", (event) => {
  (window.__violations = window.__violations || []).push(event.violatedDirective + " " + event.blockedURI); });"""


def watch_the_policy(context, origin: str) -> tuple[list[str], list[str]]:
    """From now on, in every page of ``context``: each violation the page sees is kept in ``window.__violations``; the
    two lists returned fill with what the console says of the policy and with each request to another origin."""
    context.add_init_script(WATCH)
    console, outside = [], []
    context.on(
        "console", lambda message: console.append(message.text) if "Content Security Policy" in message.text else None
    )
    context.on(
        "request",
        lambda request: outside.append(request.url) if not request.url.startswith((origin, "data:", "blob:")) else None,
    )
    return console, outside


def blocked(page) -> list[str]:
    """What the policy blocked on this page so far (its directive and what it blocked)."""
    return page.evaluate("window.__violations || []")
