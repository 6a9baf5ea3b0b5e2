"""What a phone keeping a table works with: the runtime's files and sizes, the engine's own source files, the words
in its language, the table's snapshot, and the hands it sends back (in order, each with its version: once per
submission, a conflict answered with what changed, or put before the other phone's hands)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engines.table import replay, setup
from games.models import Table
from games.offline.bundle import OFFLINE_MODULES
from games.offline.views import RUNTIME_FILES
from games.registry import GAMES
from games.tables import services

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def send(client, table, data, *, version, submission="s1", **extra):
    return client.post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps({"data": data, "version": version, "submission": submission, **extra}),
        content_type="application/json",
    )


def test_the_runtime_lists_pyodide_and_the_engine_with_their_sizes(client):
    runtime = client.get(reverse("offline_runtime")).json()
    names = [f["url"].rsplit("/", 1)[-1] for f in runtime["files"]]
    assert names[: len(RUNTIME_FILES)] == list(RUNTIME_FILES)
    for file in runtime["files"][: len(RUNTIME_FILES)]:
        served = client.get(file["url"])
        assert served.status_code == 200 and len(b"".join(served.streaming_content)) == file["bytes"]
    assert runtime["bytes"] == sum(f["bytes"] for f in runtime["files"]) > 10_000_000
    wasm = client.get(runtime["index"] + "pyodide.asm.wasm")
    assert wasm["Content-Type"] == "application/wasm"


def test_the_engine_is_the_servers_own_files(client):
    files = client.get(reverse("offline_engine")).json()["files"]
    expected = {
        "games/__init__.py",
        "games/registry.py",
        "games/offline/__init__.py",
        "games/offline/phone.py",
        *(f"games/contract/{p.name}" for p in (ROOT / "games/contract").glob("*.py")),
        "games/lib/__init__.py",
        "games/lib/names.py",
        "games/lib/number_text.py",
        "games/lib/unicode_names.py",
        *(f"games/engines/{p.name}" for p in (ROOT / "games/engines").glob("*.py")),
        *(f"games/entry/{p.name}" for p in (ROOT / "games/entry").glob("*.py")),
        *(  # each game's folder: its package, engine and entry (not its web side, templates or tests)
            f"games/{p.parent.name}/{name}"
            for p in (ROOT / "games").glob("*/entry.py")  # a game's folder has one (games/contract/ has none)
            for name in ("__init__.py", "engine.py", "entry.py")
        ),
        "tests/__init__.py",
        "tests/hearts/__init__.py",
        "tests/hearts/engine.py",
        "tests/hearts/entry.py",
        # a game in one folder: its engine and entry, and the pure modules of its family they import (not its web side)
        *(
            f"games/{game}/{name}.py"
            for game in ("bauernschnapsen", "dreierschnapsen")
            for name in ("__init__", "engine", "entry")
        ),
        *(f"games/schnapsen_family/{name}.py" for name in ("__init__", "scoring", "fields")),
    }
    assert set(files) == expected  # every registered game's own files too: the test game's, registered elsewhere
    for path, source in files.items():
        assert source == (ROOT / path).read_text(encoding="utf-8"), path


@pytest.mark.parametrize("game", GAMES)
def test_the_download_alone_scores_every_registered_game(client, tmp_path, game):
    """The engine bundle written out as the phone's worker writes it, in a Python that sees nothing else of the
    server (no Django settings, not this checkout): it registers the games the server registered and scores a
    game's sample hands as the server does."""
    bundle = client.get(reverse("offline_engine")).json()
    for path, source in bundle["files"].items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(source, encoding="utf-8")
    samples = GAMES[game].samples
    players, hands = list(samples.players), list(samples.hands)
    snapshot = {"game": game, "rules": {}, "players": players, "state": None, "totals": {}, "hand_count": 0}
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from games.offline import phone; "
        "phone.use_games(sys.argv[2]); print(phone.table_now(sys.argv[3], sys.argv[4]))"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",  # no site-packages either: this checkout's editable install would find what the download lacks
            "-c",
            script,
            str(tmp_path),
            json.dumps(bundle["games"]),
            json.dumps(snapshot),
            json.dumps(hands),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    whole = replay(setup(game, {}, players), hands)
    assert json.loads(run.stdout)["totals"] == [whole.totals[p] for p in players]


def test_only_the_worker_may_compile_webassembly(client):
    worker = client.get("/static/js/engine-worker.js")
    page = client.get(reverse("home"))
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "wasm-unsafe-eval" not in page["Content-Security-Policy"]


