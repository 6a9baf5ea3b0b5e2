"""What anyone can send, into every URL and every field: digits that are not ASCII (``²``, ``①``: ``str.isdigit()``
is true, ``int()`` fails), NUL, numbers beyond what a database column holds, JSON nested hundreds deep. Never a
500 (on SQLite and on PostgreSQL: the suite runs on both), and nothing saved that carries them.

The URLs come from games/urls.py and the fields from the forms the pages themselves render (every page is
fetched, every form on it read): a new page or a new field is covered without touching this file. Only what no
page renders is listed by hand (the query parameters the views read, found in their source, and the offline
send's JSON)."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client, override_settings
from django.urls import URLPattern, resolve, reverse

from games.engines.table import InvalidTable, load_json
from games.lib.inputs import LARGEST, whole_number
from games.models import Change, Circle, Correction, Entry, Hand, League, Table, Tournament
from games.registry import GAMES
from games.tables import services
from games.tables.forms import ImportForm, version_of
from games.tournaments import services as tournaments
from games.urls import urlpatterns

from ..factories import committed_for_the_module, make_sample, make_table, team_hand

# The largest file of the app's tests: started first (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.long]

# One of each kind (``①`` behaves as ``²``; test_a_whole_number_is_… tries more of each): every field takes each.
HOSTILE = {"superscript two": "²", "NUL": "\x00", "huge": "9" * 30, "2**31": str(2**31)}
DEEP = "[" * 950 + "]" * 950
GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
SOURCE = "".join(path.read_text(encoding="utf-8") for path in GAMES_DIR.rglob("*.py") if "migrations" not in path.parts)
# What the views read from a request themselves, not through a form: found in their source, so a new one is
# covered too.
QUERY = sorted(set(re.findall(r"request\.GET\.get\(\s*\"(\w+)\"", SOURCE)))
RAW_POST = sorted(set(re.findall(r"request\.POST\.get\(\s*\"(\w+)\"", SOURCE)) | {"version", "submission"})


def test_what_the_views_read_themselves_is_found_in_their_source():
    assert {"page", "players", "v", "hand", "t"} <= set(QUERY)
    assert {"version", "submission", "device", "next", "form"} <= set(RAW_POST)


# ---- what the app holds, and the URLs and forms that reach it ------------------------------------------------


@pytest.fixture(autouse=True)
def no_limit_on_long_pages(settings):
    """The sweep asks for every page many times from one address; the limit on expensive pages has its own tests
    (tests/lib/test_bounds.py) and would otherwise answer 429 before the views read what is sent."""
    settings.TALON_EXPENSIVE_PER_WINDOW = 10**6


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A sample table of every game (its form's hand recorded after it and deleted, so restore has one) and a
    circle, committed once and deleted at the end, also when this fails part way; each test runs in a transaction
    that is rolled back."""
    with committed_for_the_module(django_db_blocker):
        tables = {}
        for game in GAMES:
            tables[game] = table = make_sample(game)
            deleted = services.record_hand(table, GAMES[game].samples.hand)  # the hand after the sample table
            services.delete_hand(deleted)
            table.refresh_from_db()
        circle = Circle.objects.create(name="Thursdays", players=["Anna"])
        services.add_to_circle(tables["czech-taroky"], circle)
        _tournament()
        with override_settings(TALON_EXPENSIVE_PER_WINDOW=10**6):  # see no_limit_on_long_pages
            forms = _crawl(tables, circle)
        yield {"tables": tables, "circle": circle, "forms": forms}


def _tournament() -> None:
    """A tournament whose first round is being played (its tables in Talon), with a correction's form too, in a
    league: the tournament's and the league's pages and forms are swept as the tables' are."""
    tournament = tournaments.create_tournament(
        name="Cup",
        game="slovenian-tarok",
        preset="tarzs",
        settings={
            "rules": {},
            "table_size": 3,
            "rounds": 2,
            "round_limit": {"hands": 21, "minutes": 90},
            "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
            "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 1},
        },
    )
    tournaments.register(tournament, [(name, None) for name in ("Ana", "Bojan", "Cene")])
    tournaments.draw_round(tournament, 1)
    tournaments.start_round(tournament.rounds.get(number=1))
    league = League.objects.create(name="Season")
    tournaments.add_to_league(league, tournament)
    drawn = tournaments.create_tournament(
        name="Drawn", game=tournament.game, preset="tarzs", settings=tournament.settings
    )  # its director page offers a start
    tournaments.register(drawn, [(name, None) for name in ("Ana", "Bojan", "Cene")])
    tournaments.draw_round(drawn, 1)


DIRECTOR = {
    "director",
    "register",
    "withdraw",
    "rename_entry",
    "draw",
    "director_round",
    "director_round_live",
    "start_round",
    "close_round",
    "reopen_round",
    "round_result",
    "take_back_result",
    "print_round",
    "tournament_json",
    "standings_csv",
}
PUBLIC = {
    "tournament",
    "tournament_player",
    "find_table",
    "public_round",
    "projector",
    "projector_live",
    "standings_live",
}


