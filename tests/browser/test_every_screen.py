"""Every page of every game, as players see it: at 360 × 740 and 390 × 844, in all four languages, with as many
players as the game seats, long names ("Magdaléna", "Bartholomäus", "Jan-Nepomuk"), four-digit negative totals and
many radelci and Bummerl strokes; each page as it opens, with every <details> open, and a hand form with each part
shown. Nothing is wider than the screen or runs past its card, no word breaks inside itself (in a choice or a
button, not at a hyphen either) or spills out of its button, label or cell, no button's words touch its edge, and
every image loads. And nothing breaks the Content-Security-Policy: no inline script or style blocked, nothing fetched
from another origin (phone.py: watch_the_policy).

The whole tour (each page as it opens and in each state, in both widths) is taken in English; in the other three
languages only what their words change: every page (but those another shows already: pages) and every state, with
every <details> open (what a page shows as it opens stays on it when they open: one look sees both), at 360 px, the
narrower (the layout has no breakpoint between the two widths, and a word that fits 360 px fits 390)."""

import pytest
from playwright.sync_api import Page

from games.contract.ranking import marks_ranked
from games.engines.table import InvalidTable, replay, setup
from games.models import Circle
from games.registry import GAMES
from games.tables import services

from .. import hearts
from .phone import blocked, looks_right, watch_the_policy

pytestmark = [pytest.mark.browser, pytest.mark.long, pytest.mark.django_db(transaction=True)]
LONG = ["Magdaléna", "Bartholomäus", "Jan-Nepomuk", "Dorotea", "Evangelína", "Fridolín"]
SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]  # each page looked at in both
NEGATIVE = [-1000, -2345]  # the widest totals a long evening writes: four digits and a minus sign
MARKS = 14  # more radelci and Bummerl strokes than a page should draw one by one


def renamed_sample(game, names):
    """The game's sample table with ``names`` in place of the sample's players."""
    renamed = []
    for data in game.samples.table:
        for old, new in zip(game.samples.players, names):
            data = game.engine.rename_player(data, old, new)
        renamed.append(data)
    return renamed


def long_named_table(slug: str, circle: Circle):
    """The game's sample table with as many players as it seats, long names in place of the sample's; the first two
    players at four-digit negative totals (in a game ordered by lost Bummerl, where nothing is negative, many strokes
    in the Bummerl under way instead, its target as far as it goes), and many of what its adjustments carry (radelci)
    held and crossed off. Nothing here names a game: what differs comes from its engine and web side."""
    game = GAMES[slug]
    players = game.samples.players
    names = LONG[: max(game.engine.PLAYER_COUNTS)]  # as many as the game seats: the narrowest columns
    renamed = renamed_sample(game, names)
    try:
        replay(setup(slug, {}, names), renamed)
    except InvalidTable:  # its hands need more at its widest table (who sits out): its own count
        names = LONG[: len(players)]
        renamed = renamed_sample(game, names)
    strokes = bool(marks_ranked(game.engine.RANKING))
    rules = {option.key: option.high for option in game.engine.OPTIONS if strokes and option.key == "target"}
    table = services.create_table(game=slug, players=names, rules=rules, name="", circle=circle)
    for data in renamed:
        services.record_hand(table, data)
    table.refresh_from_db()
    reason = "Bartholomäus forgot to write the evening of 12 May"
    if strokes:  # game points are never negative: many small wins draw many strokes instead
        for _ in range(MARKS):
            services.record_hand(table, {"adjustment": {names[0]: 1}, "reason": reason})
    else:
        wanted = dict(zip(names, NEGATIVE))
        if game.engine.ZERO_SUM:  # the last player wins what the first two lose, the others are at 0
            wanted = {name: wanted.get(name, 0) for name in names[:-1]} | {names[-1]: -sum(NEGATIVE)}
        big = {
            "adjustment": {name: wanted.get(name, 0) - table.totals.get(name, 0) for name in wanted},
            "reason": reason,
        }
        carried = [field.key for field in game.web.adjustment_fields]
        services.record_hand(table, big | {key: {names[0]: MARKS + 2, names[1]: 3} for key in carried})
        for key in carried:
            services.record_hand(table, {"adjustment": {}, key: {names[0]: -2}})
    table.refresh_from_db()
    assert strokes or [table.totals[name] for name in names[:2]] == NEGATIVE, table.totals
    return table