@pytest.mark.parametrize("path", ["/static/js/engine-worker.js", "/static/js/engine-worker.75cb2d42d1e1.js"])
def test_the_worker_may_compile_webassembly_under_its_hashed_name_too(client, path):
    # the Deploy settings serve it as engine-worker.<12 hex digits>.js (ManifestStaticFilesStorage)
    assert "'wasm-unsafe-eval'" in client.get(path)["Content-Security-Policy"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/js/offline/main.js",
        "/static/js/engine-worker.75cb2d42d1e1.js.map",
        "/static/js/engine-worker.evil.js",
        "/x/static/js/engine-worker.js",
    ],
)
def test_no_other_response_may_compile_webassembly(client, path):
    assert "wasm-unsafe-eval" not in client.get(path)["Content-Security-Policy"]


def test_the_runtime_is_listed_under_the_names_pyodide_asks_for(client, settings, tmp_path):
    # hashed static names (the Deploy settings) would make Pyodide ask for files the phone never kept; the offline
    # part's modules are listed under theirs (a manifest as collectstatic writes it names them)
    hashed = {name: name.replace(".js", ".0123456789ab.js") for name in OFFLINE_MODULES}
    (tmp_path / "staticfiles.json").write_text(json.dumps({"paths": hashed, "version": "1.1"}))
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    runtime = client.get(reverse("offline_runtime")).json()
    for file in runtime["files"][: len(RUNTIME_FILES)]:
        assert file["url"] == runtime["index"] + file["url"].rsplit("/", 1)[-1]
        assert file["url"].rsplit("/", 1)[-1] in RUNTIME_FILES
    assert runtime["scripts"] == [settings.STATIC_URL + hashed[name] for name in OFFLINE_MODULES]


@pytest.mark.parametrize("language", ["cs", "sl", "de"])
def test_the_words_are_the_servers_translations_in_the_players_language(client, language):
    words = client.get(reverse("offline_words", args=[language])).json()
    msgid = "Team game: {povinnost} (povinnost) with {partner}, who held the {called}."
    with translation.override(language):
        assert words[msgid] == translation.gettext(msgid) != msgid
    assert client.get(reverse("offline_words", args=["xx"])).status_code == 404


def test_the_snapshot_is_the_table_as_stored_and_only_for_the_edit_link(client):
    table = make_table(hands=[team_hand()])
    snapshot = client.get(reverse("offline_snapshot", args=[table.edit_token])).json()
    assert snapshot["totals"] == table.totals and snapshot["state"] == table.state
    assert snapshot["hand_count"] == 1 and snapshot["version"] == table.version and snapshot["last_seq"] == 1
    assert client.get(reverse("offline_snapshot", args=[table.view_token])).status_code == 404


def test_sent_hands_are_recorded_in_order_once_each(client):
    table = make_table(hands=[team_hand()])
    first = send(client, table, team_hand(povinnost="Bára", partner="Dana", points=40), version=table.version)
    assert first.status_code == 200 and first.json()["number"] == 2
    again = send(client, table, team_hand(povinnost="Bára", partner="Dana", points=40), version=table.version)
    assert again.json()["already"] is True
    second = send(
        client,
        table,
        team_hand(povinnost="Cyril", points=70),
        version=first.json()["snapshot"]["version"],
        submission="s2",
    )
    assert second.json()["number"] == 3
    table.refresh_from_db()
    assert [h.data["povinnost"] for h in services.live_hands(table)] == ["Anna", "Bára", "Cyril"]


def test_a_stale_version_is_a_conflict_with_what_changed_and_nothing_recorded(client):
    table = make_table(hands=[team_hand()])
    seen = table.version
    services.record_hand(table, team_hand(povinnost="Bára", partner="Anna", points=50))  # the other phone
    answer = send(client, table, team_hand(povinnost="Bára", partner="Dana", points=40), version=seen)
    assert answer.status_code == 409
    body = answer.json()
    assert body["conflict"] and body["snapshot"]["hand_count"] == 2 and len(body["changes"]) == 1
    assert "Anna" in body["changes"][0]
    table.refresh_from_db()
    assert table.hand_count == 2


