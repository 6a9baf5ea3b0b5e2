"""What a director's screens must hold (issue 29): the projector with ten players fits a 1080 px screen with the
tournament's name at its top, and every draw choice of the new-tournament form reads whole in its list at 390 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from games.models import Round
from games.tournaments import services as service

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"cs": "cs-CZ", "sl": "sl-SI", "de": "de-AT", "en": "en-GB"}
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
    "Jožica Zupan-Kralj",
]
SETTINGS = {
    "rules": {},
    "table_size": 3,
    "rounds": 4,
    "round_limit": {"hands": 21, "minutes": 90},
    "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
    "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
}

# A select shows its chosen option's words in its own box: the widest option's words, in the select's own font,
# against the box less its padding and the arrow.
CUT_CHOICES = """(select) => {
  const style = getComputedStyle(select), probe = document.createElement('span');
  probe.style.font = style.font; probe.style.whiteSpace = 'pre'; probe.style.position = 'absolute';
  document.body.appendChild(probe);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const cut = [...select.options].map((option) => { probe.textContent = option.text; return [option.text, probe.offsetWidth]; })
    .filter(([, width]) => width > room).map(([text, width]) => `${text} (${width} px in ${Math.round(room)})`);
  probe.remove();
  return cut;
}"""


@pytest.mark.parametrize("language", ["cs", "de"])
def test_the_projector_with_ten_players_fits_a_1080_px_screen(browser: Browser, live_server, language):
    tournament = service.create_tournament(
        name="Državno prvenstvo v taroku, Šmarjetna", game="slovenian-tarok", preset="tarzs", settings=SETTINGS
    )
    service.register(tournament, [(name, None) for name in PLAYERS])
    service.start_round(service.draw_round(tournament, 1))
    assert tournament.rounds.get(number=1).status == Round.STARTED
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080},
        locale=LANGUAGES[language],
        base_url=live_server.url,
        service_workers="block",
    )
    page = context.new_page()
    page.goto(reverse("projector", args=[tournament.public_token]))
    assert page.locator("tbody tr").count() == len(PLAYERS)
    # no taller than the screen: else projector.js turns a page and the tournament's name scrolls away
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    heading = page.locator("h1").bounding_box()
    assert heading is not None and heading["y"] >= 0 and heading["y"] + heading["height"] <= 1080
    context.close()


def test_every_draw_choice_reads_whole_at_390_px_in_every_language(browser: Browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
        service_workers="block",
    )
    page = context.new_page()
    for language, locale in LANGUAGES.items():
        page.set_extra_http_headers({"Accept-Language": locale})
        page.goto(reverse("new_tournament_for", args=["slovenian-tarok"]))
        assert page.locator("html").get_attribute("lang") == language
        for name in ("preset", "draw_first", "draw_later", "tie_break_1"):
            select = page.locator(f"select[name={name}]")
            assert select.count() == 1, name
            assert select.evaluate(CUT_CHOICES) == [], (language, name)
    context.close()