def _tournament_token(name: str) -> str | None:
    """The token a tournament's or a league's URL takes, or None for a table's or a circle's."""
    tournament, league = Tournament.objects.order_by("pk").first(), League.objects.order_by("pk").first()
    if name == "director":  # the other tournament's, whose round is drawn: the start and draw forms are there
        return Tournament.objects.order_by("pk").last().director_token
    return (
        tournament.director_token
        if name in DIRECTOR
        else tournament.public_token
        if name in PUBLIC
        else league.director_token
        if name.startswith("league_")
        else league.public_token
        if name == "league"
        else None
    )


def _kwargs(pattern: URLPattern, table: Table, circle: Circle) -> dict:
    values = {
        "seq": 1,
        "game": table.game,
        "link": "view",
        "language": "en",
        "no": 1,
        "number": 1,
        "table": 1,
        "tournament": Tournament.objects.order_by("pk").first().public_token,
    }
    name = pattern.name
    token = _tournament_token(name) or (
        circle.token
        if name.startswith("circle") and name != "circle_view"
        else circle.view_token
        if name == "circle_view"
        else table.view_token
        if name.startswith("view_")
        else table.edit_token
    )
    return {key: token if key == "token" else values[key] for key in pattern.pattern.converters}


def every_url(tables, circle) -> list[tuple[str, str]]:
    """(name, path) of every URL pattern, for every game's table where it takes one."""
    urls = []
    for pattern in urlpatterns:
        converters = pattern.pattern.converters
        for table in tables.values() if converters else [None]:
            urls.append(
                (
                    pattern.name,
                    reverse(pattern.name, kwargs=_kwargs(pattern, table, circle))
                    if converters
                    else reverse(pattern.name),
                )
            )
            if not converters:
                break
    return urls


class Forms(HTMLParser):
    """Every form posted on a page: its action and its fields with the values the page gave them."""

    def __init__(self, page_path: str):
        super().__init__()
        self.page_path, self.forms, self.current, self.textarea, self.select = page_path, [], None, None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.current = {
                "action": attrs.get("action") or self.page_path,
                "fields": {},
                "files": [],
                "method": attrs.get("method", "get").lower(),
                "typed": [],  # what a player types: text inputs and text areas
                "numbers": {},  # a number's field: its least value, if the page gives one
            }
            self.forms.append(self.current)
        elif self.current is None or "name" not in attrs:
            return
        elif tag == "input" and attrs.get("type") == "file":
            self.current["files"].append(attrs["name"])
        elif tag == "input" and attrs.get("type") not in ("submit", "button", "file"):
            if attrs.get("type") == "number" or attrs.get("inputmode") in ("numeric", "decimal"):
                self.current["numbers"][attrs["name"]] = attrs.get("min")
            elif attrs.get("type") in (None, "text", "search", "email", "url", "tel"):
                self.current["typed"].append(attrs["name"])
            checked = attrs.get("type") not in ("radio", "checkbox") or "checked" in attrs
            self.current["fields"].setdefault(attrs["name"], attrs.get("value", "") if checked else "")
            if checked and attrs.get("value"):
                self.current["fields"][attrs["name"]] = attrs["value"]
        elif tag == "button":
            self.current["fields"].setdefault(attrs["name"], attrs.get("value", ""))
        elif tag == "textarea":
            self.current["typed"].append(attrs["name"])
            self.textarea = attrs["name"]
            self.current["fields"][attrs["name"]] = ""
        elif tag == "select":
            self.select = attrs["name"]
            self.current["fields"].setdefault(attrs["name"], "")
        elif tag == "option" and self.select and "selected" in attrs:
            self.current["fields"][self.select] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "select":
            self.select = None

    def handle_data(self, data):
        if self.textarea and self.current is not None:
            self.current["fields"][self.textarea] += data


FILES = "file fields"  # the crawl's key for the forms that send a file: (path, fields, the file fields' names)
TYPED = "typed fields"  # and for each form's typed and number fields: (path, fields, typed, numbers)


def _crawl(tables, circle) -> dict[str, list[tuple[str, dict]]]:
    """Every form of every page, by the name of the URL it posts to: (path, the fields as the page filled them);
    under FILES, the forms that also send a file."""
    client = Client()
    for table in tables.values():  # this phone's own tables and circle: their forms appear on its pages
        client.get(reverse("table", args=[table.edit_token]))
    client.get(reverse("circle", args=[circle.token]))
    found: dict[str, list[tuple[str, dict]]] = {}
    files: dict[str, list[tuple[str, dict, list[str]]]] = {}
    typed: dict[str, list[tuple[str, dict, list[str], dict]]] = {}
    seen = set()
    pages = [(path, None) for _name, path in every_url(tables, circle)]
    for path, query in pages:
        response = client.get(path, query)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = Forms(path)
        parser.feed(response.content.decode())
        for form in parser.forms:
            action = urlsplit(form["action"]).path
            if form["method"] == "get":  # a filter or a comparison: its result page may have forms of its own
                if query is None and "csrfmiddlewaretoken" not in form["fields"]:
                    pages.append((action, form["fields"]))
                continue
            key = (resolve(action).url_name, tuple(sorted(form["fields"])))  # the same form at every table: once
            if key in seen:
                continue
            seen.add(key)
            found.setdefault(resolve(action).url_name, []).append((form["action"], form["fields"]))
            if form["files"]:
                files.setdefault(resolve(action).url_name, []).append((form["action"], form["fields"], form["files"]))
            typed.setdefault(resolve(action).url_name, []).append(
                (form["action"], form["fields"], form["typed"], form["numbers"])
            )
    found[FILES] = files  # type: ignore[assignment]
    found[TYPED] = typed  # type: ignore[assignment]
    return found


