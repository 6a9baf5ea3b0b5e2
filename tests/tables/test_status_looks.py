"""Every game's status is drawn without naming a game: the shared scripts read only the typed status (its fields
and ``marks``), and how a game's marks look comes from its web module (``GameWeb.marks``, ``leader_badge``,
``leader_field``), given to the phone with the table page. Each game's described marks are marks its engine gives."""

import dataclasses
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.contract.status import Status
from games.engines import table as engine_table
from games.registry import GAMES

from ..factories import make_table

ROOT = Path(__file__).resolve().parents[2]
SHARED_SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))  # the offline part's modules too
STATUS_FIELDS = {field.name for field in dataclasses.fields(Status)}


def status_after_samples(slug: str) -> dict:
    samples = GAMES[slug].samples
    setup = engine_table.setup(slug, {}, list(samples.players))
    return GAMES[slug].engine.status(engine_table.replay(setup, list(samples.hands)).state).as_json()


def game_words(slug: str) -> set[str]:
    """What names a game's own status and its looks: its mark kinds (a player's and the table's), the keys only it
    keeps beside the typed status, its leader field and the CSS classes of its marks."""
    status = status_after_samples(slug)
    web = GAMES[slug].web
    kinds = {kind for marks in status["marks"].values() for kind in marks} | set(status.get("table_marks", {}))
    own = set(status) - STATUS_FIELDS
    looks = (
        {mark.kind for mark in web.marks}
        | {mark.used for mark in web.marks if mark.used}
        | {name for mark in web.marks for name in mark.classes if mark.look == "circles"}
    )
    return {word for word in kinds | own | looks | {web.leader_field} if word}


GENERIC = {"game", "hands", "pending", "current", "target", "sheet"}  # words the scripts use for their own things
# (a hand kept, the DOM's event.target, the score sheet's page); what they read of a status is checked below


@pytest.mark.parametrize("slug", GAMES)
def test_the_shared_scripts_name_nothing_of_a_games_status(slug):
    words = game_words(slug) - GENERIC
    for script in SHARED_SCRIPTS:
        text = script.read_text(encoding="utf-8")
        named = sorted(word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text))
        assert not named, f"{script.name} names {named} of {slug}"


def test_the_shared_scripts_read_only_the_typed_status():
    read = set()
    for script in SHARED_SCRIPTS:
        read |= set(re.findall(r"\bstatus\??\.(\w+)", script.read_text(encoding="utf-8")))
    read -= {"textContent"}  # the keep button's status line is a page element called status too
    assert read and read <= STATUS_FIELDS, read - STATUS_FIELDS


@pytest.mark.parametrize("slug", GAMES)
def test_the_marks_a_game_describes_are_marks_its_engine_gives(slug):
    marks = status_after_samples(slug)["marks"]
    for mark in GAMES[slug].web.marks:
        for name in GAMES[slug].samples.players:
            assert mark.kind in marks[name] and (not mark.used or mark.used in marks[name]), (mark, name)


def offline_look(response) -> dict:
    found = re.search(
        r'<script id="offline-look" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert found, "the table page gives the phone how the game's status looks"
    return json.loads(found.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("page", ["table", "record_hand"])
def test_the_kept_pages_give_the_phone_how_the_games_status_looks(client, slug, page):
    table = make_table(game=slug, players=GAMES[slug].samples.players)
    web = GAMES[slug].web
    assert offline_look(client.get(reverse(page, args=[table.edit_token]))) == {
        "marks": [
            {
                "kind": m.kind,
                "look": m.look,
                "label": str(m.label),
                "used": m.used,
                "few": m.few,
                "classes": list(m.classes),
                "labels": [str(m.counted % {"counter": n}) for n in range(100)] if m.counted else [],
            }
            for m in web.marks
        ],
        "leader_badge": str(web.leader_badge),
        "leader_field": web.leader_field,
        "games": {
            "key": web.games.key,
            "label": str(web.games.label),
            "won": web.games.won,
            "won_label": str(web.games.won_label),
        }
        if web.games
        else None,
    }


@pytest.mark.django_db
def test_the_looks_words_are_in_the_players_language(client):
    table = make_table(game="schnapsen", players=["Anna", "Ben"])
    with translation.override("de"):
        client.cookies["django_language"] = "de"
        look = offline_look(client.get(reverse("table", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="de"))
    assert look["marks"][0]["label"] == "Verlorene Bummerl: {count}"
    czech = make_table(game="czech-taroky")
    assert offline_look(client.get(reverse("table", args=[czech.edit_token])))["leader_field"] == "povinnost"
