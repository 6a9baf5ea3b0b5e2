"""The hand form's helpers on a phone: Two Ten Jack's "the remaining cards go to …", the ± steps starting from the
middle of the deck, and a hand being entered that survives a reload and a language switch until it is saved."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand, Table
from tests.factories import make_table

from .phone import save, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_remaining_cards_go_to_one_player_in_one_tap(phone: Page):
    page = phone
    table = make_table(game="two-ten-jack", players=("Aiko", "Ben", "Chie"))
    page.goto(f"/t/{table.edit_token}/hands/new/")
    page.locator("select[name=removed_0]").select_option("3C")
    page.locator("select[name=removed_1]").select_option("4D")
    tap(page, "card_2H", "Aiko")
    tap(page, "card_JS", "Chie")
    page.get_by_role("group", name="The remaining cards go to:").get_by_role("button", name="Ben").click()
    expect(page.locator("input[name=card_10H][value=Ben]")).to_be_checked()
    expect(page.locator("input[name=card_2H][value=Aiko]")).to_be_checked()  # a card already given stays
    save(page, "Save round")
    captured = Hand.objects.get(table=table).data["captured"]
    assert captured["Aiko"] == ["2H"] and captured["Chie"] == ["JS"]
    assert sorted(captured["Ben"]) == sorted(["10H", "JH", "AH", "KH", "QH", "2S", "10S", "AS", "KS", "QS"])


@pytest.mark.parametrize(
    ("game", "players", "name", "middle"),
    [
        ("czech-taroky", ("Anna", "Bára", "Cyril", "Dana"), "points", 53),
        ("slovenian-tarok", ("Ana", "Bojan", "Cene", "Dora"), "points_whole", 35),
    ],
)
def test_the_steps_of_an_empty_points_box_start_from_the_middle_of_the_deck(phone: Page, game, players, name, middle):
    """An empty box counts as the middle of the deck (half its card points, from the engine's counter): +1 gives
    the middle plus one (54 in Czech Taroky), −1 the middle minus one (52)."""
    page = phone
    table = make_table(game=game, players=players)
    page.goto(f"/t/{table.edit_token}/hands/new/")
    if game == "slovenian-tarok":
        tap(page, "contract", "three")
    box = page.locator(f"input[name={name}]")
    stepper = page.locator(f".stepper:has(input[name={name}])")
    expect(box).to_have_value("")
    stepper.locator("[data-step='1']").click()
    expect(box).to_have_value(str(middle + 1))
    box.fill("")
    stepper.locator("[data-step='-1']").click()
    expect(box).to_have_value(str(middle - 1))
    stepper.locator("[data-step='-1']").click()  # a box with a number steps from it
    expect(box).to_have_value(str(middle - 2))


def test_a_hand_being_entered_survives_a_reload_and_a_language_switch_until_it_is_saved(phone: Page):
    page = phone
    table = make_table()
    page.goto(f"/t/{table.edit_token}/hands/new/")
    tap(page, "povinnost", "Bára")
    tap(page, "partner", "Dana")
    page.locator("input[name=points]").fill("61")
    tap(page, "contra", "1")
    page.reload()
    expect(page.locator("input[name=povinnost][value=Bára]")).to_be_checked()
    expect(page.locator("input[name=partner][value=Dana]")).to_be_checked()
    expect(page.locator("input[name=points]")).to_have_value("61")
    expect(page.locator("input[name=contra][value='1']")).to_be_checked()
    page.locator("select[name=language]").select_option("cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("input[name=points]")).to_have_value("61")
    expect(page.locator("input[name=partner][value=Dana]")).to_be_checked()
    page.locator("select[name=language]").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    save(page, "Save hand")
    hand = Hand.objects.get(table=table)
    assert (hand.data["povinnost"], hand.data["partner"], hand.data["points"]) == ("Bára", "Dana", 61)
    page.goto(f"/t/{table.edit_token}/hands/new/")
    expect(page.locator("input[name=points]")).to_have_value("")
    expect(page.locator("input[name=partner]:checked")).to_have_count(0)
    assert Table.objects.get(pk=table.pk).hand_count == 1


def test_clear_empties_the_form_and_forgets_the_draft(phone: Page):
    page = phone
    table = make_table()
    page.goto(f"/t/{table.edit_token}/hands/new/")
    tap(page, "partner", "Dana")
    page.locator("input[name=points]").fill("70")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator("input[name=points]")).to_have_value("")
    page.reload()
    expect(page.locator("input[name=points]")).to_have_value("")
    expect(page.locator("input[name=partner]:checked")).to_have_count(0)


def test_a_draft_filled_in_again_shows_its_sums_and_toggles_as_typed_and_clear_empties_them(phone: Page):
    """The draft is filled in through the form's change (static/js/talon/fields.js): the other side's points, the
    parts' sum and each bonus toggle's label follow it as they followed the taps, after a reload and after Clear."""
    page = phone
    czech = make_table()
    page.goto(f"/t/{czech.edit_token}/hands/new/")
    page.locator("input[name=points]").fill("61")
    page.reload()
    expect(page.locator("input[name=points]")).to_have_value("61")
    expect(page.locator("output[data-other]")).to_have_text("45")  # Defenders: 106 − 61
    page.get_by_role("button", name="Clear").click()
    expect(page.locator("output[data-other]")).to_have_text("–")

    slovenian = make_table(game="slovenian-tarok", players=("Ana", "Bojan", "Cene", "Dora"))
    page.goto(f"/t/{slovenian.edit_token}/hands/new/")
    tap(page, "contract", "two")  # a contract with bonuses
    page.get_by_text("Bonuses: trula, kings, pagat ultimo, valat …").click()
    trula = page.locator("[data-cycle=bonus_trula]")
    trula.click()
    trula.click()
    expect(trula).to_have_text("announced, made")
    page.reload()
    page.get_by_text("Bonuses: trula, kings, pagat ultimo, valat …").click()
    expect(trula).to_have_text("announced, made")
    expect(trula).to_have_class(re.compile(r"\bon\b"))
    page.get_by_role("button", name="Clear").click()
    expect(trula).to_have_text("—")