# ---- what must hold after every hostile request ----------------------------------------------------------------


def stored() -> tuple:
    return (
        Table.objects.count(),
        Hand.objects.count(),
        Change.objects.count(),
        Circle.objects.count(),
        list(Table.objects.order_by("pk").values_list("version", "rules", "name", "players")),
        list(Hand.objects.order_by("pk").values_list("seq", "data", "deleted")),
    )


def organised() -> tuple:
    """What organised play holds: its tournaments, players, leagues and corrections."""
    return (
        list(Tournament.objects.order_by("pk").values_list("name", "settings", "version")),
        list(Entry.objects.order_by("pk").values_list("name", "ranking")),
        list(League.objects.order_by("pk").values_list("name", "settings")),
        list(Correction.objects.order_by("pk").values_list("totals", "reason")),
    )


def nothing_hostile_stored() -> None:
    text = json.dumps(
        [
            stored(),
            organised(),
            list(Change.objects.values_list("submission", "device", "before", "after")),
            list(Circle.objects.values_list("name", "players", "rules")),
            list(Hand.objects.values_list("seq", flat=True)),
        ],
        ensure_ascii=False,
        default=str,
    )
    assert "\x00" not in text and "\\u0000" not in text
    assert max(Hand.objects.values_list("seq", flat=True), default=0) < 1000


def ask(client: Client, method: str, path: str, data=None, **extra):
    """One request in a savepoint that is rolled back: each starts from the same tables. A 500 raises here."""
    with transaction.atomic():
        response = getattr(client, method)(path, data, **extra)
        assert response.status_code < 500, (method, path, data, response.status_code)
        nothing_hostile_stored()
        transaction.set_rollback(True)
    return response


URL_NAMES = [pattern.name for pattern in urlpatterns]
# Reached without a form on any page: the hand form's live preview (hx-post of the hand form's fields), what if by
# the view link (it only shows: a POST is read as a GET), the offline send (JSON, tested below) and the health
# check (it reads nothing).
POSTED_WITHOUT_A_FORM = {
    "preview": "record_hand",
    "preview_edit": "edit_hand",
    "view_what_if": "what_if",
    "offline_send": None,
    "healthz": None,
    "reopen_round": None,
    "take_back_result": None,
}  # buttons without fields


@pytest.mark.parametrize("name", URL_NAMES)
def test_every_url_refuses_a_hostile_token_or_query_with_no_500(world, name):
    """Every query parameter a view reads, all at once (each view reads its own independently), by GET and by
    POST; and a token that is no token is no link (404). The query does not depend on the game: one table."""
    client = Client()
    pattern = next(p for p in urlpatterns if p.name == name)
    path = dict(every_url({"czech-taroky": world["tables"]["czech-taroky"]}, world["circle"]))[name]
    for value in HOSTILE.values():
        ask(client, "get", path, {key: value for key in QUERY})
        ask(client, "post", f"{path}?{'&'.join(f'{key}={quote(value)}' for key in QUERY)}")
    if "token" in pattern.pattern.converters:
        token = path.split("/")[2]
        for bad in ("a%00b", "%C2%B2", "x" * 65):
            assert ask(client, "get", path.replace(token, bad, 1)).status_code == 404, (path, bad)
    if "seq" in pattern.pattern.converters:  # a hand's place beyond any database integer is no hand
        for seq in (2**31, 10**30):
            kwargs = {**resolve(path).kwargs, "seq": seq}
            assert ask(client, "get", reverse(name, kwargs=kwargs)).status_code in (404, 405), (name, seq)
            assert ask(client, "post", reverse(name, kwargs=kwargs)).status_code in (302, 404, 405), (name, seq)


@pytest.mark.parametrize("name", URL_NAMES)
def test_every_posted_field_refuses_hostile_values_with_no_500(world, name):
    """Every field of every form that posts here gets every hostile value: in as many requests as there are
    values, each field taking each value once (a form checks all its fields). The fields a view reads itself
    (RAW_POST: the version, the submission id …), often only once the form is valid, are also sent alone, the
    rest of the form as the page filled it, so that they are surely reached."""
    forms = world["forms"].get(name) or world["forms"].get(POSTED_WITHOUT_A_FORM.get(name) or "", [])
    client = Client()
    for page in ("/", reverse("table", args=[world["tables"]["czech-taroky"].edit_token])):
        client.get(page)  # a phone with its session: the forms of its own tables and circles
    values = list(HOSTILE.values())
    for path, fields in forms:
        target = path if name not in POSTED_WITHOUT_A_FORM else _other(path, name)
        names = sorted(fields)
        for turn in range(len(values)):
            ask(client, "post", target, {field: values[(i + turn) % len(values)] for i, field in enumerate(names)})
        for field in sorted(set(fields) & set(RAW_POST)):
            for value in values:
                ask(client, "post", target, {**fields, field: value})