def test_put_before_theirs_moves_their_hands_on_and_scores_everything_again(client):
    table = make_table(hands=[team_hand()])
    services.record_hand(table, team_hand(povinnost="Bára", partner="Anna", points=50))  # theirs
    table.refresh_from_db()
    mine = [team_hand(povinnost="Bára", partner="Dana", points=40), team_hand(povinnost="Cyril", points=80)]
    answer = send(client, table, mine[0], version=table.version, after_seq=1)
    assert answer.status_code == 200 and answer.json()["number"] == 2
    answer = send(client, table, mine[1], version=answer.json()["snapshot"]["version"], after_seq=2, submission="s2")
    assert answer.json()["number"] == 3
    table.refresh_from_db()
    hands = services.live_hands(table)
    expected = [team_hand(), *mine, team_hand(povinnost="Bára", partner="Anna", points=50)]
    assert [h.data for h in hands] == expected and [h.number for h in hands] == [1, 2, 3, 4]
    whole = replay(setup("czech-taroky", {}, list(table.players)), expected)
    assert table.totals == whole.totals
    assert [h.totals for h in hands][-1] == [whole.totals[p] for p in table.players]
    services.undo_last(table)  # the history keeps it: undo takes my last hand out again
    table.refresh_from_db()
    assert [h.data for h in services.live_hands(table)] == [expected[0], expected[1], expected[3]]


def test_bad_sends_are_refused_with_a_message_and_change_nothing(client):
    table = make_table(hands=[team_hand()])
    url = reverse("offline_send", args=[table.edit_token])
    assert client.post(url, "not json", content_type="application/json").status_code == 400
    assert send(client, table, {"povinnost": "Nobody"}, version=table.version).status_code == 422
    assert send(client, table, team_hand(), version=table.version, after_seq=-1).status_code == 400
    assert send(client, table, team_hand(), version="x").status_code == 400
    strict = Client(enforce_csrf_checks=True)
    assert send(strict, table, team_hand(), version=table.version).status_code == 403
    table.refresh_from_db()
    assert table.hand_count == 1


def test_the_table_page_offers_keeping_it_with_its_size_but_loads_nothing_more(client):
    table = make_table(hands=[team_hand()])
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "Keep this table working without signal" in page and "MB" in page
    assert "pyodide" not in page and "offline/main.js" in page  # only the hook's address; the runtime is not fetched
    view = client.get(reverse("view_table", args=[table.view_token])).content.decode()
    assert "Keep this table working" not in view


def test_a_watching_phone_takes_the_whole_list_after_mine_before_theirs(client):
    table = make_table(hands=[team_hand(), team_hand(povinnost="Bára", partner="Anna", points=50)])
    watching = table.version
    services.insert_hand(table, team_hand(povinnost="Cyril", points=80), after_seq=1)  # mine before theirs
    live = client.get(reverse("live", args=[table.edit_token]), {"v": watching}).content.decode()
    assert 'id="hand-rows" hx-swap-oob="true"' in live and "afterbegin" not in live  # the list again, not on top
    table.refresh_from_db()
    watching = table.version
    services.record_hand(table, team_hand(points=30))  # an ordinary hand at the end still goes on top
    services.record_hand(table, team_hand(points=35))
    live = client.get(reverse("live", args=[table.edit_token]), {"v": watching}).content.decode()
    assert "afterbegin:#hand-rows" in live
    rows = live[live.index("afterbegin") : live.index("</tbody>")]
    assert rows.count('<th scope="row">') == 2  # the two new hands, not the whole list


@pytest.mark.parametrize("language", ["cs", "sl", "de", "en"])
def test_the_phone_writes_an_explanations_numbers_as_the_page_does(client, language):
    """The words carry the language's number formats, and the phone's explanation lines read exactly as the
    server's (games.templatetags.talon.line_html): ``−1 500``, ``40⅔``, ``4,6`` in Czech."""
    import html
    import re

    from games.offline import phone
    from games.templatetags.talon import line_html

    words = client.get(reverse("offline_words", args=[language])).json()
    documents = [
        (
            "czech-taroky",
            ["Anna", "Bára", "Cyril", "Dana"],
            [
                team_hand(points=63),
                {"adjustment": {"Anna": -1500, "Bára": 500, "Cyril": 500, "Dana": 500}, "reason": "carried over"},
            ],
        ),
        (
            "slovenian-tarok",
            ["Ana", "Bojan", "Cene", "Dora"],
            [
                {"contract": "klop", "klop": {"Ana": 20, "Bojan": "15 1/3", "Cene": "20 2/3", "Dora": 14}},
                {"contract": "three", "declarer": "Bojan", "partner": "Dora", "points": "40 2/3"},
            ],
        ),
    ]
    checked = 0
    with translation.override(language):
        for game, players, hands in documents:
            for result in replay(setup(game, {}, players), hands).results:
                for line in result.lines:
                    page = html.unescape(re.sub(r"<[^>]+>", "", line_html(line)))
                    assert phone.render(line, phone.translator(words)) == page
                    checked += 1
    assert checked > 5
    assert words[phone.FORMATS]["decimal"] == {"cs": ",", "sl": ",", "de": ",", "en": "."}[language]


