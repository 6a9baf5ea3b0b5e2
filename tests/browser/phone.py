"""What the browser tests do with a phone: tap a choice, read the totals."""

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
    assert width <= page.viewport_size["width"], f"{page.url} is {width} px wide"


def save(page: Page, name: str = "Save hand") -> None:
    """Tap Save and wait for the table page it answers with (htmx swaps it in: one round trip, no navigation)."""
    page.get_by_role("button", name=name).click()
    page.locator("h1.table-title").wait_for()