# What a file field gets: each hostile value as the whole file, JSON nested too deep, bytes that are no UTF-8, a
# tournament document with hostile values where a name and a number go, one cut short, and corrections dated past
# the calendar's edges.
def _document_with_a_correction_at(at: str) -> bytes:
    return json.dumps(
        {
            "tournament": "Cup",
            "preset": "tarzs",
            "draw": {"seed": 1},
            "players": [{"no": n, "name": name} for n, name in enumerate(["Ana", "Bojan", "Cene"], start=1)],
            "played": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2, 3], "totals": [1, 2, 3]}]}],
            "corrections": [{"round": 1, "table": 1, "totals": [3, 2, 1], "reason": "appeal", "at": at}],
        }
    ).encode()


HOSTILE_FILES = [
    *(value.encode() for value in HOSTILE.values()),
    DEEP.encode(),
    b"\xff\xfe\x00",
    json.dumps(
        {"tournament": "\x00", "preset": "tarzs", "draw": {"seed": 2**64}, "players": [{"no": 1, "name": "²"}]}
    ).encode(),
    json.dumps({"tournament": "Cup", "preset": "tarzs", "draw": {"seed": 1}}).encode()[:-1],
    *(_document_with_a_correction_at(at) for at in ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00")),
    b"\xc3\x28 invalid UTF-8",
    b'{"game": "czech-taroky", "players": ["\\ud800nna", "B", "C", "D"], "hands": []}',  # a lone surrogate
    *(
        json.dumps({"game": game, "players": list(GAMES[game].samples.players), "hands": [hand]}).encode()
        for game in GAMES
        for hand in ({"adjustment": {GAMES[game].samples.players[0]: 2**63}}, {"points": -1}, {"points": 1e308})
    ),
    json.dumps({"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna"}] * 5001}).encode(),
]


def upload(content: bytes, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content)


@pytest.mark.parametrize("name", ["import", "import_tournament", "register"])
def test_every_file_field_refuses_hostile_files_with_no_500_and_saves_nothing(world, name):
    """Each form that sends a file (the table import's upload field, the tournament document, the players' CSV),
    filled as its page fills it, with each hostile file: never a 500, and a refused request saves no table, hand,
    tournament, player, league or correction."""
    forms = world["forms"][FILES].get(name)
    assert forms, f"no page has a form with a file field for {name}"
    client = Client()
    for path, fields, files in forms:
        for content in HOSTILE_FILES:
            before = organised(), stored()
            with transaction.atomic():
                response = client.post(path, {**fields, **{field: upload(content, "hostile.json") for field in files}})
                assert response.status_code < 500, (path, content[:60], response.status_code)
                nothing_hostile_stored()
                if response.status_code != 302:
                    assert (organised(), stored()) == before, (path, content[:60])
                transaction.set_rollback(True)


# ---- a body that is no text, and numbers out of every field's reach ------------------------------------------------

BROKEN_TEXT = {  # what no browser sends for what a player typed: the form's text fields each carry it
    "a byte that is no UTF-8": b"Anna\xff",
    "an escaped byte that is no UTF-8": b"Anna%FF%FE",
    "a lone surrogate, escaped": b"Anna%ED%A0%80",
    "a lone surrogate, raw": b"Anna\xed\xa0\x80",
    "a lone surrogate's own bytes": b"\xed\xb2\x80",
}
NUMBERS = {"negative": "-1", "1e308": "1e308", "2**63": str(2**63), "-2**63 - 1": str(-(2**63) - 1)}


def ask_saving_nothing(client: Client, path: str, data, **extra):
    """``ask``, and nothing stored changed by it."""
    with transaction.atomic():
        before = (stored(), organised())
        response = client.post(path, data, **extra)
        assert response.status_code < 500, (path, data, response.status_code)
        assert (stored(), organised()) == before, (path, data)
        transaction.set_rollback(True)
    return response


def form_body(fields: dict, broken: dict[str, bytes]) -> bytes:
    """A form's body as a browser encodes it, but for the ``broken`` fields' bytes, put in as they are."""
    return b"&".join(
        quote(key).encode() + b"=" + (broken[key] if key in broken else quote(str(value)).encode())
        for key, value in fields.items()
    )


def own_phone(world) -> Client:
    client = Client()
    for page in ("/", reverse("table", args=[world["tables"]["czech-taroky"].edit_token])):
        client.get(page)  # a phone with its session: the forms of its own tables and circles
    return client


@pytest.mark.parametrize("name", URL_NAMES)
def test_a_form_whose_text_is_no_utf8_or_a_lone_surrogate_is_refused_saying_so(world, name):
    """Every form of every page, its text fields carrying bytes that are no UTF-8 (raw or escaped, a lone surrogate
    among them): refused as a whole (400, saying why, in the player's language), never read as other letters
    (Django reads such a body as Latin-1: "Anna\xff" would be "Annaÿ") nor saved with a character lost."""
    client = own_phone(world)
    for path, fields, typed, _numbers in _typed(world, name):
        target = path if name not in POSTED_WITHOUT_A_FORM else _other(path, name)
        for bad in BROKEN_TEXT.values():
            body = form_body({**fields, "note": ""}, {key: bad for key in typed or ["note"]})
            response = ask_saving_nothing(client, target, body, content_type="application/x-www-form-urlencoded")
            assert response.status_code == 400, (name, bad, response.status_code)
            assert "not text as Talon reads it (UTF-8)" in response.content.decode(), (name, bad)


