"""Every number a player reads is written one way (games/lib/number_text.py ``written``): the server's pages through
games.lib.numbers, the phone without signal through games.offline.phone with the separators the server sends it,
and the phone's totals through static/js/offline/words.js (``num``, whole numbers only: run through Node). One table
of cases, in the four languages, is what each of them is checked against; the tournament pages write their place
points with the same writer (no vulgar-fraction table of their own: 0,3 0,6 0,5, never ⅗ ½ 0,30 ⅕ side by side)."""

import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.contract.words import Line
from games.lib.number_text import Number
from games.lib.numbers import local_number
from games.offline import phone
from games.tournaments import services as service

from ..tournaments.test_tournament_web import make_tournament

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\xa0"

# value → how cs, sl, de and en write it (Czech groups by a no-break space, Slovenian and German by a point).
CASES = [
    (0, "0", "0", "0", "0"),
    (7, "7", "7", "7", "7"),
    (-3, "−3", "−3", "−3", "−3"),
    (1500, f"1{NBSP}500", "1.500", "1.500", "1,500"),
    (-1234567, f"−1{NBSP}234{NBSP}567", "−1.234.567", "−1.234.567", "−1,234,567"),
    (Fraction(3, 10), "0,3", "0,3", "0,3", "0.3"),  # a decimal the input was: exact, no trailing zero
    (Fraction(3, 5), "0,6", "0,6", "0,6", "0.6"),  # never ⅗
    (Fraction(1, 5), "0,2", "0,2", "0,2", "0.2"),  # never ⅕
    (Fraction(1, 2), "0,5", "0,5", "0,5", "0.5"),  # a half is a decimal
    (Fraction(3, 2), "1,5", "1,5", "1,5", "1.5"),
    (Fraction(-11, 4), "−2,75", "−2,75", "−2,75", "−2.75"),
    (Fraction(1, 8), "0,125", "0,125", "0,125", "0.125"),
    (Fraction(1, 3), "⅓", "⅓", "⅓", "⅓"),  # thirds: no decimal writes them exactly
    (Fraction(122, 3), "40⅔", "40⅔", "40⅔", "40⅔"),
    (Fraction(-7, 3), "−2⅓", "−2⅓", "−2⅓", "−2⅓"),
    (Fraction(7, 6), "1⅙", "1⅙", "1⅙", "1⅙"),  # (2 + 1 + ½) / 3: three sharing the places of 2 1 ½
    (Fraction(5, 6), "⅚", "⅚", "⅚", "⅚"),
    (Fraction(4001, 3), f"1{NBSP}333⅔", "1.333⅔", "1.333⅔", "1,333⅔"),
    (Fraction(53, 12), "4,42", "4,42", "4,42", "4.42"),  # 4 5/12: no glyph, no exact decimal
    (Fraction(-1, 7), "−0,14", "−0,14", "−0,14", "−0.14"),
]
LANGUAGES = ("cs", "sl", "de", "en")
TABLE = [(value, language, said) for value, *row in CASES for language, said in zip(LANGUAGES, row)]
IDS = [f"{value}-{language}" for value, language, _said in TABLE]


@pytest.mark.parametrize(("value", "language", "said"), TABLE, ids=IDS)
def test_the_servers_writer(value, language, said):
    with translation.override(language):
        assert local_number(value) == said
        assert local_number(Number(value)) == said  # an explanation's number


@pytest.fixture(scope="module")
def catalogues(django_db_setup, django_db_blocker):
    """Each language's words as the phone downloads them (the separators with them)."""
    from django.test import Client

    with django_db_blocker.unblock():
        client = Client()
        return {
            language: client.get(reverse("offline_words", args=[language])).content.decode() for language in LANGUAGES
        }


@pytest.mark.parametrize(("value", "language", "said"), TABLE, ids=IDS)
def test_the_phones_python_writer(catalogues, value, language, said):
    gettext = phone.translator(json.loads(catalogues[language]))
    assert phone.render(Line("{n}", {"n": value}), gettext) == said
    assert phone.render(Number(value), gettext) == said


WHOLE = [(value, language, said) for value, language, said in TABLE if isinstance(value, int)]


def test_the_phones_script_writes_whole_numbers_as_the_table_says():
    """words.js ``num`` (the phone's totals) in Node, the page's language set as the phone's page sets it."""
    node = shutil.which("node")
    assert node, "Node.js is needed (make test installs it with the offline runtime)"
    script = f"""
        globalThis.document = {{ documentElement: {{ lang: process.argv[1] }} }};
        const {{ num }} = await import({json.dumps((ROOT / "static/js/offline/words.js").as_uri())});
        console.log(JSON.stringify(JSON.parse(process.argv[2]).map(num)));
    """
    for language in LANGUAGES:
        cases = [(value, said) for value, lang, said in WHOLE if lang == language]
        done = subprocess.run(
            [node, "--input-type=module", "-e", script, language, json.dumps([v for v, _ in cases])],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == [said for _, said in cases], language


# ---- the tournament pages --------------------------------------------------------------------------------------

PLACE_POINTS = [0.3, 0.2, 0.1, 0]
EIGHT = ["Anna", "Bert", "Cilli", "Dieter", "Eva", "Franz", "Gerti", "Hans"]


def played_with_decimal_place_points():
    settings = {
        "rules": {},
        "table_size": 4,
        "rounds": 2,
        "round_limit": {"hands": 3},
        "scoring": {"measure": "place-points", "place_points": PLACE_POINTS, "tie_breaks": ["score"]},
        "draw": {"first": "random", "later": "random", "seed": 7},
    }
    tournament = make_tournament(players=EIGHT, game="koenigrufen", preset="place-points", settings=settings)
    for number, results in ((1, ([30, 10, -10, -30], [20, 20, -20, -20])), (2, ([10, 10, 10, -30], [40, 0, 0, -40]))):
        service.draw_round(tournament, number)
        round_ = tournament.rounds.get(number=number)
        service.start_round(round_)
        for round_table, totals in zip(round_.tables.order_by("table_no"), results):
            service.type_result(round_, round_table, totals)
        service.close_round(round_)
    return tournament


def cells(page: str, kind: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(rf'<td class="{kind}">(.*?)</td>', page, re.S)]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_standings_write_decimal_place_points_as_decimals(client, language):
    tournament = played_with_decimal_place_points()
    expected = sorted(line.measure for line in service.load_standings(tournament))
    assert any(value.denominator not in (1, 10) for value in expected), "shared places make other decimals"
    page = client.get(reverse("tournament", args=[tournament.public_token]), HTTP_ACCEPT_LANGUAGE=language)
    shown = cells(page.content.decode(), "measure")
    with translation.override(language):
        assert sorted(shown) == sorted(local_number(value) for value in expected)
    assert not any(glyph in "".join(shown) for glyph in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞")
    assert not any(re.search(r"\d[,.]\d0$", text) for text in shown), "0,30: a zero the input did not have"