def test_the_standard_library_is_cut_to_what_the_phone_runs(client):
    import io
    import zipfile

    runtime = client.get(reverse("offline_runtime")).json()
    listed = next(file for file in runtime["files"] if file["url"] == runtime["stdlib"])
    body = client.get(runtime["stdlib"]).content
    assert len(body) == listed["bytes"] < 3_500_000  # the whole library's files are 9.6 MB
    cut = zipfile.ZipFile(io.BytesIO(body))
    names = cut.namelist()
    for needed in (
        "fractions.py",
        "numbers.py",
        "json/__init__.py",
        "asyncio/__init__.py",
        "pyodide/__init__.py",
        "encodings/utf_8.py",
    ):  # what the engine imports, and what Pyodide imports as it starts
        assert needed in names
    for unused in ("email/__init__.py", "unittest/__init__.py", "tkinter/__init__.py", "xml/__init__.py"):
        assert unused not in names


def test_an_edit_of_a_hand_whose_answer_was_lost_edits_the_hand_the_server_recorded(client):
    """The Save reached the server, its answer was lost, the phone kept the hand and the player changed 40 to 20:
    the edit reaches that hand (once, however often it is sent), and the totals are those of the edited hand."""
    table = make_table(hands=[team_hand()])
    lost = team_hand(povinnost="Bára", partner="Dana", points=40)
    send(client, table, lost, version=table.version)  # recorded; the phone never heard
    edited = {**lost, "points": 20}
    for _ in range(2):
        answer = send(client, table, edited, version=table.version, then="edit", change="e1")
        assert answer.status_code == 200 and answer.json()["sent"] is True
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited]
    assert table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand(), edited]).totals
    assert answer.json()["snapshot"]["totals"] == table.totals


def test_an_edit_of_a_hand_the_server_never_recorded_records_it_as_edited(client):
    table = make_table(hands=[team_hand()])
    edited = team_hand(povinnost="Bára", partner="Dana", points=20)
    answer = send(client, table, edited, version=table.version, then="edit", change="e1")
    assert answer.json()["number"] == 2
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand(), edited]


def test_a_delete_of_a_hand_whose_answer_was_lost_deletes_it_on_the_server(client):
    table = make_table(hands=[team_hand()])
    lost = team_hand(povinnost="Bára", partner="Dana", points=40)
    send(client, table, lost, version=table.version)
    for _ in range(2):
        answer = send(client, table, lost, version=table.version, then="delete", change="d1")
        assert answer.status_code == 200 and answer.json()["sent"] is True
    table.refresh_from_db()
    assert [hand.data for hand in services.live_hands(table)] == [team_hand()]
    assert table.totals == replay(setup("czech-taroky", {}, table.players), [team_hand()]).totals


def test_a_delete_of_a_hand_the_server_never_recorded_records_nothing(client):
    table = make_table(hands=[team_hand()])
    version = table.version
    answer = send(client, table, team_hand(points=40), version=version, then="delete", change="d1")
    assert answer.json() == {"sent": True, "deleted": True, "snapshot": answer.json()["snapshot"]}
    table.refresh_from_db()
    assert table.version == version and table.hand_count == 1


def test_an_edit_another_phones_rename_made_invalid_is_refused_with_its_reason(client):
    """The phone edited its kept hand naming Bára; meanwhile another phone renamed her. The server says why (422,
    which the phone shows), and changes nothing: a 500 would have the phone send it again for ever."""
    table = make_table(hands=[team_hand()])
    lost = team_hand(povinnost="Bára", partner="Dana", points=40)
    send(client, table, lost, version=table.version)
    table.refresh_from_db()
    services.rename_player(table, "Bára", "Barbora", version=table.version)
    table.refresh_from_db()
    version, totals = table.version, table.totals
    answer = send(client, table, {**lost, "points": 20}, version=version, then="edit", change="e1")
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("The server refused this hand: hand 2: ")
    assert "Barbora" in answer.json()["error"]
    table.refresh_from_db()
    assert (table.version, table.totals) == (version, totals)