def multipart(fields: dict, broken: dict[str, bytes]) -> bytes:
    parts = [
        b'--B\r\nContent-Disposition: form-data; name="'
        + key.encode()
        + b'"\r\n\r\n'
        + (broken[key] if key in broken else str(value).encode())
        + b"\r\n"
        for key, value in fields.items()
    ]
    return b"".join(parts) + b"--B--\r\n"


@pytest.mark.parametrize("bad", [b"Anna\xff", b"Anna\xed\xa0\x80"], ids=["no UTF-8", "a lone surrogate"])
def test_a_multipart_form_whose_text_is_no_utf8_is_refused_too(world, bad):
    client = own_phone(world)
    fields = {"player_1": "Anna", "player_2": "Ben", "name": "Friday"}
    for key in fields:
        response = ask_saving_nothing(
            client,
            reverse("new_table_for", args=["two-ten-jack"]),
            multipart(fields, {key: bad}),
            content_type="multipart/form-data; boundary=B",
        )
        assert response.status_code == 400 and "UTF-8" in response.content.decode()


def test_the_refusal_is_in_the_players_language(world):
    client = own_phone(world)
    response = ask_saving_nothing(
        client,
        reverse("new_table_for", args=["two-ten-jack"]),
        b"player_1=Anna%FF&player_2=Ben",
        content_type="application/x-www-form-urlencoded",
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert response.status_code == 400 and "UTF-8" in response.content.decode()
    assert "not text as Talon reads it" not in response.content.decode()


@pytest.mark.parametrize(
    "body",
    [
        '{"data": {"povinnost": "\\ud800", "partner": "Cyril", "points": 40}, "version": 1, "submission": "s1"}',
        '{"data": {"povinnost": "Anna", "partner": "Cyril", "points": 40, "\\udfff": 1}, "version": 1, "submission": "s1"}',
        '{"data": {"povinnost": "Anna", "partner": "Cyril", "points": 40}, "version": 1, "submission": "s\\ud800"}',
        b'{"data": {"povinnost": "Anna\xed\xa0\x80", "partner": "Cyril", "points": 40}, "version": 1, "submission": "s"}',
    ],
    ids=["in a name", "as a key", "in the submission id", "as raw bytes"],
)
def test_a_phones_hand_with_a_lone_surrogate_is_refused_and_nothing_saved(client, body):
    table = make_table(hands=[team_hand()])
    version = table.version
    answer = send(
        client, table, body.replace('"version": 1', f'"version": {version}') if isinstance(body, str) else body
    )
    assert answer.status_code in (400, 422) and answer.json()["error"]
    table.refresh_from_db()
    assert table.version == version and table.hands.count() == 1


def _typed(world, name: str) -> list:
    """The forms posted to ``name`` (those the preview and what-if take: the hand form's) with their typed and
    number fields."""
    typed = world["forms"][TYPED]
    return typed.get(name) or typed.get(POSTED_WITHOUT_A_FORM.get(name) or "", [])


def _filled(path: str, name: str, fields: dict) -> dict:
    """A form's fields as a player fills them to be taken: a hand form's are its game's sample hand's (its page
    leaves them empty), every other form's as its page filled them."""
    if name not in ("record_hand", "preview", "view_what_if"):
        return fields
    game = Table.objects.get(edit_token=resolve(urlsplit(path).path).kwargs["token"]).game
    sample = {key: "on" if value is True else str(value) for key, value in GAMES[game].samples.fields.items()}
    return {**{key: value for key, value in fields.items() if key not in GAMES[game].samples.fields}, **sample}


# A game's house rules (its options and a point table's cards: one form, the same bounds on every page that carries
# it) are each tried alone in the form of a new table, EVERY_RULE_IN; the other forms that carry them (the rules
# page's, the settings', a circle's, a tournament's, there prefixed "rules-") try the first of them, which shows that
# the page refuses a rule as the new table's form does, and every field of their own. Each page's rules are checked to
# be the new table's, with the same least values: a page with a form of its own for them is tried whole.
CARD_POINTS = re.compile(r"(?:^|-)points_(?:10|[2-9JQKA])([CDHS])$")
EVERY_RULE_IN = "new_table_for"
RULES_PREFIX = "rules-"


def _house_rules(world, game: str) -> dict:
    """The number fields of ``game``'s house rules, with their least values, as the new table's form has them."""
    path = reverse(EVERY_RULE_IN, args=[game])
    return next((numbers for form_path, *_rest, numbers in _typed(world, EVERY_RULE_IN) if form_path == path), {})


def _game_of(path: str) -> str | None:
    kwargs = resolve(urlsplit(path).path).kwargs
    if "game" in kwargs:
        return kwargs["game"]
    table = Table.objects.filter(edit_token=kwargs.get("token", "")).first()
    return table.game if table else None


def _tried(world, name: str, path: str, numbers: dict) -> dict:
    """The number fields of the form at ``path`` posted to ``name`` that are tried alone: all of them in
    EVERY_RULE_IN's form; elsewhere each of the form's own and the first of its game's house rules, when they are the
    new table's (the same names and least values), else all of them."""
    if name == EVERY_RULE_IN:
        return numbers
    game = _game_of(path)
    rules = _house_rules(world, game) if game else {}
    carried = {field: least for field, least in numbers.items() if field.removeprefix(RULES_PREFIX) in rules}
    if any(rules[field.removeprefix(RULES_PREFIX)] != least for field, least in carried.items()):
        return numbers  # not the new table's bounds: every field tried
    own = {field: least for field, least in numbers.items() if field not in carried}
    return {**dict(list(carried.items())[:1]), **own}


def test_a_games_house_rules_are_each_tried_in_one_form_and_once_in_the_others(world):
    cards = {
        field for *_rest, numbers in _typed(world, EVERY_RULE_IN) for field in numbers if CARD_POINTS.search(field)
    }
    assert len(cards) == 52  # a point table's cards: each alone, once
    koenigrufen = _house_rules(world, "koenigrufen")
    assert len([field for field in koenigrufen if field.startswith("rule_value_")]) >= 20
    for name in ("rules", "settings", "circle_rules", "new_tournament_for"):
        for path, _fields, _typed_fields, numbers in _typed(world, name):
            tried = _tried(world, name, path, numbers)
            rules = _house_rules(world, _game_of(path))
            carried = [field for field in numbers if field.removeprefix(RULES_PREFIX) in rules]
            assert len([field for field in tried if field in carried]) == min(len(carried), 1), (name, path)
            assert set(numbers) - set(carried) <= set(tried), (name, path)  # the page's own fields, each of them
    # a page whose rules have bounds of their own (a least value the new table's form does not give) is tried whole
    path = reverse("new_tournament_for", args=["koenigrufen"])
    other = {f"{RULES_PREFIX}{field}": "-5" for field in koenigrufen} | {"rounds": "1"}
    assert _tried(world, "new_tournament_for", path, other) == other


@pytest.mark.parametrize("name", URL_NAMES)
def test_every_number_field_refuses_what_it_cannot_hold_saying_so_and_saving_nothing(world, name):
    """Every number field of every form (a hand's, a new table's and its house rules and price, a tournament's):
    1e308 and 2**63, and one number below the least: −1 where the page says the least is 0 or more (that least refuses
    −2**63 − 1 the same way), else −2**63 − 1; each alone in a form otherwise filled to be taken: never a 500, nothing
    saved, and a message on the page that answers (a game's house rules: _tried)."""
    client = own_phone(world)
    for path, fields, _text_fields, numbers in _typed(world, name):
        target = path if name not in POSTED_WITHOUT_A_FORM else _other(path, name)
        filled = _filled(path, name, fields)
        for field, least in _tried(world, name, path, numbers).items():
            for value in _hostile_numbers(least):
                response = ask_saving_nothing(client, target, {**filled, field: value}, follow=True)
                page = response.content.decode()
                assert 'class="errorlist' in page or 'class="message error' in page or response.status_code >= 400, (
                    name,
                    field,
                    value,
                )


def _hostile_numbers(least) -> list[str]:
    """What a field whose page gives ``least`` as its least value is tried with: a negative number only below a least
    of 0 or more (a penalty, a score, a correction may be meant negative)."""
    below = "negative" if least not in (None, "") and int(least) >= 0 else "-2**63 - 1"
    return [NUMBERS[label] for label in ("1e308", "2**63", below)]


def test_a_number_is_tried_below_its_least_and_beyond_what_any_column_holds():
    beyond = {"1e308", str(2**63)}
    assert set(_hostile_numbers("0")) == beyond | {"-1"} and set(_hostile_numbers("3")) == beyond | {"-1"}
    assert set(_hostile_numbers("-500")) == set(_hostile_numbers(None)) == beyond | {str(-(2**63) - 1)}


def _other(path: str, name: str) -> str:
    """The URL ``name`` that takes the fields of the form found at ``path`` (the hand form's preview)."""
    match = resolve(urlsplit(path).path)
    kwargs = dict(match.kwargs)
    if name == "view_what_if":
        kwargs["token"] = Table.objects.get(edit_token=kwargs["token"]).view_token
    return reverse(name, kwargs=kwargs)


def test_every_url_that_takes_a_post_has_its_fields_tested(world):
    client = Client()
    missing = []
    for name, path in every_url(world["tables"], world["circle"]):
        if name in world["forms"] or name in POSTED_WITHOUT_A_FORM:
            continue
        if ask(client, "post", path).status_code != 405:
            missing.append(name)
    assert not missing, f"these URLs take a POST but no page has a form for them: {sorted(set(missing))}"


# ---- each item found this week, by name -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["²", "①", "٣", "1²", " 1", "1 ", "+1", "-1", "1.0", "\x00", "1\x00", "", str(LARGEST + 1), "9" * 30, None, 7],
)
def test_a_whole_number_is_ascii_digits_within_bounds_or_nothing(text):
    assert whole_number(text) is None


