"""A director's evening on a 360 px phone in Slovenian (issue 29): a redraw that keeps the printed links, a
withdrawal that asks first, a typed result over a played table only when chosen, a close that asks first and is
taken back."""

import pytest
from playwright.sync_api import Browser, expect

from games.models import Round, RoundTable, Tournament
from games.tables import services
from games.tournaments import services as service

from .phone import looks_right

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Ana Horvat",
    "Marija Kovačič-Žagar Novak",
    "Janez Novak",
    "Бојан Петровић",
    "Eva Zupančič",
    "Franc Kranjc",
    "Gal Vidmar",
    "Hana Kos",
    "Igor Mlakar-Potočnik",
]


def phone_in_slovenian(browser: Browser, live_server):
    made = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        locale="sl-SI",
        base_url=live_server.url,
        service_workers="block",
    )
    page = made.new_page()
    page.set_default_timeout(20_000)
    return made, page


def links(tournament: Tournament) -> dict[int, str]:
    return dict(
        RoundTable.objects.filter(round__tournament=tournament, round__number=1).values_list(
            "table_no", "planned_token"
        )
    )


def confirm(page) -> None:
    """The page that asks once: its primary button says yes."""
    page.locator("form.actions button.primary").click()


def test_a_directors_evening_at_360_px_in_slovenian(browser: Browser, live_server):
    settings = {
        "rules": {},
        "table_size": 3,
        "rounds": 2,
        "round_limit": {"hands": 21, "minutes": 90},
        "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
        "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
    }
    tournament = service.create_tournament(
        name="DP Šmarjetna", game="slovenian-tarok", preset="tarzs", settings=settings
    )
    service.register(tournament, [(name, None) for name in PLAYERS])
    made, page = phone_in_slovenian(browser, live_server)
    director = f"/d/{tournament.director_token}/"

    page.goto(director)
    looks_right(page)
    page.get_by_role("button", name="Izžrebaj krog 1").click()
    expect(page.locator("table.round-tables tbody tr")).to_have_count(3)
    printed = links(tournament)

    # Drawing again asks once; with the same players every printed link stays.
    page.get_by_role("button", name="Izžrebaj znova").click()
    expect(page.locator("h1")).to_contain_text("Znova izžrebam krog 1?")
    looks_right(page)
    confirm(page)
    expect(page.locator(".messages")).to_contain_text("Krog 1 je izžreban.")
    assert links(tournament) == printed

    # A withdrawal asks once, says the drawn round is voided; an old sheet then says where its players sit.
    page.goto(director)
    page.locator(f"form[action='{director}players/9/withdraw/'] button").click()
    expect(page.locator("h1")).to_contain_text("Zabeležim odstop")
    expect(page.locator("main")).to_contain_text("žreb se razveljavi")
    looks_right(page)
    confirm(page)
    expect(page.locator(".entries")).to_contain_text("odstop")
    page.get_by_role("button", name="Izžrebaj krog 1").click()
    expect(page.locator("table.round-tables tbody tr")).to_have_count(2)
    moved = [token for token in printed.values() if token not in links(tournament).values()]
    assert moved, "eight players: at least one table of nine's draw changed"
    page.goto(f"/t/{moved[0]}/")
    expect(page.locator(".notice")).to_contain_text("krog je bil znova izžreban")
    looks_right(page)

    # The round starts; table 1 is played on a phone, then a paper result is typed over it only when chosen.
    page.goto(f"{director}rounds/1/")
    page.get_by_role("button", name="Začni krog").click()
    round_ = Round.objects.get(tournament=tournament, number=1)
    first = round_.tables.select_related("table").get(table_no=1)
    for seat in range(2):
        services.record_hand(first.table, {"contract": "beggar", "declarer": first.table.players[seat], "won": True})
    page.reload()
    page.locator("#id_table").fill("1")
    page.locator("#id_totals").fill("0 0 0")
    page.get_by_role("button", name="Shrani rezultat").click()
    expect(page.locator(".field:has(#id_replace) .errorlist")).to_contain_text("Za mizo 1 sta v Talonu odigrani 2")
    assert RoundTable.objects.get(pk=first.pk).totals is None
    looks_right(page)
    page.locator("#id_replace").check()
    page.get_by_role("button", name="Shrani rezultat").click()
    expect(page.locator("table.round-tables")).to_contain_text("nadomešča 2 igri")
    for round_table in round_.tables.exclude(pk=first.pk):
        service.type_result(round_, round_table, [10, 0, -10])

    # Closing asks once; the close is taken back until round 2 starts.
    page.get_by_role("button", name="Zaključi krog").click()
    expect(page.locator("h1")).to_contain_text("Zaključim krog 1?")
    looks_right(page)
    confirm(page)
    expect(page.locator(".messages")).to_contain_text("Krog 1 je zaključen.")
    page.get_by_role("button", name="Znova odpri krog").click()
    expect(page.locator(".messages")).to_contain_text("Krog 1 je spet odprt")
    assert Round.objects.get(pk=round_.pk).status == Round.STARTED
    looks_right(page)
    made.close()