def test_an_edit_after_a_lost_answer_never_overwrites_another_phones_later_correction(client):
    """Phone A's Save reached the server unheard; phone B corrected that hand (63 → 50); A's edit of its kept copy
    (→ 40) is kept apart on A with the reason, and B's correction stands. So is A's delete of it."""
    table = make_table(hands=[team_hand()])
    lost = team_hand(povinnost="Bára", partner="Dana", points=63)
    send(client, table, lost, version=table.version)
    table.refresh_from_db()
    services.edit_hand(table.hands.get(seq=2), {**lost, "points": 50}, version=table.version, submission="b1")
    table.refresh_from_db()
    version = table.version
    for then in ("edit", "delete"):
        answer = send(client, table, {**lost, "points": 40}, version=version, then=then, change="a-" + then)
        assert answer.status_code == 422 and "Another phone changed this hand" in answer.json()["error"]
    table.refresh_from_db()
    assert table.version == version and table.hands.get(seq=2).data["points"] == 50


def test_a_penalty_is_not_edited_into_a_hand_from_a_phone(client):
    """As on the hand's page: a penalty, a correction or the end of the evening is deleted and written again,
    never edited, and no hand is edited into one (a round's limit counts the hands played)."""
    table = make_table(hands=[team_hand()])
    penalty = {"adjustment": dict(zip(table.players, [30, -10, -10, -10])), "reason": "revoke"}
    for submission, data in (("p1", penalty), ("h1", team_hand(points=50)), ("c1", {"closing": True})):
        assert (
            send(client, table, data, version=Table.objects.get(pk=table.pk).version, submission=submission).status_code
            == 200
        )
    table.refresh_from_db()
    version, totals = table.version, table.totals
    for submission, data in (("p1", team_hand(points=40)), ("h1", penalty), ("c1", team_hand(points=40))):
        answer = send(client, table, data, version=version, submission=submission, then="edit", change="e" + submission)
        assert answer.status_code == 422, submission
        assert "is not edited" in answer.json()["error"]
        table.refresh_from_db()
        assert (table.version, table.totals, table.hand_count) == (version, totals, 4)


def test_an_edit_or_delete_without_its_own_id_is_refused(client):
    table = make_table(hands=[team_hand()])
    answer = send(client, table, team_hand(points=40), version=table.version, then="edit")
    assert answer.status_code == 400 and "submission id" in answer.json()["error"]


def test_the_phone_downloads_no_tournament_code(client):
    """A phone keeping a table never imports the tournament engine: it is not in the bundle."""
    files = client.get(reverse("offline_engine")).json()["files"]
    assert not [path for path in files if "tournament" in path]
    assert not [path for path, source in files.items() if "games.tournaments" in source]


def test_a_release_of_what_the_phone_does_not_run_keeps_its_snapshot(monkeypatch):
    """The bundle's hash names the phone's saved snapshot: a change to the tournament engine leaves it as it was,
    a change to an engine the phone runs does not."""
    from games.offline import views as offline_views

    read = Path.read_text

    def changed(touched):
        def read_text(path, *args, **kwargs):
            text = read(path, *args, **kwargs)
            return text + "\nRELEASE = 2\n" if Path(path) == touched else text

        return read_text

    offline_views.engine_bundle.cache_clear()
    before = offline_views.engine_version()
    try:
        monkeypatch.setattr(Path, "read_text", changed(ROOT / "games/tournaments/engine/__init__.py"))
        offline_views.engine_bundle.cache_clear()
        assert offline_views.engine_version() == before
        monkeypatch.setattr(Path, "read_text", changed(ROOT / "games/schnapsen/engine.py"))
        offline_views.engine_bundle.cache_clear()
        assert offline_views.engine_version() != before
    finally:
        monkeypatch.undo()
        offline_views.engine_bundle.cache_clear()


def test_the_library_is_stored_whole_and_sent_with_brotli_to_a_browser_that_accepts_it(client):
    """Stored, not deflated file by file: brotli then compresses the whole zip as one stream (0.6 MB instead of the
    0.83 MB of a zip deflated file by file, on which the wire's compression gains nothing), and the zip the phone
    unpacks is the same."""
    import io
    import zipfile

    import brotli

    url = client.get(reverse("offline_runtime")).json()["stdlib"]
    plain = client.get(url)
    assert "Content-Encoding" not in plain  # the gzip middleware's, for a browser without brotli
    assert all(
        info.compress_type == zipfile.ZIP_STORED for info in zipfile.ZipFile(io.BytesIO(plain.content)).infolist()
    )
    sent = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br, zstd")
    assert sent["Content-Encoding"] == "br" and "Accept-Encoding" in sent["Vary"]
    assert brotli.decompress(sent.content) == plain.content
    assert len(sent.content) < 700_000 < 3 * len(sent.content) < len(plain.content)