def test_a_whole_number_is_read_up_to_its_bound():
    assert whole_number("0") == 0 and whole_number(str(LARGEST)) == LARGEST
    assert whole_number("12", most=11) is None and whole_number("11", most=11) == 11
    assert version_of("42") == 42 and version_of("") is None


def send(client, table, body):
    return client.post(
        reverse("offline_send", args=[table.edit_token]),
        json.dumps(body) if not isinstance(body, (str, bytes)) else body,
        content_type="application/json",
    )


@pytest.mark.parametrize("after", [2**31 - 1, 2**31, 2**63, 10**30])
def test_a_hand_sent_after_a_seq_beyond_the_table_goes_at_its_end(client, after):
    table = make_table(hands=[team_hand()])
    answer = send(
        client, table, {"data": team_hand(points=40), "version": table.version, "submission": "s1", "after_seq": after}
    )
    if after > LARGEST:
        assert answer.status_code == 400
        assert table.hands.count() == 1
        return
    assert answer.status_code == 200 and answer.json()["number"] == 2
    assert list(table.hands.order_by("seq").values_list("seq", flat=True)) == [1, 2]
    version = answer.json()["snapshot"]["version"]
    after_it = send(
        client, table, {"data": team_hand(points=70), "version": version, "submission": "s2", "after_seq": after}
    )  # and another after it: still the next place
    assert after_it.status_code == 200 and after_it.json()["number"] == 3
    services.record_hand(table, team_hand(points=30))
    assert list(table.hands.order_by("seq").values_list("seq", flat=True)) == [1, 2, 3, 4]


