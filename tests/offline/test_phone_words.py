"""The words a phone keeps for its engine (games/offline/views.py: words) are the server's catalogue cut to what the
phone's engine can look up: every word it looks up while it scores the worked examples and each game's random
tables, refusals too, reads as the server's catalogue says it, in every language; and the cut is a fraction of the
catalogue (what keeping a table costs on the wire, issue 44)."""

import json
import random

import pytest
from django.urls import reverse
from django.utils.translation import trans_real

from games.offline import phone
from games.registry import GAMES

from ..engines.worked_examples import EXAMPLES


def documents() -> list[dict]:
    found = [document for document, _expected, _extra in EXAMPLES.values()]
    for slug in sorted(GAMES):
        found += [GAMES[slug].samples.document(random.Random(seed)) for seed in range(12)]
    return found


def looked_up() -> set[str]:
    """Every key the phone's engine asks its words for while it scores every document, and a refused hand."""
    keys: set[str] = set()

    def gettext(text: str) -> str:
        keys.add(text)
        return text

    gettext.formats = {}
    for document in documents():
        snapshot = {"game": document["game"], "rules": document.get("rules") or {}, "players": document["players"]}
        phone.score_pending(snapshot, [*document["hands"], {"nonsense": True}], gettext)
    return keys


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_every_word_the_phones_engine_looks_up_is_kept_as_the_server_says_it(client, language):
    words = client.get(reverse("offline_words", args=[language])).json()
    catalog = trans_real.translation(language)._catalog
    keys = looked_up()
    assert len(keys) > 200
    translated = {key: catalog[key] for key in keys if catalog.get(key) and catalog[key] != key}
    if language != "en":
        assert len(translated) > 150
    assert {key: words.get(key) for key in translated} == translated
    for key in keys - set(translated):  # the phone says the msgid itself, as the server does
        assert phone.translator(words)(key) == key


def test_the_phone_keeps_a_fraction_of_the_catalogue(client):
    catalog = trans_real.translation("de")._catalog
    everything = {key: value for key, value in catalog.items() if isinstance(key, str) and key}
    words = client.get(reverse("offline_words", args=["de"])).json()
    assert len(json.dumps(words, ensure_ascii=False)) * 3 < len(json.dumps(everything, ensure_ascii=False))
