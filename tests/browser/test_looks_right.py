"""The check every screen test leans on (phone.looks_right) sees what a player sees as broken: a word split across
two lines, in a button as in running text, however long the text around it; and it lets a long text that breaks
only between words pass."""

import pytest

from .phone import looks_right

PAGE = """<!doctype html><meta name="viewport" content="width=device-width"><main style="font: 16px sans-serif">
<p style="width: 12ch; overflow-wrap: anywhere">Talon keeps the score of every hand at the table, and {word} explains each payout.</p>
<button style="width: 14ch; padding: 0 16px; overflow-wrap: anywhere">{button}</button></main>"""


@pytest.mark.parametrize(
    ("word", "button", "broken"),
    [
        ("it", "OK", None),  # many lines, every break between words
        ("Nejvyššípovinnostníhráč", "OK", "Nejvyššípovinnostníhráč"),  # a word wider than its paragraph
        ("it", "Rekontrarekontra", "Rekontrarekontra"),  # a word split in its button
    ],
)
def test_a_word_broken_across_two_lines_is_found_in_a_long_text_too(phone, word, button, broken):
    phone.set_content(PAGE.format(word=word, button=button))
    if broken is None:
        looks_right(phone)
        return
    with pytest.raises(AssertionError, match=f'"{broken}" breaks inside itself'):
        looks_right(phone)


def test_a_page_wider_than_the_phone_is_found_and_what_is_too_wide_is_named(phone):
    phone.set_content('<!doctype html><meta name="viewport" content="width=device-width"><div class="wide">x</div>')
    looks_right(phone)
    phone.evaluate("document.querySelector('.wide').style.width = '700px'")
    with pytest.raises(AssertionError, match=r"is 7\d\d px wide: \['DIV\.wide"):
        looks_right(phone)