def test_a_hand_put_at_a_huge_seq_by_the_services_is_put_at_the_end():
    table = make_table(hands=[team_hand()])
    hand = services.insert_hand(table, team_hand(points=40), after_seq=2**31 - 2)
    assert hand.seq == 2
    assert services.record_hand(table, team_hand(points=30)).seq == 3


def test_json_nested_hundreds_deep_is_refused_everywhere(client, tmp_path):
    table = make_table(hands=[team_hand()])
    tables = Table.objects.count()
    deep = '{"game": ' + "[" * 950 + "]" * 950 + "}"
    response = client.post(reverse("import"), {"document": deep})
    assert response.status_code == 200 and "nested more than" in response.content.decode()
    body = '{"data": ' + "[" * 950 + "]" * 950 + ', "version": 1, "submission": "s1"}'
    assert send(client, table, body).status_code == 400
    assert table.hands.count() == 1 and Table.objects.count() == tables
    with pytest.raises(ValueError, match="nested more than"):
        load_json(deep)
    path = tmp_path / "deep.json"
    path.write_text(deep)
    from io import StringIO

    from games.management.commands.settle import Command

    err = StringIO()
    with pytest.raises(SystemExit) as exit:
        Command(stdout=StringIO(), stderr=err).run_from_argv(["manage.py", "settle", str(path)])
    assert exit.value.code == 2


@pytest.mark.parametrize("game", [["czech-taroky"], {"czech-taroky": 1}, None, 3, "missing"])
def test_an_import_whose_game_is_not_a_games_name_is_refused_with_a_message(client, game):
    document = {"players": ["Anna", "Bára", "Cyril", "Dana"], "hands": []}
    if game != "missing":
        document["game"] = game
    tables = Table.objects.count()
    response = client.post(reverse("import"), {"document": json.dumps(document)})
    assert response.status_code == 200 and "game" in response.content.decode()
    assert Table.objects.count() == tables
    with pytest.raises(InvalidTable):
        services.import_table(document)


@pytest.mark.parametrize("place", ["token", "t", "submission", "field", "offline send"])
def test_nul_is_refused_cleanly(client, place):
    table = make_table(hands=[team_hand()])
    if place == "token":
        assert client.get("/t/%00/").status_code == 404
        assert client.get(f"/t/{table.edit_token}%00/").status_code == 404
    elif place == "t":
        assert client.get(reverse("rules", args=["czech-taroky"]) + "?t=%00").status_code == 200
    elif place == "submission":
        response = client.post(
            reverse("undo", args=[table.edit_token]), {"version": table.version, "submission": "\x00"}, follow=True
        )
        assert "out of date or damaged" in response.content.decode()
    elif place == "field":
        response = client.post(
            reverse("settings", args=[table.edit_token]), {"name": "a\x00b", "version": table.version}
        )
        assert response.status_code == 200 and "Null characters are not allowed" in response.content.decode()
    else:
        answer = send(
            client, table, {"data": team_hand(povinnost="A\x00"), "version": table.version, "submission": "s\x00"}
        )
        assert answer.status_code == 400
    assert Table.objects.get(pk=table.pk).version == table.version and table.hands.count() == 1


@pytest.mark.parametrize("field", ["name", "currency"])
def test_control_characters_are_refused_where_text_is_stored(client, field):
    table = make_table(hands=[team_hand()])
    response = client.post(reverse("settings", args=[table.edit_token]), {field: "a\x01b", "version": table.version})
    assert response.status_code == 200 and "control characters" in response.content.decode()
    assert Table.objects.get(pk=table.pk).version == table.version
    circles = Circle.objects.count()
    response = client.post(reverse("new_circle"), {"name": "Thu\x07rsdays", "players": "Anna"})
    assert "control characters" in response.content.decode() and Circle.objects.count() == circles


