"""The four languages: complete catalogues, compiled and up to date; the language follows the browser and can be
switched on every page, and the choice is remembered."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("cs", "sl", "de", "en")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}|%\([a-z_]+\)s")


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


def translations(entries) -> dict:
    return {
        (e.msgctxt, e.msgid): (e.msgstr_plural and dict(sorted(e.msgstr_plural.items()))) or e.msgstr
        for e in entries
        if not e.obsolete
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    po = catalogue(language)
    untranslated = [e.msgid for e in po.untranslated_entries()] + [e.msgid for e in po.fuzzy_entries()]
    plural_gaps = [e.msgid for e in po if e.msgid_plural and not all(e.msgstr_plural.values())]
    assert not untranslated and not plural_gaps, untranslated[:10] + plural_gaps[:10]


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_their_placeholders(language):
    for entry in catalogue(language):
        wanted = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        for text in [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values():
            assert set(PLACEHOLDER.findall(text)) <= wanted, (entry.msgid, text)
            if not entry.msgid_plural:
                assert set(PLACEHOLDER.findall(text)) == wanted, (entry.msgid, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogues_are_up_to_date(language):
    mo = polib.mofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.mo"))
    assert translations(mo) == translations(catalogue(language)), "run: make messages"


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext (make test installs it)")
def test_catalogues_hold_every_message_of_the_source(tmp_path):
    for name in ("manage.py", "games", "scorekeeper", "templates", "locale"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / name)
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "cs", "--no-obsolete"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    fresh = {e.msgid for e in polib.pofile(str(tmp_path / "locale/cs/LC_MESSAGES/django.po"))}
    kept = {e.msgid for e in catalogue("cs")}
    assert fresh == kept, f"new: {sorted(fresh - kept)[:5]}, gone: {sorted(kept - fresh)[:5]} (run: make messages)"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, words", [("cs", "Nový stůl"), ("sl", "Nova miza"), ("de", "Neuer Tisch"), ("en", "New table")]
)
def test_the_language_follows_the_browser(client, language, words):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page and f'<html lang="{language}">' in page


@pytest.mark.django_db
def test_the_language_can_be_switched_on_every_page_and_is_remembered(client):
    page = client.get(reverse("rules", args=["czech-taroky"])).content.decode()
    assert f'action="{reverse("set_language")}"' in page and 'name="language"' in page
    client.post(reverse("set_language"), {"language": "sl", "next": "/"})
    assert "Nova miza" in client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()


@pytest.mark.django_db
def test_explanations_are_in_the_players_language(client):
    from tests.factories import make_table, team_hand

    table = make_table(hands=[team_hand(points=40)])
    page = client.get(reverse("hand", args=[table.edit_token, 1]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Kartenpunkte: Spielerseite 40, Gegenspieler 66 (106 − 40)." in page


def test_settle_output_stays_english_whatever_the_locale():
    from games.engines.table import settle

    out = settle(
        {
            "game": "czech-taroky",
            "players": ["A", "B", "C", "D"],
            "hands": [{"povinnost": "A", "partner": "C", "points": 63}],
        }
    )
    assert "R4: d = |63 − 53| = 10." in out["hands"][0]["explanation"]


@pytest.mark.parametrize(
    "language, expected",
    [("cs", "trula nehlášená"), ("sl", "trula nenapovedana"), ("cs", "králové hlášení"), ("sl", "kralji napovedani")],
)
def test_bonus_words_agree_with_the_bonus_in_gender(language, expected):
    from django.utils import translation
    from django.utils.translation import gettext

    from games.engines.table import parse_document, replay

    table, hands = parse_document(
        {
            "game": "slovenian-tarok",
            "players": ["A", "B", "C"],
            "hands": [
                {
                    "contract": "three",
                    "declarer": "A",
                    "points": 40,
                    "bonuses": [
                        {"kind": "trula", "side": "declarers", "announced": False, "made": True},
                        {"kind": "kings", "side": "declarers", "announced": True, "made": True},
                    ],
                }
            ],
        }
    )
    with translation.override(language):
        text = "\n".join(replay(table, hands).results[0].explanation(gettext))
    assert expected in text.lower()