def pages(circle: Circle, whole: bool = True) -> list[str]:
    """Every page, each game's with its long-named table; unless ``whole``, without the pages whose words and layout
    another page of the list shows already: a view link's hand and sheet (the edit link's, less its buttons), the
    calculator for as many players as the table's rules page (``?t=``) calculates for, and after the first game a
    circle's house rules (the new table's form, in the circle's page), a hand's edit form (the new hand's, filled)
    and the table's view link (its edit link's, less its buttons); and without a
    game that is not Talon's (the test game: no catalogue holds its words, which the whole tour looks at)."""
    paths = ["/new/", "/rules/", "/import/", "/circles/new/", f"/c/{circle.token}/", f"/cv/{circle.view_token}/"]
    shown = [slug for slug, game in GAMES.items() if whole or talons(game)]
    for slug in shown:
        game, once = GAMES[slug], whole or slug == shown[0]
        table = long_named_table(slug, circle)
        edit, view = f"/t/{table.edit_token}", f"/v/{table.view_token}"
        first = table.hands.order_by("seq").first().seq
        preset = next((p.key for p in game.engine.PRESETS if p.values), "")
        counts = [count for count in game.engine.PLAYER_COUNTS if whole or count != len(table.players)]
        paths += [f"/rules/{slug}/?players={count}" for count in counts]  # every calculator
        paths += [f"/new/{slug}/", f"/rules/{slug}/?t={table.view_token}", f"{edit}/", f"{edit}/hands/new/"]
        paths += [f"/c/{circle.token}/rules/{slug}/", f"{edit}/hands/{first}/edit/"] if once else []
        paths += [
            f"{edit}/hands/{first}/",
            f"{edit}/hands/",
            f"{edit}/settings/",
            f"{edit}/history/",
            f"{edit}/sheet/",
            f"{edit}/what-if/?preset={preset}",
            f"{edit}/adjust/",
            f"{edit}/end/",
        ]
        paths += [f"{view}/"] if once else []
        paths += [f"{view}/hands/{first}/", f"{view}/sheet/"] if whole else []
    return paths + ["/"]  # last: the home page lists every table this phone has opened, with its totals


def talons(game) -> bool:
    """Whether ``game`` is one of Talon's own (its words in the catalogues), not one registered by the tests."""
    return game.engine.__name__.startswith("games.")


def every_state(page: Page, whole: bool = True):
    """The page as it opens (unless not ``whole``), then with every <details> open, then a hand form with each choice
    that shows other parts of it (klop, prever …) tapped in turn."""
    if whole:
        yield "as it opens"
    opened = "() => [...document.querySelectorAll('details:not([open])')].map((d) => { d.open = true; }).length"
    if page.evaluate(opened) or not whole:  # a page with none closed is the page as it opened, looked at already
        yield "with every <details> open"
    choices = "[...document.querySelectorAll('input[data-shows]')]"
    for shows in page.evaluate(f"() => [...new Set({choices}.map((choice) => choice.dataset.shows))]"):
        page.evaluate(
            f"""(shows) => {{ const choice = {choices}.find((c) => c.dataset.shows === shows);
            choice.checked = true; choice.dispatchEvent(new Event('change', {{bubbles: true}})); }}""",
            shows,
        )
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        yield f"with {shows!r} chosen"


WHOLE = "en"  # the language of the whole tour


def test_the_tours_in_other_languages_leave_out_only_the_test_game():
    assert [slug for slug, game in GAMES.items() if not talons(game)] == [hearts.GAME.engine.SLUG]


@pytest.mark.parametrize("language", ["en", "cs", "sl", "de"])
def test_every_page_fits_the_phone(browser, live_server, language, settings):
    """Each page opened once in each language, and each of its states looked at in both widths (the phone's screen
    resized, as when it turns: each state first at the width the last one ended at); in the languages other than
    WHOLE's, what their words change: each page with every <details> open and each choice's state, at 360 px."""
    # The tour opens three long pages per game (what-if, the sheet twice): as many games as the registry holds, from
    # one client, past a stranger's allowance (tests/site test that allowance; here it would only count the games).
    settings.TALON_EXPENSIVE_PER_WINDOW = 1_000_000
    circle = Circle.objects.create(name="Čtvrteční taroky u Bartholomäuse", players=LONG)
    context = browser.new_context(
        viewport=SIZES[0],
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    console, outside = watch_the_policy(context, live_server.url)
    page: Page = context.new_page()
    page.set_default_timeout(10_000)
    failures = {}
    whole = language == WHOLE
    sizes = SIZES if whole else SIZES[:1]
    try:
        for path in pages(circle, whole):
            response = page.goto(path)
            assert response.status == 200, path
            for state in every_state(page, whole):
                for size in sorted(sizes, key=lambda size: size != page.viewport_size):  # the screen's own first
                    if size != page.viewport_size:
                        page.set_viewport_size(size)
                    try:
                        looks_right(page)
                    except AssertionError as problem:
                        if str(problem) not in failures:  # said once, in the first state that shows it
                            failures[str(problem)] = f"{size['width']} px, {state}"
            if violations := blocked(page):
                failures[f"{path}: the policy blocked {violations}"] = "the page's policy"
    finally:
        context.close()
    assert not failures, "\n".join(f"{state}: {problem}" for problem, state in failures.items())
    assert console == [] and outside == []
