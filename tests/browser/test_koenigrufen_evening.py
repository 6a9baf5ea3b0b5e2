"""A Königrufen evening of five on a 360 px phone in German: the dealer sits out each hand and the form offers the
next one; a Rufer counted "41 and 2 Blatt", Trischaken with the fourth number filled from 70 (a Jungfrau), a
Piccolo with one opponent's Kontra, a Dreier with "Pagat angesagt, gemacht"; then the first hand is edited."""

import pytest
from playwright.sync_api import Browser, expect

from .phone import enter, fits_the_screen, new_hand, new_table, save, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Bert", "Cilli", "Dieter", "Emil"]


def sits_out(page, name: str) -> None:
    """The form has already tapped who deals and sits out: the one after the last hand's dealer."""
    expect(page.locator(f"input[name=sitting_out][value={name}]")).to_be_checked()


def test_a_koenigrufen_evening_of_five_at_360_px_in_german(browser: Browser, live_server):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        locale="de-AT",
        base_url=live_server.url,
        service_workers="block",
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    new_table(page, "Königrufen", PLAYERS, player="Spieler", start="Tisch beginnen")
    expect(page.locator(".total", has=page.locator(".name", has_text="Anna"))).to_contain_text("setzt aus")

    # 1. Anna deals and sits out; Bert's Rufer with Dieter, 41 and 2 Blatt: won, 1 each.
    new_hand(page, "Spiel eintragen")
    sits_out(page, "Anna")
    enter(page, {"contract": "rufer", "declarer": "Bert", "partner": "Dieter", "points_whole": 41, "points_third": 2})
    expect(page.locator("#preview")).to_contain_text("Punkte 41⅔: gewonnen")
    expect(page.locator("#preview")).to_contain_text("Anna hat gegeben und ausgesetzt: 0.")
    save(page, "Spiel speichern")
    assert totals(page) == {"Anna": "0", "Bert": "1", "Cilli": "-1", "Dieter": "1", "Emil": "-1"}

    # 2. Bert sits out; Trischaken, Cilli the Trischaker: Emil's box left empty is the rest of 70, a Jungfrau.
    new_hand(page, "Spiel eintragen")
    sits_out(page, "Bert")
    enter(page, {"contract": "trischaken", "declarer": "Cilli", "trischaken_0": 20, "trischaken_2": 30})
    enter(page, {"trischaken_2_third": 1, "trischaken_3": 19, "trischaken_3_third": 2})
    expect(page.locator("#preview")).to_contain_text("Jungfrau")
    save(page, "Spiel speichern")
    assert totals(page) == {"Anna": "0", "Bert": "1", "Cilli": "-7", "Dieter": "1", "Emil": "5"}

    # 3. Cilli sits out; Dieter's Piccolo made, Anna gave Kontra: she pays 4, the others 2.
    new_hand(page, "Spiel eintragen")
    sits_out(page, "Cilli")
    enter(page, {"contract": "piccolo", "declarer": "Dieter", "won": True})
    page.get_by_text("Wer hat kontriert?").click()
    page.locator("select[name=kontra_0]").select_option("1")
    expect(page.locator("#preview")).to_contain_text("AT8: Anna Kontra: 2 × 2, Anna −4.")
    save(page, "Spiel speichern")
    assert totals(page) == {"Anna": "-4", "Bert": "-1", "Cilli": "-7", "Dieter": "9", "Emil": "3"}

    # 4. Dieter sits out; Emil's Dreier, 38, "Pagat angesagt, gemacht": 4 + 2 from each of three.
    new_hand(page, "Spiel eintragen")
    sits_out(page, "Dieter")
    enter(page, {"contract": "dreier", "declarer": "Emil", "points_whole": 38})
    page.get_by_text("Ansagen und Prämien").click()
    tap(page, "bonus_pagat", "announced-made")
    expect(page.locator("#preview")).to_contain_text("Pagat von den Spielern angesagt, gemacht")
    save(page, "Spiel speichern")
    assert totals(page) == {"Anna": "-10", "Bert": "-7", "Cilli": "-13", "Dieter": "9", "Emil": "21"}
    expect(page.locator(".total", has=page.locator(".name", has_text="Emil"))).to_contain_text("setzt aus")

    # The first Rufer's king lay in the talon after all: Bert alone against three, 3 for him.
    page.locator("table.hands tbody th a", has_text="1").last.click()
    page.get_by_role("link", name="Dieses Spiel bearbeiten").click()
    sits_out(page, "Anna")
    tap(page, "partner", "talon")
    save(page, "Änderungen speichern")
    assert totals(page) == {"Anna": "-10", "Bert": "-5", "Cilli": "-13", "Dieter": "7", "Emil": "21"}
    fits_the_screen(page)
    context.close()