@pytest.mark.parametrize("submission", [None, "", "missing", 7, "x" * 33, "²", "a b"])
def test_an_offline_hand_without_a_valid_submission_id_is_refused_not_taken_for_a_copy(client, submission):
    table = make_table(hands=[team_hand()])
    body = {"data": team_hand(points=40), "version": table.version}
    if submission != "missing":
        body["submission"] = submission
    for _twice in range(2):
        answer = send(client, table, body)
        assert answer.status_code == 400 and "submission id" in answer.json()["error"]
        assert "already" not in answer.json()
    assert table.hands.count() == 1
    body["submission"] = "a-valid-id"
    assert send(client, table, body).json()["number"] == 2


def test_a_refused_large_import_is_not_echoed_back(client):
    document = json.dumps(
        {
            "game": "czech-taroky",
            "players": ["Anna", "Bára", "Cyril", "Dana"],
            "hands": [team_hand()] * 3000 + [{"povinnost": "Nobody"}],
        }
    )
    assert len(document) > ImportForm.ECHOED
    response = client.post(reverse("import"), {"document": document})
    page = response.content.decode()
    assert response.status_code == 200 and "hand 3001" in page and "not shown again" in page
    assert len(page) < 50_000
    small = json.dumps(
        {"game": "czech-taroky", "players": ["Anna", "Bára", "Cyril", "Dana"], "hands": [{"povinnost": "Nobody"}]}
    )
    assert "Nobody" in client.post(reverse("import"), {"document": small}).content.decode()  # kept to correct it


def test_the_server_error_page_obeys_its_own_content_security_policy(client):
    from django.template import loader

    from games.middleware import POLICY

    page = loader.get_template("500.html").render()
    assert "<style" not in page and " style=" not in page and "<script" not in page
    assert "style-src 'self'" in POLICY and "unsafe-inline" not in POLICY
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', page).group(1)
    assert client.get(stylesheet).status_code == 200


# ---- a bound on time and memory: what one request may make the server do (issue 48) ---------------------------


def _counting_play_next(monkeypatch) -> list:
    from games.engines import table as engine_table

    scored = []
    play_next = engine_table.play_next
    monkeypatch.setattr(engine_table, "play_next", lambda *args: scored.append(1) or play_next(*args))
    return scored


def test_an_import_beyond_its_bounds_scores_no_hand(client, settings, monkeypatch):
    """Time: a table document, or a tournament's tables, of one hand more than an import brings is refused before
    one hand is scored; one at the bound scores each hand once."""
    settings.TALON_MAX_IMPORT_HANDS = 40
    scored, before = _counting_play_next(monkeypatch), Table.objects.count()
    hands = [{"winner": "Anna", "game_points": 1}]
    table = {"game": "schnapsen", "players": ["Anna", "Ben"], "hands": hands * 41}
    assert client.post(reverse("import"), {"document": json.dumps(table)}).status_code == 200
    tournament = {
        "tournament": "Cup",
        "game": "schnapsen",
        "preset": "points",
        "draw": {"seed": 1},
        "players": [{"no": 1, "name": "Anna"}, {"no": 2, "name": "Ben"}],
        "played": [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "document": table}]}],
    }
    document = upload(json.dumps(tournament).encode(), "t.json")
    assert client.post(reverse("import_tournament"), {"document": document}).status_code == 200
    assert scored == [] and Table.objects.count() == before
    table["hands"] = hands * 40
    assert client.post(reverse("import"), {"document": json.dumps(table)}).status_code == 302
    assert len(scored) == 40


def _peak_of_import(client, hands: int) -> int:
    import tracemalloc

    document = json.dumps(
        {"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna", "game_points": 1}] * hands}
    )
    tracemalloc.start()
    try:
        assert client.post(reverse("import"), {"document": document}).status_code == 302
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_largest_import_holds_a_bounded_memory(client, settings):
    """Memory: what an import holds grows with its hands (the document read, each hand scored and written), so the
    largest one the bounds allow, TALON_MAX_IMPORT_HANDS hands, holds under 64 MB at that rate (about 5 kB a hand:
    28 MB at 5,000; a 20,000-hand table, which the import took before, 100 MB, and grew a worker by 175 MB)."""
    settings.TALON_EXPENSIVE_PER_WINDOW = 10**6
    small, large = _peak_of_import(client, 400), _peak_of_import(client, 1200)
    per_hand = max(0, large - small) / 800
    assert small + per_hand * (settings.TALON_MAX_IMPORT_HANDS - 400) < 64 * 1024 * 1024


def test_the_number_fields_of_the_forms_are_found(world):
    """The sweep above reaches the number fields the issue names: a hand's, a new table's house rules and
    settle-up price, a tournament's."""
    found = {
        name: {field for *_rest, numbers in forms for field in numbers} for name, forms in world["forms"][TYPED].items()
    }
    assert {"points", "points_0", "count_pagat"} <= found["record_hand"]
    assert {"rule_target", "price_per_point"} <= found["settings"] and "rule_target" in found["new_table_for"]
    assert {"table_size", "rounds", "hands", "minutes", "seed"} <= found["new_tournament_for"]
    assert {"best", "qualify"} <= found["new_league"] and "amount" in found["adjust"]
