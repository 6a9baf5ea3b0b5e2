"""Every page of every game, as players see it: at 360 × 740 and 390 × 844, in all four languages, with long names
("Magdaléna", "Bartholomäus", "Jan-Nepomuk") and four-digit totals. Nothing is wider than the screen, no word breaks
inside itself or spills out of its button, label or cell, and every image loads."""

import pytest
from playwright.sync_api import Page

from games import services
from games.models import Circle
from games.registry import GAMES
from tests.factories import SAMPLES

from .phone import looks_right

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LONG = ["Magdaléna", "Bartholomäus", "Jan-Nepomuk", "Dorotea", "Evangelína", "Fridolín"]
SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def long_named_table(slug: str, circle: Circle):
    """The game's sample table with long names in place of the sample's, and a four-digit total."""
    game = GAMES[slug]
    players, hands = SAMPLES[slug]
    names = LONG[:len(players)]
    renamed = []
    for data in hands:
        for old, new in zip(players, names):
            data = game.engine.rename_player(data, old, new)
        renamed.append(data)
    table = services.create_table(game=slug, players=names, rules={}, name="", circle=circle)
    for data in renamed:
        services.record_hand(table, data)
    big = game.engine.penalty(tuple(names), names[0], 1080 if game.engine.ZERO_SUM or slug != "schnapsen" else 1)
    services.record_hand(table, {"adjustment": big, "reason": "Bartholomäus forgot to write the evening of 12 May"})
    table.refresh_from_db()
    return table


def pages(circle: Circle) -> list[str]:
    paths = ["/new/", "/rules/", "/import/", "/circles/new/", f"/c/{circle.token}/", f"/cv/{circle.view_token}/"]
    for slug, game in GAMES.items():
        table = long_named_table(slug, circle)
        edit, view = f"/t/{table.edit_token}", f"/v/{table.view_token}"
        first = table.hands.order_by("seq").first().seq
        preset = next((p.key for p in game.engine.PRESETS if p.values), "")
        paths += [f"/rules/{slug}/?players={count}" for count in game.engine.PLAYER_COUNTS]  # every calculator
        paths += [f"/new/{slug}/", f"/rules/{slug}/?t={table.view_token}",
                  f"/c/{circle.token}/rules/{slug}/",
                  f"{edit}/", f"{edit}/hands/new/", f"{edit}/hands/{first}/", f"{edit}/hands/{first}/edit/",
                  f"{edit}/hands/", f"{edit}/settings/", f"{edit}/history/", f"{edit}/sheet/",
                  f"{edit}/what-if/?preset={preset}", f"{edit}/adjust/", f"{edit}/end/",
                  f"{view}/", f"{view}/hands/{first}/", f"{view}/sheet/"]
    return paths + ["/"]  # last: the home page lists every table this phone has opened, with its totals


@pytest.mark.parametrize("language", ["en", "cs", "sl", "de"])
@pytest.mark.parametrize("size", SIZES, ids=["360", "390"])
def test_every_page_fits_the_phone(browser, live_server, size, language):
    circle = Circle.objects.create(name="Čtvrteční taroky u Bartholomäuse", players=LONG)
    context = browser.new_context(viewport=size, device_scale_factor=1, is_mobile=True, has_touch=True,
                                  base_url=live_server.url, service_workers="block", locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page: Page = context.new_page()
    page.set_default_timeout(10_000)
    failures = []
    try:
        for path in pages(circle):
            response = page.goto(path)
            assert response.status == 200, path
            try:
                looks_right(page)
            except AssertionError as problem:
                failures.append(str(problem))
    finally:
        context.close()
    assert not failures, "\n".join(failures)
