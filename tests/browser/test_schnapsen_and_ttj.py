"""A whole Bummerl of Schnapsen and a whole three-player game of Two Ten Jack, on a phone."""

import pytest
from playwright.sync_api import Page, expect

from .phone import enter, enter_ttj, fits_the_screen, new_hand, new_table, save, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_bummerl(phone: Page):
    page = phone
    new_table(page, "Schnapsen", ["Anna", "Ben"])
    # Quick entry from the table page: the winner, then 1, 2 or 3.
    tap(page, "winner", "Anna")
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.locator(".sheet-col").first.locator("li").last).to_have_text("4")
    tap(page, "winner", "Ben")
    page.get_by_role("button", name="1", exact=True).click()
    # Guided entry: Anna closed while Ben had 30 and a trick, then made 66: 2.
    page.get_by_role("link", name="Work it out step by step instead").click()
    page.get_by_text("Or work it out: how did the hand end?").click()
    enter(page, {"ending": "closed", "by": "Anna", "other_points": 30})  # 30 points and no answer: Ben had a trick
    expect(page.locator("fieldset.needs-trick")).to_be_visible()  # asked beside the points: a marriage needs one
    expect(page.locator("#preview")).to_contain_text("Anna scores 2.")
    save(page, "Save hand")
    expect(page.locator(".sheet-col").first.locator("li").last).to_have_text("2")
    # Anna wins the Bummerl with 2 more: Ben gets a Bummerl (he had scored, so just one).
    tap(page, "winner", "Anna")
    page.get_by_role("button", name="2", exact=True).click()
    expect(page.locator(".total", has_text="Ben").locator(".badge")).to_contain_text("1 Bummerl")
    expect(page.locator(".sheet-col li")).to_have_count(2)  # a fresh sheet: 7 and 7
    # The deal alternates: four hands played, so Anna (player 1) deals again.
    expect(page.locator(".total:has(.badge.quiet:text('deals')) .name")).to_have_text("Anna")
    fits_the_screen(page)


def test_a_whole_game_of_two_ten_jack(phone: Page):
    page = phone
    new_table(page, "Two Ten Jack", ["Aiko", "Ben", "Chie"])
    rounds = [
        {"Aiko": ["2H", "KH", "QS", "10S"], "Ben": ["10H", "JH", "AH", "2S"], "Chie": ["QH", "AS", "KS", "JS"]},
        {"Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"], "Chie": ["AS", "KS", "JS", "10S", "2S"]},
        {"Aiko": ["2S", "10S", "JS", "AS", "KS", "QS"], "Ben": ["AH", "KH"], "Chie": ["2H", "10H", "JH", "QH"]},
    ]
    for number, captured in enumerate(rounds, start=1):
        expect(page.locator(".round-state")).to_contain_text(f"Round {number} of 3")
        new_hand(page, "Record a round")
        enter(page, {"removed_0": "3C", "removed_1": "4D"})
        enter_ttj(page, {"captured": captured})
        save(page, "Save round")
    expect(page.locator(".round-state")).to_contain_text("The game is over. Winner: Aiko")
    names = page.locator(".totals .name").all_inner_texts()
    scores = page.locator(".totals .score").all_inner_texts()
    assert dict(zip(names, scores)) == {"Aiko": "45", "Ben": "−25", "Chie": "−20"}, "with minus signs (−)"
    expect(page.get_by_role("link", name="Record a round")).to_have_count(0)
    fits_the_screen(page)
